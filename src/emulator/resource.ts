// What a resource of the emulator is: one module (src/emulator/resources/) that
// declares everything of its own, and the one list of them (resources/index.ts,
// plus registerResource for test fixtures). The request pipeline, the store, the
// seed's validation and startEmulator loop over that list and name no resource.
//
// A module declares:
// - its operations of the table (src/api/operations.ts): handler, permission, body rules;
// - the live service's rate limit for it;
// - the path parameter it resolves, if any (the item the other routes under it belong to);
// - endpoints outside the versioned API it answers;
// - its seed keys with their validation, and its part of the default seed;
// - its part of the stored state: made from the seed, upgraded from older state files,
//   persisted with the rest (the world is written whole), and shown by state();
// - hooks: what it provides to extension points other modules declare. A module that
//   needs something of others declares the extension point (an interface merged into
//   Hooks) and reads it with hooksOf(); the modules that have that something provide it.
import type { OperationName } from '../api/operations.js';
import type { ApiFailure } from './errors.js';
import type { OperationHandler } from './routes.js';
import type { SeedDocument } from './seed.js';
import type { Problems } from './seedChecks.js';
import type { Shape } from './stateChecks.js';
import type { Store, World } from './store.js';

/**
 * The extension points, each named by the module that declares it and merged in by
 * declaration (`declare module '<path>/resource.js' { interface Hooks { ... } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Hooks {}

/**
 * What startEmulator's state() answers: each module's part, merged in by declaration
 * as Hooks are, so that tests read them typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StateSnapshot {}

/** A path parameter a module resolves: `{groupId}` names one of its items, which every route with it belongs to. */
export interface PathScope {
  param: string;
  /** The item the value names, or undefined (then the pipeline answers `notFound`). */
  find(store: Store, value: string): { id: string } | undefined;
  notFound(value: string): ApiFailure;
}

/** A GET outside the versioned API, answered right after authentication (the caller's address is all it needs). */
export type OutsideApiHandler = (call: { peer: string }) => Record<string, unknown>;

export interface SeedPart {
  /** The top-level keys of the seed document it declares. */
  keys: readonly string[];
  /** Those a seed must have. */
  required?: readonly string[];
  /** Adds every problem of its keys in an unvalidated document (the modules: for the hooks of others). */
  check(doc: Record<string, unknown>, problems: Problems, modules: readonly ResourceModule[]): void;
  /** Its part of the seed used without --seed (fresh identifiers and keys), given the parts before it. */
  byDefault?(seed: SeedDocument): void;
}

export interface StatePart {
  /** Fills its keys of a new world from a validated seed, at `now` (clock ms; `serviceNow`: the service's time, under --date). */
  fromSeed(world: World, seed: SeedDocument, now: number, modules: readonly ResourceModule[], serviceNow: number): void;
  /**
   * The shape of its keys of the world as a state file holds them (stateChecks.ts): what its
   * code reads; a key its upgrade fills in is optional. Checked before `upgrade`.
   */
  shape?: Readonly<Record<string, Shape>>;
  /** Fills in what a state file written before it (or before a field of it) lacks. */
  upgrade?(world: World, modules: readonly ResourceModule[]): void;
  /** Its part of state(): deep copies, as they are now. */
  snapshot?(store: Store): Partial<StateSnapshot>;
}

export interface ResourceModule {
  /** Unique among the modules; also what its requests are counted under for the rate limit. */
  readonly name: string;
  readonly operations?: { readonly [Name in OperationName]?: OperationHandler };
  /** A minute's requests to it under one {groupId}, as the live service's RateLimit-Limit says; default the seed's 100. */
  readonly rateLimitPerMinute?: number;
  readonly scope?: PathScope;
  /** Paths outside /api/atlas (e.g. /api/private/ipinfo) and what a GET of each answers. */
  readonly outsideApi?: Readonly<Record<string, OutsideApiHandler>>;
  readonly seed?: SeedPart;
  readonly state?: StatePart;
  readonly hooks?: Partial<Hooks>;
}

/** What the modules provide to one extension point, in the list's order. */
export function hooksOf<Point extends keyof Hooks>(modules: readonly ResourceModule[], point: Point): Array<Hooks[Point]> {
  return modules.flatMap((module) => (module.hooks?.[point] === undefined ? [] : [module.hooks[point] as Hooks[Point]]));
}
