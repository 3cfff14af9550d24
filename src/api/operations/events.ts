// Events of a project: 2023-01-01 only (the 2026-08 description,
// admin-api-v2-2026-08-diagnostics-subset.json; the recorded list answered 2023-01-01).
// Served only in the versioned API. An organization's are a resource of their own
// (orgEvents.ts): the service counts them against another limit (recorded: 300 and 500).
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;

export const events = {
  'events.list': { method: 'GET', path: '/groups/{groupId}/events', versions: ONLY_2023_01_01, v2Only: true },
  'events.get': { method: 'GET', path: '/groups/{groupId}/events/{eventId}', versions: ONLY_2023_01_01, v2Only: true },
} as const satisfies ResourceOperations<'events'>;
