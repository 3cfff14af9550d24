// The emulator's world (contract.ts, World): each module's part (StatePart), kept in memory
// and, with a state path, written whole after every acknowledged change (temp file,
// fsync, rename) before the response leaves, and reloaded on start. A module keeps
// its indexes and transitions beside the world, built from its part when first used.
//
// What is written must load again (issue 42): the file is compact JSON (pretty printing
// made 30 large search index definitions 76 MB, over the load limit), and a request that
// could take it past the limit is refused before it changes anything (hasRoomFor).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { MAX_BYTES, readTextFileSync } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { fsReason } from '../base/fsError.js';
import { removeLeftoverTemps, writeFileAtomic } from '../base/privateFile.js';
import type { ResourceModule, SeedDocument, Store as StoreContract, World } from './contract.js';
import { Problems } from './seedChecks.js';
import { checkShape } from './stateChecks.js';

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

function worldFromSeed(seed: SeedDocument, now: number, modules: readonly ResourceModule[], serviceNow: number): World {
  const world = {} as World;
  for (const module of modules) module.state?.fromSeed(world, seed, now, modules, serviceNow);
  if (seed.rateLimit) world.rateLimitPerMinute = seed.rateLimit.perMinute;
  if (seed.transitionMs !== undefined) world.transitionMs = seed.transitionMs;
  return world;
}

/** What one change adds to the state besides its body, at most: the document the service makes around it. */
const CHANGE_HEADROOM_BYTES = 256 * 1024;

function loadWorld(path: string, modules: readonly ResourceModule[], maxBytes: number): World {
  const text = readTextFileSync(path, { label: '--state', maxBytes, expected: 'an emulator state file' });
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
  // Checked as a seed is, naming the file and each field, before any module reads it.
  const problems = new Problems();
  for (const module of modules) {
    for (const [key, shape] of Object.entries(module.state?.shape ?? {})) checkShape(`world.${key}`, (state.world as unknown as Record<string, unknown>)[key], shape, problems);
  }
  if (problems.list.length > 0) {
    const shown = problems.list.slice(0, 5).join('; ');
    const more = problems.list.length > 5 ? `; and ${problems.list.length - 5} more` : '';
    throw new UsageError(`--state: ${path} is not a usable emulator state: ${shown}${more}`);
  }
  for (const module of modules) module.state?.upgrade?.(state.world, modules);
  return state.world;
}

/** The state file's text: compact, as only the emulator reads it (JSON tools print it readably). */
function stateText(world: World): string {
  return JSON.stringify({ format: STATE_FORMAT, world });
}

export class Store implements StoreContract {
  private writes: Promise<void> = Promise.resolve();
  /** Bytes of the state as last written. */
  private writtenBytes = 0;
  /** The world came from the state file, not the seed (which was then not used). */
  reloaded = false;

  private constructor(
    readonly world: World,
    private readonly statePath: string | undefined,
    readonly clock: () => number,
    /** The modules this emulator serves (for the hooks one module reads of others). */
    readonly modules: readonly ResourceModule[],
    /** The most a state file may hold and still load (--state): 64 MiB. */
    readonly maxBytes: number,
    /** Now on the service's clock (under --date, context.ts serviceNow), for what a module keeps in service time. */
    readonly serviceClock: () => number,
  ) {}

  /** Reloads the state file when it exists; otherwise starts from the seed (and writes it). */
  static async open(
    seed: SeedDocument,
    statePath: string | undefined,
    clock: () => number,
    modules: readonly ResourceModule[],
    maxBytes: number = MAX_BYTES.emulatorFile,
    serviceClock: () => number = clock,
  ): Promise<Store> {
    // Temp files of a run that was killed mid-write hold every key of the state.
    if (statePath) removeLeftoverTemps(statePath);
    if (statePath && existsSync(statePath)) {
      const loaded = new Store(loadWorld(statePath, modules, maxBytes), statePath, clock, modules, maxBytes, serviceClock);
      loaded.writtenBytes = Buffer.byteLength(stateText(loaded.world));
      loaded.reloaded = true;
      return loaded;
    }
    const store = new Store(worldFromSeed(seed, clock(), modules, serviceClock()), statePath, clock, modules, maxBytes, serviceClock);
    try {
      await store.commit();
    } catch (error) {
      // The first write shows whether the state file can be written at all.
      throw new UsageError(`--state: cannot write ${statePath}: ${fsReason(error)}`);
    }
    return store;
  }

  /**
   * Whether a change that brings a body of `bodyBytes` leaves the state file loadable: its
   * size as last written, the body and what the service makes around it stay within
   * maxBytes. Always true without a state file.
   */
  hasRoomFor(bodyBytes: number): boolean {
    return !this.statePath || this.writtenBytes + bodyBytes + CHANGE_HEADROOM_BYTES <= this.maxBytes;
  }

  /** Persists the current state; resolves once it is durably on disk (no-op in memory mode). */
  commit(): Promise<void> {
    if (!this.statePath) return Promise.resolve();
    const path = this.statePath;
    const text = stateText(this.world);
    this.writtenBytes = Buffer.byteLength(text);
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
