// The routing table: every path the emulator serves under /api/atlas/{v1.0,v2},
// which methods each takes and which permission each needs. Paths, methods and
// versions come from the one table of operations (src/api/operations.ts); the
// modules (modules.ts) give the handler and the permission of each. HEAD is
// answered wherever GET is.
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../api/operations.js';
import type { OperationHandler, ResourceModule } from './contract.js';
import { modules, modulesGeneration } from './modules.js';

export interface Operation extends OperationHandler {
  name: OperationName;
  /** The module that serves it (its rate limit counts the request). */
  module: ResourceModule;
}

export interface Route {
  /** For stats and messages: the path with its {placeholders}. */
  template: string;
  pattern: RegExp;
  /** Names of the pattern's capture groups after the API flavour. */
  params: string[];
  methods: Partial<Record<string, Operation>>;
}

const API = '^/api/atlas/(v1\\.0|v2)';

function buildRoutes(): Route[] {
  const served = new Map<OperationName, Operation>();
  for (const module of modules()) {
    for (const [name, declared] of Object.entries(module.operations ?? {}) as Array<[OperationName, OperationHandler]>) {
      served.set(name, { name, module, ...declared });
    }
  }
  const routes = new Map<string, Route>();
  for (const name of OPERATION_NAMES) {
    const operation = served.get(name);
    if (!operation) continue; // an operation of the table no module serves (yet)
    const { path, method } = OPERATIONS[name];
    let route = routes.get(path);
    if (!route) {
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const pattern = new RegExp(`${API}${path.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`);
      route = { template: path, pattern, params, methods: {} };
      routes.set(path, route);
    }
    route.methods[method] = operation;
  }
  return [...routes.values()];
}

let built: { generation: number; routes: readonly Route[] } | undefined;

/** The routes of the modules served now (rebuilt when a registration changes them). */
function routes(): readonly Route[] {
  const generation = modulesGeneration();
  if (built?.generation !== generation) built = { generation, routes: buildRoutes() };
  return built.routes;
}

export interface RouteMatch {
  route: Route;
  api: 'v1.0' | 'v2';
  params: Record<string, string>;
  /** The route's path with its {placeholders}, under the API flavour matched. */
  template: string;
}

export function matchRoute(path: string): RouteMatch | undefined {
  for (const route of routes()) {
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
