// `cdba private-endpoints get <service-id>`: one endpoint service, found on whichever provider has it.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { providerOption, type ProviderChoice } from '../shared/networkFlags.js';
import { SERVICE_TABLE } from './view.js';

export function registerPrivateEndpointsGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one private endpoint service and its endpoints')
    .addArgument(completedArgument('<service-id>', 'the endpoint service (cdba private-endpoints list shows them)', lookup('private-endpoint-services')))
    .addOption(providerOption('its provider (default: found in the lists)'))
    .action(async (serviceId, options, cmd) => runPrivateEndpointsGet(app.context(cmd), serviceId, options));
  withExamples(command, [
    ['One service', 'cdba private-endpoints get 6a793f68c0eb9e7a17715835'],
    ['Its status alone', "cdba private-endpoints get 6a793f68c0eb9e7a17715835 --provider AWS -o json --query status | tr -d '\"'"],
  ]);
}

export async function runPrivateEndpointsGet(ctx: Context, serviceId: string, flags: { provider?: ProviderChoice }): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(serviceId, 'endpoint service');
  const projectId = await ctx.projectId();
  const { findService } = await import('./find.js');
  const { service } = await findService(ctx, await ctx.api(), projectId, serviceId, flags.provider);
  await ctx.output(service, SERVICE_TABLE);
}
