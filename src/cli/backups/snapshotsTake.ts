// `cdba backups snapshots take <cluster> [--description TEXT] [--retention 7d] [--watch]`:
// an on-demand snapshot of a dedicated cluster with cloud backup on. --watch follows it
// queued -> inProgress -> completed (recorded), a failed one ending with exit 1. Flex
// clusters take theirs themselves (one a day): refused once the service says it is flex.
import type { Command } from '@commander-js/extra-typings';
import { FailedError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { summarizeSnapshot } from './snapshots.js';
import type { ClusterLocator } from '../clusters/public.js';
import { backupLocator } from './target.js';
import { showSnapshot } from './view.js';

export interface TakeFlags {
  description?: string;
  retention?: number;
  watch?: boolean;
  watchTimeout?: string;
}

/** The description's retentionInDays: a whole number of days from 1 to the int32 maximum. */
const MAX_RETENTION_DAYS = 2 ** 31 - 1;

/** --retention: whole days or weeks (7d, 2w), as the service keeps snapshots in days. */
export function retentionFlag(value: string): number {
  const match = /^(\d+)(d|w)$/.exec(value.trim());
  if (!match) throw new UsageError(`invalid --retention "${value}": whole days or weeks, e.g. 7d or 2w (the service keeps snapshots for whole days)`);
  const days = Number(match[1]) * (match[2] === 'w' ? 7 : 1);
  if (days < 1) throw new UsageError(`invalid --retention "${value}": at least 1 day (1d)`);
  if (days > MAX_RETENTION_DAYS) throw new UsageError(`invalid --retention "${value}": at most ${MAX_RETENTION_DAYS} days (the service's retentionInDays)`);
  return days;
}

export function registerSnapshotsTake(parent: Command, app: App): void {
  const command = parent
    .command('take')
    .description('take an on-demand snapshot of a dedicated cluster (its cloud backup on); --watch waits until it is completed')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .option('--description <text>', 'what the snapshot is for, shown in its list')
    .option('--retention <days>', 'how long the service keeps it: whole days or weeks, e.g. 7d or 2w (default 1d)', retentionFlag)
    .option('--watch', 'wait until the snapshot is completed, then print it; a failed one ends with exit 1')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (cluster, options, cmd) => runSnapshotsTake(app.context(cmd), cluster, options));
  withExamples(command, [
    ['A snapshot kept a week, waiting until it is completed', "cdba backups snapshots take c1 --description 'before the migration' --retention 7d --watch"],
    ['Its ID, for a restore later', "cdba backups snapshots take c1 --retention 2w --watch -o json --query id"],
  ]);
}

/** Polls the snapshot until it is completed (returns it); failed ends with exit 1. */
async function waitForSnapshot(ctx: Context, locator: ClusterLocator, id: string, timeoutMs: number | undefined, initialState: string): Promise<Record<string, unknown>> {
  const { watch } = await import('../../core/watch.js');
  const { getSnapshot } = await import('../../api/resources/backups.js');
  const follow = ctx.followUp('backups', 'snapshots', 'get', locator.name, id);
  return watch({
    io: ctx.io,
    subject: `snapshot ${id}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs,
    initialState,
    resumeHint: `the snapshot goes on at the service; see it with \`${follow}\``,
    poll: async () => {
      const snapshot = await getSnapshot(locator.client, locator.projectId, locator.name, id);
      const { status, completed } = summarizeSnapshot(snapshot);
      if (status === 'failed') throw new FailedError(`snapshot ${id} of cluster ${locator.name} failed`, { hint: `take another with \`${ctx.followUp('backups', 'snapshots', 'take', locator.name)}\`` });
      return { state: status, done: completed, value: snapshot };
    },
  });
}

export async function runSnapshotsTake(ctx: Context, cluster: string, flags: TakeFlags): Promise<void> {
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const locator = await backupLocator(ctx, cluster);
  const { takeSnapshot } = await import('../../api/resources/backups.js');
  const { flexRefusal } = await import('../clusters/public.js');
  const body = { ...(flags.description !== undefined ? { description: flags.description } : {}), retentionInDays: flags.retention ?? 1 };
  const lost = `a snapshot may have been taken; see \`${ctx.followUp('backups', 'snapshots', 'list', cluster)}\` before trying again`;
  const taken = await locator.call(
    () => takeSnapshot(locator.client, locator.projectId, cluster, body, lost),
    () => Promise.reject(flexRefusal(cluster, 'snapshot', false)),
  );
  const { id, status } = summarizeSnapshot(taken);
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: snapshot ${id} of cluster ${cluster} is ${status}; follow it with \`${ctx.followUp('backups', 'snapshots', 'get', cluster, id)}\``);
    await showSnapshot(ctx, taken);
    return;
  }
  ctx.io.note(`cdba: snapshot ${id} of cluster ${cluster} is ${status}`);
  await showSnapshot(ctx, await waitForSnapshot(ctx, locator, id, timeoutMs, status));
}
