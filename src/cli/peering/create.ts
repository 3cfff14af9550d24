// `cdba peering create --provider AWS|AZURE|GCP ...`: a network peering connection
// between the project's network on a provider (its container) and yours. It finds the
// project's container for that provider and region, or creates it (--atlas-cidr), so
// a second peer never meets "a container already exists". Every flag is checked
// before the first request; --watch waits as `peering watch` does.
import type { Command } from '@commander-js/extra-typings';
import type { Container } from '../../api/resources/peering.js';
import { NotFoundError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { providerOption, WATCH_TIMEOUT_HELP, type ProviderChoice } from '../shared/networkFlags.js';
import { PEER_TABLE, peerStatus } from './view.js';
import { watchTimeoutMs } from '../../core/duration.js';

export interface CreateFlags {
  provider?: ProviderChoice;
  region?: string;
  atlasCidr?: string;
  awsAccountId?: string;
  vpcId?: string;
  routeTableCidr?: string;
  accepterRegion?: string;
  directoryId?: string;
  subscriptionId?: string;
  resourceGroup?: string;
  vnet?: string;
  gcpProjectId?: string;
  network?: string;
  watch?: boolean;
  watchTimeout?: string;
}

/** Each provider's flags: the flag, the request field, and whose it is. */
const PROVIDER_FLAGS = {
  '--aws-account-id': 'AWS',
  '--vpc-id': 'AWS',
  '--route-table-cidr': 'AWS',
  '--accepter-region': 'AWS',
  '--directory-id': 'AZURE',
  '--subscription-id': 'AZURE',
  '--resource-group': 'AZURE',
  '--vnet': 'AZURE',
  '--gcp-project-id': 'GCP',
  '--network': 'GCP',
} as const;

export function registerPeeringCreate(parent: Command, app: App): void {
  const command = parent
    .command('create')
    .description("peer the project's network on a provider with yours; makes the project's container for that provider and region when it has none")
    .addOption(providerOption('the cloud of both networks: AWS, AZURE or GCP'))
    .option('--region <region>', "the project's region for the peering (US_EAST_1 or us-east-1; Azure US_EAST_2 or eastus2); GCP: optional, the regions its container is limited to, comma-separated")
    .option('--atlas-cidr <block>', "the project's network, if it has no container there yet: an RFC 1918 block, /21 to /24 on AWS and Azure, /18 or larger on GCP")
    .option('--aws-account-id <id>', 'AWS: the 12-digit account that owns your VPC')
    .option('--vpc-id <id>', 'AWS: your VPC (vpc-...)')
    .option('--route-table-cidr <block>', "AWS: your VPC's CIDR block, routed to the project's network")
    .option('--accepter-region <region>', "AWS: your VPC's region, if not --region's")
    .option('--directory-id <uuid>', 'AZURE: your Azure AD directory (tenant) ID')
    .option('--subscription-id <uuid>', 'AZURE: the subscription of your VNet')
    .option('--resource-group <name>', 'AZURE: the resource group of your VNet')
    .option('--vnet <name>', 'AZURE: your VNet')
    .option('--gcp-project-id <id>', 'GCP: the project of your network')
    .option('--network <name>', 'GCP: your VPC network')
    .option('--watch', 'wait: exit 0 at AVAILABLE, 13 where you must act (with what to do), 14 at FAILED')
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP)
    .action(async (options, cmd) => runPeeringCreate(app.context(cmd), options));
  withExamples(command, [
    [
      'Peer your AWS VPC, then wait: it stops (exit 13) with the request to accept',
      'cdba peering create --provider AWS --region US_EAST_1 --atlas-cidr 192.168.248.0/21 --aws-account-id 123456789012 --vpc-id vpc-0a1b2c3d4e5f60718 --route-table-cidr 10.0.0.0/16 --watch',
    ],
    ['Peer a GCP network (the container is global; --region is optional)', 'cdba peering create --provider GCP --atlas-cidr 10.128.0.0/18 --gcp-project-id my-project --network my-vpc'],
    [
      'Peer an Azure VNet',
      'cdba peering create --provider AZURE --region eastus2 --atlas-cidr 10.8.0.0/21 --directory-id 35f2fa72-7a34-44ea-9ea6-2e6c8cbad3fd --subscription-id a2e0f7c5-03cf-4a0a-a0f1-05e1e5d8c1e4 --resource-group app --vnet app-vnet',
    ],
    ['In a script: the new peer\'s ID', "PEER=$(cdba peering create --provider GCP --atlas-cidr 10.128.0.0/18 --gcp-project-id my-project --network my-vpc -o json --query id | tr -d '\"')"],
  ]);
}

