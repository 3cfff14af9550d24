// The emulator's contract: what its shared code (the pipeline, the routes, the store,
// the seed's validation, startEmulator) and its resource modules (resources/) say to
// each other. Types only, and hooksOf: it imports nothing from the modules nor from the
// shared files that loop over them, so a module that names these types depends on
// nothing that depends on it (the no-cycle test covers src/emulator).
//
// A module (a ResourceModule, listed in resources/index.ts or registered) declares:
// - its operations of the table (src/api/operations.ts): handler, permission, body rules;
// - the live service's rate limit for it;
// - the path parameter it resolves, if any (the item the other routes under it belong to);
// - endpoints outside the versioned API it answers;
// - its seed keys with their validation, and its part of the default seed;
// - its part of the stored state: made from the seed, upgraded from older state files,
//   persisted with the rest (the world is written whole), and shown by state();
// - hooks: what it provides to extension points other modules declare. A module that
//   needs something of others declares the extension point (an interface merged into
//   Hooks) and reads it with hooksOf(); the modules that have that something provide it;
// - its options of `cdba emulator` (ModuleOption: flag, description, value parser, default),
//   declared in a data-only file of its folder (resources/<module>/options.ts) that the
//   command's registration imports through resources/options.ts; their values are
//   startEmulator's options of the same keys, and reach its handlers as services.options.
//
// World, SeedDocument, StateSnapshot, Hooks and ModuleOptions are merged into by the modules, by
// declaration: `declare module '<path>/contract.js' { interface World { ... } }`.
import type { OperationName } from '../api/operations.js';
import type { Action, Authenticator, Principal } from './auth.js';
import type { ApiFailure } from './errors.js';
import type { Faults } from './faults.js';
import type { Problems } from './seedChecks.js';
import type { Shape } from './stateChecks.js';

/**
 * The stored state: the emulator's settings, and each module's keys, merged in by
 * declaration. A key added later is optional, or its module's upgrade fills it, so older
 * state files load.
 */
export interface World {
  rateLimitPerMinute?: number;
  transitionMs?: number;
}

/** A seed: the emulator's settings, and each module's keys, merged in by declaration. */
export interface SeedDocument {
  rateLimit?: { perMinute: number };
  transitionMs?: number;
}

/**
 * The extension points, each named by the module that declares it and merged in by
 * declaration (`declare module '<path>/contract.js' { interface Hooks { ... } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Hooks {}

/**
 * The values of the modules' options (ModuleOption), each merged in by declaration by the
 * module that declares it (`declare module '<path>/contract.js' { interface ModuleOptions
 * { <key>?: <type> } }`): startEmulator's options take them by these keys, and the
 * handlers read them, the declared default filled in, as services.options.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleOptions {}

/**
 * An option of `cdba emulator` that a module declares, and the key its value goes by
 * (ModuleOptions). Data only: the command's registration reads it at start-up, before the
 * emulator is loaded (resources/options.ts lists each module's).
 */
export interface ModuleOption<Key extends keyof ModuleOptions = keyof ModuleOptions> {
  key: Key;
  /** The long flag: '--<words>'. */
  flag: `--${string}`;
  /** The value's name in help ('<ms>'); none: a switch (true when given). */
  value?: `<${string}>`;
  /** The help line (the default said in words: commander is not given it). */
  description: string;
  /** More, for the man page. */
  details?: string;
  /** The text given to the value; throws an Error whose message says what is wrong (the command: exit 2). */
  parse?: (value: string) => NonNullable<ModuleOptions[Key]>;
  /** The value when neither the flag nor startEmulator's option gives one. */
  default?: NonNullable<ModuleOptions[Key]>;
}

/**
 * What startEmulator's state() answers: each module's part, merged in by declaration
 * as Hooks are, so that tests read them typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StateSnapshot {}

/**
 * The emulator's world as handlers and modules hold it (store.ts keeps it: in memory,
 * and with a state path written whole after every acknowledged change).
 */
export interface Store {
  readonly world: World;
  readonly clock: () => number;
  /** The modules this emulator serves (for the hooks one module reads of others). */
  readonly modules: readonly ResourceModule[];
  /** The most a state file may hold and still load (--state). */
  readonly maxBytes: number;
  /** Now on the service's clock (under --date, context.ts serviceNow), for what a module keeps in service time. */
  readonly serviceClock: () => number;
  /**
   * Whether a change that brings a body of `bodyBytes` leaves the state file loadable.
   * Always true without a state file.
   */
  hasRoomFor(bodyBytes: number): boolean;
  /** Persists the current state; resolves once it is durably on disk (no-op in memory mode). */
  commit(): Promise<void>;
  /** Waits for writes in flight (used by stop()). */
  settled(): Promise<void>;
}

export interface Services {
  store: Store;
  auth: Authenticator;
  faults: Faults;
  clock: () => number;
  /** How long a resource's transient states (CREATING, UPDATING, DELETING) last. */
  transitionMs: number;
  /** The values of the modules' options (ModuleOption): as given to startEmulator, else their defaults. */
  options: Readonly<ModuleOptions>;
  /**
   * When the service runs (cdba emulator --date; see serviceNow): YYYY-MM-DD, or a full
   * ISO 8601 time (2026-12-01T14:00:00Z) at which its clock starts.
   */
  date?: string;
  /** The clock's reading when the emulator started: a --date time runs on from it. */
  startedAt?: number;
}

/**
 * What a resource handler gets: the parsed request, the operation and the version
 * negotiated for it, the caller, the item the path's scope names, and the emulator's
 * services. It is the same for every resource; what one resource needs besides, its
 * module derives itself. Handlers return a Reply or throw ApiFailure.
 */
