// Database users: every operation at 2023-01-01 only (2026-08 description).
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;
const DATABASE_USERS = '/groups/{groupId}/databaseUsers';
const DATABASE_USER = '/groups/{groupId}/databaseUsers/{databaseName}/{username}';

export const databaseUsers = {
  'databaseUsers.list': { method: 'GET', path: DATABASE_USERS, versions: ONLY_2023_01_01 },
  'databaseUsers.create': { method: 'POST', path: DATABASE_USERS, versions: ONLY_2023_01_01 },
  'databaseUsers.get': { method: 'GET', path: DATABASE_USER, versions: ONLY_2023_01_01 },
  'databaseUsers.update': { method: 'PATCH', path: DATABASE_USER, versions: ONLY_2023_01_01 },
  'databaseUsers.delete': { method: 'DELETE', path: DATABASE_USER, versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'databaseUsers'>;
