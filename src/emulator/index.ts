// `cdba emulator` engine: a faithful local implementation of the Admin API on
// node:http, for tests, the demo and continuous integration. startEmulator() is the
// programmatic entry; src/cli/emulator.ts wraps it for the command line.
//
// What it serves is the modules of resources/ (resources/index.ts lists them):
// each declares its operations of the table (src/api/operations.ts), served under
// both /api/atlas/v1.0 and /api/atlas/v2, its seed keys and its state. Besides
// them: POST /api/oauth/token and /api/oauth/revoke (service accounts) and
// GET /_emulator/stats (no auth; see stats.ts for its fields) and GET /_emulator/state
// (no auth; each module's part of the state, as state() answers it).
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../base/errors.js';
import { parseServiceDate } from '../base/isoDate.js';
import { Authenticator, DEFAULT_NONCE_TTL_MS } from './auth.js';
import { serviceNow } from './context.js';
import type { ModuleOptions, ResourceModule, SeedDocument, StateSnapshot } from './contract.js';
import { Faults } from './faults.js';
import type { FaultSettings } from './faults.js';
import { modules } from './modules.js';
import { DEFAULT_RATE_WINDOW_MS, RateLimiter } from './rateLimit.js';
import { credentialsOf, defaultsOf, type EmulatorDefaults } from './resources/credentials.js';
import { buildDefaultSeed, loadSeedFile, validateSeed } from './seed.js';
import { createHandler } from './server.js';
import type { Pipeline } from './server.js';
import { Stats } from './stats.js';
import type { EmulatorStats } from './stats.js';
import { Store } from './store.js';

export { buildDefaultSeed, loadSeedFile, validateSeed } from './seed.js';
export { ROLE_NAMES } from './auth.js';
export type { Action, RoleName, SeedApiKey, SeedRole, SeedServiceAccount } from './auth.js';
export type { EmulatorDefaults } from './resources/credentials.js';
export type { EmulatorStats } from './stats.js';
export { STATE_PATH, STATS_PATH } from './server.js';
export { OPERATIONS } from '../api/operations.js';
// The extension point of the recipe (docs/ARCHITECTURE.md): serve a module declared outside resources/.
export { registerHandlers, registerResource } from './modules.js';
export type { Handler, Hooks, ModuleOption, ModuleOptions, OperationHandler, Reply, RequestContext, ResourceModule, SeedDocument, StateSnapshot, World } from './contract.js';
export { hooksOf } from './contract.js';
export { isoSeconds, objectId } from './store.js';
export { apiRoot, selfHref, serviceNow } from './context.js';
export { failures } from './errors.js';
export type { Problems } from './seedChecks.js';

export const DEFAULT_TRANSITION_MS = 2000;
const IDLE_CONNECTION_MS = 60_000;

/**
 * startEmulator's options: its own, and the modules' (ModuleOptions, each declared by its
 * module with a ModuleOption: `cdba emulator` makes a flag of each), by their keys.
 */
export interface EmulatorOptions extends ModuleOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  seed?: SeedDocument;
  /** Read and validated with loadSeedFile when `seed` is not given. */
  seedFile?: string;
  /** Persist after every acknowledged change; reloaded on start when it exists. */
  statePath?: string;
  /** The most the state file may hold, loaded or written (a write that could pass it answers 413); default 64 MiB. */
  maxStateBytes?: number;
  /** PEM contents; serves HTTPS. */
  tls?: { cert: string; key: string };
  latencyMs?: number;
  /** Fraction (0..1) of requests answered 503 + Retry-After: 1. */
  failRate?: number;
  /** Seed of the fault PRNG, so the same requests fail on every run. */
  faultSeed?: number;
  /** Commit each create, then destroy the socket without answering. */
  dropAfterCommit?: boolean;
  /** How long CREATING / UPDATING / DELETING last; default: the seed's, else 2000. */
  transitionMs?: number;
  /** Digest nonce lifetime; default 5 minutes. */
  nonceTtlMs?: number;
  /**
   * Requests per clock minute (per rate window) under each {groupId} of the paths, every
   * resource counted together; default: the seed's, else each resource's own limit (the live service's).
   */
  rateLimitPerMinute?: number;
  /** Length of the rate-limit window; default 60 000 (the service's minute). Retry-After is the rest of the window. */
  rateWindowMs?: number;
  /** Milliseconds since the epoch; drives rate-limit windows, nonce and token expiry, transitions and dates. */
  clock?: () => number;
  /** Version dates answered with 410 VERSION_GONE, for every operation that has them. */
  removedVersions?: string[];
  /**
   * YYYY-MM-DD: run as the service will be on that date; each operation's versions past their
   * Sunset answer 410. Or a full ISO 8601 time (2026-12-01T14:00:00Z; UTC without a zone): the
   * service's clock starts there and runs on with `clock` (context.ts, serviceNow). Read as
   * `cdba emulator --date` reads it (parseServiceDate, src/base/isoDate.ts).
   */
  date?: string;
  /** Offer a SHA-256 digest challenge before the MD5 one (the service offers MD5 only). */
  digestSha256?: boolean;
}

