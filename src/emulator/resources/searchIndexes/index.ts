// The search indexes and sample data module of the emulator: its operations (handler,
// permission, body rules), its seed keys and its part of the state. Until the resource
// modules of the emulator are one list, today's shared files name these once each:
// routes.ts (SEARCH_HANDLERS), seed.ts (the keys and checkSearchSeed), store.ts (World.search,
// searchStateFromSeed), rateLimit.ts (the recorded limits) and index.ts (state()).
import type { OperationName } from '../../../api/operations.js';
import type { OperationHandler } from '../../routes.js';
import type { Store } from '../../store.js';
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
import { renderIndex } from './render.js';
import { sampleDatabasesOf, searchStateOf } from './state.js';

export { SEARCH_SEED_KEYS, checkSearchSeed, searchStateFromSeed, type SeedClusterData, type SeedSearchIndex } from './seed.js';
export type { SearchState } from './state.js';

/**
 * Search indexes are the Project Data Access Admin's (the project owner here), not a
 * cluster manager's; loading the sample dataset changes the cluster's data as a
 * cluster manager may.
 */
export const SEARCH_HANDLERS = {
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
  'sampleDatasets.load': { handler: loadSampleDataset, action: 'writeClusters', noBody: true },
  'sampleDatasets.get': { handler: getSampleLoad, action: 'read' },
} satisfies { readonly [Name in OperationName]?: OperationHandler };

/** The live service's RateLimit-Limit (recorded): 500 for both families of index paths, 10 000 for the sample load. */
export const SEARCH_RATE_LIMITS = { searchIndexes: 500, sampleDatasets: 10_000 } as const;

/** What the emulator's state() shows of one cluster: its indexes as a GET answers them, its sample databases. */
export interface ClusterSearchSnapshot {
  projectId: string;
  clusterName: string;
  sampleDatabases: string[];
  /** Each index as GET /search/indexes/{indexId} answers it now. */
  indexes: Array<Record<string, unknown>>;
}

export function searchSnapshot(store: Store, now: number, transitionMs: number): ClusterSearchSnapshot[] {
  const state = searchStateOf(store.world);
  const clusters = new Map<string, ClusterSearchSnapshot>();
  const entry = (projectId: string, clusterId: string, clusterName: string): ClusterSearchSnapshot => {
    let found = clusters.get(clusterId);
    if (!found) clusters.set(clusterId, (found = { projectId, clusterName, sampleDatabases: sampleDatabasesOf(state, clusterId, now), indexes: [] }));
    return found;
  };
  // A cluster deleted (and perhaps made again under its name) takes its indexes and data with it.
  const exists = (projectId: string, clusterId: string, name: string): boolean =>
    (store.cluster(projectId, name)?.model.id ?? store.flexCluster(projectId, name)?.model.id) === clusterId;
  for (const load of state.sampleLoads) if (exists(load.groupId, load.clusterId, load.clusterName)) entry(load.groupId, load.clusterId, load.clusterName);
  for (const record of state.indexes) {
    if (record.deletingUntil !== undefined && record.deletingUntil <= now) continue;
    if (!exists(record.groupId, record.clusterId, record.clusterName)) continue;
    entry(record.groupId, record.clusterId, record.clusterName).indexes.push(renderIndex(record, { now, transitionMs }));
  }
  return structuredClone([...clusters.values()]);
}
