// `cdba peering get <peer-id>`: one peer, as the service answers it.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { PEER_TABLE } from './view.js';

export function registerPeeringGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one network peering connection')
    .addArgument(completedArgument('<peer-id>', 'the peer (cdba peering list shows them)', lookup('peers')))
    .action(async (peerId, _options, cmd) => runPeeringGet(app.context(cmd), peerId));
  withExamples(command, [
    ['One peer', 'cdba peering get 6a7b8c9d0e1f2a3b4c5d6e7f'],
    ['The AWS peering connection to accept', "cdba peering get 6a7b8c9d0e1f2a3b4c5d6e7f -o json --query connectionId | tr -d '\"'"],
  ]);
}

export async function runPeeringGet(ctx: Context, peerId: string): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(peerId, 'peer');
  const { getPeer } = await import('../../api/resources/peering.js');
  const projectId = await ctx.projectId();
  await ctx.output((await getPeer(await ctx.api(), projectId, peerId)).body, PEER_TABLE);
}
