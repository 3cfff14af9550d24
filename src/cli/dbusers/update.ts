// `cdba dbusers update <user>`: replace roles or scopes, set a new password or a
// new end date. Only what is given is sent; the rest of the user stays.
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { DELETE_AFTER_HELP, resolveDeleteAfter, type DeleteAfterFlags } from '../../core/deleteAfter.js';
import { UsageError } from '../../base/errors.js';
import { withExamples, type App } from '../command.js';
import { checkDescription, MAX_DESCRIPTION } from './create.js';
import { withUserHints } from './hints.js';
import { checkPasswordFlags, obtainPassword, type PasswordFlags } from './password.js';
import { roleFlag, scopeFlag, type DatabaseUserRole, type UserScope } from './roles.js';
import { userCommand, userTarget, type AuthDatabase } from './target.js';
import { showUserWithPassword } from './view.js';

export interface UpdateFlags extends PasswordFlags, DeleteAfterFlags {
  authDb: AuthDatabase;
  role?: DatabaseUserRole[];
  scope?: UserScope[];
  allClusters?: boolean;
  description?: string;
}

export function registerDbUsersUpdate(parent: Command, app: App): void {
  const command = userCommand(parent, 'update')
    .description("change a database user: its roles or scopes (each replaced as a whole), its password, its end date")
    .option('--role <role@db>', 'the new roles, repeatable, replacing the old ones (readWrite@app, atlasAdmin, ...)', roleFlag)
    .option('--scope <type:name>', 'the new scopes, repeatable, replacing the old ones (cluster:<name>)', scopeFlag)
    .addOption(new Option('--all-clusters', 'drop the scopes: the user may reach every cluster of the project').conflicts('scope'))
    .option('--delete-after <duration>', DELETE_AFTER_HELP.deleteAfter)
    .option('--delete-after-date <iso>', DELETE_AFTER_HELP.deleteAfterDate)
    .option('--description <text>', `a new note on the user, at most ${MAX_DESCRIPTION} characters`)
    .option('--new-password', 'ask for a new password on the terminal')
    .option('--password-stdin', 'read the new password from stdin (one line)')
    .option('--generate-password', 'make a new strong password and print it once')
    .addOption(new Option('--password <password>', 'refused: a password on the command line is visible to other users').hideHelp())
    .action(async (user, options, cmd) => runDbUsersUpdate(app.context(cmd), user, options));
  withExamples(command, [
    ['Only read access from now on', 'cdba dbusers update app --role read@app'],
    ['Rotate the password and hand it to the deploy step', 'cdba dbusers update app --generate-password | ./deploy --db-password-stdin'],
    ['Keep a temporary user one more day', 'cdba dbusers update tmp --delete-after 24h'],
  ]);
}

export async function runDbUsersUpdate(ctx: Context, username: string, flags: UpdateFlags & { newPassword?: boolean }): Promise<void> {
  const { authDb } = flags;
  checkPasswordFlags(flags, authDb === '$external' ? 'externally authenticated' : undefined, ctx.globals.query !== undefined);
  if (flags.newPassword && (flags.passwordStdin || flags.generatePassword)) throw new UsageError('--new-password asks on the terminal: leave out --password-stdin and --generate-password');
  const deleteAfterDate = resolveDeleteAfter(flags);
  checkDescription(flags.description);
  if (flags.role?.length === 0) throw new UsageError('give at least one --role');
  const body: Record<string, unknown> = {
    ...(flags.role ? { roles: flags.role } : {}),
    ...(flags.scope ? { scopes: flags.scope } : {}),
    ...(flags.allClusters ? { scopes: [] } : {}),
    ...(deleteAfterDate !== undefined ? { deleteAfterDate } : {}),
    ...(flags.description !== undefined ? { description: flags.description } : {}),
  };
  const wantsPassword = Boolean(flags.newPassword || flags.passwordStdin || flags.generatePassword);
  if (Object.keys(body).length === 0 && !wantsPassword) {
    throw new UsageError('nothing to change: give --role, --scope, --all-clusters, --delete-after, --description or a new password');
  }
  const password = wantsPassword ? await obtainPassword(ctx, flags, true) : undefined;
  if (password) body.password = password.value;
  const { client, projectId } = await userTarget(ctx);
  const { updateDatabaseUser } = await import('../../api/resources/databaseUsers.js');
  const response = await withUserHints(username, authDb, () => updateDatabaseUser(client, projectId, authDb, username, body));
  await showUserWithPassword(ctx, response.body, password, `cdba: the password of ${username} changed; the new one was printed once and is not kept anywhere`);
}
