// `cdba clusters patch <name>`: changes some fields of a cluster. Input from a
// file (--file F|-), --set path=value, and --tier / --disk-size-gb / --members /
// --db-version, applied in that order; --shard K limits the first three to one shard
// (2024-08-05 on: independent shard scaling). Read-only fields are stripped with a note, so
// `cdba clusters get c1 -o json | cdba clusters patch c1 --file -` works unchanged;
// fields the version does not accept are refused before sending. The cluster is read
// first: fields it already has as asked are not sent, and with none left nothing is.
// A shared-tier (M0) cluster's hardware is refused then, before any write: the service
// refuses that PATCH (400), and `clusters upgrade` is the way to a dedicated tier.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import type { Cluster } from '../../api/resources/clusters.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../core/input.js';
import { collect, completedArgument, intFlag, lookup, pathValueFlag, tagFlag, withDetails, withExamples, type App } from '../command.js';
import { applyHardwareChange, BACKUP_FIELD, ShapeEditError, type HardwareChange } from '../../model/clusterShapes.js';
import { summarize } from './summary.js';
import { legacyTierChange } from '../../model/clusterConvert.js';
import { parseSetValue, setPath, tierFlag } from './body.js';
import { diskSizeFlag } from './create.js';
import { adaptToShape, fieldProblems, refuseProblems, stripReadOnly } from './fields.js';
import { planChanges } from './plan.js';
import { withClusterHints } from './hints.js';
import { ClusterLocator, flexRefusal } from './flex.js';
import { checkClusterName, clusterDocument, clusterTarget } from './target.js';
import { showCluster } from './view.js';
import { waitForCluster } from './waitForCluster.js';
import { isObject } from '../../base/object.js';
import { shellWord } from '../../base/shellWord.js';
import { INSTANCE_SIZES } from '../../model/catalog.js';
import { isFlexDocument } from '../../model/flexCluster.js';

type Doc = Record<string, unknown>;

export interface PatchFlags {
  file?: string;
  set?: Array<[string, string]>;
  tier?: string;
  diskSizeGb?: number;
  members?: number;
  shard?: number;
  dbVersion?: string;
  terminationProtection?: boolean;
  backup?: boolean;
  tag?: Array<[string, string]>;
  untag?: string[];
  watch?: boolean;
  watchTimeout?: string;
}

