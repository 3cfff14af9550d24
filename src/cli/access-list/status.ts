// `cdba access-list status <entry>`: PENDING until the entry applies on every provider, then ACTIVE.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { entryValue, parseAccessEntry, withEntryHint } from './entry.js';
import { statusTable } from './view.js';

export function registerAccessListStatus(parent: Command, app: App): void {
  const command = parent
    .command('status')
    .description('show whether an entry applies yet: PENDING, ACTIVE or FAILED')
    .argument('<entry>', 'IP address, CIDR block or AWS security group')
    .action(async (entry, _options, cmd) => runAccessListStatus(app.context(cmd), entry));
  withExamples(command, [
    ['The status of one address', 'cdba access-list status 203.0.113.5'],
    ['In a script: the bare status word', 'cdba access-list status 10.0.0.0/16 -o json --query STATUS | tr -d \'"\''],
  ]);
}

export async function runAccessListStatus(ctx: Context, text: string): Promise<void> {
  const entry = entryValue(parseAccessEntry(text));
  const { getAccessListEntryStatus } = await import('../../api/resources/accessList.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { body } = await withEntryHint(() => getAccessListEntryStatus(client, projectId, entry));
  await ctx.output(body, statusTable(entry));
}
