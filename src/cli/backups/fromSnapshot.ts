// env up (and run) --from-snapshot <cluster>[@<snapshot id>|@latest] (issue 36): a
// database that starts with the data of a snapshot of another cluster of the project.
//
// Before anything is made, the snapshot is found (latest, the default: the newest
// completed one) and the env's cluster is fitted to receive it: a dedicated cluster's
// snapshot goes into a dedicated cluster (M10 unless --tier says larger; --tier FLEX is
// refused, as the service refuses it), a flex cluster's into a flex cluster unless --tier
// or --db-version asks for a dedicated one (the service restores flex snapshots into either), and never
// into an older major version than the snapshot's (--db-version defaults to the
// snapshot's). Once the env's cluster is IDLE the snapshot is restored into it, and up
// waits for the job and for the cluster before it prints the connection. The source
// cluster and its snapshots are only read; env down removes the env's cluster as before.
import type { Cluster } from '../../api/resources/clusters.js';
import { ConflictError, UsageError } from '../../base/errors.js';
import { isGone } from '../shared/gone.js';
import type { EnvStepRun, EnvStepWork, EnvTopology } from '../envStep.js';
import { findSnapshot, majorOf, snapshotRef, startRestore, summarizeRestore, waitForRestore } from './snapshots.js';
import { checkClusterName, ClusterLocator } from '../clusters/public.js';

/** The flags of env up this file reads. */
export interface EnvFlags extends EnvTopology {
  fromSnapshot?: string;
}

export interface FromSnapshotPlan {
  cluster: string;
  /** A snapshot ID, or latest. */
  ref: string;
  /** The flags the env's cluster is made from, to fit it to the snapshot. */
  flags: Omit<EnvFlags, 'fromSnapshot'>;
}

/** What the snapshot is, once found: where it is and what it holds. */
export interface FoundSnapshot {
  source: ClusterLocator;
  id: string;
  created: string;
}

/** --from-snapshot as typed, checked before any request. */
export function planFromSnapshot(name: string, flags: EnvFlags): FromSnapshotPlan {
  const text = flags.fromSnapshot!;
  const at = text.indexOf('@');
  const cluster = at < 0 ? text : text.slice(0, at);
  const ref = at < 0 ? 'latest' : text.slice(at + 1);
  const refuse = (why: string): never => {
    throw new UsageError(`invalid --from-snapshot "${text}": ${why}`, { hint: 'give <cluster>, <cluster>@latest or <cluster>@<snapshot id>' });
  };
  if (cluster === '') refuse('it names no cluster');
  if (ref === '') refuse('nothing after @');
  for (const check of [() => checkClusterName(cluster), () => snapshotRef(ref)]) {
    try {
      check();
    } catch (error) {
      if (error instanceof UsageError) refuse(error.message.replace(/^invalid /, ''));
      throw error;
    }
  }
  if (cluster === name) refuse(`cluster ${name} is the env's own cluster, whose data the snapshot would replace; name another cluster`);
  return { cluster, ref, flags: { tier: flags.tier, provider: flags.provider, region: flags.region, dbVersion: flags.dbVersion } };
}

const older = (version: string, than: string): boolean => {
  const [a = 0, b = 0] = version.split('.').map(Number);
  const [c = 0, d = 0] = than.split('.').map(Number);
  return a < c || (a === c && b < d);
};


/**
 * Finds the snapshot and fits the env's cluster to it (plan.cluster, plan.flex), or
 * refuses, naming what would work; only reads. A refusal here rests on the service's
 * answers, so it is exit 5 (what is there cannot receive it) or 4 (no snapshot), never 2. An env cluster that is there already must
 * be one env up made (its data is replaced) and able to receive the snapshot.
 */
