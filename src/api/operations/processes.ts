// The processes of a project (mongod and mongos, `host:port`) in the table of
// operations, as the service's description of 2026-08 has them
// (admin-api-v2-2026-08-diagnostics-subset.json): served at 2023-01-01 only, and
// recorded so (reference/recorded-diagnostics/TestProcesses__*).
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const PROCESSES = '/groups/{groupId}/processes';

export const processes = {
  'processes.list': { method: 'GET', path: PROCESSES, versions: ONLY_2023_01_01 },
  'processes.get': { method: 'GET', path: `${PROCESSES}/{processId}`, versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'processes'>;
