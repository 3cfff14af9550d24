// The measurements of a process, and of its databases and disk partitions, in the table
// of operations (admin-api-v2-2026-08-diagnostics-subset.json): served at 2023-01-01
// only, as recorded (reference/recorded-diagnostics/TestMetrics__*).
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const PROCESS = '/groups/{groupId}/processes/{processId}';

export const metrics = {
  'metrics.process': { method: 'GET', path: `${PROCESS}/measurements`, versions: ONLY_2023_01_01 },
  'metrics.listDatabases': { method: 'GET', path: `${PROCESS}/databases`, versions: ONLY_2023_01_01 },
  'metrics.getDatabase': { method: 'GET', path: `${PROCESS}/databases/{databaseName}`, versions: ONLY_2023_01_01 },
  'metrics.database': { method: 'GET', path: `${PROCESS}/databases/{databaseName}/measurements`, versions: ONLY_2023_01_01 },
  'metrics.listDisks': { method: 'GET', path: `${PROCESS}/disks`, versions: ONLY_2023_01_01 },
  'metrics.getDisk': { method: 'GET', path: `${PROCESS}/disks/{partitionName}`, versions: ONLY_2023_01_01 },
  'metrics.disk': { method: 'GET', path: `${PROCESS}/disks/{partitionName}/measurements`, versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'metrics'>;
