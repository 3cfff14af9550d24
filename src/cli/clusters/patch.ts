// `cdba clusters patch <name>`: changes some fields of a cluster. Input from a
// file (--file F|-), --set path=value, and --tier / --disk-size-gb / --db-version,
// applied in that order. Read-only fields are stripped with a note, so
// `cdba clusters get c1 -o json | cdba clusters patch c1 --file -` works unchanged;
// fields the version does not accept are refused before sending.
import type { Command } from '@commander-js/extra-typings';
import type { Cluster } from '../../api/clusters.js';
import type { Context } from '../../core/context.js';
import { parseDuration } from '../../core/duration.js';
import { UsageError } from '../../core/errors.js';
import { readJsonObject } from '../../core/input.js';
import { keyValueFlag, withExamples, type App } from '../command.js';
import { parseSetValue, setModernTier, setPath, tierFlag } from './body.js';
import { diskSizeFlag } from './create.js';
import { fieldProblems, refuseProblems, stripReadOnly } from './fields.js';
import { withClusterHints } from './hints.js';
import { checkClusterName, clusterDocument, clusterTarget, type ClusterTarget } from './target.js';
import { showCluster } from './view.js';
import { waitForCluster } from './watch.js';

type Doc = Record<string, unknown>;
const isObject = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface PatchFlags {
  file?: string;
  set?: Array<[string, string]>;
  tier?: string;
  diskSizeGb?: number;
  dbVersion?: string;
  watch?: boolean;
  watchTimeout?: string;
}

export function registerClustersPatch(parent: Command, app: App): void {
  const command = parent
    .command('patch')
    .alias('update')
    .description('change fields of a cluster: from a JSON file, --set path=value, or the convenience flags')
    .argument('<name>', 'cluster name')
    .option('--file <file>', 'JSON with the fields to change; - reads stdin (read-only fields are ignored)')
    .option('--set <path=value>', 'set one field by dotted path; the value is JSON when it parses, else a string; repeatable', keyValueFlag('--set'))
    .option('--tier <tier>', 'instance size for every node (2023-02-01: every region config)', tierFlag)
    .option('--disk-size-gb <n>', 'storage in GB', diskSizeFlag)
    .option('--db-version <version>', 'database major version, e.g. 8.0')
    .option('--watch', 'wait until the change is done (IDLE), then print the cluster')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (name, options, cmd) => runClustersPatch(app.context(cmd), name, options));
  withExamples(command, [
    ['Scale up and wait for it', 'cdba clusters patch c1 --tier M30 --watch'],
    ['Edit the document and send it back', 'cdba clusters get c1 -o json | jq \'.diskSizeGB = 40\' | cdba clusters patch c1 --file -'],
    ['Turn on termination protection and print the new setting', "cdba clusters patch c1 --set terminationProtectionEnabled=true -o json --query 'terminationProtectionEnabled'"],
  ]);
}

export async function runClustersPatch(ctx: Context, name: string, flags: PatchFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = flags.watchTimeout === undefined ? undefined : parseDuration(flags.watchTimeout, '--watch-timeout');
  if (flags.dbVersion !== undefined && !/^\d+\.\d+$/.test(flags.dbVersion)) {
    throw new UsageError(`invalid --db-version "${flags.dbVersion}": expected a major version such as 7.0 or 8.0`);
  }
  const given = flags.file !== undefined || (flags.set?.length ?? 0) > 0 || flags.tier !== undefined || flags.diskSizeGb !== undefined || flags.dbVersion !== undefined;
  if (!given) throw new UsageError('nothing to change: give --file, --set, --tier, --disk-size-gb or --db-version');

  const target = await clusterTarget(ctx);
  const { shape, version } = target;
  const body: Doc = {};
  const source = flags.file === undefined ? 'the request' : flags.file === '-' ? 'stdin' : flags.file;
  if (flags.file !== undefined) Object.assign(body, await readJsonObject(ctx.io, flags.file));
  for (const [path, value] of flags.set ?? []) setPath(body, path, parseSetValue(value));
  if (body.name !== undefined && body.name !== name) {
    throw new UsageError(`${source} names the cluster ${JSON.stringify(body.name)}, but the command names it "${name}"`, {
      hint: 'a cluster cannot be renamed; remove "name" or use the same name',
    });
  }
  const stripped = stripReadOnly(body, shape);
  refuseProblems(fieldProblems(body, shape), shape, version, source);

  if (flags.tier !== undefined) await applyTier(body, flags.tier, ctx, target, name);
  if (flags.diskSizeGb !== undefined) body.diskSizeGB = flags.diskSizeGb;
  if (flags.dbVersion !== undefined) body.mongoDBMajorVersion = flags.dbVersion;
  if (Object.keys(body).length === 0) throw new UsageError(`nothing to change: ${source} holds only read-only fields (${stripped.join(', ')})`);
  // Said only once the request goes out: a refused patch has its one error line.
  if (stripped.length > 0) ctx.io.note(`cdba: ignoring read-only fields: ${stripped.join(', ')}`);

  const { updateCluster } = await import('../../api/clusters.js');
  const updated = clusterDocument(await withClusterHints(name, () => updateCluster(target.client, target.projectId, name, body)));
  const state = typeof updated.stateName === 'string' ? updated.stateName : 'UPDATING';
  if (!flags.watch && timeoutMs === undefined) {
    if (state !== 'IDLE') ctx.io.note(`cdba: cluster ${name} is ${state}; follow it with \`cdba clusters watch ${name}\``);
    await showCluster(ctx, updated);
    return;
  }
  const ready = await waitForCluster(ctx, target, name, { until: 'IDLE', timeoutMs, initialState: state });
  await showCluster(ctx, ready);
}

/**
 * --tier. Legacy: providerSettings.instanceSizeName (with the current provider,
 * which the legacy API wants beside it). 2023-02-01: every region config's
 * instanceSize, on the replication specs of the body if it has them, else on
 * the current cluster's (read first).
 */
async function applyTier(body: Doc, tier: string, ctx: Context, target: ClusterTarget, name: string): Promise<void> {
  if (target.shape === 'modern' && Array.isArray(body.replicationSpecs)) {
    setModernTier(body, tier);
    return;
  }
  if (target.shape === 'legacy' && isObject(body.providerSettings) && typeof body.providerSettings.providerName === 'string') {
    body.providerSettings.instanceSizeName = tier;
    return;
  }
  const { getCluster } = await import('../../api/clusters.js');
  const current: Cluster = clusterDocument(await getCluster(target.client, target.projectId, name));
  if (target.shape === 'modern') {
    const specs = { replicationSpecs: structuredClone(current.replicationSpecs ?? []) };
    stripReadOnly(specs, 'modern');
    setModernTier(specs, tier);
    body.replicationSpecs = specs.replicationSpecs;
    return;
  }
  const settings = isObject(current.providerSettings) ? current.providerSettings : {};
  const providerSettings: Doc = { ...(isObject(body.providerSettings) ? body.providerSettings : {}) };
  if (typeof settings.providerName === 'string') providerSettings.providerName = settings.providerName;
  if (typeof settings.backingProviderName === 'string') providerSettings.backingProviderName ??= settings.backingProviderName;
  providerSettings.instanceSizeName = tier;
  body.providerSettings = providerSettings;
}
