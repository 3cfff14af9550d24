// "Did you mean <name>?" for a name the service does not know (issue 43, item 10).
// The measure is commander's, which suggests a near subcommand (`snapshots lst`): the
// optimal string alignment distance, at most 2, and at least 40% of the longer word
// alike; here without regard to case, so `Prod` finds `prod`.
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../base/errors.js';
import { isObject } from '../base/object.js';

const MAX_DISTANCE = 2;
const MIN_SIMILARITY = 0.4;
/** Near names offered at most (those equally near). */
const MAX_SUGGESTIONS = 3;

/** The optimal string alignment distance (Damerau-Levenshtein without repeated edits of one substring). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidates nearest to `name` (ties sorted, at most three), none if none is near; never `name` itself. */
export function nearestNames(name: string, candidates: Iterable<string>): string[] {
  let best = MAX_DISTANCE + 1;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    if (candidate === name) continue;
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    const length = Math.max(name.length, candidate.length);
    if (distance > MAX_DISTANCE || (length - distance) / length <= MIN_SIMILARITY) continue;
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) {
      found.push(candidate);
    }
  }
  return found.sort().slice(0, MAX_SUGGESTIONS);
}

/** `did you mean a?`, `did you mean a or b?`; undefined for none. */
export function didYouMean(names: string[]): string | undefined {
  if (names.length === 0) return undefined;
  const last = names.at(-1)!;
  return `did you mean ${names.length === 1 ? last : `${names.slice(0, -1).join(', ')} or ${last}`}?`;
}

/** The cluster name a CLUSTER_NOT_FOUND answer is about, and the project it looked in (its parameters: name, group). */
export function missingCluster(error: unknown): { name: string; projectId: string | undefined } | undefined {
  if (!(error instanceof ApiError) || error.status !== 404 || error.errorCode !== 'CLUSTER_NOT_FOUND') return undefined;
  const [name, group] = error.document?.parameters ?? [];
  if (typeof name !== 'string' || name === '') return undefined;
  return { name, projectId: typeof group === 'string' && /^[0-9a-f]{24}$/.test(group) ? group : undefined };
}

/**
 * The project's cluster names near `name`, from one request: the first page of the
 * clusters list (up to 500 names). Any failure of that request, or an answer of
 * another shape, is no suggestion: it never changes what the user is told otherwise.
 */
export async function nearClusterNames(client: ApiClient, projectId: string, name: string, valid: (name: string) => boolean): Promise<string[]> {
  try {
    const response = await client.call('clusters.list', { groupId: projectId }, { query: { itemsPerPage: 500, includeCount: false }, idempotent: false });
    const body: unknown = response.body;
    const results = isObject(body) && Array.isArray(body.results) ? body.results : [];
    const names = results.map((cluster) => (isObject(cluster) ? cluster.name : undefined)).filter((n): n is string => typeof n === 'string' && valid(n));
    return nearestNames(name, names);
  } catch {
    return [];
  }
}
