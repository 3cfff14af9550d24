// `cdba dbusers create <user>`: a database user with its roles (role@db), scopes
// (cluster:<name>), an optional end (--delete-after), and how it signs in: a
// password (asked on a terminal, --password-stdin or --generate-password, never
// argv), AWS IAM, X.509, or any type the service knows through --file.
// Everything the flags can be wrong about is refused before the first request.
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { DELETE_AFTER_HELP, resolveDeleteAfter, type DeleteAfterFlags } from '../../core/deleteAfter.js';
import { UsageError } from '../../base/errors.js';
import { choiceFlag, withExamples, withDetails, type App } from '../command.js';
import { withUserHints } from './hints.js';
import { checkFilePassword, checkPasswordFlags, obtainPassword, type PasswordFlags } from './password.js';
import { roleFlag, scopeFlag, type DatabaseUserRole, type UserScope } from './roles.js';
import { userTarget } from './target.js';
import { showUserWithPassword } from './view.js';

export interface CreateFlags extends PasswordFlags, DeleteAfterFlags {
  role?: DatabaseUserRole[];
  scope?: UserScope[];
  description?: string;
  awsIamUser?: string;
  awsIamRole?: string;
  x509?: 'managed' | 'customer';
  file?: string;
}

/** The service's limit on a description (CloudDatabaseUser.description maxLength). */
export const MAX_DESCRIPTION = 100;

/**
 * --description within the service's limit (create and update), before any request. The
 * service counts as Java does, in UTF-16 units (the emulator alike): an emoji counts 2.
 */
export function checkDescription(description: string | undefined): void {
  if (description === undefined || description.length <= MAX_DESCRIPTION) return;
  const counted = description.length === [...description].length ? '' : ' (an emoji or other character outside the Basic Multilingual Plane counts as 2)';
  throw new UsageError(`--description is ${description.length} characters${counted}; the service allows at most ${MAX_DESCRIPTION}`);
}
const AWS_ARN = /^arn:aws[a-z-]*:iam::\d{12}:(user|role)\/.+$/;

export function registerDbUsersCreate(parent: Command, app: App): void {
  const command = parent
    .command('create')
    .description('create a database user: roles, scopes, an optional end date, and a password or another way to sign in')
    .argument('[user]', 'username (with --aws-iam-user/--aws-iam-role the ARN is the name; with --file, the file may give it)')
    .option('--role <role@db>', 'a role on a database, repeatable: readWrite@app, read@app.orders, a custom role@db; atlasAdmin and the other built-ins for every database need no @db', roleFlag)
    .option('--scope <type:name>', 'limit the user to a cluster, repeatable: cluster:<name> (default: every cluster of the project)', scopeFlag)
    .option('--delete-after <duration>', DELETE_AFTER_HELP.deleteAfter)
    .option('--delete-after-date <iso>', DELETE_AFTER_HELP.deleteAfterDate)
    .option('--description <text>', `a note on the user, at most ${MAX_DESCRIPTION} characters`)
    .option('--password-stdin', 'read the password from stdin (one line)')
    .option('--generate-password', 'make a strong password and print it once: alone on stdout, or as "password" with -o json')
    .addOption(new Option('--password <password>', 'refused: a password on the command line is visible to other users').hideHelp())
    .option('--aws-iam-user <arn>', 'an AWS IAM user signs in (its ARN is the username)')
    .option('--aws-iam-role <arn>', 'an AWS IAM role signs in (its ARN is the username)')
    .option('--x509 <type>', 'X.509 certificates: managed or customer (your CA)', choiceFlag('--x509', ['managed', 'customer'] as const))
    .option('--file <file>', 'a CloudDatabaseUser JSON body (- for stdin) for any other type (LDAP, OIDC); the flags above add to it')
    .action(async (user, options, cmd) => runDbUsersCreate(app.context(cmd), user, options));
  withDetails(command, {
    options: {
      '--role': 'The built-ins for every database (atlasAdmin, readAnyDatabase, readWriteAnyDatabase, dbAdminAnyDatabase, clusterMonitor, backup, enableSharding) need no @db; built-in names are case-sensitive',
      '--scope': 'Also data-lake:<name> and stream:<name>',
      '--aws-iam-user': 'Its database is $external',
      '--aws-iam-role': 'Its database is $external',
      '--x509': 'managed: the service issues the certificates; customer: your CA, and the username is the DN; the database is $external',
    },
  });
  withExamples(command, [
    ['Read and write on app, asked for the password', 'cdba dbusers create app --role readWrite@app'],
    ['A temporary admin of one cluster, its password generated', 'cdba dbusers create tmp --role atlasAdmin --scope cluster:c1 --delete-after 2h --generate-password'],
    ['In a pipeline: generate the password and keep it in a secret store', 'cdba dbusers create ci --role read@app --generate-password | vault kv put secret/ci password=-'],
    ['The password from a file', 'cdba dbusers create app --role readWrite@app --password-stdin < app.pw'],
    ['An AWS IAM role', 'cdba dbusers create --aws-iam-role arn:aws:iam::123456789012:role/app --role readWrite@app'],
    ['An LDAP group, from a file', 'cdba dbusers create --file ldap-group.json'],
  ]);
}

