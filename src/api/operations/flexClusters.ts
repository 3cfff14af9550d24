// Flex clusters have their own API, at one version (OpenAPI 2026-08 subset;
// recorded-resources/TestFlexCluster__*), served only in the versioned API.
import type { OperationVersion, ResourceOperations } from './entry.js';

const FLEX_CLUSTERS = '/groups/{groupId}/flexClusters';
const FLEX_CLUSTER = '/groups/{groupId}/flexClusters/{name}';
const FLEX_2024_11_13: readonly OperationVersion[] = [{ date: '2024-11-13' }];

export const flexClusters = {
  'flexClusters.list': { method: 'GET', path: FLEX_CLUSTERS, versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.create': { method: 'POST', path: FLEX_CLUSTERS, versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.get': { method: 'GET', path: FLEX_CLUSTER, versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.update': { method: 'PATCH', path: FLEX_CLUSTER, versions: FLEX_2024_11_13, v2Only: true },
  // A flex cluster to a dedicated tier: the body is a 2024-08-05 cluster, the answer the flex cluster (UPDATING).
  'flexClusters.tenantUpgrade': { method: 'POST', path: '/groups/{groupId}/flexClusters:tenantUpgrade', versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.delete': { method: 'DELETE', path: FLEX_CLUSTER, versions: FLEX_2024_11_13, v2Only: true },
} as const satisfies ResourceOperations<'flexClusters'>;
