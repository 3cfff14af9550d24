// `--role role@db[.collection]` and `--scope cluster:<name>`: the flag values
// of dbusers create and update, parsed before any request (UsageError, exit 2).
import { UsageError } from '../../base/errors.js';

/**
 * Built-in roles that apply to every database, so they live at admin: given bare
 * (`--role atlasAdmin`) they mean `@admin`, and no other database is accepted.
 */
export const ADMIN_ROLES = ['atlasAdmin', 'readWriteAnyDatabase', 'readAnyDatabase', 'dbAdminAnyDatabase', 'clusterMonitor', 'backup', 'enableSharding'] as const;
/** Built-in roles granted on one database, which the flag must name. */
export const DATABASE_ROLES = ['read', 'readWrite', 'dbAdmin'] as const;

export interface DatabaseUserRole {
  collectionName?: string;
  databaseName: string;
  roleName: string;
}

// A custom role's name: letters, digits, - and _; a database name: none of MongoDB's
// forbidden characters (/\. "$*<>:|?) and at most 64 bytes; a collection: anything printable.
const ROLE_NAME = /^[A-Za-z0-9_-]+$/;
const DATABASE_NAME = /^[^/\\. "$*<>:|?]{1,64}$/;
const COLLECTION_NAME = /^[^$\p{Cc}]{1,255}$/u;

const isAdminRole = (name: string): boolean => (ADMIN_ROLES as readonly string[]).includes(name);
const isDatabaseRole = (name: string): boolean => (DATABASE_ROLES as readonly string[]).includes(name);
/** The built-in a name spells in another case (`readwrite`): refused, since the service would take it as a custom role. */
const builtInInOtherCase = (name: string): string | undefined =>
  [...ADMIN_ROLES, ...DATABASE_ROLES].find((role) => role !== name && role.toLowerCase() === name.toLowerCase());

/** `readWrite@app`, `read@app.orders`, `atlasAdmin` (a built-in at admin), `myRole@app` (custom). */
export function parseRole(text: string): DatabaseUserRole {
  const at = text.indexOf('@');
  const name = at < 0 ? text : text.slice(0, at);
  const bad = (why: string): UsageError => new UsageError(`invalid --role "${text}": ${why}`);
  const builtIn = builtInInOtherCase(name);
  if (builtIn !== undefined) throw bad(`${name} is not a role; did you mean ${builtIn}? Built-in role names are case-sensitive`);
  if (at < 0) {
    if (isAdminRole(name)) return { databaseName: 'admin', roleName: name };
    if (isDatabaseRole(name)) throw bad(`${name} is granted on one database: give it as ${name}@<database>`);
    throw bad(`not a built-in role that needs no database (${ADMIN_ROLES.join(', ')}); other roles take @<database>, as in readWrite@app`);
  }
  const where = text.slice(at + 1);
  const dot = where.indexOf('.');
  const databaseName = dot < 0 ? where : where.slice(0, dot);
  const collectionName = dot < 0 ? undefined : where.slice(dot + 1);
  if (!ROLE_NAME.test(name)) throw bad('the role name before @ must be letters, digits, - or _');
  if (!DATABASE_NAME.test(databaseName)) throw bad('the database after @ must be 1 to 64 characters, none of / \\ . space " $ * < > : | ?');
  if (collectionName !== undefined && !COLLECTION_NAME.test(collectionName)) throw bad('the collection after the database must be 1 to 255 printable characters, without $');
  if (isAdminRole(name) && (databaseName !== 'admin' || collectionName !== undefined)) throw bad(`${name} applies to every database and is granted at admin: give it as ${name}`);
  return { ...(collectionName !== undefined ? { collectionName } : {}), databaseName, roleName: name };
}

/** The role as the flag writes it: roleName@databaseName[.collectionName]. */
export function formatRole(role: { roleName?: unknown; databaseName?: unknown; collectionName?: unknown }): string {
  const collection = typeof role.collectionName === 'string' && role.collectionName !== '' ? `.${role.collectionName}` : '';
  return `${String(role.roleName)}@${String(role.databaseName)}${collection}`;
}

export interface UserScope {
  name: string;
  type: 'CLUSTER' | 'DATA_LAKE' | 'STREAM';
}

const SCOPE_TYPES: Record<string, UserScope['type']> = { cluster: 'CLUSTER', 'data-lake': 'DATA_LAKE', stream: 'STREAM' };
const SCOPE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;

/** `cluster:<name>` (also `data-lake:<name>`, `stream:<name>`): a resource the user may reach. */
export function parseScope(text: string): UserScope {
  const colon = text.indexOf(':');
  const type = SCOPE_TYPES[text.slice(0, Math.max(colon, 0)).toLowerCase()];
  const name = text.slice(colon + 1);
  if (colon < 0 || !type) throw new UsageError(`invalid --scope "${text}": expected cluster:<name> (or data-lake:<name>, stream:<name>)`);
  if (!SCOPE_NAME.test(name)) throw new UsageError(`invalid --scope "${text}": the name must be ASCII letters, digits and hyphens, starting with a letter or digit`);
  return { name, type };
}

/** The scope as the flag writes it. */
export function formatScope(scope: { name?: unknown; type?: unknown }): string {
  const prefix = Object.entries(SCOPE_TYPES).find(([, type]) => type === scope.type)?.[0] ?? String(scope.type).toLowerCase();
  return `${prefix}:${String(scope.name)}`;
}

/** Repeatable flags: each value parsed as it comes, so the first bad one stops the command. */
export const roleFlag = (value: string, previous: DatabaseUserRole[] = []): DatabaseUserRole[] => [...previous, parseRole(value)];
export const scopeFlag = (value: string, previous: UserScope[] = []): UserScope[] => [...previous, parseScope(value)];
