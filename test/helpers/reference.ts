// The public reference data lives in ../shared, beside the repository, and is
// read in place. Where it is absent, tests that need it skip with a visible note.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { requireAll } from './tools.js';

export const SHARED_DIR = resolve(import.meta.dirname, '../../../shared');
export const REFERENCE_DIR = join(SHARED_DIR, 'reference');
export const referenceAvailable = existsSync(join(REFERENCE_DIR, 'openapi'));

if (!referenceAvailable) {
  // CI runs with shared/ beside the clone: there, its absence fails the run (test/helpers/tools.ts).
  if (requireAll) throw new Error(`${REFERENCE_DIR} is absent and CDBA_TEST_REQUIRE_ALL=1: the reference-data tests would be skipped`);
  process.stderr.write(`note: ${REFERENCE_DIR} is absent; reference-data tests are skipped\n`);
}

const OPENAPI_FILES = {
  'v1.0': 'admin-api-v1.0-subset.json',
  v2: 'admin-api-v2-subset.json',
  /** The service's description of 2026-08-21, with each version's x-sunset: where it and the older subset disagree, it stands. */
  'v2-2026-08': 'admin-api-v2-2026-08-subset.json',
  /** The same description cut to network peering and private endpoints. */
  'v2-2026-08-network': 'admin-api-v2-2026-08-network-subset.json',
  /** The same description cut to search indexes (current and deprecated paths) and the sample dataset load. */
  'v2-2026-08-search': 'admin-api-v2-2026-08-search-subset.json',
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
