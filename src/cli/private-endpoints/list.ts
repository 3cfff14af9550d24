// `cdba private-endpoints list`: the project's endpoint services on every provider,
// one table (the service answers one provider's at a time, as a bare array).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { PROVIDER_CHOICES, providerOption, type ProviderChoice } from '../shared/networkFlags.js';
import { SERVICE_LIST_TABLE } from './view.js';

export function registerPrivateEndpointsList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's private endpoint services on every provider, with their endpoints")
    .addOption(providerOption("only this provider's services"))
    .action(async (options, cmd) => runPrivateEndpointsList(app.context(cmd), options));
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
  const results = lists.flatMap((list) => (Array.isArray(list) ? list : []));
  await ctx.output({ results, totalCount: results.length }, SERVICE_LIST_TABLE);
}
