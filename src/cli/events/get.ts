// `cdba events get <id> [--org <id>]`: one event of the project, or of the organization.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { checkObjectId, eventOwner } from './owner.js';
import { EVENT_TABLE } from './view.js';

export interface GetFlags {
  org?: string;
}

export function registerEventsGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description("show one event of the project (--org: of the organization); -o json: the service's document")
    .addArgument(completedArgument('<id>', 'the event ID (24 hexadecimal digits)', lookup('events')))
    .option('--org <id>', "the organization's event, by the organization's ID")
    .action(async (id, options, cmd) => runEventsGet(app.context(cmd), id, options));
  withExamples(command, [
    ['One event', 'cdba events get 6a7940465a068714fc043d3b'],
    ["An organization's", 'cdba events get 6a7940472c88faeba59bebbd --org a0123456789abcdef012345a'],
    ['The latest event in full', "cdba events list --limit 1 -o json | jq -r '.results[0].id' | xargs cdba events get -o pretty"],
  ]);
}

export async function runEventsGet(ctx: Context, id: string, flags: GetFlags): Promise<void> {
  checkObjectId(id, 'event ID');
  const owner = await eventOwner(ctx, flags.org);
  const { getEvent } = await import('../../api/resources/events.js');
  await ctx.output(await getEvent(await ctx.api(), owner, id), EVENT_TABLE);
}
