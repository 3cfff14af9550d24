// The clusters' seed key: entries of {projectId, cluster: a create body, legacyStrings},
// checked with the same model the create handler uses, and IDLE from the start.
// Flex clusters check theirs with the same function and share the names (checkClusterEntries).
import { UsageError } from '../../../base/errors.js';
import { isObject } from '../../../base/object.js';
import { createClusterModel, isValidClusterName, shapeOfDocument, type ClusterShape } from '../../../model/cluster.js';
import type { SeedDocument } from '../../contract.js';
import { OBJECT_ID, type Problems } from '../../seedChecks.js';
import { isoSeconds, objectId } from '../../store.js';
import { seedProjectIds } from '../projects/index.js';
import type { ClusterRecord } from './store.js';

export interface SeedCluster {
  projectId: string;
  /** A create body, in the 2023-02-01 shape or the legacy shape. */
  cluster: Record<string, unknown>;
  /** Also issue the legacy connection strings (seed: Legacy row). */
  legacyStrings?: boolean;
}

declare module '../../contract.js' {
  interface SeedDocument {
    clusters?: SeedCluster[];
  }
}

/** Legacy bodies carry fields the 2023-02-01 shape removed. */
export function seedClusterShape(body: Record<string, unknown>): ClusterShape {
  return shapeOfDocument(body) ?? 'modern';
}

/** What the models are checked with: any project, any id, no date. */
export const SEED_MODEL_CONTEXT = { groupId: '0'.repeat(24), newId: () => '0'.repeat(24), now: '' };

/**
 * Checks the entries of a seed key of clusters of some kind, naming each problem. `names`
 * holds the "project/name" keys seen so far, of every kind: a name is one cluster of a project.
 */
export function checkClusterEntries(
  doc: Record<string, unknown>,
  problems: Problems,
  names: Set<string>,
  entries: { key: string; fields: string[]; what: string; model: (body: Record<string, unknown>) => { problem?: { field: string; code: string } } },
): void {
  const { key, fields, what, model } = entries;
  const projectIds = seedProjectIds(doc);
  const list = doc[key];
  if (list !== undefined && !Array.isArray(list)) problems.add(key, 'must be an array');
  (Array.isArray(list) ? list : []).forEach((entry, i) => {
    const at = `${key}[${i}]`;
    if (!isObject(entry)) return problems.add(at, `must be an object {${fields.join(', ')}}`);
    problems.onlyKeys(at, entry, fields);
    if (fields.includes('legacyStrings')) problems.boolean(`${at}.legacyStrings`, entry.legacyStrings);
    if (problems.string(`${at}.projectId`, entry.projectId, OBJECT_ID, 'a 24-hex project id') && !projectIds.has(entry.projectId)) {
      problems.add(`${at}.projectId`, `"${entry.projectId}" is not one of the seed's projects`);
    }
    if (!isObject(entry.cluster)) return problems.add(`${at}.cluster`, `must be a ${what} (object)`);
    const body = entry.cluster;
    if (typeof body.name === 'string' && !isValidClusterName(body.name)) problems.add(`${at}.cluster.name`, `"${body.name}" is not a valid cluster name`);
    for (const name of nameKey(entry.projectId, body.name)) {
      if (names.has(name)) problems.add(`${at}.cluster.name`, `duplicate cluster name ${String(body.name)} in project ${String(entry.projectId)}`);
      names.add(name);
    }
    const result = model(body);
    if (result.problem) problems.add(`${at}.cluster.${result.problem.field}`, result.problem.code);
  });
}

const CLUSTERS_ENTRY = {
  key: 'clusters',
  fields: ['projectId', 'cluster', 'legacyStrings'],
  what: 'cluster create body',
  model: (body: Record<string, unknown>) => createClusterModel(body, seedClusterShape(body), SEED_MODEL_CONTEXT),
};

export function checkSeedClusters(doc: Record<string, unknown>, problems: Problems): void {
  checkClusterEntries(doc, problems, new Set(), CLUSTERS_ENTRY);
}

/** The "project/name" keys of a seed's (dedicated) clusters, for a kind that shares their names. */
export function seedClusterNames(doc: Record<string, unknown>): Set<string> {
  const list = Array.isArray(doc.clusters) ? doc.clusters : [];
  return new Set(list.flatMap((entry) => (isObject(entry) && isObject(entry.cluster) ? nameKey(entry.projectId, entry.cluster.name) : [])));
}

/** A cluster's name as its project knows it: names differ by more than case. */
function nameKey(projectId: unknown, name: unknown): string[] {
  return typeof name === 'string' ? [`${String(projectId)}/${name.toLowerCase()}`] : [];
}

/** The seed's clusters as stored: IDLE from the start, their strings issued, made at `now` (the service's clock, --date). */
export function clustersFromSeed(seed: SeedDocument, now: number): ClusterRecord[] {
  return (seed.clusters ?? []).map((entry) => {
    const body = entry.cluster;
    const result = createClusterModel(body, seedClusterShape(body), { groupId: entry.projectId, newId: () => objectId(now), now: isoSeconds(now) });
    // validateSeed already ran the same check; a failure here is a seed that skipped validation.
    if (result.problem) throw new UsageError(`seed cluster ${String(body.name)}: ${result.problem.code} ${result.problem.field}`);
    const model = { ...result.model, stateName: 'IDLE' as const, mongoURIUpdated: result.model.createDate };
    return { model, legacyStrings: entry.legacyStrings ?? false, requests: [] };
  });
}
