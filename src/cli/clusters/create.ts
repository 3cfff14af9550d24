// `cdba clusters create <name>`: from flags, from a JSON file (or stdin), or a
// file with flags on top. The body is built and checked in the shape of the
// version clusters are called at, before anything is sent.
import { shellWord } from '../../base/shellWord.js';
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../core/input.js';
import { CLUSTER_TYPES, INSTANCE_SIZES, PROVIDERS } from '../../model/catalog.js';
import { isFlexCreateBody } from '../../model/flexCluster.js';
import { choiceFlag, intFlag, tagFlag, withExamples, withDetails, type App } from '../command.js';
import { createBody, normalizeRegion, type TopologyFlags } from './body.js';
import { adaptToShape, fieldProblems, missingField, refuseInvalidCreate, refuseProblems } from './fields.js';
import { checkClusterName, clusterDocument, clusterTarget, clusterVersion } from './target.js';
import { showCluster } from './view.js';
import { waitForCluster } from './waitForCluster.js';

export interface CreateFlags extends Omit<TopologyFlags, 'tag'> {
  file?: string;
  tag?: Array<[string, string]>;
  terminationProtection?: boolean;
  watch?: boolean;
  watchTimeout?: string;
}

/** A positive number of gigabytes (fractions allowed: the shared tiers have 0.5). */
export function diskSizeFlag(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`invalid --disk-size-gb "${value}": expected a positive number`);
  return n;
}

const upper = (value: string): string => value.trim().toUpperCase();
/** What --tier may name: every provider's instance sizes, and FLEX. */
const TIERS = ['FLEX', ...new Set(Object.values(INSTANCE_SIZES).flat())];

export function registerClustersCreate(parent: Command, app: App): void {
  const command = parent
    .command('create')
    .description('create a cluster from flags, from a JSON body (--file), or both (flags override the file)')
    .argument('<name>', 'cluster name: letters, digits and hyphens, at most 64')
    .option('--file <file>', 'JSON body to send; - reads stdin')
    .addOption(new Option('--provider <provider>', 'cloud provider; TENANT: the free tier (M0)').choices(PROVIDERS).argParser(choiceFlag('--provider', PROVIDERS, { upper: true })))
    .option('--region <region>', 'provider region, e.g. US_EAST_1', normalizeRegion)
    .addOption(
      // Choices for completion (every provider's sizes and FLEX); the provider's own list is checked with the other flags.
      new Option('--tier <tier>', 'instance size (default M10; M0 for TENANT); FLEX: a flex cluster')
        .choices(TIERS)
        .argParser(upper),
    )
    .option('--members <n>', 'electable members: 3, 5 or 7 (default 3)', intFlag('--members', 1, 50))
    .option('--shards <n>', 'number of shards (default 1; 2+: --type SHARDED)', intFlag('--shards', 1, 50))
    .addOption(new Option('--type <type>', 'cluster type (default REPLICASET)').choices(CLUSTER_TYPES).argParser(choiceFlag('--type', CLUSTER_TYPES, { upper: true })))
    .option('--db-version <version>', 'database major version, e.g. 7.0')
    .option('--disk-size-gb <n>', 'storage in GB', diskSizeFlag)
    .option('--backup', 'turn on cloud backup (M10 and up; cdba backups)')
    .option('--tag <key=value>', 'a resource tag; repeat for more', tagFlag('--tag'))
    .option('--termination-protection', 'refuse deletes until it is turned off')
    .option('--no-termination-protection', 'allow deletes (the default)')
    .option('--watch', 'wait until the cluster is IDLE, then print it')
    .option('--watch-timeout <duration>', 'give up waiting after this long, exit 8')
    .action(async (name, options, cmd) => runClustersCreate(app.context(cmd), name, options as CreateFlags));
  withDetails(command, {
    options: {
      '--file': 'Flags and the <name> argument override its fields; a flex body (providerSettings.backingProviderName) takes no --tier but FLEX',
      '--provider': 'With --tier FLEX, the cloud the flex cluster runs on',
      '--region': 'US_EAST_1 (AWS), EUROPE_WEST (Azure), CENTRAL_US (GCP)',
      '--tier': 'FLEX creates a flex cluster (its own API, 2024-11-13)',
      '--shards': 'From 2024-08-05, one replication spec each',
      '--db-version': 'Default: the service picks',
      '--disk-size-gb': 'From 2024-08-05: of every shard, in its hardware specs',
      '--backup': 'Dedicated tiers, M10 and larger; flex clusters have theirs always: scheduled snapshots, on-demand ones, restores',
      '--termination-protection': 'cdba clusters patch <name> --no-termination-protection turns it off',
      '--no-termination-protection': 'Unless the file turns protection on',
      '--watch-timeout': 'Implies --watch',
    },
  });
  withExamples(command, [
    ['A three-member M10 replica set on AWS, waiting until it is ready', 'cdba clusters create c1 --provider AWS --region US_EAST_1 --tier M10 --watch'],
    ['A free shared-tier cluster', 'cdba clusters create sandbox --provider TENANT --region US_EAST_1 --tier M0'],
    ['A flex cluster on AWS for a CI job, waiting until it is ready', 'cdba clusters create ci-1 --tier FLEX --provider AWS --region US_EAST_1 --tag job=ci --watch'],
    ['With cloud backup, then its first snapshot', 'cdba clusters create prod1 --provider AWS --region US_EAST_1 --tier M10 --backup --watch && cdba backups snapshots take prod1 --watch'],
    ['A protected production cluster: deletes are refused until protection is off', 'cdba clusters create prod1 --provider AWS --region US_EAST_1 --tier M30 --termination-protection --tag env=prod'],
    ['From a file, with a bigger tier; print only the state', "cdba clusters create c2 --file c2.json --tier M30 -o json --query 'stateName'"],
  ]);
}

