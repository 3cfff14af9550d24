// `cdba private-endpoints interfaces delete <service-id> <endpoint-id>`: asks first on a
// terminal (elsewhere it needs -y/--yes); the clusters it served lose its strings.
// --watch waits until it is gone (a 404).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { WATCH_TIMEOUT_HELP } from '../shared/networkFlags.js';
import { watchTimeoutMs } from '../../core/duration.js';

export function registerInterfacesDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .description('remove an endpoint from an endpoint service (asks first; -y/--yes skips the question, and is required without a terminal)')
    .addArgument(completedArgument('<service>', 'the endpoint service ID', lookup('private-endpoint-services')))
    .argument('<endpoint>', 'the endpoint ID: vpce-..., /subscriptions/... or the GCP group name')
    .option('--watch', 'wait until it is gone')
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP)
    .action(async (serviceId, endpointId, options, cmd) => runInterfacesDelete(app.context(cmd), serviceId, endpointId, options));
  withExamples(command, [
    ['Remove one, asking first, and wait until it is gone', 'cdba private-endpoints interfaces delete 6a793f68c0eb9e7a17715835 vpce-0a1b2c3d4e5f60718 --watch'],
    ['In a script: every endpoint of a service', "cdba private-endpoints get 6a793f68c0eb9e7a17715835 -o json --query interfaceEndpoints | jq -r '.[]' | xargs -n1 cdba private-endpoints interfaces delete 6a793f68c0eb9e7a17715835 --yes --watch"],
  ]);
}

export async function runInterfacesDelete(ctx: Context, serviceId: string, endpointId: string, flags: { watch?: boolean; watchTimeout?: string }): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(serviceId, 'endpoint service');
  const { endpointProvider, waitForEndpoint } = await import('./endpoints.js');
  const provider = await endpointProvider(endpointId);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  ctx.requireConfirmable();
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  await ctx.confirm(`Remove endpoint ${endpointId} from private endpoint service ${serviceId}? Connections through it stop.`);
  const { deleteInterfaceEndpoint } = await import('../../api/resources/privateEndpoints.js');
  await deleteInterfaceEndpoint(client, projectId, provider, serviceId, endpointId);
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: endpoint ${endpointId} is being removed`);
    return;
  }
  await waitForEndpoint(ctx, { client, projectId, provider, serviceId, endpointId, until: 'DELETED', timeoutMs });
}
