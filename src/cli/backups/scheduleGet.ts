// `cdba backups schedule get <cluster>`: when the service takes a dedicated cluster's
// snapshots and how long it keeps each kind (read only). A flex cluster's is fixed.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { backupLocator } from './target.js';
import { showSchedule } from './view.js';

export function registerScheduleGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .description("show a dedicated cluster's backup schedule: its reference time, the next snapshot, and each policy item's frequency and retention")
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .action(async (cluster, _options, cmd) => runScheduleGet(app.context(cmd), cluster));
  withExamples(command, [
    ['The schedule', 'cdba backups schedule get c1'],
    ['When the next snapshot is taken', 'cdba backups schedule get c1 -o json --query nextSnapshot'],
  ]);
}

export async function runScheduleGet(ctx: Context, cluster: string): Promise<void> {
  const locator = await backupLocator(ctx, cluster);
  const { getBackupSchedule } = await import('../../api/resources/backups.js');
  const { flexRefusal } = await import('../clusters/public.js');
  const schedule = await locator.call(
    () => getBackupSchedule(locator.client, locator.projectId, cluster),
    () => Promise.reject(flexRefusal(cluster, 'schedule', false)),
  );
  await showSchedule(ctx, schedule);
}