export async function runClustersCreate(ctx: Context, name: string, flags: CreateFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const { version, shape } = await clusterVersion(ctx, 'clusters.create');
  let file: Record<string, unknown> | undefined;
  let renameNote: string | undefined;
  if (flags.file !== undefined || flags.tier === 'FLEX') {
    const source = flags.file === undefined ? 'the request' : flags.file === '-' ? 'stdin' : flags.file;
    file = flags.file === undefined ? undefined : await readJsonObject(ctx.io, flags.file);
    // The command's argument names the new cluster, as flags override the file's
    // fields: `create copy --file old.json` is how a cluster is copied.
    if (file?.name !== undefined && file.name !== name) {
      // Said once the body is known to be sendable, so a refusal stays one line.
      renameNote = `cdba: ${source} names the cluster ${JSON.stringify(file.name)}; creating it as "${name}"`;
      file = { ...file, name };
    }
    // A flex body with a dedicated (or shared) --tier: flags override the file, but no field of a
    // flex body says which dedicated cluster was meant (members, disk, shards). Refused, not guessed.
    if (flags.tier !== undefined && flags.tier !== 'FLEX' && isFlexCreateBody(file)) {
      throw new UsageError(
        `${source} is a flex cluster's body (providerSettings.backingProviderName), which --tier ${flags.tier} cannot override: leave --tier out (or give --tier FLEX) for a flex cluster, or give a dedicated cluster's body or --provider and --region for a ${flags.tier} one`,
      );
    }
    // Flex clusters have their own API and body (createFlex.ts, src/cli/clusters/flexBody.ts).
    if (flags.tier === 'FLEX' || isFlexCreateBody(file)) {
      const [{ flexCreateBody }, { runFlexCreate }] = await Promise.all([import('./flexBody.js'), import('./createFlex.js')]);
      const { tier: _flex, file: _file, ...rest } = flags;
      const body = flexCreateBody(name, file, rest, source);
      if (renameNote) ctx.io.note(renameNote);
      return runFlexCreate(ctx, name, body, flags, timeoutMs);
    }
  }
  if (file !== undefined) {
    const source = flags.file === '-' ? 'stdin' : flags.file!;
    file = adaptToShape((line) => ctx.io.note(line), file, shape, version, source, true);
    refuseProblems(fieldProblems(file, shape), shape, version, source);
  }
  const topology: TopologyFlags = pick(flags, ['provider', 'region', 'tier', 'members', 'shards', 'type', 'dbVersion', 'diskSizeGb', 'backup', 'tag']);
  const body = createBody(name, file, topology, shape);
  if (flags.terminationProtection !== undefined) body.terminationProtectionEnabled = flags.terminationProtection;
  refuseProblems(fieldProblems(body, shape), shape, version, 'the request');
  const missing = missingField(body, shape);
  if (missing) {
    throw new UsageError(`the body lacks ${missing}, which API version ${version} requires`, {
      hint: file ? 'add it to the file, or give --provider and --region' : 'give --provider and --region',
    });
  }
  await refuseInvalidCreate(body, shape, version, 'the request');
  // Said only once the request goes out: a refused create has its one error line.
  if (renameNote) ctx.io.note(renameNote);
  const { createCluster } = await import('../../api/resources/clusters.js');
  const target = await clusterTarget(ctx, 'clusters.create');
  const checkHint = `the cluster may have been created; check with \`cdba clusters get ${shellWord(name)}\` before trying again`;
  const created = clusterDocument(await createCluster(target.client, target.projectId, body, checkHint));
  const state = typeof created.stateName === 'string' ? created.stateName : 'CREATING';
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: cluster ${name} is ${state}; follow it with \`${ctx.followUp('clusters', 'watch', name)}\``);
    await showCluster(ctx, created);
    return;
  }
  ctx.io.note(`cdba: cluster ${name} is ${state}`);
  const ready = await waitForCluster(ctx, target, name, { until: 'IDLE', timeoutMs, initialState: state });
  await showCluster(ctx, ready);
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
