// The routing table: every path the emulator serves under /api/atlas/{v1.0,v2},
// which methods each takes and which permission each needs. Paths, methods and
// versions come from the one table of operations (src/api/operations.ts); this
// file adds the handler and the permission of each. HEAD is answered wherever GET is.
import { OPERATION_NAMES, OPERATIONS, type BuiltinOperationName, type OperationName, type ResourceName } from '../api/operations.js';
import type { Action } from './auth.js';
import type { Handler } from './context.js';
import type { ReadOnlyFields } from './readOnly.js';
import { CLUSTER_READ_ONLY, createCluster, deleteCluster, getCluster, listClusters, patchCluster } from './handlers/clusters.js';
import { listAllClusters } from './handlers/allClusters.js';
import { createFlexCluster, deleteFlexCluster, FLEX_CREATE_READ_ONLY, FLEX_UPDATE_READ_ONLY, getFlexCluster, listFlexClusters, patchFlexCluster } from './handlers/flexClusters.js';
import { ACCESS_ENTRY_READ_ONLY, createAccessEntries, deleteAccessEntry, getAccessEntry, getAccessEntryStatus, listAccessEntries } from './handlers/ipAccessList.js';
import { getPrivateIpMode, patchPrivateIpMode, PRIVATE_IP_MODE_READ_ONLY } from './handlers/privateIpMode.js';
import { createDatabaseUser, deleteDatabaseUser, getDatabaseUser, listDatabaseUsers, patchDatabaseUser, USER_READ_ONLY } from './handlers/databaseUsers.js';
import { createProject, deleteProject, getProject, getProjectByName, listOrgs, listProjects, PROJECT_READ_ONLY } from './handlers/projects.js';
import { getRoot } from './handlers/root.js';
import { SEARCH_HANDLERS } from './resources/searchIndexes/index.js';

export interface Operation {
  name: OperationName;
  handler: Handler;
  action: Action;
  /** The request body is a JSON array (the access-list POST), not an object. */
  arrayBody?: true;
  /** Every operation with a body declares its read-only fields: echoed unchanged, they pass (readOnly.ts). */
  readOnly?: ReadOnlyFields;
  /** A POST the description gives no body (the sample dataset load): an empty one is not parsed. */
  noBody?: true;
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

export type OperationHandler = Omit<Operation, 'name'>;

/** The handler and permission of each operation of the table. */
const HANDLERS: Partial<Record<OperationName, OperationHandler>> & Record<BuiltinOperationName, OperationHandler> = {
  'root.get': { handler: getRoot, action: 'read' },
  'clusters.list': { handler: listClusters, action: 'read' },
  'clusters.create': { handler: createCluster, action: 'writeClusters', readOnly: CLUSTER_READ_ONLY },
  'clusters.get': { handler: getCluster, action: 'read' },
  'clusters.update': { handler: patchCluster, action: 'writeClusters', readOnly: CLUSTER_READ_ONLY },
  'clusters.delete': { handler: deleteCluster, action: 'writeClusters' },
  'clusters.listAll': { handler: listAllClusters, action: 'read' },
  'flexClusters.list': { handler: listFlexClusters, action: 'read' },
  'flexClusters.create': { handler: createFlexCluster, action: 'writeClusters', readOnly: FLEX_CREATE_READ_ONLY },
  'flexClusters.get': { handler: getFlexCluster, action: 'read' },
  'flexClusters.update': { handler: patchFlexCluster, action: 'writeClusters', readOnly: FLEX_UPDATE_READ_ONLY },
  'flexClusters.delete': { handler: deleteFlexCluster, action: 'writeClusters' },
  'privateIpMode.get': { handler: getPrivateIpMode, action: 'read' },
  'privateIpMode.update': { handler: patchPrivateIpMode, action: 'writeProject', readOnly: PRIVATE_IP_MODE_READ_ONLY },
  // Database users are the project owner's (Project Database Access Admin's) to change, not a cluster manager's.
  'databaseUsers.list': { handler: listDatabaseUsers, action: 'read' },
  'databaseUsers.create': { handler: createDatabaseUser, action: 'writeProject', readOnly: USER_READ_ONLY },
  'databaseUsers.get': { handler: getDatabaseUser, action: 'read' },
  'databaseUsers.update': { handler: patchDatabaseUser, action: 'writeProject', readOnly: USER_READ_ONLY },
  'databaseUsers.delete': { handler: deleteDatabaseUser, action: 'writeProject' },
  // Paths without {groupId} (list, create, byName, orgs): the handler decides who sees and may do what.
  'projects.list': { handler: listProjects, action: 'read' },
  'projects.create': { handler: createProject, action: 'writeProject', readOnly: PROJECT_READ_ONLY },
  'projects.get': { handler: getProject, action: 'read' },
  'projects.getByName': { handler: getProjectByName, action: 'read' },
  'projects.delete': { handler: deleteProject, action: 'writeProject' },
  'orgs.list': { handler: listOrgs, action: 'read' },
  'accessList.list': { handler: listAccessEntries, action: 'read' },
  'accessList.create': { handler: createAccessEntries, action: 'writeProject', arrayBody: true, readOnly: ACCESS_ENTRY_READ_ONLY },
  'accessList.get': { handler: getAccessEntry, action: 'read' },
  'accessList.status': { handler: getAccessEntryStatus, action: 'read' },
  'accessList.delete': { handler: deleteAccessEntry, action: 'writeProject' },
  ...SEARCH_HANDLERS,
};

function buildRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const name of OPERATION_NAMES) {
    const handler = HANDLERS[name];
    if (!handler) continue; // a registered operation whose handler is not (yet) registered is not served
    const { path, method, resource } = OPERATIONS[name];
    let route = routes.get(path);
    if (!route) {
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const pattern = new RegExp(`${API}${path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`);
      route = { template: path, pattern, params, resource, methods: {} };
      routes.set(path, route);
    }
    route.methods[method] = { name, ...handler };
  }
  return [...routes.values()];
}

let ROUTES: readonly Route[] = buildRoutes();

/**
 * Serves operations added with registerOperations (src/api/operations.ts): each
 * one's handler and the permission it needs. Throws for an operation the table
 * does not have or one that already has a handler. Returns what takes them out again.
 */
export function registerHandlers(handlers: { readonly [Name in OperationName]?: OperationHandler }): () => void {
  const added: OperationName[] = [];
  for (const [name, handler] of Object.entries(handlers) as Array<[OperationName, OperationHandler]>) {
    if (!OPERATION_NAMES.includes(name)) throw new Error(`operation ${name} is not in the table: registerOperations first`);
    if (HANDLERS[name]) throw new Error(`operation ${name} already has a handler`);
    HANDLERS[name] = handler;
    added.push(name);
  }
  ROUTES = buildRoutes();
  return () => {
    for (const name of added) delete HANDLERS[name];
    ROUTES = buildRoutes();
  };
}

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
