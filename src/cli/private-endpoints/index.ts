// `cdba private-endpoints ...`: the project's private endpoint services (the service's
// side), the endpoints of yours added to them, and the regionalized setting.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerPrivateEndpointsCreate } from './create.js';
import { registerPrivateEndpointsDelete } from './delete.js';
import { registerPrivateEndpointsGet } from './get.js';
import { registerInterfacesAdd } from './interfacesAdd.js';
import { registerInterfacesDelete } from './interfacesDelete.js';
import { registerInterfacesGet } from './interfacesGet.js';
import { registerPrivateEndpointsList } from './list.js';
import { registerRegionalMode } from './regionalMode.js';
import { registerPrivateEndpointsWatch } from './watch.js';

export function registerPrivateEndpoints(program: Command, app: App): void {
  // The project's private endpoint service IDs, every provider's.
  registerLookup(program, 'private-endpoint-services', { load: async () => (await import('./completion.js')).endpointServiceIds });
  const group = program.command('private-endpoints').description('private endpoints: reach the clusters from your AWS, Azure or GCP network through private links');
  withExamples(group, [
    ['An AWS endpoint service, waited for', 'cdba private-endpoints create --provider AWS --region us-east-1 --watch'],
    [
      'Add your VPC endpoint to the AWS service, and get the strings it brings',
      "SERVICE=$(cdba private-endpoints list --provider AWS -o json --query '[0].id' | tr -d '\"') && cdba private-endpoints interfaces add \"$SERVICE\" --endpoint-id vpce-0a1b2c3d4e5f60718 --watch",
    ],
  ]);
  registerPrivateEndpointsList(group, app);
  registerPrivateEndpointsGet(group, app);
  registerPrivateEndpointsCreate(group, app);
  registerPrivateEndpointsWatch(group, app);
  registerPrivateEndpointsDelete(group, app);
  const interfaces = group.command('interfaces').description('your endpoints (AWS VPC endpoints, Azure private endpoints, GCP endpoint groups) of an endpoint service');
  withExamples(interfaces, [
    ['Add your AWS VPC endpoint, and wait for the strings', 'cdba private-endpoints interfaces add 6a793f68c0eb9e7a17715835 --endpoint-id vpce-0a1b2c3d4e5f60718 --watch'],
    ['Remove every endpoint of a service', "cdba private-endpoints get 6a793f68c0eb9e7a17715835 -o json --query interfaceEndpoints | jq -r '.[]' | xargs -n1 cdba private-endpoints interfaces delete 6a793f68c0eb9e7a17715835 --yes"],
  ]);
  registerInterfacesAdd(interfaces, app);
  registerInterfacesGet(interfaces, app);
  registerInterfacesDelete(interfaces, app);
  registerRegionalMode(group, app);
}
