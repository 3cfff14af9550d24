// The project IP access list module (contract.ts): its operations, its part of each
// project (state.ts), and GET /api/private/ipinfo, outside the description, which real
// clients call for "add my current IP": the caller's address as the service sees it.
import { normalizePeer } from '../../apiKeyAccessList.js';
import type { ResourceModule } from '../../contract.js';
import { ACCESS_ENTRY_READ_ONLY, createAccessEntries, deleteAccessEntry, getAccessEntry, getAccessEntryStatus, listAccessEntries } from './handlers.js';
import { ACCESS_LIST_PART } from './state.js';

export type { IpAccessEntry, SeedIpAccessEntry } from './state.js';

export const accessList: ResourceModule = {
  name: 'accessList',
  rateLimitPerMinute: 1200, // recorded
  operations: {
    'accessList.list': { handler: listAccessEntries, action: 'read' },
    'accessList.create': { handler: createAccessEntries, action: 'writeProject', arrayBody: true, readOnly: ACCESS_ENTRY_READ_ONLY },
    'accessList.get': { handler: getAccessEntry, action: 'read' },
    'accessList.status': { handler: getAccessEntryStatus, action: 'read' },
    'accessList.delete': { handler: deleteAccessEntry, action: 'writeProject' },
  },
  outsideApi: { '/api/private/ipinfo': ({ peer }) => ({ currentIpv4Address: normalizePeer(peer) }) },
  hooks: { projects: ACCESS_LIST_PART },
};
