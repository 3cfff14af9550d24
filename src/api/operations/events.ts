// Events of a project and of an organization: 2023-01-01 only (the 2026-08 description,
// admin-api-v2-2026-08-diagnostics-subset.json; the recorded lists answered 2023-01-01).
// Served only in the versioned API.
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;

export const events = {
  'events.list': { method: 'GET', path: '/groups/{groupId}/events', versions: ONLY_2023_01_01, v2Only: true },
  'events.get': { method: 'GET', path: '/groups/{groupId}/events/{eventId}', versions: ONLY_2023_01_01, v2Only: true },
  'events.listOrg': { method: 'GET', path: '/orgs/{orgId}/events', versions: ONLY_2023_01_01, v2Only: true },
  'events.getOrg': { method: 'GET', path: '/orgs/{orgId}/events/{eventId}', versions: ONLY_2023_01_01, v2Only: true },
} as const satisfies ResourceOperations<'events'>;
