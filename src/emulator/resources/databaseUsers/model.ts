// Database users as the service keeps them (CloudDatabaseUser in the 2026-08
// description; recorded-resources/TestDBUserWithFlags__*): the checks of a create or
// patch body, and the stored document. Passwords are checked and then forgotten:
// the service never answers them, and nothing here keeps them.
import { isObject } from '../../../base/object.js';

/** A user as stored and answered (without links, which depend on the request). */
export interface DatabaseUserDocument {
  awsIAMType: string;
  databaseName: string;
  deleteAfterDate?: string;
  description?: string;
  groupId: string;
  labels: Array<{ key: string; value: string }>;
  ldapAuthType: string;
  oidcAuthType: string;
  roles: Array<Record<string, string>>;
  scopes: Array<{ name: string; type: string }>;
  username: string;
  x509Type: string;
}

/** What is wrong with a body, in the service's terms; the handler turns it into the 400 (or 409). */
export interface UserProblem {
  code: 'INVALID_ATTRIBUTE' | 'ATTRIBUTE_READ_ONLY' | 'MISSING_ATTRIBUTE';
  field: string;
}

const WRITABLE = ['awsIAMType', 'databaseName', 'deleteAfterDate', 'description', 'groupId', 'labels', 'ldapAuthType', 'oidcAuthType', 'password', 'roles', 'scopes', 'username', 'x509Type'];
export const READ_ONLY = ['links'];
const AUTH_TYPES: Record<'awsIAMType' | 'ldapAuthType' | 'oidcAuthType' | 'x509Type', readonly string[]> = {
  awsIAMType: ['NONE', 'USER', 'ROLE'],
  ldapAuthType: ['NONE', 'GROUP', 'USER'],
  oidcAuthType: ['NONE', 'IDP_GROUP', 'USER'],
  x509Type: ['NONE', 'CUSTOMER', 'MANAGED'],
};
const SCOPE_TYPES = ['CLUSTER', 'DATA_LAKE', 'STREAM'];
const SCOPE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;
/** The furthest deleteAfterDate the service takes: one week after the request. */
export const DELETE_AFTER_LIMIT_MS = 7 * 24 * 3_600_000;

const invalid = (field: string): UserProblem => ({ code: 'INVALID_ATTRIBUTE', field });

