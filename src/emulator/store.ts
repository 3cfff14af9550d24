// The emulator's world: each module's part (resource.ts, StatePart), kept in memory
// and, with a state path, written whole after every acknowledged change (temp file,
// fsync, rename) before the response leaves, and reloaded on start. A module keeps
// its indexes and transitions beside the world, built from its part when first used.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { MAX_BYTES, readTextFileSync } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { fsReason } from '../base/fsError.js';
import { removeLeftoverTemps, writeFileAtomic } from '../base/privateFile.js';
import type { ResourceModule } from './resource.js';
import type { SeedDocument } from './seed.js';

/**
 * The stored state: the emulator's settings, and each module's keys, merged in by
 * declaration (`declare module '<path>/store.js' { interface World { ... } }`). A key
 * added later is optional, or its module's upgrade fills it, so older state files load.
 */
export interface World {
  rateLimitPerMinute?: number;
  transitionMs?: number;
}

const STATE_FORMAT = 'cdba-emulator-state/1';

/** 24 hex digits: 4 bytes of seconds, then 8 random bytes, like the service's ObjectIds. */
export function objectId(nowMs: number): string {
  const seconds = Math.floor(nowMs / 1000).toString(16).padStart(8, '0').slice(-8);
  return seconds + randomBytes(8).toString('hex');
}

/** ISO-8601 UTC at second granularity, as the service writes dates. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function worldFromSeed(seed: SeedDocument, now: number, modules: readonly ResourceModule[]): World {
  const world = {} as World;
  for (const module of modules) module.state?.fromSeed(world, seed, now, modules);
  if (seed.rateLimit) world.rateLimitPerMinute = seed.rateLimit.perMinute;
  if (seed.transitionMs !== undefined) world.transitionMs = seed.transitionMs;
  return world;
}

function loadWorld(path: string, modules: readonly ResourceModule[]): World {
  const text = readTextFileSync(path, { label: '--state', maxBytes: MAX_BYTES.emulatorFile, expected: 'an emulator state file' });
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--state: ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const state = doc as { format?: unknown; world?: World };
  if (state.format !== STATE_FORMAT || typeof state.world !== 'object' || state.world === null) {
    throw new UsageError(`--state: ${path} is not an emulator state file (expected format ${STATE_FORMAT})`);
  }
  for (const module of modules) module.state?.upgrade?.(state.world, modules);
  return state.world;
}

export class Store {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    readonly world: World,
    private readonly statePath: string | undefined,
    readonly clock: () => number,
    /** The modules this emulator serves (for the hooks one module reads of others). */
    readonly modules: readonly ResourceModule[],
  ) {}

  /** Reloads the state file when it exists; otherwise starts from the seed (and writes it). */
  static async open(seed: SeedDocument, statePath: string | undefined, clock: () => number, modules: readonly ResourceModule[]): Promise<Store> {
    // Temp files of a run that was killed mid-write hold every key of the state.
    if (statePath) removeLeftoverTemps(statePath);
    if (statePath && existsSync(statePath)) return new Store(loadWorld(statePath, modules), statePath, clock, modules);
    const store = new Store(worldFromSeed(seed, clock(), modules), statePath, clock, modules);
    try {
      await store.commit();
    } catch (error) {
      // The first write shows whether the state file can be written at all.
      throw new UsageError(`--state: cannot write ${statePath}: ${fsReason(error)}`);
    }
    return store;
  }

  /** Persists the current state; resolves once it is durably on disk (no-op in memory mode). */
  commit(): Promise<void> {
    if (!this.statePath) return Promise.resolve();
    const path = this.statePath;
    const text = JSON.stringify({ format: STATE_FORMAT, world: this.world }, null, 2);
    // Writes are chained so a later snapshot never lands before an earlier one.
    // The temp file's name is random and it is created without following links
    // (src/base/privateFile.ts): a planted name cannot receive the keys.
    this.writes = this.writes.catch(() => undefined).then(() => writeFileAtomic(path, text));
    return this.writes;
  }

  /** Waits for writes in flight (used by stop()). */
  settled(): Promise<void> {
    return this.writes.catch(() => undefined);
  }
}
