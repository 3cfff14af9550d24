// The project's private IP mode (for peering): deprecated as a whole by the description.
import type { ResourceOperations } from './entry.js';

const PRIVATE_IP_MODE = '/groups/{groupId}/privateIpMode';

export const privateIpMode = {
  'privateIpMode.get': { method: 'GET', path: PRIVATE_IP_MODE, versions: [{ date: '2023-01-01' }], deprecated: true },
  'privateIpMode.update': { method: 'PATCH', path: PRIVATE_IP_MODE, versions: [{ date: '2023-01-01' }], deprecated: true },
} as const satisfies ResourceOperations<'privateIpMode'>;
