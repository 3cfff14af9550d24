// `cdba dbusers get <user>`: one user. On a terminal a readable view; otherwise,
// and with -o json, the document as received (it never holds a password).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { withUserHints } from './hints.js';
import { userCommand, userTarget, type AuthDatabase } from './target.js';
import { showDatabaseUser } from './view.js';

export function registerDbUsersGet(parent: Command, app: App): void {
  const command = userCommand(parent, 'get')
    .alias('describe')
    .description('show one database user: roles, scopes, how it signs in, when it is deleted')
    .action(async (user, options, cmd) => runDbUsersGet(app.context(cmd), user, options));
  withExamples(command, [
    ['The readable view', 'cdba dbusers get app'],
    ['An X.509 user', "cdba dbusers get 'CN=ci,O=example' --auth-db '$external'"],
    ['Its roles, one per line', "cdba dbusers get app -o json --query 'roles[].[roleName,databaseName]' | jq -r '.[] | join(\"@\")'"],
  ]);
}

export async function runDbUsersGet(ctx: Context, username: string, flags: { authDb: AuthDatabase }): Promise<void> {
  const { authDb } = flags;
  const { getDatabaseUser } = await import('../../api/resources/databaseUsers.js');
  const { client, projectId } = await userTarget(ctx);
  const response = await withUserHints(username, authDb, () => getDatabaseUser(client, projectId, authDb, username));
  await showDatabaseUser(ctx, response.body);
}