export interface RequestContext {
  services: Services;
  /** The operation of the table (src/api/operations.ts) the route matched. */
  operation: OperationName;
  method: string;
  /** The request-target exactly as received (path and query). */
  target: string;
  path: string;
  query: URLSearchParams;
  /** Path parameters of the matched route, by their names in the table. */
  params: Record<string, string>;
  api: 'v1.0' | 'v2';
  /** v2: the version of this operation negotiated from Accept (a date). */
  version?: string;
  /** scheme://host[:port] as the client addressed us, for links. */
  baseUrl: string;
  principal: Principal;
  /**
   * The item the path's scope parameter names (PathScope): present, and the caller
   * authorised in it, whenever the path has one. Its module reads it typed.
   */
  scope?: { id: string };
  contentType: string;
  rawBody: string;
  body: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
  /** Commit happened; close the connection without answering (dropAfterCommit fault). */
  drop?: boolean;
  /** Headers of its own (a create's Location, a file's Content-Disposition); the pipeline's version and rate-limit headers stay. */
  headers?: Readonly<Record<string, string>>;
  /** A file's bytes, sent as they are in place of `body`'s JSON (an operation whose table entry has `media`). */
  bytes?: Buffer;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

/** What an operation declares for the read-only echo rule (readOnly.ts): its body's read-only fields and what it holds. */
export interface ReadOnlyFields {
  /** Dotted paths, array levels unnamed (`replicationSpecs.id`). */
  fields: readonly string[] | ((ctx: RequestContext) => readonly string[]);
  /**
   * The addressed item as a GET at this version answers it; undefined when there is
   * none (a create, or a name the handler will answer 404 for).
   */
  held?: (ctx: RequestContext) => Record<string, unknown> | undefined;
}

/** What a module declares for one of its operations. */
export interface OperationHandler {
  handler: Handler;
  action: Action;
  /** The request body is a JSON array (a batch of entries), not an object. */
  arrayBody?: true;
  /** Every operation with a body declares its read-only fields: echoed unchanged, they pass (readOnly.ts). */
  readOnly?: ReadOnlyFields;
  /** A POST the description gives no body (the sample dataset load): an empty one is not parsed. */
  noBody?: true;
  /**
   * A path with no scope parameter whose requests the service still counts (RateLimit-Limit):
   * counted per caller under the module's limit. Without it such an operation is not counted.
   */
  countPerCaller?: true;
  /**
   * The description's `envelope` defaults to true for it: the answer is `{content, status}`
   * unless the query says `envelope=false`.
   */
  envelopeByDefault?: true;
}

/** A path parameter a module resolves: `{groupId}` names one of its items, which every route with it belongs to. */
export interface PathScope {
  param: string;
  /** The item the value names, or undefined (then the pipeline answers `notFound`). */
  find(store: Store, value: string): { id: string } | undefined;
  notFound(value: string): ApiFailure;
  /**
   * Whether the caller may act on the item (throws the refusal). Without it, the caller's
   * roles in the item decide (auth.ts, authorize); a scope whose items the roles do not
   * name says here who may act on them.
   */
  authorize?(principal: Principal, item: { id: string }, action: Action, store: Store): void;
}

/**
 * A change the emulator made, as the pipeline tells the modules that observe (ResourceModule.observe):
 * a request other than GET that its handler answered with a 2xx. Resource-free: what the
 * operation means is the observer's to know.
 */
export interface Observation {
  operation: OperationName;
  method: string;
  /** Path parameters of the matched route, by their names in the table. */
  params: Record<string, string>;
  /** The request's parsed body (undefined when it had none). */
  requestBody: unknown;
  status: number;
  /** The body the handler answered (before any envelope). */
  body: unknown;
  principal: Principal;
  /** The caller's address as the socket has it. */
  peer: string;
  scope?: { id: string };
  services: Services;
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

/** A resource of the emulator: one module that declares everything of its own. */
export interface ResourceModule {
  /** Unique among the modules; also what its requests are counted under for the rate limit. */
  readonly name: string;
  readonly operations?: { readonly [Name in OperationName]?: OperationHandler };
  /** A minute's requests to it under one {groupId}, as the live service's RateLimit-Limit says; default the seed's 100. */
  readonly rateLimitPerMinute?: number;
  /**
   * Another module's name whose count its requests join, where the live service counts
   * two resources against one limit (one RateLimit-Remaining falls across both).
   */
  readonly rateLimitShares?: string;
  readonly scope?: PathScope;
  /** Paths outside /api/atlas (e.g. /api/private/ipinfo) and what a GET of each answers. */
  readonly outsideApi?: Readonly<Record<string, OutsideApiHandler>>;
  readonly seed?: SeedPart;
  readonly state?: StatePart;
  readonly hooks?: Partial<Hooks>;
  /** Its options of `cdba emulator`, from its data-only options file (listed in resources/options.ts too). */
  readonly options?: readonly ModuleOption[];
  /**
   * Told of every change any module made (Observation), after its handler answered and
   * before the answer is sent; what it keeps of it, it commits itself. A failure here is
   * reported (onUnexpected) and does not change the answer.
   */
  readonly observe?: (observation: Observation) => void | Promise<void>;
}

/** What the modules provide to one extension point, in the list's order. */
export function hooksOf<Point extends keyof Hooks>(modules: readonly ResourceModule[], point: Point): Array<Hooks[Point]> {
  return modules.flatMap((module) => (module.hooks?.[point] === undefined ? [] : [module.hooks[point] as Hooks[Point]]));
}
