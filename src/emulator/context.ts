// What a resource handler gets: the parsed request, the operation and the version
// negotiated for it, the caller, the item the path's scope names, and the emulator's
// services. It is the same for every resource; what one resource needs besides, its
// module derives itself. Handlers return a Reply or throw ApiFailure.
import type { OperationName } from '../api/operations.js';
import type { Authenticator, Principal } from './auth.js';
import type { Faults } from './faults.js';
import type { Store } from './store.js';

export interface Services {
  store: Store;
  auth: Authenticator;
  faults: Faults;
  clock: () => number;
  /** How long a resource's transient states (CREATING, UPDATING, DELETING) last. */
  transitionMs: number;
  /** Resources stay in the states where the service waits for the customer to act on the cloud's side, instead of going on. */
  holdWaits?: boolean;
  /**
   * When the service runs (cdba emulator --date; see serviceNow): YYYY-MM-DD, or a full
   * ISO 8601 time (2026-12-01T14:00:00Z) at which its clock starts.
   */
  date?: string;
  /** The clock's reading when the emulator started: a --date time runs on from it. */
  startedAt?: number;
}

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
   * The item the path's scope parameter names (resource.ts, PathScope): present, and the
   * caller authorised in it, whenever the path has one. Its module reads it typed.
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
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Link {
  href: string;
  rel: string;
}

/** The URL of the resource addressed, without query or trailing slash. */
export function selfHref(ctx: RequestContext, path = ctx.path): string {
  return ctx.baseUrl + (path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/** Base path of this API flavour: /api/atlas/v1.0 or /api/atlas/v2. */
export function apiRoot(ctx: RequestContext): string {
  return `${ctx.baseUrl}/api/atlas/${ctx.api}`;
}

const DAY_MS = 86_400_000;

/**
 * Now as the emulated service sees it: the clock; under a --date day, that day at the
 * clock's time of day; under a --date time, that time plus what the clock has run since
 * the start (so an emulator restarted on the same --state with a later time finds what
 * expired meanwhile gone). Time still passes (transitions, expiry), and the Date header,
 * version negotiation and deleteAfterDate all agree.
 */
export function serviceNow(services: Pick<Services, 'clock' | 'date' | 'startedAt'>): number {
  const now = services.clock();
  if (services.date === undefined) return now;
  if (services.date.length > 10) return Date.parse(services.date) + (now - (services.startedAt ?? now));
  return Date.parse(`${services.date}T00:00:00Z`) + (((now % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The service's day (YYYY-MM-DD) under --date, whose Sunsets are in force; undefined without one. */
export function serviceDay(services: Services): string | undefined {
  return services.date === undefined ? undefined : new Date(serviceNow(services)).toISOString().slice(0, 10);
}
