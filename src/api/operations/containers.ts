// Network peering's containers (private networking): at 2023-01-01 only
// (admin-api-v2-2026-08-network-subset.json). The update (PATCH of a container) is left
// out: no command needs it.
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const CONTAINERS = '/groups/{groupId}/containers';

export const containers = {
  // One provider's containers (providerName, default AWS); `all` comes first, as /containers/all is not a container id.
  'containers.list': { method: 'GET', path: CONTAINERS, versions: ONLY_2023_01_01 },
  'containers.listAll': { method: 'GET', path: `${CONTAINERS}/all`, versions: ONLY_2023_01_01 },
  'containers.create': { method: 'POST', path: CONTAINERS, versions: ONLY_2023_01_01 },
  'containers.get': { method: 'GET', path: `${CONTAINERS}/{containerId}`, versions: ONLY_2023_01_01 },
  'containers.delete': { method: 'DELETE', path: `${CONTAINERS}/{containerId}`, versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'containers'>;
