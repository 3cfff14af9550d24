// `cdba private-endpoints delete <service-id>`: asks first on a terminal (elsewhere it
// needs -y/--yes); the service refuses while it has endpoints. --watch waits for the 404.
import type { Command } from '@commander-js/extra-typings';
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { providerOption, WATCH_TIMEOUT_HELP, type ProviderChoice } from '../shared/networkFlags.js';
import { watchTimeoutMs } from '../../core/duration.js';

export function registerPrivateEndpointsDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('delete a private endpoint service with no endpoints left (asks first; -y/--yes skips the question, and is required without a terminal)')
    .addArgument(completedArgument('<service-id>', 'the endpoint service (cdba private-endpoints list shows them)', lookup('private-endpoint-services')))
    .addOption(providerOption('its provider (default: found in the lists)'))
    .option('--watch', 'wait until it is gone')
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP)
    .action(async (serviceId, options, cmd) => runPrivateEndpointsDelete(app.context(cmd), serviceId, options));
  withExamples(command, [
    ['Delete, asking first, and wait until it is gone', 'cdba private-endpoints delete 6a793f68c0eb9e7a17715835 --watch'],
    ['In a script: delete every GCP service', "cdba private-endpoints list --provider GCP -o json --query '[].id' | jq -r '.[]' | xargs -n1 cdba private-endpoints delete --yes"],
  ]);
}

export async function runPrivateEndpointsDelete(ctx: Context, serviceId: string, flags: { provider?: ProviderChoice; watch?: boolean; watchTimeout?: string }): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(serviceId, 'endpoint service');
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  ctx.requireConfirmable();
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { findService } = await import('./find.js');
  const { provider } = await findService(ctx, client, projectId, serviceId, flags.provider);
  await ctx.confirm(`Delete the ${provider} private endpoint service ${serviceId} of project ${projectId}?`);
  const { deleteEndpointService } = await import('../../api/resources/privateEndpoints.js');
  try {
    await deleteEndpointService(client, projectId, provider, serviceId);
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 'PRIVATE_ENDPOINT_SERVICE_HAS_ENDPOINTS' && error.hint === undefined) {
      error.hint = `delete its endpoints first: ${ctx.followUp('private-endpoints', 'get', serviceId)} lists them, ${ctx.followUp('private-endpoints', 'interfaces', 'delete', serviceId)} <endpoint-id> deletes one`;
    }
    throw error;
  }
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: endpoint service ${serviceId} is being deleted; it is gone when \`${ctx.followUp('private-endpoints', 'get', serviceId, '--provider', provider)}\` answers not found`);
    return;
  }
  const { waitForService } = await import('./watch.js');
  await waitForService(ctx, { client, projectId, provider, serviceId, until: 'DELETED', timeoutMs });
}
