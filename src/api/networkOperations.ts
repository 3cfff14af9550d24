// The private-networking operations of the table (src/api/operations.ts spreads them
// into it): network peering's containers and peers, and private endpoints (endpoint
// services, their interface endpoints, the regionalized setting). Every one is at
// 2023-01-01 only (admin-api-v2-2026-08-network-subset.json). The update operations
// (PATCH of a container, a peer, an AWS endpoint service) are left out: no command needs them.
const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;

const CONTAINERS = '/groups/{groupId}/containers';
const PEERS = '/groups/{groupId}/peers';
const SERVICES = '/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService';
const SERVICE = `${SERVICES}/{endpointServiceId}`;

export const NETWORK_OPERATIONS = {
  // One provider's containers (providerName, default AWS); `all` comes first, as /containers/all is not a container id.
  'containers.list': { method: 'GET', path: CONTAINERS, versions: ONLY_2023_01_01 },
  'containers.listAll': { method: 'GET', path: `${CONTAINERS}/all`, versions: ONLY_2023_01_01 },
  'containers.create': { method: 'POST', path: CONTAINERS, versions: ONLY_2023_01_01 },
  'containers.get': { method: 'GET', path: `${CONTAINERS}/{containerId}`, versions: ONLY_2023_01_01 },
  'containers.delete': { method: 'DELETE', path: `${CONTAINERS}/{containerId}`, versions: ONLY_2023_01_01 },
  // One provider's peers (providerName, default AWS: a list without it shows no Azure or GCP peer).
  'peers.list': { method: 'GET', path: PEERS, versions: ONLY_2023_01_01 },
  'peers.create': { method: 'POST', path: PEERS, versions: ONLY_2023_01_01 },
  'peers.get': { method: 'GET', path: `${PEERS}/{peerId}`, versions: ONLY_2023_01_01 },
  'peers.delete': { method: 'DELETE', path: `${PEERS}/{peerId}`, versions: ONLY_2023_01_01 },
  'privateEndpoints.listServices': { method: 'GET', path: SERVICES, versions: ONLY_2023_01_01 },
  'privateEndpoints.createService': { method: 'POST', path: '/groups/{groupId}/privateEndpoint/endpointService', versions: ONLY_2023_01_01 },
  'privateEndpoints.getService': { method: 'GET', path: SERVICE, versions: ONLY_2023_01_01 },
  'privateEndpoints.deleteService': { method: 'DELETE', path: SERVICE, versions: ONLY_2023_01_01 },
  'privateEndpoints.createEndpoint': { method: 'POST', path: `${SERVICE}/endpoint`, versions: ONLY_2023_01_01 },
  'privateEndpoints.getEndpoint': { method: 'GET', path: `${SERVICE}/endpoint/{endpointId}`, versions: ONLY_2023_01_01 },
  'privateEndpoints.deleteEndpoint': { method: 'DELETE', path: `${SERVICE}/endpoint/{endpointId}`, versions: ONLY_2023_01_01 },
  'privateEndpoints.getRegionalMode': { method: 'GET', path: '/groups/{groupId}/privateEndpoint/regionalMode', versions: ONLY_2023_01_01 },
  'privateEndpoints.setRegionalMode': { method: 'PATCH', path: '/groups/{groupId}/privateEndpoint/regionalMode', versions: ONLY_2023_01_01 },
} as const;
