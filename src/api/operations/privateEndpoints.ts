// Private endpoints (private networking): endpoint services, their interface endpoints,
// the regionalized setting. Every one is at 2023-01-01 only
// (admin-api-v2-2026-08-network-subset.json). The update (PATCH of an AWS endpoint
// service) is left out: no command needs it.
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const SERVICES = '/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService';
const SERVICE = `${SERVICES}/{endpointServiceId}`;

export const privateEndpoints = {
  'privateEndpoints.listServices': { method: 'GET', path: SERVICES, versions: ONLY_2023_01_01 },
  'privateEndpoints.createService': { method: 'POST', path: '/groups/{groupId}/privateEndpoint/endpointService', versions: ONLY_2023_01_01 },
  'privateEndpoints.getService': { method: 'GET', path: SERVICE, versions: ONLY_2023_01_01 },
  'privateEndpoints.deleteService': { method: 'DELETE', path: SERVICE, versions: ONLY_2023_01_01 },
  'privateEndpoints.createEndpoint': { method: 'POST', path: `${SERVICE}/endpoint`, versions: ONLY_2023_01_01 },
  'privateEndpoints.getEndpoint': { method: 'GET', path: `${SERVICE}/endpoint/{endpointId}`, versions: ONLY_2023_01_01 },
  'privateEndpoints.deleteEndpoint': { method: 'DELETE', path: `${SERVICE}/endpoint/{endpointId}`, versions: ONLY_2023_01_01 },
  'privateEndpoints.getRegionalMode': { method: 'GET', path: '/groups/{groupId}/privateEndpoint/regionalMode', versions: ONLY_2023_01_01 },
  'privateEndpoints.setRegionalMode': { method: 'PATCH', path: '/groups/{groupId}/privateEndpoint/regionalMode', versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'privateEndpoints'>;
