// `cdba access-list delete <entry>`: asks first on a terminal; elsewhere it needs -y/--yes.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { entryValue, parseAccessEntry, withEntryHint } from './entry.js';

export function registerAccessListDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('remove an entry (asks first; -y/--yes skips the question, and is required without a terminal)')
    .argument('<entry>', 'IP address, CIDR block or AWS security group')
    .action(async (entry, _options, cmd) => runAccessListDelete(app.context(cmd), entry));
  withExamples(command, [
    ['Remove a block, asking first', 'cdba access-list delete 10.0.0.0/16'],
    ['In a script: remove every temporary entry', "cdba access-list list -o json --query 'results[?deleteAfterDate].cidrBlock' | jq -r '.[]' | xargs -n1 cdba access-list delete --yes"],
  ]);
}

export async function runAccessListDelete(ctx: Context, text: string): Promise<void> {
  const entry = entryValue(parseAccessEntry(text));
  ctx.requireConfirmable();
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  await ctx.confirm(`Remove ${entry} from the IP access list of project ${projectId}? Connections from it will be refused.`);
  const { deleteAccessListEntry } = await import('../../api/resources/accessList.js');
  await withEntryHint(() => deleteAccessListEntry(client, projectId, entry));
  ctx.io.note(`cdba: ${entry} removed from the IP access list`);
}
