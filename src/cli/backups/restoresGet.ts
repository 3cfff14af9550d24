// `cdba backups restores get <cluster> <job-id>`: one restore job. A dedicated cluster's
// job has no state field (the service's failed, cancelled, expired, finishedAt and
// download URL say it); the view and the table show it as one word.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { aboutBackup, checkBackupId } from './snapshots.js';
import { backupLocator } from './target.js';
import { showRestore } from './view.js';

export function registerRestoresGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one restore job: its state, snapshot, target and, for a download, its URL')
    .addArgument(completedArgument('<cluster>', 'the cluster whose snapshot the job restores (dedicated or flex)', lookup('clusters')))
    .addArgument(completedArgument('<job-id>', 'the restore job: 24 hexadecimal digits, as `backups restores list` shows them', lookup('restore-jobs', { of: 'cluster' })))
    .action(async (cluster, jobId, _options, cmd) => runRestoresGet(app.context(cmd), cluster, jobId));
  withExamples(command, [
    ['One job', 'cdba backups restores get prod 6a794733c0eb9e7a17740663'],
    ['When it finished', 'cdba backups restores get prod 6a794733c0eb9e7a17740663 -o json --query finishedAt'],
  ]);
}

export async function runRestoresGet(ctx: Context, cluster: string, jobId: string): Promise<void> {
  checkBackupId(jobId, 'restore job');
  const locator = await backupLocator(ctx, cluster);
  const api = await import('../../api/resources/backups.js');
  const { client, projectId } = locator;
  const job = await aboutBackup(ctx, cluster, 'restore job', () =>
    locator.call(
      () => api.getRestoreJob(client, projectId, cluster, jobId),
      () => api.getFlexRestoreJob(client, projectId, cluster, jobId),
    ),
  );
  await showRestore(ctx, job);
}
