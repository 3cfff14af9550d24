// Dedicated (and shared-tier) clusters: their operations of the table.
import type { OperationVersion, ResourceOperations } from './entry.js';

// Lifecycle facts. Sunset: the description of 2026-08-21 (admin-api-v2-2026-08-subset.json,
// `x-sunset` on each version's media type; test/unit/api/operationsLifecycle.test.ts holds
// the table against it). Deprecation: the successor's release, as the live service sends
// it (reference/recorded). HTTP-dates byte for byte as the service writes them (the day is
// not zero-padded).
const CLUSTERS_2023_01_01: OperationVersion = {
  date: '2023-01-01',
  deprecation: 'Wed, 1 Feb 2023 00:00:00 GMT',
  sunset: 'Thu, 1 Jul 2027 00:00:00 GMT',
};
/** 2023-02-01 of an operation that has a 2024-08-05 successor. */
const CLUSTERS_2023_02_01_SUPERSEDED: OperationVersion = {
  date: '2023-02-01',
  deprecation: 'Mon, 5 Aug 2024 00:00:00 GMT',
  sunset: 'Thu, 1 Jul 2027 00:00:00 GMT',
};
/** create and patch at 2024-08-05: superseded by 2024-10-23. */
const CLUSTERS_2024_08_05_SUPERSEDED: OperationVersion = {
  date: '2024-08-05',
  deprecation: 'Wed, 23 Oct 2024 00:00:00 GMT',
  sunset: 'Mon, 1 Mar 2027 00:00:00 GMT',
};

const CLUSTERS = '/groups/{groupId}/clusters';
const CLUSTER = '/groups/{groupId}/clusters/{clusterName}';

export const clusters = {
  // Its literal path wins over {clusterName} for POST; a GET, PATCH or DELETE of …/clusters/tenantUpgrade is the
  // cluster of that name (a legal one): the emulator's routes match by path and method (src/emulator/routes.ts).
  // A shared-tier (M0) cluster to a dedicated tier; answers the cluster in the legacy shape (LegacyAtlasCluster).
  'clusters.tenantUpgrade': { method: 'POST', path: '/groups/{groupId}/clusters/tenantUpgrade', versions: [{ date: '2023-01-01' }] },
  'clusters.list': {
    method: 'GET',
    path: CLUSTERS,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, { date: '2024-08-05' }],
  },
  'clusters.create': {
    method: 'POST',
    path: CLUSTERS,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, CLUSTERS_2024_08_05_SUPERSEDED, { date: '2024-10-23' }],
  },
  'clusters.get': {
    method: 'GET',
    path: CLUSTER,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, { date: '2024-08-05' }],
  },
  'clusters.update': {
    method: 'PATCH',
    path: CLUSTER,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, CLUSTERS_2024_08_05_SUPERSEDED, { date: '2024-10-23' }],
  },
  'clusters.delete': { method: 'DELETE', path: CLUSTER, versions: [CLUSTERS_2023_01_01, { date: '2023-02-01' }] },
  // Every cluster the caller can see, across projects (listClusterDetails); no CLI command calls it, `cdba api /clusters` does.
  'clusters.listAll': { method: 'GET', path: '/clusters', versions: [{ date: '2023-01-01' }] },
} as const satisfies ResourceOperations<'clusters'>;
