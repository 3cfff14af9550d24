// `cdba clusters apply --file F|-`: the desired state of one cluster (named in
// the document), idempotent. Missing: create it. Present: compare the writable
// fields the document names and PATCH only those that differ; nothing differs:
// no write. The plan comes first: on stderr (`cdba: + create`, `cdba: ~ path: from → to`),
// or with -o json|pretty as the document {action, changes} on stdout.
// --dry-run sends no write; with --exit-code it exits 10 when the plan is not
// empty. apply never deletes: a change the service cannot make is its error.
import { shellWord } from '../../base/shellWord.js';
import type { Command } from '@commander-js/extra-typings';
import type { Cluster } from '../../api/resources/clusters.js';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { ExitCode, QuietExit, UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../core/input.js';
import { fieldsOf, type ClusterShape } from '../../model/clusterFields.js';
import { convertClusterBody, shapeOfDocument } from '../../model/clusterShapes.js';
import { isFlexCreateBody } from '../../model/flexCluster.js';
import { withExamples, type App } from '../command.js';
import { isClusterAbsent } from './absent.js';
import { adaptToShape, fieldProblems, missingField, refuseInvalidCreate, refuseProblems, stripReadOnly } from './fields.js';
import { withClusterHints } from './hints.js';
import { planChanges, planValue, sizesInStep, type Change, type IsWritable } from './plan.js';
import { checkClusterName, clusterDocument, clusterTarget, clusterVersion } from './target.js';
import { waitForCluster } from './waitForCluster.js';

type Doc = Record<string, unknown>;
type FieldSpec = ReturnType<typeof fieldsOf>[string];

export interface ApplyFlags {
  file: string;
  dryRun?: boolean;
  exitCode?: boolean;
  watch?: boolean;
  watchTimeout?: string;
}

export interface PlanDocument {
  action: 'create' | 'update' | 'none';
  changes: Change[];
}

export function registerClustersApply(parent: Command, app: App): void {
  const command = parent
    .command('apply')
    .description('make a cluster match a JSON document (any shape cdba converts): create it, or PATCH only the fields that differ; plan first')
    .requiredOption('--file <file>', 'the desired cluster document, with its "name"; - reads stdin')
    .option('--dry-run', 'show the plan and send no write')
    .option('--exit-code', 'with --dry-run: exit 10 when there are changes, 0 when there are none')
    .option('--watch', 'wait until the cluster is IDLE after the change')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (options, cmd) => runClustersApply(app.context(cmd), options));
  withExamples(command, [
    ['Create or update from a file, and wait', 'cdba clusters apply --file c1.json --watch'],
    ['In CI: fail the job when the cluster drifted from the spec', 'cdba clusters apply --file c1.json --dry-run --exit-code -o json | jq -r \'.changes[].path\''],
    ['Change a setting in the current document', "cdba clusters get c1 -o json | jq '.terminationProtectionEnabled = true' | cdba clusters apply --file -"],
  ]);
}

/** Whether a request may set a field, from the shape's field list: read-only fields and replication spec ids may not. */
export function writableFields(shape: ClusterShape): IsWritable {
  const root: FieldSpec = { kind: 'object', fields: fieldsOf(shape) };
  return (path) => {
    const dotted = path.join('.');
    if (dotted === 'name' || dotted === 'replicationSpecs.id' || dotted === 'replicationSpecs.zoneId') return false;
    let spec: FieldSpec | undefined = root;
    for (const segment of path) {
      while (spec?.kind === 'array') spec = spec.items;
      if (spec?.kind === 'map') {
        spec = spec.values; // the segment is a key of the map (a region name)
        continue;
      }
      spec = spec?.fields?.[segment];
      if (!spec || spec.readOnly) return false;
    }
    return true;
  };
}

/**
 * The current document in the shape the write speaks: reads and writes are called at
 * their own versions (clusters.get, clusters.update), which could differ in shape.
 */
function currentInShape(doc: Doc, readShape: ClusterShape, shape: ClusterShape): Doc {
  const from = shapeOfDocument(doc) ?? readShape;
  return from === shape ? doc : convertClusterBody(doc, from, shape).body;
}

