// The API's root (GET /api/atlas/v2): its one operation of the table.
import type { ResourceOperations } from './entry.js';

export const root = {
  'root.get': { method: 'GET', path: '', versions: [{ date: '2023-01-01' }] },
} as const satisfies ResourceOperations<'root'>;
