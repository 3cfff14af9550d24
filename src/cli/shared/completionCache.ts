// The cache of the completion lookups that ask the service (cluster names, a
// cluster's indexes, snapshots and restore jobs): an answer is reused for a few
// seconds per profile, project and what else it depends on, so a burst of TABs asks
// the service once. Read and written under the config directory's rules, and never
// an error: a cache that cannot be read or written only costs the cache.
import { createHash } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readOwnFileSync } from '../../base/boundedRead.js';
import { writePrivateFileSync } from '../../base/privateFile.js';

/** How long an answer is reused: a burst of TABs asks the service once. */
export const CACHE_TTL_MS = 10_000;
/** Pages are read until this many names (20 pages of 500), within the lookup's deadline. */
export const MAX_NAMES = 10_000;

// The service's rule for cluster names. Anything else is server text that must not
// become words on a shell's command line.
export const CLUSTER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/;

export interface CacheEntry {
  at: number;
  names: string[];
}

/** The cache file of one kind of names for one lookup (profile, project, service, version, and what else it depends on). */
export function cacheFile(configDir: string, kind: string, key: readonly string[]): string {
  return join(configDir, 'cache', `${kind}-${createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16)}.json`);
}

/** A cached answer younger than CACHE_TTL_MS, only the names `valid` allows (the file could be edited). */
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
