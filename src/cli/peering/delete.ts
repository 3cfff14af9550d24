// `cdba peering delete <peer-id>`: asks first on a terminal (elsewhere it needs -y/--yes);
// the peer is TERMINATING (AWS) or DELETING, then gone; --watch waits until it is (a 404).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { WATCH_TIMEOUT_HELP } from '../shared/networkFlags.js';
import { watchTimeoutMs } from '../../core/duration.js';

export function registerPeeringDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('delete a network peering connection (asks first; -y/--yes skips the question, and is required without a terminal)')
    .addArgument(completedArgument('<peer-id>', 'the peer (cdba peering list shows them)', lookup('peers')))
    .option('--watch', 'wait until the peer is gone')
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP)
    .action(async (peerId, options, cmd) => runPeeringDelete(app.context(cmd), peerId, options));
  withExamples(command, [
    ['Delete, asking first, and wait until it is gone', 'cdba peering delete 6a7b8c9d0e1f2a3b4c5d6e7f --watch'],
    ['In a script: delete every GCP peer', "cdba peering list --provider GCP -o json --query 'results[].id' | jq -r '.[]' | xargs -n1 cdba peering delete --yes"],
  ]);
}

export async function runPeeringDelete(ctx: Context, peerId: string, flags: { watch?: boolean; watchTimeout?: string }): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(peerId, 'peer');
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  ctx.requireConfirmable();
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  await ctx.confirm(`Delete network peering connection ${peerId} of project ${projectId}? Its networks can no longer reach each other.`);
  const { deletePeer } = await import('../../api/resources/peering.js');
  await deletePeer(client, projectId, peerId);
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: peer ${peerId} is being deleted; it is gone when \`${ctx.followUp('peering', 'get', peerId)}\` answers not found`);
    return;
  }
  const { waitForPeer } = await import('./watch.js');
  await waitForPeer(ctx, { client, projectId, peerId, until: 'DELETED', timeoutMs });
}
