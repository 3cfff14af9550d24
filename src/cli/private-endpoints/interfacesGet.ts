// `cdba private-endpoints interfaces get <service-id> <endpoint-id>`: one endpoint of a service.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { ENDPOINT_TABLE } from './view.js';

export function registerInterfacesGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .description('show one endpoint of an endpoint service: AWS vpce-..., an Azure resource ID or a GCP endpoint group')
    .addArgument(completedArgument('<service>', 'the endpoint service ID', lookup('private-endpoint-services')))
    .argument('<endpoint>', 'the endpoint ID: vpce-..., /subscriptions/... or the GCP group name')
    .action(async (serviceId, endpointId, _options, cmd) => runInterfacesGet(app.context(cmd), serviceId, endpointId));
  withExamples(command, [
    ['One AWS endpoint', 'cdba private-endpoints interfaces get 6a793f68c0eb9e7a17715835 vpce-0a1b2c3d4e5f60718'],
    ['Its status alone', "cdba private-endpoints interfaces get 6a793f68c0eb9e7a17715835 vpce-0a1b2c3d4e5f60718 -o json --query connectionStatus | tr -d '\"'"],
  ]);
}

export async function runInterfacesGet(ctx: Context, serviceId: string, endpointId: string): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(serviceId, 'endpoint service');
  const { endpointProvider } = await import('./endpoints.js');
  const provider = await endpointProvider(endpointId);
  const projectId = await ctx.projectId();
  const { getInterfaceEndpoint } = await import('../../api/resources/privateEndpoints.js');
  await ctx.output((await getInterfaceEndpoint(await ctx.api(), projectId, provider, serviceId, endpointId)).body, ENDPOINT_TABLE);
}
