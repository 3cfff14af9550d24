// Projects: 2023-01-01 only (2026-08 description).
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;

export const projects = {
  'projects.list': { method: 'GET', path: '/groups', versions: ONLY_2023_01_01 },
  'projects.create': { method: 'POST', path: '/groups', versions: ONLY_2023_01_01 },
  'projects.get': { method: 'GET', path: '/groups/{groupId}', versions: ONLY_2023_01_01 },
  'projects.getByName': { method: 'GET', path: '/groups/byName/{groupName}', versions: ONLY_2023_01_01 },
  'projects.delete': { method: 'DELETE', path: '/groups/{groupId}', versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'projects'>;
