// Cloud backup of a flex cluster in the table of operations: its snapshots and restore
// jobs at 2024-11-13 (admin-api-v2-2026-08-backup-subset.json). Flex clusters take their
// snapshots themselves (no take, no delete, no cancel). The live service counts them
// against a limit of their own, apart from a dedicated cluster's (backups.ts). Served
// only in the versioned API.
import type { ResourceOperations } from './entry.js';

const FLEX = '/groups/{groupId}/flexClusters/{name}/backup';
const FLEX_2024_11_13 = [{ date: '2024-11-13' }] as const;

export const flexBackups = {
  'flexBackups.listSnapshots': { method: 'GET', path: `${FLEX}/snapshots`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.getSnapshot': { method: 'GET', path: `${FLEX}/snapshots/{snapshotId}`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.listRestoreJobs': { method: 'GET', path: `${FLEX}/restoreJobs`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.createRestoreJob': { method: 'POST', path: `${FLEX}/restoreJobs`, versions: FLEX_2024_11_13, v2Only: true },
  'flexBackups.getRestoreJob': { method: 'GET', path: `${FLEX}/restoreJobs/{restoreJobId}`, versions: FLEX_2024_11_13, v2Only: true },
} as const satisfies ResourceOperations<'flexBackups'>;
