// `cdba backups snapshots|restores|schedule ...`: a cluster's snapshots, their restores
// into another cluster or as downloadable files, and its backup schedule (issue 36).
// A flex cluster's name works in every verb, through the flex backup API.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerRestoresCancel } from './restoresCancel.js';
import { registerRestoresCreate } from './restoresCreate.js';
import { registerRestoresGet } from './restoresGet.js';
import { registerRestoresList } from './restoresList.js';
import { registerScheduleGet } from './scheduleGet.js';
import { registerSnapshotsDelete } from './snapshotsDelete.js';
import { registerSnapshotsGet } from './snapshotsGet.js';
import { registerSnapshotsList } from './snapshotsList.js';
import { registerSnapshotsTake } from './snapshotsTake.js';

export function registerBackups(program: Command, app: App): void {
  // A cluster's snapshot and restore job IDs (`lookup('snapshots', { of: 'cluster' })`).
  for (const list of ['snapshots', 'restore-jobs'] as const) {
    registerLookup(program, list, { needsOf: true, load: async () => { const { backupIds } = await import('./completion.js'); return (ctx, cluster) => backupIds(ctx, list, cluster!); } });
  }
  const backups = program.command('backups').description("a cluster's cloud backup: its snapshots, restores of them into a cluster or as files, and its schedule");
  withExamples(backups, [
    ['A snapshot now, then into staging', 'cdba backups snapshots take prod --watch && cdba backups restores create prod --snapshot latest --to staging --watch'],
    ['What a cluster has', 'cdba backups snapshots list prod'],
    ['The ID of its newest snapshot', "cdba backups snapshots list prod -o json --query 'results[0].id'"],
    ['A CI database that starts with the data of prod', 'eval "$(cdba env up ci-1 --from-snapshot prod@latest -o env)"'],
  ]);
  const snapshots = backups.command('snapshots').description("a cluster's snapshots: list, get, take (dedicated clusters), delete");
  withExamples(snapshots, [
    ['Every snapshot', 'cdba backups snapshots list c1'],
    ['One now, kept a week', 'cdba backups snapshots take c1 --retention 7d --watch'],
    ['The on-demand ones', "cdba backups snapshots list c1 -o json --query \"results[?snapshotType=='onDemand'].id\""],
  ]);
  registerSnapshotsList(snapshots, app);
  registerSnapshotsGet(snapshots, app);
  registerSnapshotsTake(snapshots, app);
  registerSnapshotsDelete(snapshots, app);
  const restores = backups.command('restores').description("restores of a cluster's snapshots: create, list, get, cancel");
  withExamples(restores, [
    ['The newest snapshot into another cluster', 'cdba backups restores create prod --snapshot latest --to staging --watch'],
    ['What was restored where', 'cdba backups restores list prod'],
    ['The clusters restored from it', "cdba backups restores list prod -o json --query 'results[].targetClusterName'"],
  ]);
  registerRestoresCreate(restores, app);
  registerRestoresList(restores, app);
  registerRestoresGet(restores, app);
  registerRestoresCancel(restores, app);
  const schedule = backups.command('schedule').description("a dedicated cluster's backup schedule (read only)");
  withExamples(schedule, [
    ['The schedule', 'cdba backups schedule get c1'],
    ['How long the daily snapshots are kept', "cdba backups schedule get c1 -o json --query \"policies[0].policyItems[?frequencyType=='daily'].retentionValue | [0]\""],
  ]);
  registerScheduleGet(schedule, app);
}
