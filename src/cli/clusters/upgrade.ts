// `cdba clusters upgrade <name> --tier M10 [--provider P --region R] [--watch]`: a shared-tier
// (M0) or flex cluster becomes a dedicated cluster of the same name, through the service's
// tenant upgrades: the clusters API's (POST /clusters/tenantUpgrade, 2023-01-01, a legacy-shape
// body) for the shared tier, the flex API's (POST /flexClusters:tenantUpgrade, 2024-11-13, a
// 2024-08-05 body) for flex. Which one is found as every verb finds a cluster (flex.ts).
//
// Refused before any request: a tier that is not dedicated, a provider and region that do not go
// together (as `clusters create` checks them). Refused before the upgrade is sent: a cluster that
// is dedicated already (exit 5, as resume of a running cluster), a tier or region the cluster's
// own cloud lacks. Provider and region default to the cluster's own. Asks first on a terminal;
// elsewhere it needs -y/--yes (exit 2, before any request).
import { Option, type Command } from '@commander-js/extra-typings';
import { ApiError, ConflictError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { CLOUD_PROVIDERS, INSTANCE_SIZES, REGIONS, type CloudProvider } from '../../model/catalog.js';
import { choiceFlag, completedArgument, lookup, withDetails, withExamples, type App } from '../command.js';
import { normalizeRegion } from './body.js';
import { ClusterLocator, checkFlexReachable } from './flex.js';
import { withClusterHints } from './hints.js';
import { summarize } from './summary.js';
import { checkClusterName, clusterDocument, clusterTarget } from './target.js';
import { showCluster } from './view.js';
import { waitForCluster } from './waitForCluster.js';

export interface UpgradeFlags {
  tier: string;
  provider?: CloudProvider;
  region?: string;
  watch?: boolean;
  watchTimeout?: string;
}

/** The dedicated tiers, every cloud's (M10 and up). */
const DEDICATED_TIERS = [...new Set(CLOUD_PROVIDERS.flatMap((cloud) => INSTANCE_SIZES[cloud]))];
const SHARED_TIERS = [...INSTANCE_SIZES.TENANT, 'FLEX'];

/** --tier: a dedicated tier, upper-cased; a shared one or an unknown name is refused here. */
export function upgradeTierFlag(value: string): string {
  const tier = value.trim().toUpperCase();
  if (SHARED_TIERS.includes(tier)) throw new UsageError(`invalid --tier ${tier}: it is a shared tier; an upgrade moves to a dedicated tier (M10 and up)`);
  if (!DEDICATED_TIERS.includes(tier)) throw new UsageError(`invalid --tier ${value}: expected a dedicated tier such as M10, M20 or M30`);
  return tier;
}

export function registerClustersUpgrade(parent: Command, app: App): void {
  const command = parent
    .command('upgrade')
    .description('move a shared-tier (M0) or flex cluster to a dedicated tier, keeping its name and connection strings (asks first)')
    .summary('move a shared-tier or flex cluster to a dedicated tier')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .addOption(new Option('--tier <tier>', 'the dedicated tier, e.g. M10 or M30').argParser(upgradeTierFlag).makeOptionMandatory())
    .addOption(
      new Option('--provider <provider>', "cloud provider (default: the cluster's own)").choices(CLOUD_PROVIDERS).argParser(choiceFlag('--provider', CLOUD_PROVIDERS, { upper: true })),
    )
    .option('--region <region>', "provider region (default: the cluster's own)", normalizeRegion)
    .option('--watch', 'wait until the upgraded cluster is IDLE, then print it')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (name, options, cmd) => runClustersUpgrade(app.context(cmd), name, options));
  withExamples(command, [
    ['A free cluster to M10 where it runs, waiting until it is ready', 'cdba clusters upgrade sandbox --tier M10 --watch'],
    ['A flex cluster to M30 on GCP, in a script', 'cdba clusters upgrade ci-1 --tier M30 --provider GCP --region CENTRAL_US --yes'],
    ['Every flex cluster to M10', "cdba clusters list --tier FLEX --all -o json --query 'results[].name' | jq -r '.[]' | xargs -n1 cdba clusters upgrade --tier M10 --yes"],
  ]);
  withDetails(command, {
    about:
      'A shared-tier (M0) cluster goes through the clusters API\'s tenant upgrade (2023-01-01), a flex cluster through the flex API\'s (2024-11-13); ' +
      'the cluster keeps its name and connection strings, goes UPDATING, and is dedicated once IDLE (with a new id). ' +
      'The output is the cluster as clusters get prints it. A cluster that is dedicated already is refused with exit 5, before the upgrade is sent; ' +
      'a tier that is not dedicated, or a provider and region that do not go together, with exit 2 before any request.',
    options: {
      '--tier': 'Any dedicated tier of the cloud the cluster moves to (M10 and up); the shared tiers (M0, M2, M5, FLEX) are no target',
      '--provider': 'AWS, AZURE or GCP. Without it, the cloud the shared or flex cluster runs on',
      '--region': 'Without it, the region the cluster runs in, when the provider has it',
    },
  });
}

interface Current {
  kind: 'shared' | 'flex';
  tier: string;
  provider: string;
  region: string;
}

/** The cluster as it is now: its kind, tier, cloud and region; a dedicated cluster is refused. */
function currentOf(ctx: Context, name: string, document: unknown, flex: boolean): Current {
  const summary = summarize(document);
  const lead = summary.zones[0]?.regions[0];
  const tier = summary.tiers[0] ?? '';
  if (!flex && lead?.provider !== 'TENANT') {
    throw new ConflictError(`cluster ${name} is a dedicated cluster already (${tier || 'dedicated'}${lead ? ` on ${lead.provider}` : ''}); upgrade moves shared-tier and flex clusters`, {
      hint: `to change its tier: ${ctx.followUp('clusters', 'patch', name, '--tier', 'M30')}`,
    });
  }
  return { kind: flex ? 'flex' : 'shared', tier: flex ? 'FLEX' : tier, provider: lead?.backingProvider ?? '', region: lead?.region ?? '' };
}

