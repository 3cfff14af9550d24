// `cdba backups restores create <cluster> --snapshot <id|latest> --to <cluster>
// [--to-project <id|name>] [--watch]`: an automated restore, which replaces the target's
// data, so it is confirmed naming the target (-y/--yes in scripts). --download makes a
// download restore instead and prints its URL once ready. --watch follows the job until
// it finishes (or fails, or is cancelled), then waits for the target to be IDLE.
// A flex cluster's snapshot restores through the flex backup API, into a flex or a
// dedicated cluster.
import { Option, type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { completedArgument, completes, lookup, withExamples, type App } from '../command.js';
import { findSnapshot, snapshotRef, startRestore, summarizeRestore, waitForRestore, type RestoreInto } from './snapshots.js';
import { checkClusterName } from '../clusters/public.js';
import { backupLocator } from './target.js';
import { RESTORE_TABLE, showRestore } from './view.js';

export interface CreateFlags {
  snapshot?: string;
  to?: string;
  toProject?: string;
  download?: boolean;
  watch?: boolean;
  watchTimeout?: string;
}

export function registerRestoresCreate(parent: Command, app: App): void {
  const command = parent
    .command('create')
    .description("restore a snapshot of <cluster> into the cluster --to (all its data is replaced: asks first; -y/--yes skips the question, and is required without a terminal), or with --download make the snapshot's files downloadable and print their URL once ready")
    .addArgument(completedArgument('<cluster>', 'the cluster whose snapshot to restore (dedicated or flex)', lookup('clusters')))
    .addOption(completes(new Option('--snapshot <id|latest>', 'the snapshot: its ID, or latest (the newest completed)').argParser(snapshotRef), lookup('snapshots', { of: 'cluster', also: ['latest'] })))
    .option('--to <cluster>', 'the cluster to restore into: its data is replaced')
    .option('--to-project <id|name>', "the --to cluster's project, by ID or name (default: the cluster's own)")
    .option('--download', 'a download restore: no cluster changes; prints the URL of the files once ready')
    .option('--watch', 'wait until the job is done and the target is IDLE, then print the job; a failed or cancelled job ends with exit 1')
    .option('--watch-timeout <duration>', 'with --watch or --download: give up after this long, exit 8 (implies --watch)')
    .action(async (cluster, options, cmd) => runRestoresCreate(app.context(cmd), cluster, options));
  withExamples(command, [
    ['The newest snapshot of prod into staging, waiting until staging is ready', 'cdba backups restores create prod --snapshot latest --to staging --watch'],
    ['Into a cluster of another project, in a script', 'cdba backups restores create prod --snapshot 6a7944f22c88faeba59d3572 --to qa --to-project qa-team --yes'],
    ['The files of a snapshot, downloaded', 'curl -fsSLO "$(cdba backups restores create prod --snapshot latest --download)"'],
    ['In a script: only the job ID, to follow it later', 'cdba backups restores create prod --snapshot latest --to staging --yes --query id'],
  ]);
}

/** What the flags ask for, checked before any request. */
function planCreate(ctx: Context, cluster: string, flags: CreateFlags): { snapshot: string; to: string | undefined } {
  checkClusterName(cluster);
  if (flags.snapshot === undefined) throw new UsageError('give the snapshot to restore: --snapshot <id> or --snapshot latest');
  if (flags.download && (flags.to !== undefined || flags.toProject !== undefined)) throw new UsageError(`--download makes the snapshot's files downloadable; it restores into no cluster: drop ${flags.to !== undefined ? '--to' : '--to-project'}`);
  if (!flags.download && flags.to === undefined) throw new UsageError('give the cluster to restore into with --to <cluster>, or --download for the files');
  if (flags.to !== undefined) checkClusterName(flags.to);
  if (flags.to === cluster && flags.toProject === undefined) {
    throw new UsageError(`--to ${cluster} is the cluster the snapshot is of: restoring it into itself replaces the data it holds; give another cluster`);
  }
  if (!flags.download) ctx.requireConfirmable();
  return { snapshot: flags.snapshot, to: flags.to };
}

export async function runRestoresCreate(ctx: Context, cluster: string, flags: CreateFlags): Promise<void> {
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const plan = planCreate(ctx, cluster, flags);
  const locator = await backupLocator(ctx, cluster);
  let into: RestoreInto = 'download';
  if (plan.to !== undefined) {
    let projectId = locator.projectId;
    if (flags.toProject !== undefined) {
      const { resolveProject } = await import('../projects/public.js');
      projectId = (await resolveProject(ctx, locator.client, flags.toProject)).id;
      if (projectId === locator.projectId && plan.to === cluster) {
        throw new UsageError(`--to ${cluster} --to-project ${flags.toProject} is the cluster the snapshot is of: restoring it into itself replaces the data it holds; give another cluster`);
      }
    }
    into = { projectId, cluster: plan.to };
  }
  const { summary } = await findSnapshot(ctx, locator, plan.snapshot);
  if (into !== 'download') {
    const { profileName } = await ctx.settings();
    const taken = summary.created ? ` (taken ${summary.created})` : '';
    await ctx.confirm(`Restore snapshot ${summary.id}${taken} of cluster ${cluster} into cluster ${into.cluster} of project ${into.projectId} (profile "${profileName}")? All data on ${into.cluster} is replaced.`);
  }
  const job = await startRestore(ctx, locator, summary.id, into);
  const started = summarizeRestore(job);
  if (into === 'download') {
    ctx.io.note(`cdba: restore job ${started.id} is preparing the files of snapshot ${summary.id}`);
    const ready = await waitForRestore(ctx, locator, started.id, { timeoutMs, initialState: started.state });
    // The URL alone for $(...), unless -o json|pretty or --query ask for the job.
    if ((await ctx.outputForm('bare')).form === 'bare') ctx.io.write(`${summarizeRestore(ready).url.split(' ').join('\n')}\n`);
    else await ctx.output(ready, RESTORE_TABLE);
    return;
  }
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: restore job ${started.id} into cluster ${into.cluster} is ${started.state}; follow it with \`${ctx.followUp('backups', 'restores', 'get', cluster, started.id)}\``);
    await showRestore(ctx, job);
    return;
  }
  ctx.io.note(`cdba: restore job ${started.id} into cluster ${into.cluster} is ${started.state}`);
  const done = await waitForRestore(ctx, locator, started.id, { timeoutMs, initialState: started.state });
  // The target is being put back together: ready once IDLE.
  const { waitForCluster } = await import('../clusters/public.js');
  const { clusterTarget } = await import('../clusters/public.js');
  const target = { ...(await clusterTarget(ctx, 'clusters.get')), projectId: into.projectId };
  await waitForCluster(ctx, target, into.cluster, { until: 'IDLE', timeoutMs });
  await showRestore(ctx, done);
}
