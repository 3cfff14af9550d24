// `cdba peering list`: the project's peers on every provider, one table. The service
// lists one provider's at a time (AWS's when none is named), so this asks for each.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { PROVIDER_CHOICES, providerOption, type ProviderChoice } from '../shared/networkFlags.js';
import { PEER_LIST_TABLE } from './view.js';

export function registerPeeringList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's network peering connections on every provider, with their status")
    .addOption(providerOption('only this provider\'s peers'))
    .action(async (options, cmd) => runPeeringList(app.context(cmd), options));
  withExamples(command, [
    ['Every peer, as a table', 'cdba peering list'],
    ['IDs of the peers that are not AVAILABLE yet', "cdba peering list -o json --query 'results[?(statusName||status)!=`AVAILABLE`].id' | jq -r '.[]'"],
  ]);
}

export async function runPeeringList(ctx: Context, flags: { provider?: ProviderChoice }): Promise<void> {
  const { listPeers } = await import('../../api/resources/peering.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const providers = flags.provider ? [flags.provider] : PROVIDER_CHOICES;
  const lists = await Promise.all(providers.map((provider) => listPeers(client, projectId, provider)));
  const results = lists.flatMap((list) => list.results);
  await ctx.output({ results, totalCount: results.length }, PEER_LIST_TABLE);
}
