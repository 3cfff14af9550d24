// Cloud backup in the table of operations (src/api/operations.ts spreads them in):
// paths, methods and versions as the service's description of 2026-08-21 cut to backup
// has them (admin-api-v2-2026-08-backup-subset.json). Pure data.
//
// Two resources, as the live service counts them against two limits (recorded, 1200
// each; snapshots and restore jobs share one count):
// - backups: a dedicated cluster's snapshots, restore jobs and backup schedule, at
//   2023-01-01 (the schedule also at 2024-08-05, its 2023-01-01 deprecated then);
// - flexBackups: a flex cluster's snapshots and restore jobs, at 2024-11-13. Flex
//   clusters take their snapshots themselves (no take, no delete, no cancel).
// Served only in the versioned API (the description has no v1.0 path for them). The
// sharded-cluster snapshot paths, snapshot updates, the schedule's changes and the
// snapshot contents (databases, collections) are left out: no command needs them.

const CLUSTER = '/groups/{groupId}/clusters/{clusterName}/backup';
const FLEX = '/groups/{groupId}/flexClusters/{name}/backup';
const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const FLEX_2024_11_13 = [{ date: '2024-11-13' }] as const;
// The schedule's 2023-01-01 has a successor (2024-08-05); Deprecation is that release, as the service writes it.
const SCHEDULE = [{ date: '2023-01-01', deprecation: 'Mon, 5 Aug 2024 00:00:00 GMT', sunset: 'Thu, 1 Jul 2027 00:00:00 GMT' }, { date: '2024-08-05' }] as const;

export const BACKUP_OPERATIONS = {
  'backups.listSnapshots': { method: 'GET', path: `${CLUSTER}/snapshots`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.takeSnapshot': { method: 'POST', path: `${CLUSTER}/snapshots`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.getSnapshot': { method: 'GET', path: `${CLUSTER}/snapshots/{snapshotId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.deleteSnapshot': { method: 'DELETE', path: `${CLUSTER}/snapshots/{snapshotId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.listRestoreJobs': { method: 'GET', path: `${CLUSTER}/restoreJobs`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.createRestoreJob': { method: 'POST', path: `${CLUSTER}/restoreJobs`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.getRestoreJob': { method: 'GET', path: `${CLUSTER}/restoreJobs/{restoreJobId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.cancelRestoreJob': { method: 'DELETE', path: `${CLUSTER}/restoreJobs/{restoreJobId}`, versions: ONLY_2023_01_01, v2Only: true },
  'backups.getSchedule': { method: 'GET', path: `${CLUSTER}/schedule`, versions: SCHEDULE, v2Only: true },
  'flexBackups.listSnapshots': { method: 'GET', path: `${FLEX}/snapshots`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.getSnapshot': { method: 'GET', path: `${FLEX}/snapshots/{snapshotId}`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.listRestoreJobs': { method: 'GET', path: `${FLEX}/restoreJobs`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.createRestoreJob': { method: 'POST', path: `${FLEX}/restoreJobs`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.getRestoreJob': { method: 'GET', path: `${FLEX}/restoreJobs/{restoreJobId}`, versions: FLEX_2024_11_13, v2Only: true },
} as const;
