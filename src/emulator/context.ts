// What a resource handler gets: the parsed request, the caller, the project,
// and the emulator's services. Handlers return a Reply or throw ApiFailure.
import type { ClusterShape } from '../model/cluster.js';
import type { Authenticator, Principal } from './auth.js';
import type { Faults } from './faults.js';
import type { ClusterViews } from './clusterViews.js';
import type { ProjectState, Store } from './store.js';

export interface Services {
  store: Store;
  auth: Authenticator;
  faults: Faults;
  clock: () => number;
  transitionMs: number;
  /** Rendered clusters and their connection strings, kept until the cluster or its project changes. */
  views: ClusterViews;
}

export interface RequestContext {
  services: Services;
  method: string;
  /** The request-target exactly as received (path and query). */
  target: string;
  path: string;
  query: URLSearchParams;
  /** Path parameters of the matched route (groupId, clusterName). */
  params: Record<string, string>;
  api: 'v1.0' | 'v2';
  /** v2: the resource version being served. */
  version?: string;
  /** Cluster body shape for this call: legacy for v1.0 and 2023-01-01. */
  shape: ClusterShape;
  /** scheme://host[:port] as the client addressed us, for links. */
  baseUrl: string;
  principal: Principal;
  project?: ProjectState;
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