/** ISO 8601 with a zone (the description's date-time); undefined otherwise. */
function parseDate(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The service's form of a date: UTC, whole seconds. */
function serviceDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Unknown fields first, then read-only ones, each named (the service's 400s). */
function checkFields(body: Record<string, unknown>): UserProblem | undefined {
  for (const key of Object.keys(body)) {
    if (READ_ONLY.includes(key)) return { code: 'ATTRIBUTE_READ_ONLY', field: key };
    if (!WRITABLE.includes(key)) return invalid(key);
  }
  return undefined;
}

function checkRoles(value: unknown): UserProblem | Array<Record<string, string>> {
  if (!Array.isArray(value)) return invalid('roles');
  const roles: Array<Record<string, string>> = [];
  for (const role of value) {
    if (!isObject(role)) return invalid('roles');
    for (const key of Object.keys(role)) if (!['collectionName', 'databaseName', 'roleName'].includes(key)) return invalid(`roles.${key}`);
    if (typeof role.roleName !== 'string' || role.roleName === '') return { code: 'MISSING_ATTRIBUTE', field: 'roles.roleName' };
    if (typeof role.databaseName !== 'string' || role.databaseName === '') return { code: 'MISSING_ATTRIBUTE', field: 'roles.databaseName' };
    if (role.collectionName !== undefined && (typeof role.collectionName !== 'string' || role.collectionName === '')) return invalid('roles.collectionName');
    roles.push({
      ...(role.collectionName !== undefined ? { collectionName: role.collectionName as string } : {}),
      databaseName: role.databaseName,
      roleName: role.roleName,
    });
  }
  return roles;
}

function checkScopes(value: unknown): UserProblem | Array<{ name: string; type: string }> {
  if (!Array.isArray(value)) return invalid('scopes');
  const scopes: Array<{ name: string; type: string }> = [];
  for (const scope of value) {
    if (!isObject(scope)) return invalid('scopes');
    for (const key of Object.keys(scope)) if (key !== 'name' && key !== 'type') return invalid(`scopes.${key}`);
    if (typeof scope.name !== 'string' || !SCOPE_NAME.test(scope.name)) return invalid('scopes.name');
    if (typeof scope.type !== 'string' || !SCOPE_TYPES.includes(scope.type)) return invalid('scopes.type');
    scopes.push({ name: scope.name, type: scope.type });
  }
  return scopes;
}

function checkLabels(value: unknown): UserProblem | Array<{ key: string; value: string }> {
  if (!Array.isArray(value)) return invalid('labels');
  const labels: Array<{ key: string; value: string }> = [];
  for (const label of value) {
    if (!isObject(label)) return invalid('labels');
    for (const key of Object.keys(label)) if (key !== 'key' && key !== 'value') return invalid(`labels.${key}`);
    const ok = (text: unknown): text is string => typeof text === 'string' && text.length >= 1 && text.length <= 255;
    if (!ok(label.key) || !ok(label.value)) return invalid('labels');
    labels.push({ key: label.key, value: label.value });
  }
  return labels;
}

/** Whether the user signs in with a password (every auth type NONE). */
export function isScram(user: Pick<DatabaseUserDocument, 'awsIAMType' | 'ldapAuthType' | 'oidcAuthType' | 'x509Type'>): boolean {
  return user.awsIAMType === 'NONE' && user.ldapAuthType === 'NONE' && user.oidcAuthType === 'NONE' && user.x509Type === 'NONE';
}

/**
 * The database an auth type signs in against (the description's databaseName):
 * AWS IAM, X.509, LDAP users and OIDC workload users at $external; SCRAM, LDAP
 * groups and OIDC workforce groups at admin.
 */
export function authDatabaseFor(user: Pick<DatabaseUserDocument, 'awsIAMType' | 'ldapAuthType' | 'oidcAuthType' | 'x509Type'>): 'admin' | '$external' {
  const external = user.awsIAMType !== 'NONE' || user.x509Type !== 'NONE' || user.ldapAuthType === 'USER' || user.oidcAuthType === 'USER';
  return external ? '$external' : 'admin';
}

export interface CheckOptions {
  groupId: string;
  /** The service's now (ms): deleteAfterDate must be after it and within a week of it. Undefined: no window (seeds). */
  now?: number;
  /** A password-signed user must bring one (a seed's need not: it is never answered). */
  requirePassword: boolean;
}

function checkDeleteAfter(value: unknown, now: number | undefined): UserProblem | string {
  const ms = parseDate(value);
  if (ms === undefined) return invalid('deleteAfterDate');
  if (now !== undefined && (ms <= now || ms - now > DELETE_AFTER_LIMIT_MS)) return invalid('deleteAfterDate');
  return serviceDate(ms);
}

/** A create body as the user it makes, or the first problem with it. */
export function checkCreateBody(body: Record<string, unknown>, options: CheckOptions): { user: DatabaseUserDocument } | { problem: UserProblem } {
  const fieldProblem = checkFields(body);
  if (fieldProblem) return { problem: fieldProblem };
  for (const field of ['username', 'databaseName', 'groupId', 'roles']) {
    if (body[field] === undefined || body[field] === null) return { problem: { code: 'MISSING_ATTRIBUTE', field } };
  }
  if (typeof body.username !== 'string' || body.username === '' || body.username.length > 1024) return { problem: invalid('username') };
  if (body.groupId !== options.groupId) return { problem: invalid('groupId') };
  const types = {} as Record<keyof typeof AUTH_TYPES, string>;
  for (const [field, allowed] of Object.entries(AUTH_TYPES) as Array<[keyof typeof AUTH_TYPES, readonly string[]]>) {
    const value = body[field] ?? 'NONE';
    if (typeof value !== 'string' || !allowed.includes(value)) return { problem: invalid(field) };
    types[field] = value;
  }
  if (Object.values(types).filter((t) => t !== 'NONE').length > 1) return { problem: invalid('x509Type') };
  if (body.databaseName !== authDatabaseFor(types)) return { problem: invalid('databaseName') };
  const problem = checkPassword(body.password, isScram(types), options.requirePassword);
  if (problem) return { problem };
  const roles = checkRoles(body.roles);
  if (!Array.isArray(roles)) return { problem: roles };
  const scopes = body.scopes === undefined ? [] : checkScopes(body.scopes);
  if (!Array.isArray(scopes)) return { problem: scopes };
  const labels = body.labels === undefined ? [] : checkLabels(body.labels);
  if (!Array.isArray(labels)) return { problem: labels };
  if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 100)) return { problem: invalid('description') };
  let deleteAfterDate: string | undefined;
  if (body.deleteAfterDate !== undefined) {
    const date = checkDeleteAfter(body.deleteAfterDate, options.now);
    if (typeof date !== 'string') return { problem: date };
    deleteAfterDate = date;
  }
  return {
    user: {
      ...types,
      databaseName: body.databaseName as string,
      ...(deleteAfterDate !== undefined ? { deleteAfterDate } : {}),
      ...(body.description !== undefined ? { description: body.description as string } : {}),
      groupId: options.groupId,
      labels,
      roles,
      scopes,
      username: body.username,
    },
  };
}

