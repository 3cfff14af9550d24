// The one table of the API's operations: each resource's paths, methods and the
// versions each operation is served at, with their lifecycle (seed: Versioning —
// "each resource versions on its own"; the OpenAPI subset lists versions per
// operation). The API client picks versions from it and fills its paths
// (pathOf: the one place a path is built); the emulator routes, negotiates
// and sends Deprecation / Sunset from it. Pure: it imports only the typed errors
// and the resources' files of ./operations/ (data only), one each, which declare
// every operation; this file is the table's machinery. registerOperations is the one
// way to add more (test fixtures follow the recipe in docs/ARCHITECTURE.md with it).
import { UsageError } from '../base/errors.js';
import { accessList } from './operations/accessList.js';
import { alertConfigs, alertMatchers } from './operations/alertConfigs.js';
import { alerts } from './operations/alerts.js';
import { awsCustomDns } from './operations/awsCustomDns.js';
import { accessLogs } from './operations/accessLogs.js';
import { backups } from './operations/backups.js';
import { clusters } from './operations/clusters.js';
import { containers } from './operations/containers.js';
import { databaseUsers } from './operations/databaseUsers.js';
import type { HttpMethod, OperationVersion, TableEntry } from './operations/entry.js';
import { events } from './operations/events.js';
import { flexBackups } from './operations/flexBackups.js';
import { flexClusters } from './operations/flexClusters.js';
import { metrics } from './operations/metrics.js';
import { logs } from './operations/logs.js';
import { orgEvents } from './operations/orgEvents.js';
import { orgs } from './operations/orgs.js';
import { peers } from './operations/peers.js';
import { performanceAdvisor } from './operations/performanceAdvisor.js';
import { privateEndpoints } from './operations/privateEndpoints.js';
import { privateIpMode } from './operations/privateIpMode.js';
import { processes } from './operations/processes.js';
import { projects } from './operations/projects.js';
import { root } from './operations/root.js';
import { sampleDatasets } from './operations/sampleDatasets.js';
import { searchIndexes } from './operations/searchIndexes.js';

export type { HttpMethod, OperationVersion };

/**
 * The operations added by registerOperations. A module that registers some names
 * them here too, by declaration merging, each with the type of its declaration (at
 * least its path), so that `client.call(name, params)` and the emulator's handlers
 * are type-checked against them:
 *   declare module '<path>/api/operations.js' { interface RegisteredOperations { 'gadgets.get': { path: '/groups/{groupId}/gadgets/{gadgetId}' } } }
 * A name declared as `true` is known, and its path parameters are not checked.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RegisteredOperations {}

export interface OperationDecl extends TableEntry {
  resource: ResourceName;
}

// Each resource's operations, from its file of ./operations/ (one line each). The order
// is the order of lookup (operationFor, resourceForPath: the first that matches).
const BUILTIN_OPERATIONS = {
  ...root,
  ...clusters,
  ...flexClusters,
  ...privateIpMode,
  ...awsCustomDns,
  ...databaseUsers,
  ...projects,
  ...orgs,
  ...accessList,
  ...containers,
  ...peers,
  ...privateEndpoints,
  ...searchIndexes,
  ...sampleDatasets,
  ...backups,
  ...flexBackups,
  ...alerts, ...alertConfigs, ...alertMatchers,
  ...processes,
  ...metrics,
  ...logs,
  ...performanceAdvisor,
  ...events,
  ...orgEvents,
  ...accessLogs,
} as const satisfies Record<string, TableEntry>;

export type BuiltinOperationName = keyof typeof BUILTIN_OPERATIONS;
/** `<resource>.<verb>`: the product's operations and any registered ones. */
export type OperationName = BuiltinOperationName | (keyof RegisteredOperations & string);
type ResourceOf<Name> = Name extends `${infer Resource}.${string}` ? Resource : never;
/** The resources, from the operations' names. */
export type ResourceName = ResourceOf<OperationName>;

/**
 * Every operation: the product's, then the registered ones. Typed as holding every
 * name because a registered name is declared beside its registerOperations call.
 */
export const OPERATIONS = Object.fromEntries(
  Object.entries(BUILTIN_OPERATIONS).map(([name, entry]) => [name, { resource: name.slice(0, name.indexOf('.')), ...entry }]),
) as unknown as Readonly<Record<OperationName, OperationDecl>>;
export const OPERATION_NAMES: readonly OperationName[] = Object.keys(BUILTIN_OPERATIONS) as OperationName[];

export function operation(name: OperationName): OperationDecl {
  return OPERATIONS[name];
}

type DeclOf<Name> = Name extends BuiltinOperationName
  ? (typeof BUILTIN_OPERATIONS)[Name]
  : Name extends keyof RegisteredOperations
    ? RegisteredOperations[Name]
    : never;
type TemplateOf<Name> = DeclOf<Name> extends { readonly path: infer Path extends string } ? Path : string;
type ParamNames<Path extends string> = Path extends `${string}{${infer Param}}${infer Rest}` ? Param | ParamNames<Rest> : never;
/**
 * The values of an operation's path parameters, named as its path names them
 * (`{groupId}`, `{clusterName}`): a missing or unknown one does not compile.
 */
