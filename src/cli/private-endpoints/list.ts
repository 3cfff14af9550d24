// `cdba private-endpoints list`: the project's endpoint services on every provider,
// one table (the service answers one provider's at a time, as a bare array). With
// --provider its JSON is that array as received; without, the providers' arrays merged
// into one {results, totalCount} document, an exception to "the API's document".
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withDetails, withExamples, type App } from '../command.js';
import { PROVIDER_CHOICES, providerOption, type ProviderChoice } from '../shared/networkFlags.js';
import { SERVICE_LIST_TABLE } from './view.js';

const MERGED_NOTE =
  'Without --provider, -o json is the providers\' lists merged into one document, {"results": [...], "totalCount": N}, an exception to "JSON is the API\'s document": the service answers one provider at a time, as a bare array, which --provider prints as received.';

export function registerPrivateEndpointsList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's private endpoint services on every provider, with their endpoints")
    .addOption(providerOption("only this provider's services; -o json is then the service's answer as received (a bare array), not the merged {results, totalCount}"))
    .action(async (options, cmd) => runPrivateEndpointsList(app.context(cmd), options));
  withDetails(command, { about: MERGED_NOTE });
  withExamples(command, [
    ['Every endpoint service', 'cdba private-endpoints list'],
    ['Every interface endpoint ID, one per line', "cdba private-endpoints list -o json --query 'results[].interfaceEndpoints[]' | jq -r '.[]'"],
  ]);
}

export async function runPrivateEndpointsList(ctx: Context, flags: { provider?: ProviderChoice }): Promise<void> {
  const { listEndpointServices } = await import('../../api/resources/privateEndpoints.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const providers = flags.provider ? [flags.provider] : PROVIDER_CHOICES;
  const lists = await Promise.all(providers.map(async (provider) => (await listEndpointServices(client, projectId, provider)).body));
  // One provider: the service's document, as received.
  if (flags.provider) return ctx.output(lists[0], SERVICE_LIST_TABLE);
  const results = lists.flatMap((list) => (Array.isArray(list) ? list : []));
  await ctx.output({ results, totalCount: results.length }, SERVICE_LIST_TABLE);
}
