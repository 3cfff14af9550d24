// `cdba backups snapshots get <cluster> <snapshot-id>`: one snapshot; on a terminal a
// readable view, otherwise (and with -o json) the document as received.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { aboutBackup, checkBackupId } from './snapshots.js';
import { backupLocator } from './target.js';
import { showSnapshot } from './view.js';

export function registerSnapshotsGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one snapshot: its status, kind, when it was taken and when the service deletes it')
    .addArgument(completedArgument('<cluster>', 'cluster name (dedicated or flex)', lookup('clusters')))
    .addArgument(completedArgument('<snapshot-id>', 'the snapshot: 24 hexadecimal digits, as `backups snapshots list` shows them', lookup('snapshots', { of: 'cluster' })))
    .action(async (cluster, snapshotId, _options, cmd) => runSnapshotsGet(app.context(cmd), cluster, snapshotId));
  withExamples(command, [
    ['One snapshot', 'cdba backups snapshots get c1 6a7944f22c88faeba59d3572'],
    ['Only its status', 'cdba backups snapshots get c1 6a7944f22c88faeba59d3572 -o json --query status'],
  ]);
}

export async function runSnapshotsGet(ctx: Context, cluster: string, snapshotId: string): Promise<void> {
  checkBackupId(snapshotId, 'snapshot');
  const locator = await backupLocator(ctx, cluster);
  const api = await import('../../api/resources/backups.js');
  const { client, projectId } = locator;
  const snapshot = await aboutBackup(ctx, cluster, 'snapshot', () =>
    locator.call(
      () => api.getSnapshot(client, projectId, cluster, snapshotId),
      () => api.getFlexSnapshot(client, projectId, cluster, snapshotId),
    ),
  );
  await showSnapshot(ctx, snapshot);
}
