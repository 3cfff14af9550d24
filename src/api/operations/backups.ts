// Cloud backup of a dedicated cluster in the table of operations: its snapshots, restore
// jobs and backup schedule, as the service's description of 2026-08-21 cut to backup has
// them (admin-api-v2-2026-08-backup-subset.json): at 2023-01-01 (the schedule also at
// 2024-08-05, its 2023-01-01 deprecated then). The live service counts snapshots and
// restore jobs against one limit (recorded, 1200), a flex cluster's (flexBackups.ts)
// against another. Served only in the versioned API (the description has no v1.0 path
// for them). The sharded-cluster snapshot paths, snapshot updates, the schedule's changes
// and the snapshot contents (databases, collections) are left out: no command needs them.
import type { ResourceOperations } from './entry.js';

const CLUSTER = '/groups/{groupId}/clusters/{clusterName}/backup';
const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
// The schedule's 2023-01-01 has a successor (2024-08-05); Deprecation is that release, as the service writes it.
const SCHEDULE = [{ date: '2023-01-01', deprecation: 'Mon, 5 Aug 2024 00:00:00 GMT', sunset: 'Thu, 1 Jul 2027 00:00:00 GMT' }, { date: '2024-08-05' }] as const;

export const backups = {
  'backups.listSnapshots': { method: 'GET', path: `${CLUSTER}/snapshots`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.takeSnapshot': { method: 'POST', path: `${CLUSTER}/snapshots`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.getSnapshot': { method: 'GET', path: `${CLUSTER}/snapshots/{snapshotId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.deleteSnapshot': { method: 'DELETE', path: `${CLUSTER}/snapshots/{snapshotId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.listRestoreJobs': { method: 'GET', path: `${CLUSTER}/restoreJobs`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.createRestoreJob': { method: 'POST', path: `${CLUSTER}/restoreJobs`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.getRestoreJob': { method: 'GET', path: `${CLUSTER}/restoreJobs/{restoreJobId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.cancelRestoreJob': { method: 'DELETE', path: `${CLUSTER}/restoreJobs/{restoreJobId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.getSchedule': { method: 'GET', path: `${CLUSTER}/schedule`, versions: SCHEDULE, v2Only: true },
} as const satisfies ResourceOperations<'backups'>;
