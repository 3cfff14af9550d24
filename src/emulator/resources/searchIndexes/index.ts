// The search indexes module (contract.ts), and beside it the sample dataset load's:
// search and vector search indexes on the current (/search/indexes, 2024-05-30) and
// the deprecated (/fts/indexes, 2023-01-01) paths, one store; the sample load that
// gives clusters the collections an index is built on. Two modules, as the live
// service counts them against two limits (recorded: 500 for both families of index
// paths, 10 000 for the sample load). They come after the clusters modules in the
// list: a seeded index belongs to a seeded cluster, dedicated or flex.
import type { ResourceModule, Store } from '../../contract.js';
import {
  CREATE_READ_ONLY,
  FLAT_CREATE_READ_ONLY,
  FLAT_UPDATE_READ_ONLY,
  UPDATE_READ_ONLY,
  createIndex,
  deleteIndex,
  ftsCreateIndex,
  ftsGetIndex,
  ftsListIndexes,
  ftsUpdateIndex,
  getIndex,
  getSampleLoad,
  listCollectionIndexes,
  listIndexes,
  loadSampleDataset,
  updateIndex,
} from './handlers.js';
import { SEARCH_SEED_KEYS, checkSearchSeed, searchStateFromSeed } from './seed.js';
import { sampleDatabasesOf, searchStateOf } from './state.js';
import { searchSuccession } from './succession.js';
import { clusterStore } from '../clusters/index.js';
import { flexCluster } from '../flexClusters/store.js';
import { shape as S } from '../../stateChecks.js';

export type { SeedClusterData, SeedSearchIndex } from './seed.js';
export type { SearchState } from './state.js';

/** What state() shows of each cluster with search indexes or sample data. */
export interface ClusterSearchSnapshot {
  projectId: string;
  clusterName: string;
  /** The sample databases loaded (a load COMPLETED). */
  sampleDatabases: string[];
  /** Each index's names, type, definition and its version. */
  indexes: Array<{ indexID: string; database: string; collectionName: string; name: string; type: string; definition: Record<string, unknown>; version: number }>;
}

declare module '../../contract.js' {
  interface StateSnapshot {
    search: ClusterSearchSnapshot[];
  }
}

function snapshot(store: Store): ClusterSearchSnapshot[] {
  const state = searchStateOf(store.world);
  const now = store.serviceClock();
  // A cluster deleted (and perhaps made again under its name) takes its indexes and data with it.
  const exists = (projectId: string, clusterId: string, name: string): boolean =>
    (clusterStore(store).find(projectId, name)?.model.id ?? flexCluster(store, projectId, name)?.model.id) === clusterId;
  const clusters = new Map<string, ClusterSearchSnapshot>();
  const entry = (projectId: string, clusterId: string, clusterName: string): ClusterSearchSnapshot => {
    let found = clusters.get(clusterId);
    if (!found) clusters.set(clusterId, (found = { projectId, clusterName, sampleDatabases: sampleDatabasesOf(state, clusterId, now), indexes: [] }));
    return found;
  };
  for (const load of state.sampleLoads) if (exists(load.groupId, load.clusterId, load.clusterName)) entry(load.groupId, load.clusterId, load.clusterName);
  for (const record of state.indexes) {
    if ((record.deletingUntil !== undefined && record.deletingUntil <= now) || !exists(record.groupId, record.clusterId, record.clusterName)) continue;
    const { indexID, database, collectionName, name, type, definition, version } = record;
    entry(record.groupId, record.clusterId, record.clusterName).indexes.push({ indexID, database, collectionName, name, type, definition, version });
  }
  return structuredClone([...clusters.values()]);
}

/**
 * Search indexes are the Project Data Access Admin's (the project owner here), not a
 * cluster manager's.
 */
export const searchIndexes: ResourceModule = {
  name: 'searchIndexes',
  rateLimitPerMinute: 500, // recorded, for both /search and /fts paths
  operations: {
    'searchIndexes.list': { handler: listIndexes, action: 'read' },
    'searchIndexes.create': { handler: createIndex, action: 'writeProject', readOnly: CREATE_READ_ONLY },
    'searchIndexes.listByCollection': { handler: listCollectionIndexes, action: 'read' },
    'searchIndexes.get': { handler: getIndex, action: 'read' },
    'searchIndexes.update': { handler: updateIndex, action: 'writeProject', readOnly: UPDATE_READ_ONLY },
    'searchIndexes.delete': { handler: deleteIndex, action: 'writeProject' },
    'searchIndexes.getByName': { handler: getIndex, action: 'read' },
    'searchIndexes.updateByName': { handler: updateIndex, action: 'writeProject', readOnly: UPDATE_READ_ONLY },
    'searchIndexes.deleteByName': { handler: deleteIndex, action: 'writeProject' },
    'searchIndexes.ftsCreate': { handler: ftsCreateIndex, action: 'writeProject', readOnly: FLAT_CREATE_READ_ONLY },
    'searchIndexes.ftsList': { handler: ftsListIndexes, action: 'read' },
    'searchIndexes.ftsGet': { handler: ftsGetIndex, action: 'read' },
    'searchIndexes.ftsUpdate': { handler: ftsUpdateIndex, action: 'writeProject', readOnly: FLAT_UPDATE_READ_ONLY },
    'searchIndexes.ftsDelete': { handler: deleteIndex, action: 'writeProject' },
  },
  seed: {
    keys: SEARCH_SEED_KEYS,
    check: (doc, problems) => problems.list.push(...checkSearchSeed(doc)),
  },
  state: {
    shape: {
      search: S.optional(
        S.object({
          indexes: S.optional(S.array(S.object({ indexID: 'string', groupId: 'string', clusterId: 'string', name: 'string', database: 'string', collectionName: 'string', definition: S.object({}), since: 'number' }))),
          sampleLoads: S.optional(S.array(S.object({ _id: 'string', clusterId: 'string', completeAt: 'number' }))),
          clusterData: S.optional(S.array(S.object({ clusterId: 'string', collections: S.array('string') }))),
        }),
      ),
    },
    // On the service's clock (--date), as the builds and loads are timed (handlers.ts open):
    // the seeded indexes and loads were made at the start, not at the machine's time.
    fromSeed: (world, seed, _now, _modules, serviceNow) => searchStateFromSeed(world, seed, serviceNow),
    upgrade: (world) => void searchStateOf(world),
    snapshot: (store) => ({ search: snapshot(store) }),
  },
  hooks: { clusterSuccession: searchSuccession },
};

/** Loading the sample dataset changes a cluster's data, as a cluster manager may. */
export const sampleDatasets: ResourceModule = {
  name: 'sampleDatasets',
  rateLimitPerMinute: 10_000, // recorded
  operations: {
    'sampleDatasets.load': { handler: loadSampleDataset, action: 'writeClusters', noBody: true },
    'sampleDatasets.get': { handler: getSampleLoad, action: 'read' },
  },
};
