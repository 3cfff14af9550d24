// The search module's seed keys: what clusters hold (`clusterData`: the sample dataset,
// collections of one's own) and their indexes (`searchIndexes`, READY from the start).
//
//   "clusterData":   [{ "projectId": "…", "clusterName": "c1", "sampleData": true, "collections": ["app.items"] }]
//   "searchIndexes": [{ "projectId": "…", "clusterName": "c1",
//                       "index": { "database": "app", "collectionName": "items", "name": "default",
//                                  "type": "search", "definition": { "mappings": { "dynamic": true } } } }]
//
// Checked with the same checker the create handler runs; a seeded index must be one
// whose build succeeds, on a collection the cluster holds.
import { isObject } from '../../../base/object.js';
import { checkCreateRequest, indexTypeOf, problemLine } from '../../../model/searchIndex.js';
import type { SeedDocument, World } from '../../contract.js';
import { isoSeconds, objectId } from '../../store.js';
import { SAMPLE_NAMESPACES, searchStateOf } from './state.js';

export interface SeedClusterData {
  projectId: string;
  clusterName: string;
  /** The sample dataset, loaded (COMPLETED) from the start. */
  sampleData?: boolean;
  /** "database.collection" of the cluster's own data. */
  collections?: string[];
}

export interface SeedSearchIndex {
  projectId: string;
  clusterName: string;
  /** A create request of the current API (database, collectionName, name, type, definition). */
  index: Record<string, unknown>;
}

declare module '../../contract.js' {
  interface SeedDocument {
    clusterData?: SeedClusterData[];
    searchIndexes?: SeedSearchIndex[];
  }
}

export const SEARCH_SEED_KEYS = ['clusterData', 'searchIndexes'] as const;

const NAMESPACE = /^[^.$\s/\\"]+\.[^$\s]+$/;

/** The seed's cluster names by project (dedicated and flex), read from the unvalidated document. */
function seedClusters(doc: Record<string, unknown>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of ['clusters', 'flexClusters']) {
    for (const entry of Array.isArray(doc[key]) ? (doc[key] as unknown[]) : []) {
      if (!isObject(entry) || !isObject(entry.cluster) || typeof entry.projectId !== 'string' || typeof entry.cluster.name !== 'string') continue;
      if (!out.has(entry.projectId)) out.set(entry.projectId, new Set());
      out.get(entry.projectId)!.add(entry.cluster.name);
    }
  }
  return out;
}

/** Every problem of the two keys, as "where: what" lines. */
export function checkSearchSeed(doc: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const clusters = seedClusters(doc);
  const held = new Map<string, Set<string>>(); // "project/cluster" -> namespaces
  const where = (entry: Record<string, unknown>, at: string): string | undefined => {
    if (typeof entry.projectId !== 'string' || typeof entry.clusterName !== 'string') {
      problems.push(`${at}: needs "projectId" and "clusterName" (strings)`);
      return undefined;
    }
    if (!clusters.get(entry.projectId)?.has(entry.clusterName)) {
      problems.push(`${at}.clusterName: "${entry.clusterName}" is not a cluster of project ${entry.projectId} in the seed's clusters or flexClusters`);
      return undefined;
    }
    return `${entry.projectId}/${entry.clusterName}`;
  };
  const list = (key: string): unknown[] => {
    if (doc[key] === undefined) return [];
    if (!Array.isArray(doc[key])) problems.push(`${key}: must be an array`);
    return Array.isArray(doc[key]) ? (doc[key] as unknown[]) : [];
  };

  list('clusterData').forEach((entry, i) => {
    const at = `clusterData[${i}]`;
    if (!isObject(entry)) return void problems.push(`${at}: must be an object {projectId, clusterName, sampleData?, collections?}`);
    const unknown = Object.keys(entry).find((key) => !['projectId', 'clusterName', 'sampleData', 'collections'].includes(key));
    if (unknown) problems.push(`${at}: unknown field "${unknown}" (allowed: projectId, clusterName, sampleData, collections)`);
    const key = where(entry, at);
    if (entry.sampleData !== undefined && typeof entry.sampleData !== 'boolean') problems.push(`${at}.sampleData: must be true or false`);
    const collections = entry.collections ?? [];
    if (!Array.isArray(collections)) return void problems.push(`${at}.collections: must be an array of "database.collection"`);
    collections.forEach((namespace, j) => {
      if (typeof namespace !== 'string' || !NAMESPACE.test(namespace)) problems.push(`${at}.collections[${j}]: ${JSON.stringify(namespace)} is not "database.collection"`);
    });
    if (!key) return;
    const namespaces = held.get(key) ?? new Set<string>();
    collections.forEach((namespace) => namespaces.add(String(namespace)));
    if (entry.sampleData === true) SAMPLE_NAMESPACES.forEach((namespace) => namespaces.add(namespace));
    held.set(key, namespaces);
  });

  const names = new Set<string>();
  list('searchIndexes').forEach((entry, i) => {
    const at = `searchIndexes[${i}]`;
    if (!isObject(entry)) return void problems.push(`${at}: must be an object {projectId, clusterName, index}`);
    const unknown = Object.keys(entry).find((key) => !['projectId', 'clusterName', 'index'].includes(key));
    if (unknown) problems.push(`${at}: unknown field "${unknown}" (allowed: projectId, clusterName, index)`);
    const key = where(entry, at);
    const problem = checkCreateRequest(entry.index, `${at}.index`);
    if (problem) return void problems.push(problemLine(problem));
    const index = entry.index as Record<string, unknown>;
    const namespace = `${String(index.database)}.${String(index.collectionName)}`;
    if (!key) return;
    if (!held.get(key)?.has(namespace)) problems.push(`${at}.index: collection ${namespace} is not on cluster ${String(entry.clusterName)}; declare it in clusterData (collections, or sampleData: true)`);
    const id = `${key}/${namespace}/${String(index.name)}`;
    if (names.has(id)) problems.push(`${at}.index.name: a second index named ${String(index.name)} on ${namespace}`);
    names.add(id);
  });
  return problems;
}

/** A new world's search state from a validated seed, once the clusters modules have made the seed's clusters; `now` is service time (--date). */
export function searchStateFromSeed(world: World, seed: SeedDocument, now: number): void {
  const clusterId = (projectId: string, name: string): string =>
    [...(world.clusters ?? []), ...(world.flexClusters ?? [])].find((record) => record.model.groupId === projectId && record.model.name === name)!.model.id;
  const state = searchStateOf(world);
  for (const entry of seed.clusterData ?? []) {
    const id = clusterId(entry.projectId, entry.clusterName);
    if (entry.collections?.length) state.clusterData.push({ groupId: entry.projectId, clusterId: id, clusterName: entry.clusterName, collections: [...entry.collections] });
    if (entry.sampleData) {
      state.sampleLoads.push({ _id: objectId(now), groupId: entry.projectId, clusterId: id, clusterName: entry.clusterName, createDate: isoSeconds(now), completeAt: now });
    }
  }
  for (const entry of seed.searchIndexes ?? []) {
    const index = entry.index;
    state.indexes.push({
      indexID: objectId(now),
      groupId: entry.projectId,
      clusterId: clusterId(entry.projectId, entry.clusterName),
      clusterName: entry.clusterName,
      database: index.database as string,
      collectionName: index.collectionName as string,
      name: index.name as string,
      type: indexTypeOf(index)!,
      definition: structuredClone(index.definition as Record<string, unknown>),
      version: 0,
      // READY from the start: its build began before the emulator's time.
      since: Number.MIN_SAFE_INTEGER,
      servedBefore: true,
    });
  }
}
