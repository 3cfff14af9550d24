// `cdba backups snapshots list <cluster>`: every snapshot of the cluster, the schedule's
// and those taken on demand, newest first; a flex cluster's through the flex backup API.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, withNotes, type App } from '../command.js';
import { backupLocator } from './target.js';
import { SNAPSHOT_LIST_TABLE } from './view.js';

export function registerSnapshotsList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list a cluster's snapshots, newest first: the backup schedule's and those taken on demand (a flex cluster's: one a day)")
    .addArgument(completedArgument('<cluster>', 'cluster name (dedicated or flex)', lookup('clusters')))
    .action(async (cluster, _options, cmd) => runSnapshotsList(app.context(cmd), cluster));
  withExamples(command, [
    ['Every snapshot of the cluster', 'cdba backups snapshots list c1'],
    ['The ID of the newest completed snapshot (a dedicated cluster\'s API says completed, a flex cluster\'s COMPLETED)', "cdba backups snapshots list c1 -o json --query \"results[?status=='completed' || status=='COMPLETED'] | [0].id\""],
  ]);
  withNotes(
    command,
    'STATUS in the table reads queued, inProgress, completed or failed for every cluster; ' +
      '-o json and --query give the document as the service sends it, where a flex cluster\'s ' +
      'snapshots say QUEUED, RUNNING, COMPLETED or FAILED.',
  );
}

export async function runSnapshotsList(ctx: Context, cluster: string): Promise<void> {
  const locator = await backupLocator(ctx, cluster);
  const api = await import('../../api/resources/backups.js');
  const { client, projectId } = locator;
  const list = await locator.call(
    () => api.listSnapshots(client, projectId, cluster),
    () => api.listFlexSnapshots(client, projectId, cluster),
  );
  await ctx.output(list, SNAPSHOT_LIST_TABLE);
}
