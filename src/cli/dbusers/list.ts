// `cdba dbusers list`: one page (--page, --limit, --no-count) or every user (--all).
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { intFlag, withExamples, type App } from '../command.js';
import { userTarget } from './target.js';
import { DATABASE_USER_LIST_TABLE } from './view.js';
import { withoutCount } from '../shared/listCount.js';

const MAX_LIMIT = 500;

export interface ListFlags {
  page?: number;
  limit?: number;
  all?: boolean;
  count: boolean;
}

export function registerDbUsersList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's database users")
    .option('--page <n>', 'page number, from 1', intFlag('--page', 1))
    .option('--limit <n>', `users per page, 1 to ${MAX_LIMIT} (default 100)`, intFlag('--limit', 1, MAX_LIMIT))
    .addOption(new Option('--all', 'every user, all pages').conflicts(['page', 'limit']))
    .option('--no-count', 'do not ask the service for the total (totalCount is left out)')
    .action(async (options, cmd) => runDbUsersList(app.context(cmd), options));
  withExamples(command, [
    ['The users as a table', 'cdba dbusers list'],
    ['Names of the users that expire', "cdba dbusers list --all -o json --query 'results[?deleteAfterDate].username' | jq -r '.[]'"],
  ]);
}

export async function runDbUsersList(ctx: Context, flags: ListFlags): Promise<void> {
  const { listAllDatabaseUsers, listDatabaseUsers } = await import('../../api/resources/databaseUsers.js');
  const { client, projectId } = await userTarget(ctx);
  if (flags.all) {
    const all = await listAllDatabaseUsers(client, projectId, { count: flags.count });
    await ctx.output(flags.count ? all : withoutCount(all), DATABASE_USER_LIST_TABLE);
    return;
  }
  const response = await listDatabaseUsers(client, projectId, {
    ...(flags.page !== undefined ? { pageNum: flags.page } : {}),
    ...(flags.limit !== undefined ? { itemsPerPage: flags.limit } : {}),
    ...(flags.count ? {} : { includeCount: false }),
  });
  await ctx.output(response.body, DATABASE_USER_LIST_TABLE);
}