export function registerClustersPatch(parent: Command, app: App): void {
  const command = parent
    .command('patch')
    .alias('update')
    .description('change fields of a cluster: from a JSON file, --set path=value, or the convenience flags; sends only what differs')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .option('--file <file>', 'JSON with the fields to change; - reads stdin')
    .option('--set <path=value>', 'set one field by dotted path; the value is JSON when it parses, else a string; repeatable', pathValueFlag('--set'))
    .option('--tier <tier>', 'instance size for every node', tierFlag)
    .option('--disk-size-gb <n>', 'storage in GB', diskSizeFlag)
    .option('--members <n>', 'electable members: 3, 5 or 7 (2023-02-01 on)', intFlag('--members', 1, 50))
    .option('--shard <k>', 'with --tier, --disk-size-gb, --members: only shard k (1-based, as `get` lists them)', intFlag('--shard', 1, 50))
    .option('--db-version <version>', 'database major version, e.g. 8.0')
    .option('--termination-protection', 'refuse deletes until it is turned off again')
    .option('--no-termination-protection', 'allow deletes again')
    .option('--backup', 'turn on cloud backup (M10 and up)')
    .option('--no-backup', 'turn cloud backup off, deleting its snapshots')
    .option('--tag <key=value>', 'add a resource tag, or replace its value; repeatable', tagFlag('--tag'))
    .option('--untag <key>', 'remove the tag with this key; repeatable', collect)
    .option('--watch', 'wait until the change is done (IDLE), then print it')
    .option('--watch-timeout <duration>', 'give up waiting after this long, exit 8')
    .action(async (name, options, cmd) => runClustersPatch(app.context(cmd), name, options));
  withDetails(command, {
    options: {
      '--file': 'Read-only fields are ignored; a legacy body must name provider and region, unless it changes only providerSettings.instanceSizeName, which is applied like --tier',
      '--set': 'No __proto__, constructor or prototype segment',
      '--tier': 'From 2023-02-01: in every region config. A shared-tier (M0) cluster\'s tier, storage and members are refused: cdba clusters upgrade <name> --tier M10 moves it',
      '--disk-size-gb': 'From 2024-08-05: in every hardware spec',
      '--members': 'One region config per shard',
      '--shard': 'From 2024-08-05',
      '--backup': 'Dedicated tiers, M10 and larger',
      '--no-backup': 'The service stops taking snapshots and deletes those it has',
      '--tag': 'Other tags are kept',
      '--untag': 'Other tags are kept',
      '--watch-timeout': 'Implies --watch',
    },
  });
  withExamples(command, [
    ['Scale up and wait for it', 'cdba clusters patch c1 --tier M30 --watch'],
    ['Edit the document and send it back', 'cdba clusters get c1 -o json | jq \'.tags += [{"key":"team","value":"search"}]\' | cdba clusters patch c1 --file -'],
    ['Scale only the second shard (independent shard scaling)', 'cdba clusters patch c1 --shard 2 --tier M40'],
    ['Turn on termination protection and print the new setting', "cdba clusters patch c1 --termination-protection -o json --query 'terminationProtectionEnabled'"],
    ['An old v1.0 tier change still works: applied to the current specs like --tier', 'echo \'{"providerSettings":{"instanceSizeName":"M20"}}\' | cdba clusters patch c1 --file -'],
    ['Tag it for the cost report and drop an old tag; other tags stay', 'cdba clusters patch c1 --tag team=search --tag env=prod --untag owner'],
    ['A flex cluster takes tags and termination protection only', 'cdba clusters patch f1 --tag job=ci --termination-protection'],
    ['Turn on cloud backup, and print the new setting', "cdba clusters patch c1 --backup -o json --query 'backupEnabled'"],
  ]);
}

