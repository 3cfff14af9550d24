// Database access history (who authenticated to a cluster's hosts, from where): by
// cluster name or by hostname, 2023-01-01 only (the 2026-08 description,
// admin-api-v2-2026-08-diagnostics-subset.json). Served only in the versioned API.
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;

export const accessLogs = {
  'accessLogs.byCluster': { method: 'GET', path: '/groups/{groupId}/dbAccessHistory/clusters/{clusterName}', versions: ONLY_2023_01_01, v2Only: true },
  'accessLogs.byHost': { method: 'GET', path: '/groups/{groupId}/dbAccessHistory/processes/{hostname}', versions: ONLY_2023_01_01, v2Only: true },
} as const satisfies ResourceOperations<'accessLogs'>;