/** The checked request: the container's region and body, and the peer's fields (without containerId). */
async function checkFlags(flags: CreateFlags) {
  const input = await import('../shared/networkInput.js');
  const provider = flags.provider;
  if (!provider) throw new UsageError('name the cloud: --provider AWS, AZURE or GCP');
  const given: Record<string, unknown> = {
    '--aws-account-id': flags.awsAccountId,
    '--vpc-id': flags.vpcId,
    '--route-table-cidr': flags.routeTableCidr,
    '--accepter-region': flags.accepterRegion,
    '--directory-id': flags.directoryId,
    '--subscription-id': flags.subscriptionId,
    '--resource-group': flags.resourceGroup,
    '--vnet': flags.vnet,
    '--gcp-project-id': flags.gcpProjectId,
    '--network': flags.network,
  };
  input.refuseOthers(provider, given, PROVIDER_FLAGS);
  const atlasCidrBlock = flags.atlasCidr === undefined ? undefined : input.atlasCidr(provider, flags.atlasCidr);
  if (provider === 'GCP') {
    input.requireFlags(provider, given, ['--gcp-project-id', '--network']);
    const regions = flags.region === undefined ? undefined : flags.region.split(',').map((r) => input.regionOf('GCP', r.trim()).api);
    return {
      provider,
      region: undefined,
      container: { providerName: provider, ...(regions ? { regions } : {}) },
      atlasCidrBlock,
      peer: { gcpProjectId: input.checked('--gcp-project-id', flags.gcpProjectId!, 'gcpProjectId'), networkName: input.checked('--network', flags.network!, 'gcpNetworkName') },
    };
  }
  if (flags.region === undefined) throw new UsageError(`${provider} needs --region: the project's region for the peering`);
  const region = input.regionOf(provider, flags.region);
  if (provider === 'AWS') {
    input.requireFlags(provider, given, ['--aws-account-id', '--vpc-id', '--route-table-cidr']);
    const accepter = flags.accepterRegion === undefined ? region : input.regionOf('AWS', flags.accepterRegion, '--accepter-region');
    return {
      provider,
      region: region.api,
      container: { providerName: provider, regionName: region.api },
      atlasCidrBlock,
      peer: {
        // The service takes the accepter's region in AWS's own spelling.
        accepterRegionName: accepter.own,
        awsAccountId: input.checked('--aws-account-id', flags.awsAccountId!, 'awsAccountId'),
        routeTableCidrBlock: input.routeTableCidr(flags.routeTableCidr!),
        vpcId: input.checked('--vpc-id', flags.vpcId!, 'vpcId'),
      },
    };
  }
  input.requireFlags(provider, given, ['--directory-id', '--subscription-id', '--resource-group', '--vnet']);
  return {
    provider,
    region: region.api,
    container: { providerName: provider, region: region.api },
    atlasCidrBlock,
    peer: {
      azureDirectoryId: input.checked('--directory-id', flags.directoryId!, 'uuid'),
      azureSubscriptionId: input.checked('--subscription-id', flags.subscriptionId!, 'uuid'),
      resourceGroupName: input.checked('--resource-group', flags.resourceGroup!, 'azureName'),
      vnetName: input.checked('--vnet', flags.vnet!, 'azureName'),
    },
  };
}

/** The container's region, whichever field its provider keeps it in. */
const containerRegion = (container: Container): unknown => container.regionName ?? container.region;

export async function runPeeringCreate(ctx: Context, flags: CreateFlags): Promise<void> {
  const request = await checkFlags(flags);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const api = await import('../../api/resources/peering.js');
  const where = request.region ? `${request.provider} ${request.region}` : request.provider;

  // The project's container there (GCP has one for the whole provider), or a new one.
  const containers = (await api.listContainers(client, projectId, request.provider)).results;
  let container = containers.find((c) => request.provider === 'GCP' || containerRegion(c) === request.region);
  if (container) {
    if (request.atlasCidrBlock !== undefined && container.atlasCidrBlock !== request.atlasCidrBlock) {
      ctx.io.warn(`the project's ${where} container ${String(container.id)} has ${String(container.atlasCidrBlock)}; --atlas-cidr ${request.atlasCidrBlock} is not used`);
    }
  } else {
    if (request.atlasCidrBlock === undefined) {
      // Known only from the service's list of containers (a request was sent): not found, exit 4, never 2 (nothing sent).
      throw new NotFoundError(`the project has no ${where} container yet: give --atlas-cidr, the block of its network there`, {
        hint: `see the containers it has: ${ctx.followUp('peering', 'containers', 'list')}`,
      });
    }
    container = (await api.createContainer(client, projectId, { ...request.container, atlasCidrBlock: request.atlasCidrBlock })).body;
    ctx.io.note(`cdba: created the project's ${where} container ${String(container.id)} (${request.atlasCidrBlock})`);
  }

  const peer = (await api.createPeer(client, projectId, { containerId: container.id, providerName: request.provider, ...request.peer })).body;
  const peerId = String(peer.id);
  if (!flags.watch && timeoutMs === undefined) {
    await ctx.output(peer, PEER_TABLE);
    ctx.io.note(`cdba: peer ${peerId} is ${peerStatus(peer) || 'created'}; follow it with \`${ctx.followUp('peering', 'watch', peerId)}\``);
    return;
  }
  const { waitForPeer } = await import('./watch.js');
  const available = await waitForPeer(ctx, { client, projectId, peerId, until: 'AVAILABLE', timeoutMs });
  await ctx.output(available, PEER_TABLE);
}