export async function runClustersApply(ctx: Context, flags: ApplyFlags): Promise<void> {
  if (flags.exitCode && !flags.dryRun) throw new UsageError('--exit-code goes with --dry-run: it reports whether the plan has changes');
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const source = flags.file === '-' ? 'stdin' : flags.file;
  const file = await readJsonObject(ctx.io, flags.file);
  if (typeof file.name !== 'string') {
    throw new UsageError(`${source} has no "name": apply finds the cluster by the name in the document`);
  }
  const name = file.name;
  checkClusterName(name);
  if (isFlexCreateBody(file)) return applyFlex(ctx, flags, file, name, source, timeoutMs);
  const { version, shape } = await clusterVersion(ctx, 'clusters.update');
  // A body in another shape than the write's is converted with a note, or refused when that would lose something.
  const desired = adaptToShape((line) => ctx.io.note(line), file, shape, version, source);
  stripReadOnly(desired, shape); // what `get` printed is not a wish
  refuseProblems(fieldProblems(desired, shape), shape, version, source);

  const target = await clusterTarget(ctx, 'clusters.update');
  const read = await clusterVersion(ctx, 'clusters.get');
  const { createCluster, getCluster, updateCluster } = await import('../../api/resources/clusters.js');
  let current: Cluster | undefined;
  try {
    current = currentInShape(clusterDocument(await getCluster(target.client, target.projectId, name)), read.shape, shape);
  } catch (error) {
    if (!isClusterAbsent(error)) throw error;
  }
  if (current === undefined) {
    const missing = missingField(desired, shape);
    if (missing) throw new UsageError(`${source}: cluster ${name} does not exist, and the document lacks ${missing}, which creating it at API version ${version} requires`);
    await refuseInvalidCreate(desired, shape, version, source);
  }
  const inStep = shape === 'perShard' ? ['readOnlySpecs'] : ['readOnlySpecs', 'analyticsSpecs'];
  const plan = current === undefined ? undefined : planChanges(sizesInStep(desired, current, inStep), current, writableFields(shape));
  const document: PlanDocument = {
    action: current === undefined ? 'create' : plan!.changes.length > 0 ? 'update' : 'none',
    changes: plan?.changes ?? [],
  };
  await showPlan(ctx, name, document);

  if (flags.dryRun) {
    if (flags.exitCode && document.action !== 'none') throw new QuietExit(ExitCode.changesPending);
    return;
  }
  if (document.action === 'none') return;
  const answer = clusterDocument(
    await withClusterHints(name, () =>
      document.action === 'create'
        ? createCluster(target.client, target.projectId, desired)
        : updateCluster(target.client, target.projectId, name, plan!.patch),
    ),
  );
  const state = typeof answer.stateName === 'string' ? answer.stateName : 'UPDATING';
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: cluster ${name} is ${state}; follow it with \`${ctx.followUp('clusters', 'watch', name)}\``);
    return;
  }
  ctx.io.note(`cdba: cluster ${name} is ${state}`);
  await waitForCluster(ctx, target, name, { until: 'IDLE', timeoutMs, initialState: state });
  ctx.io.note(`cdba: cluster ${name} is IDLE`);
}

/**
 * apply of a flex cluster's document: its own API. Missing: create it (the flex create
 * body); present: tags and termination protection are what may differ, and a different
 * cloud or region is refused, as the flex API cannot move a cluster.
 */
async function applyFlex(ctx: Context, flags: ApplyFlags, file: Doc, name: string, source: string, timeoutMs: number | undefined): Promise<void> {
  const { flexReadOnlyFields } = await import('../../model/flexCluster.js');
  const { flexCreateBody } = await import('./flexBody.js');
  const { checkFlexReachable, ClusterLocator } = await import('./flex.js');
  await checkFlexReachable(ctx, name);
  const desired: Doc = structuredClone(file);
  for (const key of flexReadOnlyFields('create')) delete desired[key];
  const settings = { ...(desired.providerSettings as Doc) };
  delete settings.diskSizeGB;
  delete settings.providerName;
  desired.providerSettings = settings;
  const body = flexCreateBody(name, desired, {}, source); // checked before any request
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { createFlexCluster, getFlexCluster, updateFlexCluster } = await import('../../api/resources/flexClusters.js');
  let current: Doc | undefined;
  try {
    current = clusterDocument(await getFlexCluster(client, projectId, name));
  } catch (error) {
    if (!isClusterAbsent(error)) throw error;
  }
  if (current) {
    const now = current.providerSettings as Doc | undefined;
    const moved = (['backingProviderName', 'regionName'] as const).filter((key) => settings[key] !== undefined && now?.[key] !== settings[key]);
    if (moved.length > 0) {
      throw new UsageError(`${source}: flex cluster ${name} runs on ${String(now?.backingProviderName)} ${String(now?.regionName)}; a flex cluster cannot move (${moved.map((k) => `providerSettings.${k}`).join(', ')} differ)`);
    }
  }
  const plan = current === undefined ? undefined : planChanges(body, current, (path) => path[0] === 'tags' || path[0] === 'terminationProtectionEnabled');
  const document: PlanDocument = { action: current === undefined ? 'create' : plan!.changes.length > 0 ? 'update' : 'none', changes: plan?.changes ?? [] };
  await showPlan(ctx, name, document);
  if (flags.dryRun) {
    if (flags.exitCode && document.action !== 'none') throw new QuietExit(ExitCode.changesPending);
    return;
  }
  if (document.action === 'none') return;
  const checkHint = `the cluster may have been created; check with \`cdba clusters get ${shellWord(name)}\` before trying again`;
  const answer = clusterDocument(
    document.action === 'create' ? await createFlexCluster(client, projectId, body, checkHint) : await updateFlexCluster(client, projectId, name, plan!.patch),
  );
  const locator = await ClusterLocator.open(ctx, client, projectId, name);
  locator.remember();
  const state = typeof answer.stateName === 'string' ? answer.stateName : 'CREATING';
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: flex cluster ${name} is ${state}; follow it with \`${ctx.followUp('clusters', 'watch', name)}\``);
    return;
  }
  ctx.io.note(`cdba: flex cluster ${name} is ${state}`);
  await waitForCluster(ctx, { client, projectId, version: '2024-11-13', shape: 'perShard' }, name, { until: 'IDLE', timeoutMs, initialState: state, locator });
  ctx.io.note(`cdba: flex cluster ${name} is IDLE`);
}

/** The plan: -o json|pretty (or --query) as a document on stdout; otherwise one line per change on stderr. */
async function showPlan(ctx: Context, name: string, plan: PlanDocument): Promise<void> {
  if ((await ctx.outputForm('view')).form === 'document') {
    await ctx.output(plan);
    return;
  }
  if (plan.action === 'create') ctx.io.note(`cdba: + create cluster ${name}`);
  else if (plan.action === 'none') ctx.io.note(`cdba: cluster ${name} matches the document; nothing to change`);
  for (const change of plan.changes) ctx.io.note(`cdba: ~ ${change.path}: ${planValue(change.from)} → ${planValue(change.to)}`);
}
