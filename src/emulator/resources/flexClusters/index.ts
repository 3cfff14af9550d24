// The flex clusters module (contract.ts): their own API, at 2024-11-13 in v2 only.
// Flex clusters share a project's names with its dedicated clusters (a name is one
// cluster, of one kind): the clusters module reads that through its otherClusterKinds
// hook, and this module checks the clusters' names before a create and in the seed.
import { UsageError } from '../../../base/errors.js';
import { createFlexModel, type FlexClusterModel } from '../../../model/flexCluster.js';
import { ApiFailure } from '../../errors.js';
import type { ResourceModule } from '../../contract.js';
import { isoSeconds, objectId } from '../../store.js';
import { CLUSTER_READ_ONLY, checkClusterEntries, SEED_MODEL_CONTEXT, seedClusterNames } from '../clusters/index.js';
import { createFlexCluster, deleteFlexCluster, FLEX_CREATE_READ_ONLY, FLEX_UPDATE_READ_ONLY, getFlexCluster, listFlexClusters, patchFlexCluster } from './handlers.js';
import { flexCluster, flexClusters as flexClustersOf, type FlexRecord } from './store.js';
import { tenantUpgradeFlexCluster } from './tenantUpgrade.js';
import { shape as S } from '../../stateChecks.js';

export type { FlexRecord } from './store.js';

/** A flex cluster, IDLE from the start. */
export interface SeedFlexCluster {
  projectId: string;
  /** A flex create body (name, providerSettings {backingProviderName, regionName}, tags, terminationProtectionEnabled). */
  cluster: Record<string, unknown>;
}

/** A flex cluster as the state holds it (its own API: no recorded requests). */
export interface FlexClusterSnapshot {
  projectId: string;
  name: string;
  model: FlexClusterModel;
}

declare module '../../contract.js' {
  interface SeedDocument {
    flexClusters?: SeedFlexCluster[];
  }
}
declare module '../../contract.js' {
  interface StateSnapshot {
    flexClusters: FlexClusterSnapshot[];
  }
}

/** What the clusters API answers for a flex cluster's name (recorded). */
const flexInClusterApi = (name: string) =>
  new ApiFailure(400, 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API', `Flex cluster ${name} cannot be used in the Cluster API.`, [name]);

/** A seeded flex cluster, IDLE from the start (validateSeed already checked its body). */
function seedFlexRecord(entry: SeedFlexCluster, now: number): FlexRecord {
  const result = createFlexModel(entry.cluster, { groupId: entry.projectId, newId: () => objectId(now), now: isoSeconds(now) });
  if (result.problem) throw new UsageError(`seed flex cluster ${String(entry.cluster.name)}: ${result.problem.code} ${result.problem.field}`);
  return { model: { ...result.model, stateName: 'IDLE' } };
}

export const flexClusters: ResourceModule = {
  name: 'flexClusters',
  rateLimitPerMinute: 1200, // recorded
  operations: {
    'flexClusters.list': { handler: listFlexClusters, action: 'read' },
    'flexClusters.create': { handler: createFlexCluster, action: 'writeClusters', readOnly: FLEX_CREATE_READ_ONLY },
    'flexClusters.get': { handler: getFlexCluster, action: 'read' },
    'flexClusters.update': { handler: patchFlexCluster, action: 'writeClusters', readOnly: FLEX_UPDATE_READ_ONLY },
    'flexClusters.delete': { handler: deleteFlexCluster, action: 'writeClusters' },
    // Its body is a dedicated cluster's (2024-08-05): that shape's read-only fields.
    'flexClusters.tenantUpgrade': { handler: tenantUpgradeFlexCluster, action: 'writeClusters', readOnly: CLUSTER_READ_ONLY },
  },
  seed: {
    keys: ['flexClusters'],
    // Checked as the clusters are, sharing their names.
    check: (doc, problems) =>
      checkClusterEntries(doc, problems, seedClusterNames(doc), {
        key: 'flexClusters',
        fields: ['projectId', 'cluster'],
        what: 'flex cluster create body',
        model: (body) => createFlexModel(body, SEED_MODEL_CONTEXT),
      }),
  },
  state: {
    shape: { flexClusters: S.optional(S.array(S.object({ model: S.object({ id: 'string', name: 'string', groupId: 'string', stateName: 'string', createDate: 'string' }), pendingUntil: S.optional('number') }))) },
    // createDate on the service's clock (--date), as a flex cluster made through the API.
    fromSeed: (world, seed, _now, _modules, serviceNow) => {
      world.flexClusters = (seed.flexClusters ?? []).map((entry) => seedFlexRecord(entry, serviceNow));
    },
    snapshot: (store) => ({
      flexClusters: store.world.projects.flatMap((project) =>
        flexClustersOf(store, project.id).map((record) => structuredClone({ projectId: project.id, name: record.model.name, model: record.model })),
      ),
    }),
  },
  hooks: {
    otherClusterKinds: { named: (store, groupId, name) => flexCluster(store, groupId, name) !== undefined, refusal: flexInClusterApi },
  },
};
