// Organizations: 2023-01-01 only (2026-08 description).
import type { ResourceOperations } from './entry.js';

const ONLY_2023_01_01 = [{ date: '2023-01-01' }] as const;

export const orgs = {
  'orgs.list': { method: 'GET', path: '/orgs', versions: ONLY_2023_01_01 },
} as const satisfies ResourceOperations<'orgs'>;