export async function runClustersPatch(ctx: Context, name: string, flags: PatchFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  if (flags.dbVersion !== undefined && !/^\d+\.\d+$/.test(flags.dbVersion)) {
    throw new UsageError(`invalid --db-version "${flags.dbVersion}": expected a major version such as 7.0 or 8.0`);
  }
  if (flags.members !== undefined && ![3, 5, 7].includes(flags.members)) {
    throw new UsageError(`invalid --members ${flags.members}: a replica set has 3, 5 or 7 electable members`);
  }
  const hardware = flags.tier !== undefined || flags.diskSizeGb !== undefined || flags.members !== undefined;
  const tagging = (flags.tag?.length ?? 0) > 0 || (flags.untag?.length ?? 0) > 0;
  const given =
    flags.file !== undefined ||
    (flags.set?.length ?? 0) > 0 ||
    hardware ||
    flags.dbVersion !== undefined ||
    flags.terminationProtection !== undefined ||
    flags.backup !== undefined ||
    tagging;
  if (!given) {
    throw new UsageError(
      'nothing to change: give --file, --set, --tier, --disk-size-gb, --members, --db-version, --[no-]termination-protection, --[no-]backup, --tag or --untag',
    );
  }
  if (flags.shard !== undefined && !hardware) throw new UsageError('--shard limits --tier, --disk-size-gb or --members to one shard; give one of them');
  const both = (flags.untag ?? []).find((key) => flags.tag?.some(([k]) => k === key));
  if (both !== undefined) throw new UsageError(`--tag and --untag both name the tag "${both}": give one of them`);

  const target = await clusterTarget(ctx, 'clusters.update');
  const { shape, version } = target;
  const locator = await ClusterLocator.open(ctx, target.client, target.projectId, name);
  const fileDoc = flags.file === undefined ? undefined : await readJsonObject(ctx.io, flags.file);
  // A flex cluster's document in the file: its own API and fields.
  if (isFlexDocument(fileDoc)) return runFlexPatch(ctx, locator, flags, fileDoc, timeoutMs);
  if (flags.shard !== undefined && shape !== 'perShard') {
    throw new UsageError(`--shard needs independent shard scaling, which clusters has from API version 2024-08-05; this call is at ${version}`, {
      hint: 'use --api-version 2024-10-23 (or unset the profile\'s apiVersion)',
    });
  }
  if (flags.members !== undefined && shape === 'legacy') {
    throw new UsageError(`--members needs API version 2023-02-01 or later; this call is at ${version}`, { hint: 'set the electable nodes with --set replicationFactor=N instead' });
  }
  const body: Doc = {};
  const source = flags.file === undefined ? 'the request' : flags.file === '-' ? 'stdin' : flags.file;
  // A legacy body that changes only the tier is merged with the current cluster, as --tier is.
  let fileTier: string | undefined;
  if (fileDoc !== undefined) {
    let file = fileDoc;
    const tierOnly = shape === 'legacy' ? undefined : legacyTierChange(file);
    if (tierOnly) {
      fileTier = asUsageErrorValue(() => tierFlag(tierOnly.tier), `${source}: providerSettings.instanceSizeName`);
      if (flags.tier !== undefined && flags.tier !== fileTier) {
        throw new UsageError(`${source} sets the tier ${fileTier} and --tier ${flags.tier}: give one of them`);
      }
      ctx.io.note(`cdba: ${source} changes only the legacy providerSettings.instanceSizeName; applying ${fileTier} to the cluster's current specs, as --tier does`);
      file = tierOnly.rest;
    }
    Object.assign(body, adaptToShape((line) => ctx.io.note(line), file, shape, version, source));
  }
  for (const [path, value] of flags.set ?? []) setPath(body, path, parseSetValue(value));
  if (body.name !== undefined && body.name !== name) {
    throw new UsageError(`${source} names the cluster ${JSON.stringify(body.name)}, but the command names it "${name}"`, {
      hint: 'a cluster cannot be renamed; remove "name" or use the same name',
    });
  }
  const stripped = stripReadOnly(body, shape);
  refuseProblems(fieldProblems(body, shape), shape, version, source);
  const flagsAdd = hardware || fileTier !== undefined || flags.dbVersion !== undefined || flags.terminationProtection !== undefined || flags.backup !== undefined || tagging;
  if (Object.keys(body).length === 0 && !flagsAdd) throw new UsageError(`nothing to change: ${source} holds only read-only fields (${stripped.join(', ')})`);

  // The cluster as it is: what the flags change starts from it, and what it already has is not sent.
  const current = await locator.get();
  const shared = summarize(current).providers.some((provider) => provider.startsWith('TENANT'));
  if (hardware || fileTier !== undefined) {
    if (locator.learnt === 'flex') throw flexRefusal(name, flags.shard !== undefined ? 'shards' : 'tier', false);
    // The service changes no shared-tier cluster's hardware through a PATCH (400): the tenant upgrade moves it.
    if (shared) {
      const asked = [flags.tier !== undefined || fileTier !== undefined ? '--tier' : '', flags.diskSizeGb !== undefined ? '--disk-size-gb' : '', flags.members !== undefined ? '--members' : ''].filter(Boolean);
      throw new UsageError(`cluster ${name} is on the shared tier, whose ${asked.join(', ')} a patch cannot change: move it to a dedicated tier first`, {
        hint: upgradeHint(name, flags.tier ?? fileTier),
      });
    }
    const change: HardwareChange = { tier: flags.tier ?? fileTier, diskSizeGB: flags.diskSizeGb, members: flags.members, shard: flags.shard };
    asUsageError(() => applyHardwareChange(body, change, shape, current));
  }
  if (flags.dbVersion !== undefined) body.mongoDBMajorVersion = flags.dbVersion;
  if (flags.terminationProtection !== undefined) body.terminationProtectionEnabled = flags.terminationProtection;
  if (flags.backup !== undefined) {
    // The shared tier has no cloud backup; a flex cluster's is always on (said once the service says it is flex).
    if (flags.backup && shared) {
      throw new UsageError(`cluster ${name} is on the shared tier, which has no cloud backup: move it to M10 or larger first`, { hint: upgradeHint(name) });
    }
    body[BACKUP_FIELD[shape]] = flags.backup;
  }
  if (tagging) body.tags = mergeTags(baseTags(body, current), flags.tag ?? [], flags.untag ?? [], ctx, name);
  if (await nothingLeft(ctx, name, body, current)) return;
  // Said only once the request goes out: a refused patch has its one error line.
  if (stripped.length > 0) ctx.io.note(`cdba: ignoring read-only fields: ${stripped.join(', ')}`);

  const { updateCluster } = await import('../../api/resources/clusters.js');
  const { updateFlexCluster } = await import('../../api/resources/flexClusters.js');
  const updated = clusterDocument(
    await withClusterHints(name, () =>
      locator.call(
        () => updateCluster(target.client, target.projectId, name, body),
        // Found flex by the clusters API's answer: what the flex API takes is sent there, anything else refused.
        () => updateFlexCluster(target.client, target.projectId, name, flexPatchBody(name, body, false)),
      ),
    ),
  );
  const state = typeof updated.stateName === 'string' ? updated.stateName : 'UPDATING';
  if (!flags.watch && timeoutMs === undefined) {
    if (state !== 'IDLE') ctx.io.note(`cdba: cluster ${name} is ${state}; follow it with \`${ctx.followUp('clusters', 'watch', name)}\``);
    await showCluster(ctx, updated);
    return;
  }
  const ready = await waitForCluster(ctx, target, name, { until: 'IDLE', timeoutMs, initialState: state, locator });
  await showCluster(ctx, ready);
}