/** Where the dedicated cluster goes: the flags, else the cluster's own cloud and region; checked as `clusters create` checks them. */
function destination(flags: UpgradeFlags, current?: Current): { provider: CloudProvider; region: string } {
  const own = current && (CLOUD_PROVIDERS as readonly string[]).includes(current.provider) ? (current.provider as CloudProvider) : undefined;
  const provider = flags.provider ?? own;
  if (!provider) throw new UsageError('--provider is required: the cluster does not say which cloud it runs on');
  const sameCloud = provider === own;
  const region = flags.region ?? (sameCloud || REGIONS[provider].includes(current?.region ?? '') ? current?.region : undefined);
  if (!region) throw new UsageError(`--region is required: the cluster runs in ${current?.region || 'no region it names'}, which ${provider} does not have`);
  if (!INSTANCE_SIZES[provider].includes(flags.tier)) {
    throw new UsageError(`invalid --tier ${flags.tier} for ${provider}: expected one of ${INSTANCE_SIZES[provider].join(', ')}`);
  }
  if (!REGIONS[provider].includes(region)) {
    throw new UsageError(`unknown --region ${region} for ${provider}`, { hint: 'region names look like US_EAST_1 (AWS), EUROPE_WEST (Azure), CENTRAL_US (GCP)' });
  }
  return { provider, region };
}

/** The shared-tier upgrade's body: a legacy-shape cluster (LegacyAtlasTenantClusterUpgradeRequest). */
export function sharedUpgradeBody(name: string, tier: string, provider: CloudProvider, region: string): Record<string, unknown> {
  return { name, providerSettings: { providerName: provider, instanceSizeName: tier, regionName: region } };
}

/** The flex upgrade's body: a 2024-08-05 replica set of three (AtlasTenantClusterUpgradeRequest20240805). */
export function flexUpgradeBody(name: string, tier: string, provider: CloudProvider, region: string): Record<string, unknown> {
  return {
    name,
    clusterType: 'REPLICASET',
    replicationSpecs: [{ regionConfigs: [{ providerName: provider, regionName: region, priority: 7, electableSpecs: { instanceSize: tier, nodeCount: 3 } }] }],
  };
}

export async function runClustersUpgrade(ctx: Context, name: string, flags: UpgradeFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  if (flags.provider !== undefined && flags.region !== undefined) destination(flags); // what the flags alone say is wrong
  ctx.requireConfirmable();
  const target = await clusterTarget(ctx, 'clusters.tenantUpgrade');
  const locator = await ClusterLocator.open(ctx, target.client, target.projectId, name);
  const document = await locator.get();
  const flex = locator.learnt === 'flex';
  const current = currentOf(ctx, name, document, flex);
  if (flex) await checkFlexReachable(ctx, name);
  const { provider, region } = destination(flags, current);
  const { profileName } = await ctx.settings();
  const from = `${current.tier} (${current.kind === 'flex' ? 'flex' : 'shared'}, ${current.provider} ${current.region})`;
  await ctx.confirm(`Upgrade cluster "${name}" of project ${target.projectId} (profile "${profileName}") from ${from} to ${flags.tier} on ${provider} ${region}? Dedicated tiers are billed by the hour.`);
  const mayHaveApplied = `the upgrade may have been accepted; check with \`${ctx.followUp('clusters', 'get', name)}\` before trying again`;
  const answer = await withClusterHints(name, () =>
    withUpgradeHints(ctx, name, async () => {
      if (current.kind === 'flex') {
        const { upgradeFlexCluster } = await import('../../api/resources/flexClusters.js');
        return upgradeFlexCluster(target.client, target.projectId, flexUpgradeBody(name, flags.tier, provider, region), mayHaveApplied);
      }
      const { upgradeTenantCluster } = await import('../../api/resources/clusters.js');
      return upgradeTenantCluster(target.client, target.projectId, sharedUpgradeBody(name, flags.tier, provider, region), mayHaveApplied);
    }),
  );
  const answered = clusterDocument(answer).stateName;
  const state = typeof answered === 'string' ? answered : 'UPDATING';
  // A flex cluster is the clusters API's from now on: forget it as flex, and read it afresh.
  if (flex) locator.forget();
  const upgraded = await ClusterLocator.open(ctx, target.client, target.projectId, name);
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: cluster ${name} is being upgraded from ${current.tier} to ${flags.tier} (${state}); follow it with \`${ctx.followUp('clusters', 'watch', name)}\``);
    await showCluster(ctx, await upgraded.get());
    return;
  }
  ctx.io.note(`cdba: cluster ${name} is being upgraded from ${current.tier} to ${flags.tier}`);
  const ready = await waitForCluster(ctx, target, name, { until: 'IDLE', timeoutMs, initialState: state, locator: upgraded });
  await showCluster(ctx, ready);
}

/** The upgrades' own refusals, with what to do next (the invocation's -P, --project-id and --base-url kept). */
async function withUpgradeHints<T>(ctx: Context, name: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.hint === undefined && error.errorCode === 'CANNOT_UPGRADE_CLUSTER_WITH_PENDING_CHANGES') {
      error.hint = `wait until it is IDLE (${ctx.followUp('clusters', 'watch', name)}), then upgrade it`;
    }
    throw error;
  }
}
