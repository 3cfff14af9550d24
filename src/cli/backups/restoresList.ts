// `cdba backups restores list <cluster>`: the restore jobs of the cluster's snapshots,
// newest first; a flex cluster's through the flex backup API.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { backupLocator } from './target.js';
import { RESTORE_LIST_TABLE } from './view.js';

export function registerRestoresList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the restore jobs of a cluster's snapshots: where each went and whether it is done")
    .addArgument(completedArgument('<cluster>', 'the cluster whose snapshots were restored (dedicated or flex)', lookup('clusters')))
    .action(async (cluster, _options, cmd) => runRestoresList(app.context(cmd), cluster));
  withExamples(command, [
    ['Every restore job of the cluster', 'cdba backups restores list prod'],
    ['The targets of finished automated restores', "cdba backups restores list prod -o json --query \"results[?finishedAt].targetClusterName\""],
  ]);
}

export async function runRestoresList(ctx: Context, cluster: string): Promise<void> {
  const locator = await backupLocator(ctx, cluster);
  const api = await import('../../api/resources/backups.js');
  const { client, projectId } = locator;
  const list = await locator.call(
    () => api.listRestoreJobs(client, projectId, cluster),
    () => api.listFlexRestoreJobs(client, projectId, cluster),
  );
  await ctx.output(list, RESTORE_LIST_TABLE);
}
