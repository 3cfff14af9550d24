// `cdba private-endpoints create --provider AWS|AZURE|GCP --region R`: the project's
// endpoint service in a region (the service's side of a private endpoint). The region
// is checked before any request and sent in the provider's own spelling (us-east-1,
// eastus2, us-east4); the service answers it as EU_WEST_1. --watch waits until AVAILABLE.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { providerOption, WATCH_TIMEOUT_HELP, type ProviderChoice } from '../shared/networkFlags.js';
import { SERVICE_TABLE } from './view.js';
import { watchTimeoutMs } from '../../core/duration.js';

export interface CreateFlags {
  provider?: ProviderChoice;
  region?: string;
  watch?: boolean;
  watchTimeout?: string;
}

export function registerPrivateEndpointsCreate(parent: Command, app: App): void {
  const command = parent
    .command('create')
    .description("create the project's private endpoint service in a region (one per provider and region)")
    .addOption(providerOption('AWS, AZURE or GCP'))
    .option('--region <region>', 'the region, either spelling: US_EAST_1 or us-east-1, US_EAST_2 or eastus2, US_EAST_4 or us-east4')
    .option('--watch', 'wait: exit 0 at AVAILABLE, 13 at WAITING_FOR_USER (create your endpoint, then add it), 14 at FAILED')
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP)
    .action(async (options, cmd) => runPrivateEndpointsCreate(app.context(cmd), options));
  withExamples(command, [
    ['An AWS endpoint service, waited for', 'cdba private-endpoints create --provider AWS --region us-east-1 --watch'],
    ['In a script: the service name to create your VPC endpoint for', "cdba private-endpoints create --provider AWS --region eu-west-1 --watch -o json --query endpointServiceName | tr -d '\"'"],
  ]);
}

export async function runPrivateEndpointsCreate(ctx: Context, flags: CreateFlags): Promise<void> {
  const input = await import('../shared/networkInput.js');
  if (!flags.provider) throw new UsageError('name the cloud: --provider AWS, AZURE or GCP');
  if (flags.region === undefined) throw new UsageError('name the region: --region (e.g. us-east-1)');
  const region = input.regionOf(flags.provider, flags.region);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { createEndpointService } = await import('../../api/resources/privateEndpoints.js');
  const service = (await createEndpointService(client, projectId, { providerName: flags.provider, region: region.own })).body;
  const serviceId = String(service.id);
  if (!flags.watch && timeoutMs === undefined) {
    await ctx.output(service, SERVICE_TABLE);
    ctx.io.note(`cdba: endpoint service ${serviceId} is ${String(service.status)}; follow it with \`${ctx.followUp('private-endpoints', 'watch', serviceId, '--provider', flags.provider)}\``);
    return;
  }
  const { waitForService } = await import('./watch.js');
  await ctx.output(await waitForService(ctx, { client, projectId, provider: flags.provider, serviceId, until: 'AVAILABLE', timeoutMs }), SERVICE_TABLE);
}
