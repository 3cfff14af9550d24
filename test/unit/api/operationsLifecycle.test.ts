// The operations table (src/api/operations.ts) against the service's description of
// 2026-08-21: the versions of each operation, each version's Sunset (`x-sunset` on its
// media type) and the operation's own `deprecated`. When the description changes, this
// test names what the table must follow; the table is the one file to edit.
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, OPERATIONS } from '../../../src/api/operations.js';
import { isoDateOf } from '../../../src/emulator/versions.js';
import { readOpenApi } from '../../helpers/reference.js';

type Json = Record<string, unknown>;

interface Described {
  versions: Array<{ date: string; sunset?: string }>;
  deprecated: boolean;
}

/** Each operation of the description: its versions (from the success response's media types) and x-sunset. */
function describedOperations(): Map<string, Described> {
  const out = new Map<string, Described>();
  // The whole description (the custom DNS for AWS peering is in no cut), its cut for clusters and
  // projects, and its cuts to one resource (peering and private endpoints, search indexes, backup, diagnostics).
  const paths = (['v2-2026-08-full', 'v2-2026-08', 'v2-2026-08-network', 'v2-2026-08-search', 'v2-2026-08-backup', 'v2-2026-08-diagnostics'] as const).flatMap((cut) => Object.entries(readOpenApi(cut).paths as Record<string, Record<string, Json>>));
  for (const [path, operations] of paths) {
    for (const [method, operation] of Object.entries(operations)) {
      const responses = operation.responses as Record<string, Json>;
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))![1];
      const content = (success.content ?? {}) as Record<string, Json>;
      const versions = Object.entries(content)
        // A version's media type is +json, or the type of what it sends (+gzip for a log download).
        // (The whole description also has a few answers of other types, no version of theirs.)
        .flatMap(([type, media]) => {
          const date = /vnd\.atlas\.(\d{4}-\d{2}-\d{2})\+[a-z]+$/.exec(type)?.[1];
          return date ? [{ date, ...(typeof media['x-sunset'] === 'string' ? { sunset: media['x-sunset'] } : {}) }] : [];
        })
        .sort((a, b) => a.date.localeCompare(b.date));
      out.set(`${method.toUpperCase()} ${path.replace(/^\/api\/atlas\/v2/, '')}`, { versions, deprecated: operation.deprecated === true });
    }
  }
  return out;
}

/** "2024-08-05" -> "Mon, 5 Aug 2024 00:00:00 GMT", as the service writes Deprecation (day not zero-padded). */
function httpDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toUTCString().replace(/ 0(\d) /, ' $1 ');
}

describe('the operations table holds the lifecycle of the 2026-08 description', () => {
  const described = describedOperations();

  it('every operation of the table is in the description, with the same versions, Sunsets and deprecated flag', () => {
    expect(OPERATION_NAMES.length).toBeGreaterThanOrEqual(8);
    const table = OPERATION_NAMES.map((name) => {
      const { method, path, versions, deprecated } = OPERATIONS[name];
      return {
        name,
        key: `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`,
        versions: versions.map((v) => ({ date: v.date, ...(v.sunset ? { sunset: isoDateOf(v.sunset) } : {}) })),
        deprecated: deprecated === true,
      };
    });
    const shape = (key: string): string => key.replace(/\{[^}]+\}/g, '{}');
    const byShape = new Map([...described].map(([key, value]) => [shape(key), value]));
    for (const entry of table) {
      expect(byShape.get(entry.key), `${entry.name} (${entry.key}) is not in the description`).toEqual({ versions: entry.versions, deprecated: entry.deprecated });
    }
  });

  it('the figures the issue quotes: clusters 2024-08-05 create/update 2027-03-01, 2023-0x 2027-07-01, privateIpMode deprecated', () => {
    const sunsetOf = (name: keyof typeof OPERATIONS, date: string) => OPERATIONS[name].versions.find((v) => v.date === date)?.sunset;
    expect(sunsetOf('clusters.create', '2024-08-05')).toBe('Mon, 1 Mar 2027 00:00:00 GMT');
    expect(sunsetOf('clusters.update', '2024-08-05')).toBe('Mon, 1 Mar 2027 00:00:00 GMT');
    for (const name of ['clusters.list', 'clusters.get', 'clusters.create', 'clusters.update'] as const) {
      expect(sunsetOf(name, '2023-01-01')).toBe('Thu, 1 Jul 2027 00:00:00 GMT');
      expect(sunsetOf(name, '2023-02-01')).toBe('Thu, 1 Jul 2027 00:00:00 GMT');
    }
    expect(OPERATIONS['privateIpMode.get'].deprecated).toBe(true);
    expect(OPERATIONS['privateIpMode.get'].versions.every((v) => v.sunset === undefined)).toBe(true);
  });

  it('Deprecation is the successor\'s release date, on every version that has a successor, and only there', () => {
    for (const name of OPERATION_NAMES) {
      const versions = OPERATIONS[name].versions;
      versions.forEach((v, i) => {
        const successor = versions[i + 1];
        // An operation deprecated as a whole may have its successor in another operation (the
        // /fts search index paths: the /search ones of 2024-05-30, as the recordings' header says).
        if (!successor && OPERATIONS[name].deprecated && v.deprecation !== undefined) return;
        expect(v.deprecation, `${name} ${v.date}`).toBe(successor ? httpDate(successor.date) : undefined);
      });
    }
    expect(OPERATIONS['searchIndexes.ftsGet'].versions[0]!.deprecation).toBe(httpDate(OPERATIONS['searchIndexes.get'].versions[0]!.date));
  });
});
