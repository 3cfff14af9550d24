// Events of an organization: 2023-01-01 only (the 2026-08 description,
// admin-api-v2-2026-08-diagnostics-subset.json; the recorded list answered 2023-01-01).
// Served only in the versioned API.
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;

export const orgEvents = {
  'orgEvents.list': { method: 'GET', path: '/orgs/{orgId}/events', versions: ONLY_2023_01_01, v2Only: true },
  'orgEvents.get': { method: 'GET', path: '/orgs/{orgId}/events/{eventId}', versions: ONLY_2023_01_01, v2Only: true },
} as const satisfies ResourceOperations<'orgEvents'>;
