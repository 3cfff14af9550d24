// The one table of the API's operations: each resource's paths, methods and the
// versions each operation is served at, with their lifecycle (seed: Versioning —
// "each resource versions on its own"; the OpenAPI subset lists versions per
// operation). The API client picks versions from it and fills its paths
// (pathOf: the one place a path is built); the emulator routes, negotiates
// and sends Deprecation / Sunset from it. Pure: it imports only the typed errors.
// The product's operations are the const below; registerOperations is the one way
// to add more (test fixtures follow the recipe in docs/ARCHITECTURE.md with it).
import { UsageError } from '../base/errors.js';
import { NETWORK_OPERATIONS } from './networkOperations.js';
import { SEARCH_OPERATIONS } from './searchOperations.js';

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

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface OperationVersion {
  /** The version date, as in Accept: application/vnd.atlas.<date>+json. */
  date: string;
  /** HTTP-date of the successor's release, sent as Deprecation (byte for byte as the service does). */
  deprecation?: string;
  /** HTTP-date of removal, sent as Sunset; from that day the version answers 410. */
  sunset?: string;
}

/** An operation as the table declares it: its resource is the first part of its name. */
interface TableEntry {
  method: HttpMethod;
  /** Relative to the API base (/api/atlas/v1.0 or /v2), with {groupId} / {clusterName} placeholders. */
  path: string;
  /** Oldest first. */
  versions: readonly OperationVersion[];
  /** The description marks the operation itself deprecated (`deprecated: true`), with no Sunset. */
  deprecated?: true;
  /** Served only in the versioned API: there is no /api/atlas/v1.0 path (flex clusters). */
  v2Only?: boolean;
  /**
   * No command sends it: it is in the table so that the emulator serves it and `cdba api`
   * resolves its version (the deprecated /fts search index paths, which other clients call).
   * `cdba versions` and `auth status` leave it out of the versions cdba sends.
   */
  passthrough?: true;
}

export interface OperationDecl extends TableEntry {
  resource: ResourceName;
}

// Lifecycle facts. Sunset: the description of 2026-08-21 (admin-api-v2-2026-08-subset.json,
// `x-sunset` on each version's media type; test/unit/api/operationsLifecycle.test.ts holds
// this table against it). Deprecation: the successor's release, as the live service sends
// it (reference/recorded). HTTP-dates byte for byte as the service writes them (the day is
// not zero-padded).
const CLUSTERS_2023_01_01: OperationVersion = {
  date: '2023-01-01',
  deprecation: 'Wed, 1 Feb 2023 00:00:00 GMT',
  sunset: 'Thu, 1 Jul 2027 00:00:00 GMT',
};
/** 2023-02-01 of an operation that has a 2024-08-05 successor. */
const CLUSTERS_2023_02_01_SUPERSEDED: OperationVersion = {
  date: '2023-02-01',
  deprecation: 'Mon, 5 Aug 2024 00:00:00 GMT',
  sunset: 'Thu, 1 Jul 2027 00:00:00 GMT',
};
/** create and patch at 2024-08-05: superseded by 2024-10-23. */
const CLUSTERS_2024_08_05_SUPERSEDED: OperationVersion = {
  date: '2024-08-05',
  deprecation: 'Wed, 23 Oct 2024 00:00:00 GMT',
  sunset: 'Mon, 1 Mar 2027 00:00:00 GMT',
};

const CLUSTERS = '/groups/{groupId}/clusters';
const CLUSTER = '/groups/{groupId}/clusters/{clusterName}';
const PRIVATE_IP_MODE = '/groups/{groupId}/privateIpMode';
// Flex clusters have their own API, at one version (OpenAPI 2026-08 subset; recorded-resources/TestFlexCluster__*).
const FLEX_CLUSTERS = '/groups/{groupId}/flexClusters';
const FLEX_CLUSTER = '/groups/{groupId}/flexClusters/{name}';
const FLEX_2024_11_13: readonly OperationVersion[] = [{ date: '2024-11-13' }];
const DATABASE_USERS = '/groups/{groupId}/databaseUsers';
const DATABASE_USER = '/groups/{groupId}/databaseUsers/{databaseName}/{username}';
// Projects, organizations and the project IP access list: 2023-01-01 only (2026-08 description).
const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const ACCESS_LIST = '/groups/{groupId}/accessList';
const ACCESS_LIST_ENTRY = '/groups/{groupId}/accessList/{entryValue}';

