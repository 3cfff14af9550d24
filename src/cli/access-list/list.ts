// `cdba access-list list`: every entry of the project's IP access list.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { ACCESS_LIST_TABLE } from './view.js';

export function registerAccessListList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's IP access list: addresses, blocks and security groups that may connect")
    .action(async (_options, cmd) => runAccessListList(app.context(cmd)));
  withExamples(command, [
    ['Every entry as a table', 'cdba access-list list'],
    ['Temporary entries and when they go', "cdba access-list list -o json --query 'results[?deleteAfterDate].[cidrBlock,deleteAfterDate]'"],
  ]);
}

export async function runAccessListList(ctx: Context): Promise<void> {
  const { listAllAccessListEntries } = await import('../../api/resources/accessList.js');
  const projectId = await ctx.projectId();
  await ctx.output(await listAllAccessListEntries(await ctx.api(), projectId), ACCESS_LIST_TABLE);
}
