// The alerts of a project in the table of operations: paths, methods and versions, as the
// service's description of 2026-08-21 cut to diagnostics has them
// (admin-api-v2-2026-08-diagnostics-subset.json). Reads at 2023-01-01; the acknowledge
// PATCH at 2024-05-30, which the live service answered (recorded), its 2023-01-01 version
// carrying Sunset 2027-07-01. Served only in the versioned API.
import type { ResourceOperations } from './entry.js';

const ALERTS = '/groups/{groupId}/alerts';
const READ = [{ date: '2023-01-01' }] as const;

export const alerts = {
  'alerts.list': { method: 'GET', path: ALERTS, versions: READ, v2Only: true },
  'alerts.get': { method: 'GET', path: `${ALERTS}/{alertId}`, versions: READ, v2Only: true },
  'alerts.acknowledge': {
    method: 'PATCH',
    path: `${ALERTS}/{alertId}`,
    versions: [{ date: '2023-01-01', deprecation: 'Thu, 30 May 2024 00:00:00 GMT', sunset: 'Thu, 1 Jul 2027 00:00:00 GMT' }, { date: '2024-05-30' }],
    v2Only: true,
  },
  'alerts.configs': { method: 'GET', path: `${ALERTS}/{alertId}/alertConfigs`, versions: READ, v2Only: true },
} as const satisfies ResourceOperations<'alerts'>;