/**
 * The way off the shared tier: `clusters upgrade`, to the dedicated tier asked for (else M10).
 * main.ts adds the invocation's -P, --project-id, --base-url and --api-version (withContext).
 */
function upgradeHint(name: string, tier?: string): string {
  const target = tier !== undefined && tier !== 'FLEX' && !INSTANCE_SIZES.TENANT.includes(tier) ? tier : 'M10';
  return `upgrade it with \`cdba clusters upgrade ${shellWord(name)} --tier ${target}\``;
}

/** What the flex API lets a patch change. */
const FLEX_WRITABLE = ['tags', 'terminationProtectionEnabled'];

/** The body for the flex API, or the refusal naming what a flex cluster cannot change. */
function flexPatchBody(name: string, body: Doc, known: boolean): Doc {
  const fixed = Object.keys(body).filter((key) => !FLEX_WRITABLE.includes(key));
  if (fixed.some((key) => /backupEnabled$/i.test(key))) throw flexRefusal(name, 'backup', known);
  if (fixed.length > 0) throw flexRefusal(name, fixed.some((key) => /shard|replicationSpecs|clusterType/i.test(key)) ? 'shards' : 'tier', known, `asked to change ${fixed.join(', ')}`);
  return body;
}

/**
 * The patch of a flex cluster whose document the file is: tags and termination protection only.
 * The hardware flags are refused before any request; read-only fields of a flex
 * document (a `get -o json` sent back) are stripped with a note, as for the others.
 */