const BUILTIN_OPERATIONS = {
  'root.get': { method: 'GET', path: '', versions: [{ date: '2023-01-01' }] },
  'clusters.list': {
    method: 'GET',
    path: CLUSTERS,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, { date: '2024-08-05' }],
  },
  'clusters.create': {
    method: 'POST',
    path: CLUSTERS,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, CLUSTERS_2024_08_05_SUPERSEDED, { date: '2024-10-23' }],
  },
  'clusters.get': {
    method: 'GET',
    path: CLUSTER,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, { date: '2024-08-05' }],
  },
  'clusters.update': {
    method: 'PATCH',
    path: CLUSTER,
    versions: [CLUSTERS_2023_01_01, CLUSTERS_2023_02_01_SUPERSEDED, CLUSTERS_2024_08_05_SUPERSEDED, { date: '2024-10-23' }],
  },
  'clusters.delete': { method: 'DELETE', path: CLUSTER, versions: [CLUSTERS_2023_01_01, { date: '2023-02-01' }] },
  // Every cluster the caller can see, across projects (listClusterDetails); no CLI command calls it, `cdba api /clusters` does.
  'clusters.listAll': { method: 'GET', path: '/clusters', versions: [{ date: '2023-01-01' }] },
  'flexClusters.list': { method: 'GET', path: FLEX_CLUSTERS, versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.create': { method: 'POST', path: FLEX_CLUSTERS, versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.get': { method: 'GET', path: FLEX_CLUSTER, versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.update': { method: 'PATCH', path: FLEX_CLUSTER, versions: FLEX_2024_11_13, v2Only: true },
  'flexClusters.delete': { method: 'DELETE', path: FLEX_CLUSTER, versions: FLEX_2024_11_13, v2Only: true },
  'privateIpMode.get': { method: 'GET', path: PRIVATE_IP_MODE, versions: [{ date: '2023-01-01' }], deprecated: true },
  'privateIpMode.update': { method: 'PATCH', path: PRIVATE_IP_MODE, versions: [{ date: '2023-01-01' }], deprecated: true },
  // Database users: every operation at 2023-01-01 only (2026-08 description).
  'databaseUsers.list': { method: 'GET', path: DATABASE_USERS, versions: ONLY_2023_01_01 },
  'databaseUsers.create': { method: 'POST', path: DATABASE_USERS, versions: ONLY_2023_01_01 },
  'databaseUsers.get': { method: 'GET', path: DATABASE_USER, versions: ONLY_2023_01_01 },
  'databaseUsers.update': { method: 'PATCH', path: DATABASE_USER, versions: ONLY_2023_01_01 },
  'databaseUsers.delete': { method: 'DELETE', path: DATABASE_USER, versions: ONLY_2023_01_01 },
  'projects.list': { method: 'GET', path: '/groups', versions: ONLY_2023_01_01 },
  'projects.create': { method: 'POST', path: '/groups', versions: ONLY_2023_01_01 },
  'projects.get': { method: 'GET', path: '/groups/{groupId}', versions: ONLY_2023_01_01 },
  'projects.getByName': { method: 'GET', path: '/groups/byName/{groupName}', versions: ONLY_2023_01_01 },
  'projects.delete': { method: 'DELETE', path: '/groups/{groupId}', versions: ONLY_2023_01_01 },
  'orgs.list': { method: 'GET', path: '/orgs', versions: ONLY_2023_01_01 },
  'accessList.list': { method: 'GET', path: ACCESS_LIST, versions: ONLY_2023_01_01 },
  'accessList.create': { method: 'POST', path: ACCESS_LIST, versions: ONLY_2023_01_01 },
  'accessList.get': { method: 'GET', path: ACCESS_LIST_ENTRY, versions: ONLY_2023_01_01 },
  'accessList.status': { method: 'GET', path: `${ACCESS_LIST_ENTRY}/status`, versions: ONLY_2023_01_01 },
  'accessList.delete': { method: 'DELETE', path: ACCESS_LIST_ENTRY, versions: ONLY_2023_01_01 },
  ...NETWORK_OPERATIONS,
  ...SEARCH_OPERATIONS,
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
