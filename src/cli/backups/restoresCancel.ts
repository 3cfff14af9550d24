// `cdba backups restores cancel <cluster> <job-id>`: stops a restore job that is still
// running (a dedicated cluster's; the flex backup API cancels none). The target keeps
// whatever the job had written.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { aboutBackup, checkBackupId } from './snapshots.js';
import { backupLocator } from './target.js';

export function registerRestoresCancel(parent: Command, app: App): void {
  const command = parent
    .command('cancel')
    .description("cancel a running restore job of a dedicated cluster's snapshot")
    .addArgument(completedArgument('<cluster>', 'the cluster whose snapshot the job restores', lookup('clusters')))
    .addArgument(completedArgument('<job-id>', 'the restore job: 24 hexadecimal digits, as `backups restores list` shows them', lookup('restore-jobs', { of: 'cluster' })))
    .action(async (cluster, jobId, _options, cmd) => runRestoresCancel(app.context(cmd), cluster, jobId));
  withExamples(command, [
    ['Cancel a job', 'cdba backups restores cancel prod 6a794733c0eb9e7a17740663'],
    ['Every job still running', "cdba backups restores list prod -o json --query \"results[?!finishedAt && !cancelled && deliveryType=='automated'].id\" | jq -r '.[]' | xargs -n1 cdba backups restores cancel prod"],
  ]);
}

export async function runRestoresCancel(ctx: Context, cluster: string, jobId: string): Promise<void> {
  checkBackupId(jobId, 'restore job');
  const locator = await backupLocator(ctx, cluster);
  const { cancelRestoreJob } = await import('../../api/resources/backups.js');
  const { flexRefusal } = await import('../clusters/public.js');
  await aboutBackup(ctx, cluster, 'restore job', () =>
    locator.call(
      () => cancelRestoreJob(locator.client, locator.projectId, cluster, jobId),
      () => Promise.reject(flexRefusal(cluster, 'cancel', false)),
    ),
  );
  ctx.io.note(`cdba: restore job ${jobId} of cluster ${cluster} cancelled`);
}
