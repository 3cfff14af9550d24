// `cdba private-endpoints interfaces add <service-id>`: your endpoint to the project's
// endpoint service: an AWS VPC endpoint (--endpoint-id vpce-...), an Azure private endpoint
// (--endpoint-id <resource id> --ip <address>) or a GCP endpoint group (--endpoint-group,
// --gcp-project-id, --endpoint name=ip ...). The provider follows from those flags, and
// they are checked before any request. --watch waits for the endpoint to be AVAILABLE,
// then for the project's clusters to settle (UPDATING while it is wired in), then prints
// the private-endpoint SRV string of each cluster it serves: the strings are empty until then.
import type { Command } from '@commander-js/extra-typings';
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { collect, completedArgument, lookup, withExamples, type App } from '../command.js';
import { WATCH_TIMEOUT_HELP, type ProviderChoice } from '../shared/networkFlags.js';
import { ENDPOINT_TABLE, endpointStatus, STRINGS_TABLE } from './view.js';
import { watchTimeoutMs } from '../../core/duration.js';

export interface AddFlags {
  endpointId?: string;
  ip?: string;
  endpointGroup?: string;
  gcpProjectId?: string;
  endpoint?: string[];
  watch?: boolean;
  watchTimeout?: string;
}

export function registerInterfacesAdd(parent: Command, app: App): void {
  const command = parent
    .command('add')
    .description('add your endpoint to an endpoint service: AWS --endpoint-id vpce-..., Azure --endpoint-id <resource id> --ip <address>, GCP --endpoint-group with its endpoints')
    .addArgument(completedArgument('<service-id>', 'the endpoint service (cdba private-endpoints list shows them)', lookup('private-endpoint-services')))
    .option('--endpoint-id <id>', 'AWS: your VPC endpoint (vpce-...); Azure: your private endpoint\'s resource ID')
    .option('--ip <address>', "Azure: your private endpoint's IP address")
    .option('--endpoint-group <name>', 'GCP: your endpoint group')
    .option('--gcp-project-id <id>', 'GCP: the project of your endpoints')
    .option('--endpoint <name=ip>', 'GCP: one forwarding rule of the group, name=address (repeatable)', collect)
    .option('--watch', 'wait until it is AVAILABLE and the clusters have settled, then print their private-endpoint SRV strings')
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP)
    .action(async (serviceId, options, cmd) => runInterfacesAdd(app.context(cmd), serviceId, options));
  withExamples(command, [
    ['Your AWS VPC endpoint, then the strings it brings', 'cdba private-endpoints interfaces add 6a793f68c0eb9e7a17715835 --endpoint-id vpce-0a1b2c3d4e5f60718 --watch'],
    [
      'An Azure private endpoint',
      'cdba private-endpoints interfaces add 6a794010c0eb9e7a17719674 --endpoint-id "$(az network private-endpoint show -g app -n app-pe --query id -o tsv)" --ip 10.0.0.4',
    ],
    ['A GCP endpoint group of one forwarding rule', 'cdba private-endpoints interfaces add 6a7941732c88faeba59c4470 --endpoint-group app-group --gcp-project-id my-project --endpoint app-rule-0=10.0.0.5'],
    ['In a script: the SRV string of cluster c1 through the new endpoint', "cdba private-endpoints interfaces add 6a793f68c0eb9e7a17715835 --endpoint-id vpce-0a1b2c3d4e5f60718 --watch -o json --query \"results[?cluster=='c1'].connectionString | [0]\" | tr -d '\"'"],
  ]);
}

