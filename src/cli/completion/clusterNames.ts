// Cluster names for shell completion (`cdba __complete clusters`): the clusters
// API's and the flex API's (where the profile's version reaches it), asked of the
// service at once with a short deadline, cached for a few seconds per profile and
// project, and silent on any error: a completion must never print a message
// into the user's command line, nor hang it.
import { createHash } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { readOwnFileSync } from '../../base/boundedRead.js';
import { writePrivateFileSync } from '../../base/privateFile.js';
import { join } from 'node:path';
import type { Context } from '../../core/context.js';
import { durationMillis, MAX_TIMER_MS, TIMER_UNITS } from '../../core/duration.js';

/** How long an answer is reused: a burst of TABs asks the service once. */
export const CACHE_TTL_MS = 10_000;
/** Each attempt's deadline, and the whole lookup's. */
export const ATTEMPT_TIMEOUT = '2s';
export const LOOKUP_DEADLINE_MS = 3_000;

/**
 * The lookup's deadline and each attempt's: CDBA_COMPLETE_TIMEOUT (a duration, as
 * `--timeout` takes) for a slow link, or a machine too loaded to answer in 3 s;
 * a value that is not a duration keeps the defaults (completion prints no errors).
 */
export function lookupLimits(env: Readonly<Record<string, string | undefined>>): { deadlineMs: number; attemptTimeout: string } {
  const ms = env.CDBA_COMPLETE_TIMEOUT ? durationMillis(env.CDBA_COMPLETE_TIMEOUT, TIMER_UNITS) : undefined;
  return ms !== undefined && ms > 0 && ms <= MAX_TIMER_MS ? { deadlineMs: ms, attemptTimeout: `${ms}ms` } : { deadlineMs: LOOKUP_DEADLINE_MS, attemptTimeout: ATTEMPT_TIMEOUT };
}
/** Pages are read until this many names (20 pages of 500), within the same deadline. */
export const MAX_NAMES = 10_000;

// The service's rule for names. Anything else is server text that must not
// become words on a shell's command line.
export const CLUSTER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/;

interface CacheEntry {
  at: number;
  names: string[];
}

/** The cache file of one kind of names for one lookup (profile, project, service, version, and what else it depends on). */
export function cacheFile(configDir: string, kind: string, key: readonly string[]): string {
  return join(configDir, 'cache', `${kind}-${createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16)}.json`);
}

/** The names, or [] on any problem (no project, no credentials, an error, the deadline). */
export async function clusterNames(ctx: Context, now: () => number = Date.now): Promise<string[]> {
  try {
    const settings = await ctx.settings();
    const projectId = settings.projectId;
    if (!projectId) return [];
    const file = cacheFile(ctx.configDir, 'clusters', [settings.profileName, projectId, settings.baseUrl ?? '', settings.apiVersion ?? '']);
    const cached = await readCache(file, now());
    if (cached) return cached;
    const { streamAllClusters } = await import('../../api/resources/clusters.js');
    const { streamAllFlexClusters } = await import('../../api/resources/flexClusters.js');
    const { flexReachable } = await import('../shared/flex.js');
    const client = await ctx.api();
    const lists = await Promise.allSettled([
      namesOf(streamAllClusters(client, projectId)),
      ...((await flexReachable(ctx)) ? [namesOf(streamAllFlexClusters(client, projectId))] : []),
    ]);
    // A list that failed costs its names, not the other's; only a whole answer is cached.
    const names = [...new Set(lists.flatMap((list) => (list.status === 'fulfilled' ? list.value : [])))].slice(0, MAX_NAMES);
    if (lists.every((list) => list.status === 'fulfilled')) await writeCache(ctx.configDir, file, { at: now(), names });
    return names;
  } catch {
    return [];
  }
}

/** Every page's names, not only the first 500's (the deadline still bounds the whole lookup). */
async function namesOf(pages: AsyncGenerator<unknown[], unknown, undefined>): Promise<string[]> {
  const names: string[] = [];
  for await (const page of pages) {
    for (const cluster of page) {
      const name = (cluster as { name?: unknown } | null)?.name;
      if (typeof name === 'string' && CLUSTER_NAME.test(name)) names.push(name);
    }
    if (names.length >= MAX_NAMES) break;
  }
  return names;
}

/** A cached answer younger than CACHE_TTL_MS, only the names `valid` allows (the file could be edited); shared with indexNames.ts. */
export async function readCache(file: string, now: number, valid: (name: string) => boolean = (name) => CLUSTER_NAME.test(name)): Promise<string[] | undefined> {
  try {
    const entry = JSON.parse(readOwnFileSync(file)) as Partial<CacheEntry>;
    const age = now - Number(entry.at);
    if (!(age >= 0 && age < CACHE_TTL_MS) || !Array.isArray(entry.names)) return undefined;
    return entry.names.filter((n): n is string => typeof n === 'string' && valid(n));
  } catch {
    return undefined;
  }
}

/** Only into a config directory that already exists (a completion creates none), and never an error. */
export async function writeCache(configDir: string, file: string, entry: CacheEntry): Promise<void> {
  try {
    if (!(await stat(configDir)).isDirectory()) return;
    await mkdir(join(configDir, 'cache'), { recursive: true, mode: 0o700 });
    writePrivateFileSync(file, JSON.stringify(entry), [configDir, join(configDir, 'cache')]);
  } catch {
    // A read-only or full disk only costs the cache.
  }
}