export async function prepareFromSnapshot(run: EnvStepRun, wanted: FromSnapshotPlan): Promise<FoundSnapshot> {
  const { ctx } = run;
  const envCluster = run.locator as ClusterLocator;
  const plan = { name: run.name };
  const source = await ClusterLocator.open(ctx, envCluster.client, envCluster.projectId, wanted.cluster);
  const { summary } = await findSnapshot(ctx, source, wanted.ref);
  const sourceFlex = source.learnt === 'flex';
  const major = majorOf(summary.version);
  const where = `the snapshot ${summary.id} of cluster ${wanted.cluster}`;
  const explicit = wanted.flags.tier?.toUpperCase();
  if (!sourceFlex && explicit === 'FLEX') {
    throw new ConflictError(`${where} is a dedicated cluster's, which restores only into a dedicated cluster: give --tier M10 or larger, or leave --tier out (M10)`);
  }
  // A flex snapshot goes into a flex cluster, unless --tier or --db-version asks for a dedicated one.
  const tier = explicit ?? (sourceFlex && wanted.flags.dbVersion === undefined ? 'FLEX' : 'M10');
  if (tier !== 'FLEX') {
    const dbVersion = wanted.flags.dbVersion ?? major;
    if (dbVersion !== undefined && major !== undefined && older(dbVersion, major)) {
      throw new ConflictError(`${where} holds MongoDB ${major}, newer than --db-version ${dbVersion}: give --db-version ${major} or newer, or leave it out`);
    }
    const { tier: _tier, ...topology } = wanted.flags;
    run.cluster.body = await run.bodyAt({ ...topology, ...(dbVersion !== undefined ? { dbVersion } : {}) }, tier);
  }
  run.cluster.flex = tier === 'FLEX';
  let existing: Cluster | undefined;
  try {
    existing = await envCluster.get();
  } catch (error) {
    if (!isGone(error)) throw error;
  }
  if (existing) {
    // The mark, not this runner's state file: the file may be stale (another runner's gc removed
    // the env, and someone made a cluster of that name since).
    if (!run.isEnvs(existing)) throw notTheEnvs(run);
    if (envCluster.learnt === 'flex' && !sourceFlex) {
      throw new ConflictError(`${where} is a dedicated cluster's, and the env's cluster ${plan.name} is a flex cluster: remove the env first (\`${ctx.followUp('env', 'down', plan.name)}\`), then env up again makes an M10`);
    }
    const existingMajor = typeof existing.mongoDBMajorVersion === 'string' ? existing.mongoDBMajorVersion : undefined;
    if (existingMajor && major && older(existingMajor, major)) {
      throw new ConflictError(`${where} holds MongoDB ${major}, newer than the env's cluster ${plan.name} (${existingMajor}): remove the env first (\`${ctx.followUp('env', 'down', plan.name)}\`)`);
    }
  }
  return { source, id: summary.id, created: summary.created };
}

/** The refusal of a restore into a cluster that is not the env's: its data would be replaced. */
function notTheEnvs(run: Pick<EnvStepRun, 'name' | 'mark'>): ConflictError {
  const { name } = run;
  return new ConflictError(
    `cluster ${name} is there and env up did not make it (it has no ${run.mark} tag): --from-snapshot replaces a cluster's data, so it restores only into a cluster env up makes; nothing was restored; choose another env name`,
  );
}

/**
 * Checked again once env up has the cluster, right before the restore: one this run
 * created, or one that carries the env's mark. A cluster that appeared between the
 * first look and the create (the create answered 409 and up "reused" it) is refused
 * here, naming it, and nothing is restored.
 */
export function checkRestoreTarget(run: EnvStepRun, cluster: Cluster, createdNow: boolean): void {
  if (!createdNow && !run.isEnvs(cluster)) throw notTheEnvs(run);
}

/** Restores the snapshot into the env's cluster (IDLE), and waits for the job, then for the cluster. Answers the cluster. */
export async function restoreIntoEnv(run: EnvStepRun, found: FoundSnapshot): Promise<Cluster> {
  const { ctx, progress, remaining } = run;
  const envCluster = run.locator as ClusterLocator;
  const plan = { name: run.name };
  const taken = found.created ? ` (taken ${found.created})` : '';
  ctx.io.note(`cdba: restoring snapshot ${found.id}${taken} of cluster ${found.source.name} into cluster ${plan.name}`);
  progress.changed = true;
  const job = summarizeRestore(await startRestore(ctx, found.source, found.id, { projectId: envCluster.projectId, cluster: plan.name }));
  progress.made?.push(`restore job ${job.id}`);
  await waitForRestore(ctx, found.source, job.id, { initialState: job.state, timeoutMs: remaining() });
  const { waitForCluster } = await import('../clusters/public.js');
  const { clusterTarget } = await import('../clusters/public.js');
  return (await waitForCluster(ctx, await clusterTarget(ctx, 'clusters.get'), plan.name, { until: 'IDLE', locator: envCluster, timeoutMs: remaining() }))!;
}

/** The step's work (./envStep.ts declares it): planned with env up's flags, the snapshot found before anything is made, restored once the cluster is IDLE. */
export const work: EnvStepWork<FromSnapshotPlan, FoundSnapshot> = {
  plan: (_ctx, { name, flags }) => planFromSnapshot(name, flags as EnvFlags),
  prepare: (run, plan) => prepareFromSnapshot(run, plan),
  made: (run, _plan, _found, cluster, createdNow) => checkRestoreTarget(run, cluster, createdNow),
  idle: (run, _plan, found) => restoreIntoEnv(run, found),
};