/** What state() answers: each module's part (contract.ts, StateSnapshot). */
export type EmulatorStateSnapshot = StateSnapshot;

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:41234 (https with tls). */
  url: string;
  defaults: EmulatorDefaults;
  /** What whoever started it should be told, one line each (a --seed not used because --state exists). */
  warnings: readonly string[];
  stats(): EmulatorStats;
  resetStats(): void;
  setFaults(faults: FaultSettings): void;
  /** A deep, frozen copy of each module's part of the state as it is now. */
  state(): EmulatorStateSnapshot;
  /** Errors a handler threw that were answered 500 (a bug in the emulator if not empty). */
  unexpectedErrors(): unknown[];
  stop(): Promise<void>;
}

/** The values of the served modules' options: as given, else as each declares by default. */
function moduleOptionValues(served: readonly ResourceModule[], given: ModuleOptions): Readonly<ModuleOptions> {
  const values: Record<string, unknown> = {};
  for (const option of served.flatMap((module) => module.options ?? [])) {
    const value = (given as Record<string, unknown>)[option.key] ?? option.default;
    if (value !== undefined) values[option.key] = value;
  }
  return Object.freeze(values) as ModuleOptions;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** An OS error from listen() as one line that says what to do (exit 2: the flags asked for it). */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host} port ${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return new UsageError(`cannot listen on ${where}: the port is in use`, { hint: 'pass --port 0 for a free port, or stop what holds it' });
    case 'EADDRNOTAVAIL':
      return new UsageError(`cannot listen on ${where}: no network interface of this machine has that address`, { hint: 'pass an address this machine has, e.g. --host 127.0.0.1' });
    case 'EACCES':
    case 'EPERM':
      return new UsageError(`cannot listen on ${where}: permission denied`, { hint: 'ports below 1024 need privileges; pass --port 0 for a free port' });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new UsageError(`cannot listen on ${host}: no such host name`, { hint: 'pass an IP address, e.g. --host 127.0.0.1' });
    default:
      return new UsageError(`cannot listen on ${where}: ${error.code ?? error.message}`);
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const clock = options.clock ?? Date.now;
  const seed = options.seed ? validateSeed(options.seed) : options.seedFile ? loadSeedFile(options.seedFile) : buildDefaultSeed();
  const served = modules();
  const dated = options.date !== undefined ? { date: parseServiceDate(options.date, 'date'), startedAt: clock() } : {};
  const store = await Store.open(seed, options.statePath, clock, served, options.maxStateBytes, () => serviceNow({ clock, ...dated }));
  const world = store.world;
  const auth = new Authenticator(() => credentialsOf(world), clock, options.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS, options.digestSha256 ?? false);
  const faults = new Faults(options);
  const limiter = new RateLimiter(options.rateLimitPerMinute ?? world.rateLimitPerMinute, clock, options.rateWindowMs ?? DEFAULT_RATE_WINDOW_MS);
  const stats = new Stats();
  const unexpected: unknown[] = [];
  const host = options.host ?? '127.0.0.1';
  const scheme = options.tls ? 'https' : 'http';

  const pipeline: Pipeline = {
    store,
    auth,
    faults,
    clock,
    transitionMs: options.transitionMs ?? world.transitionMs ?? DEFAULT_TRANSITION_MS,
    options: moduleOptionValues(served, options),
    limiter,
    stats,
    removedVersions: new Set(options.removedVersions ?? []),
    ...dated,
    url: '',
    onUnexpected: (error) => unexpected.push(error),
    state: () => deepFreeze(Object.assign({}, ...served.map((module) => module.state?.snapshot?.(store) ?? {})) as StateSnapshot),
  };
  const handler = createHandler(pipeline);
  const listener = (req: Parameters<typeof handler>[0], res: Parameters<typeof handler>[1]): void => void handler(req, res);
  let server: Server;
  try {
    server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, listener) : createHttpServer(listener);
  } catch (error) {
    // OpenSSL's reason (no start line, key values mismatch, ...) names what is wrong with the pair.
    throw new UsageError(`--tls-cert/--tls-key: not a usable PEM certificate and key: ${(error as Error).message.replace(/^error:[0-9A-F]+:/, '')}`);
  }
  // An idle connection is kept a minute (a common load-balancer idle timeout),
  // far beyond cdba's own 4 s, so the client gives it up first. With Node's
  // 5 s, a client whose process was starved for seconds could send on a
  // connection the server was closing, and see a reset (a POST is not retried).
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;

  const port = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenError(error, host, port)));
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  pipeline.url = `${scheme}://${urlHost(host)}:${(server.address() as AddressInfo).port}`;

  const defaults = defaultsOf(world);
  // Restarting on the same command line is the normal use of --state, so a seed given
  // beside a state file that exists is a warning, not a refusal: the state wins.
  const warnings = store.reloaded && (options.seed || options.seedFile) ? [`--seed ignored: --state ${options.statePath} exists (delete it to start from the seed)`] : [];

  let stopped: Promise<void> | undefined;
  return {
    url: pipeline.url,
    defaults,
    warnings,
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    setFaults: (settings) => faults.update(settings),
    state: () => pipeline.state() as StateSnapshot,
    unexpectedErrors: () => [...unexpected],
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => store.settled());
      return stopped;
    },
  };
}
