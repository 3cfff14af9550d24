// The public reference data the tests read: the service's OpenAPI descriptions
// and recorded live responses, kept in the repository (test/fixtures/reference,
// its README names the sources and dates) so that a fresh clone runs every test.
// Refreshed from ../shared/reference by `npm run refresh-reference`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REFERENCE_DIR = resolve(import.meta.dirname, '../fixtures/reference');
const OPENAPI_FILES = {
  'v1.0': 'admin-api-v1.0-subset.json',
  v2: 'admin-api-v2-subset.json',
  /** The service's description of 2026-08-21, with each version's x-sunset: where it and the older subset disagree, it stands. */
  'v2-2026-08': 'admin-api-v2-2026-08-subset.json',
  /** The same description cut to network peering and private endpoints. */
  'v2-2026-08-network': 'admin-api-v2-2026-08-network-subset.json',
  /** The same description cut to search indexes (current and deprecated paths) and the sample dataset load. */
  'v2-2026-08-search': 'admin-api-v2-2026-08-search-subset.json',
  /** The same description cut to cloud backup (snapshots, restore jobs, the schedule; flex backups). */
  'v2-2026-08-backup': 'admin-api-v2-2026-08-backup-subset.json',
  /** The same description cut to diagnostics (events, alerts, processes, metrics, logs, the Performance Advisor, access history) and the tenant and flex upgrades. */
  'v2-2026-08-diagnostics': 'admin-api-v2-2026-08-diagnostics-subset.json',
  /** The whole description of 2026-08-21: every operation and schema. */
  'v2-2026-08-full': 'admin-api-v2-2026-08-full.json',
} as const;

export function readOpenApi(which: keyof typeof OPENAPI_FILES): Record<string, unknown> {
  const file = OPENAPI_FILES[which];
  return JSON.parse(readFileSync(join(REFERENCE_DIR, 'openapi', file), 'utf8')) as Record<string, unknown>;
}

/** The recorded folders: recorded/ and recorded-<area>/. */
export function recordedFolders(): Array<`recorded${string}`> {
  return readdirSync(REFERENCE_DIR).filter((name): name is `recorded${string}` => /^recorded(-[a-z]+)?$/.test(name)).sort();
}

export interface RecordedResponse {
  file: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses every recorded .http file (of recorded/, recorded-resources/, ...): status line, headers, blank line, body. */
export function readRecorded(folder: `recorded${string}` = 'recorded'): RecordedResponse[] {
  const dir = join(REFERENCE_DIR, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.http'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      const split = text.indexOf('\n\n');
      const head = split === -1 ? text : text.slice(0, split);
      const body = split === -1 ? '' : text.slice(split + 2);
      const [statusLine = '', ...headerLines] = head.split('\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      return { file, status: Number(statusLine.split(' ')[1]), headers, body };
    });
}