function checkPassword(password: unknown, scram: boolean, required: boolean): UserProblem | undefined {
  if (password === undefined || password === null) return scram && required ? { code: 'MISSING_ATTRIBUTE', field: 'password' } : undefined;
  if (!scram || typeof password !== 'string' || password.length < 8) return invalid('password');
  return undefined;
}

/**
 * A patch applied to a copy of the user, or the first problem. The user's identity
 * (name, database, project, auth type) may be repeated but not changed.
 */
export function applyUserPatch(user: DatabaseUserDocument, body: Record<string, unknown>, now: number): { user: DatabaseUserDocument } | { problem: UserProblem } {
  const fieldProblem = checkFields(body);
  if (fieldProblem) return { problem: fieldProblem };
  for (const field of ['username', 'databaseName', 'groupId', ...Object.keys(AUTH_TYPES)] as const) {
    const given = body[field];
    if (given !== undefined && given !== null && given !== user[field as keyof DatabaseUserDocument]) return { problem: invalid(field) };
  }
  const next: DatabaseUserDocument = structuredClone(user);
  const problem = checkPassword(body.password, isScram(user), false);
  if (problem) return { problem };
  if (body.roles !== undefined) {
    const roles = checkRoles(body.roles);
    if (!Array.isArray(roles)) return { problem: roles };
    next.roles = roles;
  }
  if (body.scopes !== undefined) {
    const scopes = checkScopes(body.scopes);
    if (!Array.isArray(scopes)) return { problem: scopes };
    next.scopes = scopes;
  }
  if (body.labels !== undefined) {
    const labels = checkLabels(body.labels);
    if (!Array.isArray(labels)) return { problem: labels };
    next.labels = labels;
  }
  if (body.description !== undefined) {
    if (typeof body.description !== 'string' || body.description.length > 100) return { problem: invalid('description') };
    next.description = body.description;
  }
  if (body.deleteAfterDate !== undefined) {
    const date = checkDeleteAfter(body.deleteAfterDate, now);
    if (typeof date !== 'string') return { problem: date };
    next.deleteAfterDate = date;
  }
  return { user: next };
}

/** Whether the user is past its deleteAfterDate at `now` (ms): then the service has deleted it. */
export function isExpired(user: DatabaseUserDocument, now: number): boolean {
  return user.deleteAfterDate !== undefined && Date.parse(user.deleteAfterDate) <= now;
}

/** The answer: the stored fields and links, keys in the service's (alphabetical) order. */
export function renderUser(user: DatabaseUserDocument, selfHref: string): Record<string, unknown> {
  const withLinks: Record<string, unknown> = { ...structuredClone(user), links: [{ href: selfHref, rel: 'self' }] };
  return Object.fromEntries(Object.keys(withLinks).sort().map((key) => [key, withLinks[key]]));
}
