// The project IP access list: 2023-01-01 only (2026-08 description).
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const ACCESS_LIST = '/groups/{groupId}/accessList';
const ACCESS_LIST_ENTRY = '/groups/{groupId}/accessList/{entryValue}';

export const accessList = {
  'accessList.list': { method: 'GET', path: ACCESS_LIST, versions: ONLY_2023_01_01 },
  'accessList.create': { method: 'POST', path: ACCESS_LIST, versions: ONLY_2023_01_01 },
  'accessList.get': { method: 'GET', path: ACCESS_LIST_ENTRY, versions: ONLY_2023_01_01 },
  'accessList.status': { method: 'GET', path: `${ACCESS_LIST_ENTRY}/status`, versions: ONLY_2023_01_01 },
  'accessList.delete': { method: 'DELETE', path: ACCESS_LIST_ENTRY, versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'accessList'>;
