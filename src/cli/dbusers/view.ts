// How database users look on screen: the table columns (declared once, for every
// verb that prints users) and the readable view of one user.
import type { Context } from '../../core/context.js';
import type { IO } from '../../base/io.js';
import { isObject } from '../../base/object.js';
import { keyValueLines, type TableSpec } from '../../output/render.js';
import type { ObtainedPassword } from './password.js';
import { formatRole, formatScope } from './roles.js';

export interface DatabaseUserSummary {
  username: string;
  databaseName: string;
  auth: string;
  roles: string[];
  scopes: string[];
  deleteAfterDate: string;
  description: string;
  labels: string[];
}

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** How the user signs in: SCRAM (a password), or the external method its type fields name. */
export function authLabel(user: Record<string, unknown>): string {
  const set = (field: string): string | undefined => (typeof user[field] === 'string' && user[field] !== 'NONE' ? (user[field] as string) : undefined);
  const aws = set('awsIAMType');
  if (aws) return `AWS IAM ${aws.toLowerCase()}`;
  const x509 = set('x509Type');
  if (x509) return `X.509 ${x509.toLowerCase()}`;
  const ldap = set('ldapAuthType');
  if (ldap) return `LDAP ${ldap.toLowerCase()}`;
  const oidc = set('oidcAuthType');
  if (oidc) return oidc === 'IDP_GROUP' ? 'OIDC group' : 'OIDC user';
  return 'SCRAM';
}

export function summarizeUser(document: unknown): DatabaseUserSummary {
  const user = isObject(document) ? document : {};
  return {
    username: text(user.username),
    databaseName: text(user.databaseName),
    auth: authLabel(user),
    roles: list(user.roles).map(formatRole),
    scopes: list(user.scopes).map(formatScope),
    deleteAfterDate: text(user.deleteAfterDate),
    description: text(user.description),
    labels: list(user.labels).map((l) => `${text(l.key)}=${text(l.value)}`),
  };
}

export const DATABASE_USER_COLUMNS: TableSpec<DatabaseUserSummary>['columns'] = [
  // On a narrow terminal the name stays whole while dropping columns makes room (then keeps
  // both ends); scopes, then the date, go first.
  { header: 'USERNAME', value: (u) => u.username, copyable: true },
  { header: 'AUTH DB', value: (u) => u.databaseName, copyable: true, dropPriority: 3 },
  { header: 'AUTH', value: (u) => u.auth, minWidth: 5, dropPriority: 2 },
  { header: 'ROLES', value: (u) => u.roles.join(', '), minWidth: 12 },
  { header: 'SCOPES', value: (u) => (u.scopes.length === 0 ? 'all' : u.scopes.join(', ')), minWidth: 8, dropPriority: 5 },
  { header: 'DELETE AFTER', value: (u) => u.deleteAfterDate, copyable: true, dropPriority: 4 },
];

export const DATABASE_USER_LIST_TABLE: TableSpec<DatabaseUserSummary> = {
  columns: DATABASE_USER_COLUMNS,
  rows: (document) => list(isObject(document) ? document.results : undefined).map(summarizeUser),
};

export const DATABASE_USER_TABLE: TableSpec<DatabaseUserSummary> = {
  columns: DATABASE_USER_COLUMNS,
  rows: (document) => [summarizeUser(document)],
};

/** The readable view of one user on a terminal. */
export function databaseUserView(io: IO, document: unknown): string {
  const user = summarizeUser(document);
  return `${keyValueLines(io, [
    ['Username', user.username],
    ['Auth database', user.databaseName],
    ['Signs in with', user.auth],
    ['Roles', user.roles.join(', ')],
    ['Scopes', user.scopes.length === 0 ? 'every cluster of the project' : user.scopes.join(', ')],
    ['Deleted after', user.deleteAfterDate],
    ['Description', user.description],
    ['Labels', user.labels.join(', ')],
  ])}\n`;
}

/** One user: the view on a terminal with table output, else the document through the formatter. */
export async function showDatabaseUser(ctx: Context, document: unknown): Promise<void> {
  if ((await ctx.outputForm('terminal-view')).form === 'view') {
    ctx.io.write(databaseUserView(ctx.io, document));
    return;
  }
  await ctx.output(document, DATABASE_USER_TABLE);
}

/**
 * The answer to a create or update. A generated password is shown this once: alone
 * on stdout (the document is not shown), or as the field "password" of the document
 * with -o json|pretty; then `note` says so on stderr. --query never gets here with a
 * generated password: checkPasswordFlags refuses the two together.
 */
export async function showUserWithPassword(ctx: Context, document: unknown, password: ObtainedPassword | undefined, note: string): Promise<void> {
  if (!password?.generated) {
    await showDatabaseUser(ctx, document);
    return;
  }
  const form = await ctx.outputForm('bare');
  await ctx.io.revealing(password.value, async () => {
    if (form.form === 'bare') ctx.io.write(`${password.value}\n`);
    else await ctx.output({ ...(document as object), password: password.value }, DATABASE_USER_TABLE);
  });
  ctx.io.note(note);
}
