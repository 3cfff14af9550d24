// The routing table: every path the emulator serves under /api/atlas/{v1.0,v2},
// which methods each takes and which permission each needs. Paths, methods and
// versions come from the one table of operations (src/api/operations.ts); this
// file adds the handler and the permission of each. HEAD is answered wherever GET is.
import { OPERATIONS, type OperationName, type ResourceName } from '../api/operations.js';
import type { Action } from './auth.js';
import type { Handler } from './context.js';
import { createCluster, deleteCluster, getCluster, listClusters, patchCluster } from './handlers/clusters.js';
import { getPrivateIpMode, patchPrivateIpMode } from './handlers/privateIpMode.js';
import { getRoot } from './handlers/root.js';

export interface Operation {
  name: OperationName;
  handler: Handler;
  action: Action;
}

export interface Route {
  /** For stats and messages: the path with {groupId} / {clusterName} placeholders. */
  template: string;
  pattern: RegExp;
  /** Names of the pattern's capture groups after the API flavour. */
  params: string[];
  resource: ResourceName;
  methods: Partial<Record<string, Operation>>;
}

const API = '^/api/atlas/(v1\\.0|v2)';

/** The handler and permission of each operation of the table. */
const HANDLERS: Record<OperationName, Omit<Operation, 'name'>> = {
  'root.get': { handler: getRoot, action: 'read' },
  'clusters.list': { handler: listClusters, action: 'read' },
  'clusters.create': { handler: createCluster, action: 'writeClusters' },
  'clusters.get': { handler: getCluster, action: 'read' },
  'clusters.update': { handler: patchCluster, action: 'writeClusters' },
  'clusters.delete': { handler: deleteCluster, action: 'writeClusters' },
  'privateIpMode.get': { handler: getPrivateIpMode, action: 'read' },
  'privateIpMode.update': { handler: patchPrivateIpMode, action: 'writeProject' },
};

function buildRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const name of Object.keys(OPERATIONS) as OperationName[]) {
    const { path, method, resource } = OPERATIONS[name];
    let route = routes.get(path);
    if (!route) {
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const pattern = new RegExp(`${API}${path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`);
      route = { template: path, pattern, params, resource, methods: {} };
      routes.set(path, route);
    }
    route.methods[method] = { name, ...HANDLERS[name] };
  }
  return [...routes.values()];
}

export const ROUTES: readonly Route[] = buildRoutes();

export interface RouteMatch {
  route: Route;
  api: 'v1.0' | 'v2';
  params: Record<string, string>;
  /** e.g. /api/atlas/v2/groups/{groupId}/clusters */
  template: string;
}

export function matchRoute(path: string): RouteMatch | undefined {
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const api = match[1] as 'v1.0' | 'v2';
    const params: Record<string, string> = {};
    route.params.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 2]!);
    });
    return { route, api, params, template: `/api/atlas/${api}${route.template}` };
  }
  return undefined;
}

/** The methods a route answers, HEAD included wherever GET is. */
export function allowedMethods(route: Route): string[] {
  const methods = Object.keys(route.methods);
  return route.methods.GET ? [...methods, 'HEAD'] : methods;
}