export type PathParams<Name extends OperationName> =
  string extends TemplateOf<Name>
    ? Readonly<Record<string, string>>
    : [ParamNames<TemplateOf<Name>>] extends [never]
      ? Readonly<Record<string, never>>
      : { readonly [Param in ParamNames<TemplateOf<Name>>]: string };

// Each path split once: literal text at even indexes, parameter names at odd ones.
const templates = new Map<string, readonly string[]>();

/**
 * The one function that builds an operation's path: its template with each
 * parameter percent-encoded. A value that is empty, "." or ".." is refused (a usage
 * error, before any request): encodeURIComponent leaves dots alone, and URL
 * parsers and proxies resolve dot segments, so `/groups/..` would reach another
 * resource (`DELETE /groups/..` is `DELETE /`), and an empty one another operation.
 */
export function pathOf<Name extends OperationName>(name: Name, params: PathParams<Name>): string {
  const template = OPERATIONS[name].path;
  let parts = templates.get(template);
  if (parts === undefined) {
    parts = template.split(/\{([^}]+)\}/);
    templates.set(template, parts);
  }
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const param = parts[i]!;
    const value = (params as Readonly<Record<string, string | undefined>>)[param];
    if (typeof value !== 'string') throw new Error(`operation ${name}: no value for {${param}}`);
    if (value === '' || value === '.' || value === '..') {
      throw new UsageError(`invalid ${param} "${value}": a name in a URL path cannot be empty, "." or ".."`);
    }
    path += encodeURIComponent(value) + parts[i + 1]!;
  }
  return path;
}

/** The newest version date of any operation: what a profile without apiVersion is pinned to. */
export const NEWEST_DATE: string = OPERATION_NAMES.flatMap((name) => OPERATIONS[name].versions.map((v) => v.date))
  .sort()
  .at(-1)!;

/**
 * Adds operations to the table, for a resource declared outside this file (the
 * recipe's test fixture). The client, the `api` passthrough and the emulator's
 * router read them as they read the product's; the emulator serves those whose
 * handlers are registered (registerHandlers in src/emulator/index.ts). Register
 * before the first request. Throws on a name taken, a name that is not
 * `<resource>.<verb>`, a method and path another operation serves, or versions that
 * are empty, out of order or newer than NEWEST_DATE (the default pin, which is fixed).
 * Returns what takes them out again.
 */
export function registerOperations(operations: { readonly [Name in OperationName]?: OperationDecl }): () => void {
  const table = OPERATIONS as Record<string, OperationDecl>;
  const added: string[] = [];
  for (const [name, decl] of Object.entries(operations) as Array<[string, OperationDecl]>) {
    if (name in table) throw new Error(`operation ${name} is already declared`);
    if (!name.startsWith(`${decl.resource}.`)) throw new Error(`operation ${name} must be named ${decl.resource}.<verb>`);
    const dates = decl.versions.map((v) => v.date);
    if (dates.length === 0 || dates.some((date, i) => i > 0 && date <= dates[i - 1]!) || dates.at(-1)! > NEWEST_DATE) {
      throw new Error(`operation ${name}: versions must be oldest first, at least one, none after ${NEWEST_DATE}`);
    }
    const shape = (path: string): string => path.replace(/\{[^}]+\}/g, '{}');
    const clash = OPERATION_NAMES.find((other) => table[other]!.method === decl.method && shape(table[other]!.path) === shape(decl.path));
    if (clash) throw new Error(`operation ${name}: ${decl.method} ${decl.path} is already ${clash}`);
    table[name] = decl;
    (OPERATION_NAMES as string[]).push(name);
    added.push(name);
  }
  // The table is process-wide: a test that registers takes its operations out again.
  return () => {
    for (const name of added) {
      delete table[name];
      (OPERATION_NAMES as string[]).splice((OPERATION_NAMES as string[]).indexOf(name), 1);
    }
  };
}

/** The newest version of an operation not after `date` (ISO dates compare as strings), or undefined. */
export function versionAt(name: OperationName, date: string): OperationVersion | undefined {
  return (OPERATIONS[name].versions as readonly OperationVersion[]).filter((v) => v.date <= date).at(-1);
}

const patterns = new Map<string, RegExp>();
function patternOf(path: string): RegExp {
  let re = patterns.get(path);
  if (!re) {
    re = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
    patterns.set(path, re);
  }
  return re;
}

/** The operation a method and path (relative to the version base, query allowed) address; HEAD is GET. */
export function operationFor(method: string, path: string): OperationName | undefined {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return OPERATION_NAMES.find((name) => OPERATIONS[name].method === verb && patternOf(OPERATIONS[name].path).test(clean));
}

/** The resource a path addresses, whatever the method. */
export function resourceForPath(path: string): ResourceName | undefined {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  return OPERATION_NAMES.map((name) => OPERATIONS[name]).find((op) => patternOf(op.path).test(clean))?.resource;
}
