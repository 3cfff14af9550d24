// `cdba peering list`: the project's peers on every provider, one table. The service
// lists one provider's at a time (AWS's when none is named), so this asks for each. With
// --provider its JSON is the service's list document (every page, as `clusters list --all`
// gathers them: results, totalCount, links); without, the providers' results merged into
// one {results, totalCount}, an exception to "the API's document".
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withDetails, withExamples, type App } from '../command.js';
import { PROVIDER_CHOICES, providerOption, type ProviderChoice } from '../shared/networkFlags.js';
import { PEER_LIST_TABLE } from './view.js';

export function registerPeeringList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's network peering connections on every provider, with their status")
    .addOption(providerOption("only this provider's peers; -o json is then the service's list document (results, totalCount, links), not the merged {results, totalCount}"))
    .action(async (options, cmd) => runPeeringList(app.context(cmd), options));
  withDetails(command, {
    about:
      'Without --provider, -o json is the providers\' results merged into one document, {"results": [...], "totalCount": N}, with no links, an exception to "JSON is the API\'s document": the service lists one provider at a time, and --provider prints its document.',
  });
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
  // One provider: the service's list document.
  if (flags.provider) return ctx.output(lists[0], PEER_LIST_TABLE);
  const results = lists.flatMap((list) => list.results);
  await ctx.output({ results, totalCount: results.length }, PEER_LIST_TABLE);
}
