// The search module's part of the emulator's world: the indexes of every cluster, the
// sample dataset loads, and what each cluster holds that an index can be built on
// (its collections). Kept in world.search, persisted with the rest (--state).
//
// An index belongs to the cluster's id, not its name: a cluster deleted and made again
// under the same name has none of the old one's indexes. Its status is computed from the
// clock when read, as cluster states are: PENDING for the first half of the transition
// time, then IN_PROGRESS (what the live service answers while it builds, recorded; the
// description's BUILDING), then READY, or FAILED when its build cannot succeed.
import type { IndexType } from '../../../model/searchIndex.js';

export interface SearchIndexRecord {
  indexID: string;
  groupId: string;
  clusterId: string;
  clusterName: string;
  database: string;
  collectionName: string;
  name: string;
  type: IndexType;
  /** The latest definition, as the user gave it. */
  definition: Record<string, unknown>;
  /** 0 at creation, one more with each update. */
  version: number;
  /** ISO date of the latest update (the create's version 0 has none: recorded). */
  versionCreatedAt?: string;
  /** Clock ms the latest definition's build started (create or update). */
  since: number;
  /** Why the build fails (a documented rule the definition breaks, a collection that does not exist). */
  failure?: string;
  /** A definition built before serves queries while this one builds (or after it failed). */
  servedBefore: boolean;
  /** Clock ms a deletion ends: DELETING until then, gone after. */
  deletingUntil?: number;
}

export interface SampleLoadRecord {
  _id: string;
  groupId: string;
  clusterId: string;
  clusterName: string;
  /** ISO. */
  createDate: string;
  /** Clock ms it is COMPLETED. */
  completeAt: number;
}

/** What a cluster holds besides its indexes: collections declared by a seed. */
export interface ClusterDataRecord {
  groupId: string;
  clusterId: string;
  clusterName: string;
  /** "database.collection". */
  collections: string[];
}

export interface SearchState {
  indexes: SearchIndexRecord[];
  sampleLoads: SampleLoadRecord[];
  clusterData: ClusterDataRecord[];
}

declare module '../../contract.js' {
  interface World {
    /** Search indexes, sample loads and what clusters hold (absent in state files written before them). */
    search?: SearchState;
  }
}

export type IndexStatus = 'PENDING' | 'IN_PROGRESS' | 'READY' | 'FAILED' | 'DELETING';

/** The sample dataset (the one the service loads): its databases and their collections. */
export const SAMPLE_DATASET: Readonly<Record<string, readonly string[]>> = {
  sample_airbnb: ['listingsAndReviews'],
  sample_analytics: ['accounts', 'customers', 'transactions'],
  sample_geospatial: ['shipwrecks'],
  sample_guides: ['planets'],
  sample_mflix: ['comments', 'embedded_movies', 'movies', 'sessions', 'theaters', 'users'],
  sample_restaurants: ['neighborhoods', 'restaurants'],
  sample_supplies: ['sales'],
  sample_training: ['companies', 'grades', 'inspections', 'posts', 'routes', 'trips', 'zips'],
  sample_weatherdata: ['data'],
};

export const SAMPLE_NAMESPACES: readonly string[] = Object.entries(SAMPLE_DATASET).flatMap(([db, collections]) => collections.map((c) => `${db}.${c}`));

export function emptySearchState(): SearchState {
  return { indexes: [], sampleLoads: [], clusterData: [] };
}

/** The world's search state, made on first use (state files written before it have none). */
export function searchStateOf(world: { search?: SearchState }): SearchState {
  world.search ??= emptySearchState();
  world.search.indexes ??= [];
  world.search.sampleLoads ??= [];
  world.search.clusterData ??= [];
  return world.search;
}

/** Where a build stands at `now`. */
export function indexStatus(record: SearchIndexRecord, now: number, transitionMs: number): IndexStatus {
  if (record.deletingUntil !== undefined) return 'DELETING';
  const elapsed = now - record.since;
  if (elapsed < transitionMs / 2) return 'PENDING';
  if (elapsed < transitionMs) return 'IN_PROGRESS';
  return record.failure === undefined ? 'READY' : 'FAILED';
}

/** Whether queries find the index: once its build is READY, or while an earlier definition serves. */
export function isQueryable(record: SearchIndexRecord, status: IndexStatus): boolean {
  return status === 'READY' || (status !== 'DELETING' && record.servedBefore);
}

/** Takes out the indexes whose deletion has ended; answers whether any went. */
export function dropDeleted(state: SearchState, now: number): boolean {
  const before = state.indexes.length;
  state.indexes = state.indexes.filter((record) => record.deletingUntil === undefined || record.deletingUntil > now);
  return state.indexes.length !== before;
}

/** The collections a cluster holds at `now`: the seed's, and the sample dataset once a load began. */
export function collectionsOf(state: SearchState, clusterId: string): Set<string> {
  const out = new Set<string>();
  for (const data of state.clusterData) if (data.clusterId === clusterId) data.collections.forEach((c) => out.add(c));
  // A load under way counts: its build and the index's end together at the transition time.
  if (state.sampleLoads.some((load) => load.clusterId === clusterId)) SAMPLE_NAMESPACES.forEach((c) => out.add(c));
  return out;
}

/** The sample databases a cluster holds at `now` (loads COMPLETED), for the emulator's state. */
export function sampleDatabasesOf(state: SearchState, clusterId: string, now: number): string[] {
  return state.sampleLoads.some((load) => load.clusterId === clusterId && load.completeAt <= now) ? Object.keys(SAMPLE_DATASET) : [];
}
