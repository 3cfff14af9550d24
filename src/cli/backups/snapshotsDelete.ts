// `cdba backups snapshots delete <cluster> <snapshot-id>`: asks first on a terminal;
// elsewhere it needs the global -y/--yes and refuses (exit 2) before sending anything.
// A flex cluster's snapshots are the service's to delete.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { aboutBackup, checkBackupId } from './snapshots.js';
import { backupLocator } from './target.js';

export function registerSnapshotsDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('delete a snapshot of a dedicated cluster (asks first; -y/--yes skips the question, and is required without a terminal); it cannot be restored afterwards')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .addArgument(completedArgument('<snapshot-id>', 'the snapshot: 24 hexadecimal digits, as `backups snapshots list` shows them', lookup('snapshots', { of: 'cluster' })))
    .action(async (cluster, snapshotId, _options, cmd) => runSnapshotsDelete(app.context(cmd), cluster, snapshotId));
  withExamples(command, [
    ['Delete, asking first', 'cdba backups snapshots delete c1 6a7944f22c88faeba59d3572'],
    ['In a script: every on-demand snapshot of the cluster', "cdba backups snapshots list c1 -o json --query \"results[?snapshotType=='onDemand'].id\" | jq -r '.[]' | xargs -n1 cdba backups snapshots delete c1 --yes"],
  ]);
}

export async function runSnapshotsDelete(ctx: Context, cluster: string, snapshotId: string): Promise<void> {
  checkBackupId(snapshotId, 'snapshot');
  ctx.requireConfirmable();
  const locator = await backupLocator(ctx, cluster);
  const { profileName } = await ctx.settings();
  await ctx.confirm(`Delete snapshot ${snapshotId} of cluster ${cluster} in project ${locator.projectId} (profile "${profileName}")? It cannot be restored afterwards.`);
  const { deleteSnapshot } = await import('../../api/resources/backups.js');
  const { flexRefusal } = await import('../clusters/public.js');
  await aboutBackup(ctx, cluster, 'snapshot', () =>
    locator.call(
      () => deleteSnapshot(locator.client, locator.projectId, cluster, snapshotId),
      () => Promise.reject(flexRefusal(cluster, 'snapshot', false)),
    ),
  );
  ctx.io.note(`cdba: snapshot ${snapshotId} of cluster ${cluster} deleted`);
}
