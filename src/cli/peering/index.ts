// `cdba peering ...`: network peering connections between the project's network on a
// provider (a container) and yours, and the containers themselves.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerContainersDelete } from './containersDelete.js';
import { registerContainersList } from './containersList.js';
import { registerPeeringCreate } from './create.js';
import { registerPeeringDelete } from './delete.js';
import { registerPeeringGet } from './get.js';
import { registerPeeringList } from './list.js';
import { registerPeeringWatch } from './watch.js';

export function registerPeering(program: Command, app: App): void {
  // The project's peer and container IDs, every provider's.
  registerLookup(program, 'peers', { load: async () => (await import('./completion.js')).peerIds });
  registerLookup(program, 'containers', { load: async () => (await import('./completion.js')).containerIds });
  const group = program.command('peering').description("network peering: connect the project's network on AWS, Azure or GCP with yours");
  withExamples(group, [
    [
      'Peer an AWS VPC and wait: exit 13 says what to accept in AWS; then peering watch <id> --accepted ends AVAILABLE',
      'cdba peering create --provider AWS --region US_EAST_1 --atlas-cidr 192.168.248.0/21 --aws-account-id 123456789012 --vpc-id vpc-0a1b2c3d4e5f60718 --route-table-cidr 10.0.0.0/16 --watch',
    ],
    ['Every peer and its status, on every provider', 'cdba peering list'],
    ['Wait for each peer in turn', "cdba peering list -o json --query 'results[].id' | jq -r '.[]' | xargs -n1 cdba peering watch"],
  ]);
  registerPeeringList(group, app);
  registerPeeringGet(group, app);
  registerPeeringCreate(group, app);
  registerPeeringWatch(group, app);
  registerPeeringDelete(group, app);
  const containers = group.command('containers').description("the project's containers: its network on each provider and region");
  withExamples(containers, [
    ['Every container', 'cdba peering containers list'],
    ['Delete the containers left behind by deleted peers', "cdba peering containers list -o json --query 'results[?!provisioned].id' | jq -r '.[]' | xargs -n1 cdba peering containers delete --yes"],
  ]);
  registerContainersList(containers, app);
  registerContainersDelete(containers, app);
}
