// The clusters module (contract.ts): dedicated (and shared-tier) clusters, in v1.0 and
// v2, one canonical model per cluster rendered in the shape of the version served.
// It holds its clusters (store.ts), their transitions and rendered views (views.ts);
// a project with clusters cannot be deleted, and counts them in its document.
import { upgradeStoredModel, type ClusterModel } from '../../../model/cluster.js';
import type { ResourceModule } from '../../contract.js';
import { objectId } from '../../store.js';
import { listAllClusters } from './allClusters.js';
import { clusterFailures } from './errors.js';
import { CLUSTER_READ_ONLY, createCluster, deleteCluster, getCluster, listClusters, patchCluster } from './handlers.js';
import { checkSeedClusters, clustersFromSeed } from './seed.js';
import { clusterStore, type RecordedRequest } from './store.js';
import { tenantUpgradeCluster } from './tenantUpgrade.js';
import { shape as S } from '../../stateChecks.js';

export { clusterFailures } from './errors.js';
export type { OtherClusterKind } from './handlers.js';
export { checkClusterEntries, seedClusterNames, SEED_MODEL_CONTEXT, type SeedCluster } from './seed.js';
export { clusterNamed, clusterStore, type ClusterRecord, type RecordedRequest } from './store.js';
export { refuseUnlessIdle, upgradedModel, upgradeName } from './tenantUpgrade.js';
export { succeed, type ClusterSuccession, type Succession } from './succession.js';
export { CLUSTER_READ_ONLY } from './handlers.js';

export interface ClusterSnapshot {
  projectId: string;
  name: string;
  model: ClusterModel;
  legacyStrings: boolean;
  /** Mutating requests received for this cluster (create, patch, delete), oldest first. */
  requests: RecordedRequest[];
  /** The parsed body of the last create or patch. */
  lastRequestBody: unknown;
}

declare module '../../contract.js' {
  interface StateSnapshot {
    clusters: ClusterSnapshot[];
  }
}

export const clusters: ResourceModule = {
  name: 'clusters',
  rateLimitPerMinute: 10_000, // recorded, every version
  operations: {
    'clusters.list': { handler: listClusters, action: 'read' },
    'clusters.create': { handler: createCluster, action: 'writeClusters', readOnly: CLUSTER_READ_ONLY },
    'clusters.get': { handler: getCluster, action: 'read' },
    'clusters.update': { handler: patchCluster, action: 'writeClusters', readOnly: CLUSTER_READ_ONLY },
    'clusters.delete': { handler: deleteCluster, action: 'writeClusters' },
    'clusters.listAll': { handler: listAllClusters, action: 'read' },
    'clusters.tenantUpgrade': { handler: tenantUpgradeCluster, action: 'writeClusters', readOnly: CLUSTER_READ_ONLY },
  },
  seed: {
    keys: ['clusters'],
    check: checkSeedClusters,
    byDefault: (seed) => {
      seed.clusters = [];
    },
  },
  state: {
    shape: { clusters: S.array(S.object({ model: S.object({ id: 'string', name: 'string', groupId: 'string', stateName: 'string', createDate: 'string' }), requests: S.optional(S.array('any')), pendingUntil: S.optional('number') })) },
    // createDate on the service's clock (--date), as a cluster made through the API: the
    // processes' lifetimes, metrics, advisor and logs start from it.
    fromSeed: (world, seed, _now, _modules, serviceNow) => {
      world.clusters = clustersFromSeed(seed, serviceNow);
    },
    // Files written before shards were kept one by one carry numShards per spec.
    upgrade: (world) => {
      if (!Array.isArray(world.clusters)) return;
      for (const record of world.clusters) record.model = upgradeStoredModel(record.model, () => objectId(Date.parse(record.model.createDate) || 0));
    },
    snapshot: (store) => ({
      clusters: store.world.projects.flatMap((project) =>
        clusterStore(store).list(project.id).map((record) => {
          const lastWrite = [...record.requests].reverse().find((r) => r.method === 'POST' || r.method === 'PATCH');
          return structuredClone({
            projectId: project.id,
            name: record.model.name,
            model: record.model,
            legacyStrings: record.legacyStrings,
            requests: record.requests,
            lastRequestBody: lastWrite?.body,
          });
        }),
      ),
    }),
  },
  hooks: {
    projects: {
      refuseDelete: (store, project) => {
        if (clusterStore(store).list(project.id).length > 0) throw clusterFailures.cannotCloseGroupActiveClusters();
      },
      view: (store, project) => ({ clusterCount: clusterStore(store).list(project.id).length }),
    },
  },
};