async function runFlexPatch(ctx: Context, locator: ClusterLocator, flags: PatchFlags, fileDoc: Doc | undefined, timeoutMs: number | undefined): Promise<void> {
  const { name } = locator;
  if (flags.shard !== undefined) throw flexRefusal(name, 'shards', true);
  if (flags.backup !== undefined) throw flexRefusal(name, 'backup', true);
  const hardware = (['tier', 'diskSizeGb', 'members', 'dbVersion'] as const).filter((key) => flags[key] !== undefined);
  if (hardware.length > 0) {
    const flag = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace('-gb', '-gb')}`;
    throw flexRefusal(name, 'tier', true, `${hardware.map(flag).join(', ')} given`);
  }
  const { flexReadOnlyFields } = await import('../../model/flexCluster.js');
  const body: Doc = { ...fileDoc };
  for (const [path, value] of flags.set ?? []) setPath(body, path, parseSetValue(value));
  if (body.name !== undefined && body.name !== name) {
    throw new UsageError(`the file names the cluster ${JSON.stringify(body.name)}, but the command names it "${name}"`, { hint: 'a cluster cannot be renamed; remove "name" or use the same name' });
  }
  const readOnly = new Set([...flexReadOnlyFields('update'), 'links']);
  const stripped = Object.keys(body).filter((key) => readOnly.has(key));
  for (const key of stripped) delete body[key];
  flexPatchBody(name, body, true);
  if (flags.terminationProtection !== undefined) body.terminationProtectionEnabled = flags.terminationProtection;
  const tagging = (flags.tag?.length ?? 0) > 0 || (flags.untag?.length ?? 0) > 0;
  if (Object.keys(body).length === 0 && !tagging) throw new UsageError(`nothing to change: the file holds only read-only fields (${stripped.join(', ')})`);
  const current = await locator.get();
  if (tagging) body.tags = mergeTags(baseTags(body, current), flags.tag ?? [], flags.untag ?? [], ctx, name);
  if (await nothingLeft(ctx, name, body, current)) return;
  if (stripped.length > 0) ctx.io.note(`cdba: ignoring read-only fields: ${stripped.join(', ')}`);
  const { updateFlexCluster } = await import('../../api/resources/flexClusters.js');
  const { updateCluster } = await import('../../api/resources/clusters.js');
  const { client, projectId } = locator;
  const updated = clusterDocument(
    await withClusterHints(name, () =>
      // Known flex: straight to the flex API. Tags and protection are fields of every cluster, so a name
      // that is a dedicated cluster's after all (an old names file, a flex document for another cluster) takes them too.
      locator.call(
        () => updateCluster(client, projectId, name, body),
        () => updateFlexCluster(client, projectId, name, body),
      ),
    ),
  );
  if (flags.watch || timeoutMs !== undefined) {
    const ready = await waitForCluster(ctx, { client, projectId, version: '2024-11-13', shape: 'perShard' }, name, { until: 'IDLE', timeoutMs, initialState: String(updated.stateName ?? ''), locator });
    await showCluster(ctx, ready);
    return;
  }
  await showCluster(ctx, updated);
}

/** A flag parser's refusal, reworded for the file field it checked. */
function asUsageErrorValue<T>(parse: () => T, field: string): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${field}: ${error.message.replace(/^invalid --tier "[^"]*": /, '')}`);
    throw error;
  }
}

/** The model's refusal of an edit it cannot place, as a usage error. */
function asUsageError(edit: () => void): void {
  try {
    edit();
  } catch (error) {
    if (error instanceof ShapeEditError) throw new UsageError(error.message);
    throw error;
  }
}

export interface Tag {
  key: string;
  value: string;
}

const isTag = (value: unknown): value is Tag => isObject(value) && typeof value.key === 'string' && typeof value.value === 'string';

/** The tags --tag and --untag start from: the body's own (a file or --set gave them), else the cluster's. */
function baseTags(body: Doc, current: Cluster): Tag[] {
  const tags = Array.isArray(body.tags) ? body.tags : Array.isArray(current.tags) ? current.tags : [];
  return tags.filter(isTag).map(({ key, value }) => ({ key, value }));
}

/**
 * Leaves out of the body every field the cluster already has as asked, compared as
 * `apply` compares (only what the body names); with nothing left, sends nothing:
 * says so, shows the cluster as it is, and answers true.
 */
async function nothingLeft(ctx: Context, name: string, body: Doc, current: Cluster): Promise<boolean> {
  for (const key of Object.keys(body)) {
    if (planChanges({ [key]: body[key] }, current, () => true).changes.length === 0) delete body[key];
  }
  if (Object.keys(body).length > 0) return false;
  ctx.io.note(`cdba: cluster ${name} already is as asked; nothing to change, nothing sent`);
  await showCluster(ctx, current);
  return true;
}

/** --tag replaces a key's value in place or appends it; --untag removes a key. Every other tag is kept, in order. */
export function mergeTags(base: Tag[], add: Array<[string, string]>, remove: string[], ctx?: Context, name?: string): Tag[] {
  const tags = base.map((tag) => ({ ...tag }));
  for (const [key, value] of add) {
    const existing = tags.find((tag) => tag.key === key);
    if (existing) existing.value = value;
    else tags.push({ key, value });
  }
  for (const key of remove) {
    if (!tags.some((tag) => tag.key === key)) ctx?.io.note(`cdba: cluster ${name ?? ''} has no tag "${key}"; nothing to remove`);
  }
  return tags.filter((tag) => !remove.includes(tag.key));
}
