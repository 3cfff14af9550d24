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
  /** The operation that serves the method asked, if a route of the path serves it. */
  operation?: Operation;
  /** The methods of every route the path matches, HEAD included wherever GET is (a 405's Allow). */
  allowed: string[];
}

/** Fixed characters of a template: a literal segment (`/items/special`) beats a {placeholder} at its place. */
const literalLength = (route: Route): number => route.template.replace(/\{[^}]+\}/g, '').length;

/**
 * The route of a path and method. Several routes can match one path where a literal
 * segment of one stands where another has a {placeholder} (`/items/special`, POST only,
 * and `/items/{name}`, GET PATCH DELETE): the most literal route that serves the method
 * wins, so an item named `special` (a legal name) is read, changed and deleted as any
 * other. Where none serves it, the most literal route is answered, without an
 * operation, and `allowed` lists the methods of them all. Without a method: the most literal route.
 */
export function matchRoute(path: string, method?: string): RouteMatch | undefined {
  const verb = method?.toUpperCase() === 'HEAD' ? 'GET' : method?.toUpperCase();
  const matches: Array<{ route: Route; match: RegExpExecArray }> = [];
  for (const route of routes()) {
    const match = route.pattern.exec(path);
    if (match) matches.push({ route, match });
  }
  if (matches.length === 0) return undefined;
  matches.sort((a, b) => literalLength(b.route) - literalLength(a.route)); // stable: table order among equals
  const chosen = (verb !== undefined ? matches.find(({ route }) => route.methods[verb]) : undefined) ?? matches[0]!;
  const { route, match } = chosen;
  const api = match[1] as 'v1.0' | 'v2';
  const params: Record<string, string> = {};
  route.params.forEach((name, i) => {
    params[name] = decodeURIComponent(match[i + 2]!);
  });
  const allowed = [...new Set(matches.flatMap(({ route: r }) => allowedMethods(r)))];
  const operation = verb !== undefined ? route.methods[verb] : undefined;
  return { route, api, params, template: `/api/atlas/${api}${route.template}`, ...(operation ? { operation } : {}), allowed };
}

/** The methods a route answers, HEAD included wherever GET is. */
function allowedMethods(route: Route): string[] {
  const methods = Object.keys(route.methods);
  return route.methods.GET ? [...methods, 'HEAD'] : methods;
}
