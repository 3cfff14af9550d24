// `cdba dbusers delete <user>`: asks first on a terminal; elsewhere it needs the
// global -y/--yes and refuses (exit 2) before sending anything.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { withUserHints } from './hints.js';
import { userCommand, userTarget, type AuthDatabase } from './target.js';

export function registerDbUsersDelete(parent: Command, app: App): void {
  const command = userCommand(parent, 'delete')
    .alias('rm')
    .description('delete a database user (asks first; -y/--yes skips the question, and is required without a terminal)')
    .action(async (user, options, cmd) => runDbUsersDelete(app.context(cmd), user, options));
  withExamples(command, [
    ['Delete, asking first', 'cdba dbusers delete app'],
    ['In a script: delete every user whose name starts with ci-', "cdba dbusers list --all -o json --query \"results[?starts_with(username,'ci-')].username\" | jq -r '.[]' | xargs -n1 cdba dbusers delete --yes"],
  ]);
}

export async function runDbUsersDelete(ctx: Context, username: string, flags: { authDb: AuthDatabase }): Promise<void> {
  const { authDb } = flags;
  ctx.requireConfirmable();
  const { client, projectId } = await userTarget(ctx);
  const { profileName } = await ctx.settings();
  await ctx.confirm(`Delete database user "${username}" (${authDb}) of project ${projectId} (profile "${profileName}")? Connections that use it stop working.`);
  const { deleteDatabaseUser } = await import('../../api/resources/databaseUsers.js');
  await withUserHints(username, authDb, () => deleteDatabaseUser(client, projectId, authDb, username));
  ctx.io.note(`cdba: database user ${username} deleted`);
}
