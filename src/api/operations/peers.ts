// Network peering's peers (private networking): at 2023-01-01 only
// (admin-api-v2-2026-08-network-subset.json). The update (PATCH of a peer) is left out:
// no command needs it.
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const PEERS = '/groups/{groupId}/peers';

export const peers = {
  // One provider's peers (providerName, default AWS: a list without it shows no Azure or GCP peer).
  'peers.list': { method: 'GET', path: PEERS, versions: ONLY_2023_01_01 },
  'peers.create': { method: 'POST', path: PEERS, versions: ONLY_2023_01_01 },
  'peers.get': { method: 'GET', path: `${PEERS}/{peerId}`, versions: ONLY_2023_01_01 },
  'peers.delete': { method: 'DELETE', path: `${PEERS}/{peerId}`, versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'peers'>;
