// The alert configurations of a project (and the matcher field names every configuration
// may use) in the table of operations, as the service's description of 2026-08-21 cut to
// diagnostics has them: every operation at 2023-01-01 (recorded), versioned API only.
// `update` is a PUT that replaces the whole configuration; `toggle` a PATCH of `enabled`.
import type { ResourceOperations } from './entry.js';

const CONFIGS = '/groups/{groupId}/alertConfigs';
const V = [{ date: '2023-01-01' }] as const;

export const alertConfigs = {
  'alertConfigs.list': { method: 'GET', path: CONFIGS, versions: V, v2Only: true },
  'alertConfigs.create': { method: 'POST', path: CONFIGS, versions: V, v2Only: true },
  'alertConfigs.get': { method: 'GET', path: `${CONFIGS}/{alertConfigId}`, versions: V, v2Only: true },
  'alertConfigs.update': { method: 'PUT', path: `${CONFIGS}/{alertConfigId}`, versions: V, v2Only: true },
  'alertConfigs.toggle': { method: 'PATCH', path: `${CONFIGS}/{alertConfigId}`, versions: V, v2Only: true },
  'alertConfigs.delete': { method: 'DELETE', path: `${CONFIGS}/{alertConfigId}`, versions: V, v2Only: true },
  'alertConfigs.alerts': { method: 'GET', path: `${CONFIGS}/{alertConfigId}/alerts`, versions: V, v2Only: true },
} as const satisfies ResourceOperations<'alertConfigs'>;

/** The matcher field names, outside any project (counted on their own: RateLimit-Limit 300, recorded). */
export const alertMatchers = {
  'alertMatchers.fieldNames': { method: 'GET', path: '/alertConfigs/matchers/fieldNames', versions: V, v2Only: true },
} as const satisfies ResourceOperations<'alertMatchers'>;