/** The external way of signing in the flags ask for, checked; undefined for a password. */
function externalAuth(username: string | undefined, flags: CreateFlags): { username: string | undefined; fields: Record<string, string>; label: string } | undefined {
  const chosen = [flags.awsIamUser && '--aws-iam-user', flags.awsIamRole && '--aws-iam-role', flags.x509 && '--x509'].filter(Boolean);
  if (chosen.length > 1) throw new UsageError(`${chosen.join(' and ')} cannot be used together: a user signs in one way`);
  const arn = flags.awsIamUser ?? flags.awsIamRole;
  if (arn !== undefined) {
    const kind = flags.awsIamUser !== undefined ? 'USER' : 'ROLE';
    const flag = kind === 'USER' ? '--aws-iam-user' : '--aws-iam-role';
    if (!AWS_ARN.test(arn) || !arn.includes(`:${kind.toLowerCase()}/`)) throw new UsageError(`invalid ${flag} "${arn}": expected an IAM ${kind.toLowerCase()} ARN like arn:aws:iam::123456789012:${kind.toLowerCase()}/name`);
    if (username !== undefined && username !== arn) throw new UsageError(`with ${flag} the ARN is the username: leave out "${username}"`);
    return { username: arn, fields: { awsIAMType: kind }, label: 'AWS IAM' };
  }
  if (flags.x509) return { username, fields: { x509Type: flags.x509.toUpperCase() }, label: 'X.509' };
  return undefined;
}

/** The body: the file's (if any), then what the flags say. Throws before any request for every mistake the flags show. */
async function buildBody(ctx: Context, username: string | undefined, flags: CreateFlags): Promise<Record<string, unknown>> {
  const external = externalAuth(username, flags);
  if (flags.file !== undefined && external) throw new UsageError('--file and the sign-in flags (--aws-iam-*, --x509) cannot be used together: put the type in the file');
  checkPasswordFlags(flags, external?.label, ctx.globals.query !== undefined);
  checkDescription(flags.description);
  const deleteAfterDate = resolveDeleteAfter(flags);
  let body: Record<string, unknown> = {};
  if (flags.file !== undefined) {
    if (flags.passwordStdin && flags.file === '-') throw new UsageError('--file - and --password-stdin both read stdin: give the body as a file');
    const { readJsonObject } = await import('../../core/input.js');
    body = await readJsonObject(ctx.io, flags.file);
    checkFilePassword(ctx, body.password, flags);
  }
  const name = external?.username ?? username ?? body.username;
  if (typeof name !== 'string' || name === '') throw new UsageError('give the username: cdba dbusers create <user> --role role@db');
  const roles = flags.role ?? (Array.isArray(body.roles) ? undefined : []);
  if (roles !== undefined && roles.length === 0) throw new UsageError('give at least one --role, e.g. --role readWrite@app or --role atlasAdmin');
  const types = { ...external?.fields };
  const typed = (field: string): boolean => typeof (body[field] ?? types[field]) === 'string' && (body[field] ?? types[field]) !== 'NONE';
  const externalDb = typed('awsIAMType') || typed('x509Type') || body.ldapAuthType === 'USER' || body.oidcAuthType === 'USER';
  return {
    ...body,
    ...types,
    username: name,
    databaseName: body.databaseName ?? (externalDb ? '$external' : 'admin'),
    groupId: (await ctx.projectId()),
    ...(roles !== undefined ? { roles } : {}),
    ...(flags.scope ? { scopes: flags.scope } : {}),
    ...(deleteAfterDate !== undefined ? { deleteAfterDate } : {}),
    ...(flags.description !== undefined ? { description: flags.description } : {}),
  };
}

/** Whether the body's user signs in with a password (every auth type absent or NONE). */
function signsInWithPassword(body: Record<string, unknown>): boolean {
  return ['awsIAMType', 'x509Type', 'ldapAuthType', 'oidcAuthType'].every((field) => body[field] === undefined || body[field] === 'NONE');
}

export async function runDbUsersCreate(ctx: Context, username: string | undefined, flags: CreateFlags): Promise<void> {
  const body = await buildBody(ctx, username, flags);
  const name = body.username as string;
  // A file's password was checked with the file (checkFilePassword); none is asked for beside it.
  const needsPassword = signsInWithPassword(body) && body.password === undefined;
  if (!signsInWithPassword(body)) checkPasswordFlags(flags, 'externally authenticated');
  const password = needsPassword ? await obtainPassword(ctx, flags, true) : undefined;
  if (password) body.password = password.value;
  const { client, projectId } = await userTarget(ctx);
  const { createDatabaseUser } = await import('../../api/resources/databaseUsers.js');
  const authDb = String(body.databaseName);
  const lostAnswer = `the user may have been created; check with ${ctx.followUp('dbusers', 'get', name, ...(authDb === 'admin' ? [] : ['--auth-db', authDb]))}`;
  const response = await withUserHints(name, authDb, () => createDatabaseUser(client, projectId, body, lostAnswer));
  await showUserWithPassword(ctx, response.body, password, `cdba: database user ${name} created; its password was printed once and is not kept anywhere`);
}