/** The provider, the endpoint's ID and the request body, from the flags alone. */
async function checkFlags(flags: AddFlags): Promise<{ provider: ProviderChoice; endpointId: string; body: Record<string, unknown> }> {
  const input = await import('../shared/networkInput.js');
  const { endpointProvider } = await import('./endpoints.js');
  const gcpFlags = { '--gcp-project-id': flags.gcpProjectId, '--endpoint': flags.endpoint };
  if (flags.endpointGroup !== undefined) {
    if (flags.endpointId !== undefined) throw new UsageError('give --endpoint-id (AWS, Azure) or --endpoint-group (GCP), not both');
    if (flags.ip !== undefined) throw new UsageError('--ip is for an Azure endpoint; a GCP group gives each endpoint its address with --endpoint name=ip');
    input.requireFlags('GCP', gcpFlags, ['--gcp-project-id', '--endpoint']);
    const endpoints = flags.endpoint!.map((rule) => {
      const eq = rule.indexOf('=');
      if (eq <= 0) throw new UsageError(`invalid --endpoint "${rule}": expected name=ip, e.g. app-rule-0=10.0.0.5`);
      return { endpointName: input.checked('--endpoint', rule.slice(0, eq), 'gcpNetworkName'), ipAddress: input.checked('--endpoint', rule.slice(eq + 1), 'ipv4') };
    });
    const name = input.checked('--endpoint-group', flags.endpointGroup, 'gcpNetworkName');
    return { provider: 'GCP', endpointId: name, body: { endpointGroupName: name, gcpProjectId: input.checked('--gcp-project-id', flags.gcpProjectId!, 'gcpProjectId'), endpoints } };
  }
  if (flags.endpointId === undefined) throw new UsageError('name your endpoint: --endpoint-id vpce-... (AWS), --endpoint-id <resource id> --ip <address> (Azure) or --endpoint-group (GCP)');
  for (const [flag, value] of Object.entries(gcpFlags)) if (value !== undefined) throw new UsageError(`${flag} is for a GCP endpoint group (--endpoint-group)`);
  const provider = await endpointProvider(flags.endpointId);
  if (provider === 'GCP') throw new UsageError(`invalid --endpoint-id "${flags.endpointId.slice(0, 60)}": expected vpce-... (AWS) or an Azure resource ID; a GCP endpoint group goes with --endpoint-group`);
  if (provider === 'AWS') {
    if (flags.ip !== undefined) throw new UsageError('--ip is for an Azure endpoint: an AWS VPC endpoint (vpce-...) takes none');
    return { provider, endpointId: flags.endpointId, body: { id: flags.endpointId } };
  }
  if (flags.ip === undefined) throw new UsageError('an Azure endpoint needs --ip, its private IP address');
  return { provider, endpointId: flags.endpointId, body: { id: flags.endpointId, privateEndpointIPAddress: input.checked('--ip', flags.ip, 'ipv4') } };
}

const SETTLING = ['UPDATING', 'REPAIRING'];

/** Waits until no cluster of the project is UPDATING, then the SRV string each cluster has through the endpoint. */
async function settledStrings(ctx: Context, client: ApiClient, projectId: string, endpointId: string, timeoutMs: number | undefined) {
  const { watch } = await import('../../core/watch.js');
  const { listAllClusters } = await import('../../api/resources/clusters.js');
  const clusters = await watch({
    io: ctx.io,
    subject: `project ${projectId}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs,
    resumeHint: `the endpoint is AVAILABLE; once the clusters are IDLE, \`${ctx.followUp('conn-string', 'get', '<cluster>', '--endpoint', endpointId)}\` gives each string`,
    poll: async () => {
      const list = (await listAllClusters(client, projectId)).results;
      const busy = list.filter((c) => SETTLING.includes(String(c.stateName)));
      return { state: busy.length === 0 ? 'IDLE' : `UPDATING (${busy.length} of ${list.length} clusters)`, done: busy.length === 0, value: list };
    },
  });
  const { listConnectionStrings, selectConnectionString } = await import('../../connstring/index.js');
  return clusters.flatMap((cluster) => {
    const chosen = selectConnectionString(listConnectionStrings(cluster), { type: 'private-endpoint', srv: true, endpoint: endpointId });
    return chosen ? [{ cluster: String(cluster.name), endpointId, connectionString: chosen.uri }] : [];
  });
}

export async function runInterfacesAdd(ctx: Context, serviceId: string, flags: AddFlags): Promise<void> {
  const input = await import('../shared/networkInput.js');
  input.objectIdArg(serviceId, 'endpoint service');
  const request = await checkFlags(flags);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { createInterfaceEndpoint } = await import('../../api/resources/privateEndpoints.js');
  const endpoint = (await createInterfaceEndpoint(client, projectId, request.provider, serviceId, request.body)).body;
  if (!flags.watch && timeoutMs === undefined) {
    await ctx.output(endpoint, ENDPOINT_TABLE);
    const state = endpointStatus(endpoint) || 'added';
    ctx.io.note(`cdba: endpoint ${request.endpointId} is ${state}; its clusters' private-endpoint strings appear once it is AVAILABLE and they are IDLE (see \`${ctx.followUp('private-endpoints', 'interfaces', 'get', serviceId, request.endpointId)}\`)`);
    return;
  }
  const { waitForEndpoint } = await import('./endpoints.js');
  // One deadline for both waits, as the user gave one.
  const started = Date.now();
  await waitForEndpoint(ctx, { client, projectId, provider: request.provider, serviceId, endpointId: request.endpointId, until: 'AVAILABLE', timeoutMs });
  const left = timeoutMs === undefined ? undefined : Math.max(1, timeoutMs - (Date.now() - started));
  const strings = await settledStrings(ctx, client, projectId, request.endpointId, left);
  if (strings.length === 0) ctx.io.note(`cdba: no cluster of the project has a private-endpoint string through ${request.endpointId}: its clusters in the service's region get one`);
  await ctx.output({ results: strings, totalCount: strings.length }, STRINGS_TABLE);
}
