// Every recorded list link outside the diagnostics (whose links recordedDiagnostics.test.ts
// compares): the emulator writes the query of a list's self link as the live service did,
// includeCount and the request's other parameters sorted by name, then pageNum and
// itemsPerPage, whatever order the request gave them in (a create that answers a list page,
// the access list's, included). Only the query is compared: the paths carry the recording's IDs.
// And the links' order: self, then next, as every recorded list with a next link has them
// (previous, never recorded, after), from paginate and from the events' own pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { readRecorded, type RecordedResponse } from '../../helpers/reference.js';
import { PROJECT_A, client, modernCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;
const FOLDERS = ['recorded', 'recorded-resources', 'recorded-backup', 'recorded-search'] as const;
const group = `/api/atlas/v2/groups/${PROJECT_A}`;

/** Each recorded list answer by file name: the request that makes the emulator answer the same list (query in another order). */
const REQUESTS: Array<[RegExp, { method: string; path: string; version: string; body?: unknown }]> = [
  [/__GET_api_atlas_v2_groups_[0-9a-f]{24}_clusters_1\.http$/, { method: 'GET', path: `${group}/clusters?itemsPerPage=100&includeDeletedWithRetainedBackups=false&pageNum=1`, version: '2024-08-05' }],
  [/__GET_api_atlas_v2_groups_[0-9a-f]{24}_accessList_1\.http$/, { method: 'GET', path: `${group}/accessList`, version: '2023-01-01' }],
  [/__POST_api_atlas_v2_groups_[0-9a-f]{24}_accessList_1\.http$/, { method: 'POST', path: `${group}/accessList`, version: '2023-01-01', body: [{ cidrBlock: '10.9.0.0/16' }] }],
  [/__GET_api_atlas_v2_groups_[0-9a-f]{24}_databaseUsers_1\.http$/, { method: 'GET', path: `${group}/databaseUsers?pageNum=1`, version: '2023-01-01' }],
  [/__GET_api_atlas_v2_groups_[0-9a-f]{24}_flexClusters_1\.http$/, { method: 'GET', path: `${group}/flexClusters?itemsPerPage=100&includeCount=true`, version: '2024-11-13' }],
  [/_backup_snapshots_1\.http$/, { method: 'GET', path: `${group}/clusters/src/backup/snapshots`, version: '2023-01-01' }],
  [/_backup_restoreJobs_1\.http$/, { method: 'GET', path: `${group}/clusters/src/backup/restoreJobs?itemsPerPage=100`, version: '2023-01-01' }],
];
/** Recorded lists the emulator does not serve. */
const NOT_SERVED = /_clusters_provider_regions_1\.http$/;

const selfQuery = (document: unknown): string | undefined => {
  const links = ((document as Doc | undefined)?.links ?? []) as Array<{ rel: string; href: string }>;
  const href = links.find((l) => l.rel === 'self')?.href;
  return href?.includes('?') ? href.slice(href.indexOf('?') + 1) : undefined;
};

describe('recorded list links: the self link repeats the query as the service writes it', () => {
  let emu: RunningEmulator;
  let c: DigestClient;
  const lists: RecordedResponse[] = FOLDERS.flatMap((folder) => readRecorded(folder)).filter((r) => r.status < 300 && /"rel":"self"/.test(r.body) && /pageNum=/.test(r.body));

  beforeAll(async () => {
    const seed = testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('src', { backupEnabled: true }) }],
      flexClusters: [{ projectId: PROJECT_A, cluster: { name: 'f', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
    });
    ({ emu } = await withEmulator({ seed }));
    c = client(emu);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('finds the recorded lists (every one either compared or not served)', () => {
    expect(lists.length).toBeGreaterThanOrEqual(12);
    for (const r of lists) expect(NOT_SERVED.test(r.file) || REQUESTS.some(([re]) => re.test(r.file)), r.file).toBe(true);
  });

  it('each answers with the recorded self link query', async () => {
    let compared = 0;
    for (const r of lists.filter((l) => !NOT_SERVED.test(l.file))) {
      const [, request] = REQUESTS.find(([re]) => re.test(r.file))!;
      const answer = await c.request(request.method, request.path, { headers: v2(request.version), ...(request.body === undefined ? {} : { body: request.body }) });
      expect(answer.status, `${r.file}: ${answer.text}`).toBe(r.status);
      expect(selfQuery(answer.json), r.file).toBe(selfQuery(JSON.parse(r.body)));
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});

describe('recorded list links: self first, then next (then previous, which no recording shows)', () => {
  let emu: RunningEmulator;
  let c: DigestClient;
  const rels = (document: unknown): string[] => (((document as Doc | undefined)?.links ?? []) as Array<{ rel: string }>).map((l) => l.rel);
  /** The order of the recorded alerts list, a page with a next link: [self, next]. */
  const recorded = readRecorded('recorded-diagnostics').find((r) => r.file.startsWith('TestAlerts__List_with_status_CLOSED__GET_'))!;

  beforeAll(async () => {
    const seed = testSeed({
      clusters: ['l1', 'l2', 'l3'].map((name) => ({ projectId: PROJECT_A, cluster: modernCreate(name) })),
      alerts: ['2021-06-02T19:43:35Z', '2021-06-03T19:43:35Z', '2021-06-04T19:43:35Z'].map((created) => ({
        projectId: PROJECT_A,
        eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH',
        status: 'CLOSED',
        created,
        resolved: '2022-03-16T18:39:26Z',
      })),
      events: ['2026-08-01T00:00:00Z', '2026-08-02T00:00:00Z', '2026-08-03T00:00:00Z'].map((created) => ({ groupId: PROJECT_A, eventTypeName: 'PROJECT_SCHEDULED_MAINTENANCE', created })),
    });
    ({ emu } = await withEmulator({ seed }));
    c = client(emu);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('the recorded alerts list has self, then next', () => {
    expect(rels(JSON.parse(recorded.body))).toEqual(['self', 'next']);
  });

  for (const [list, path, version] of [
    ['alerts', `${group}/alerts?status=CLOSED`, '2023-01-01'],
    ['clusters', `${group}/clusters`, '2024-08-05'],
    ['events', `${group}/events`, '2023-01-01'],
  ] as const) {
    it(`${list}: the first page's links are in the recorded order; a middle page adds previous after them`, async () => {
      const first = await c.request('GET', `${path}${path.includes('?') ? '&' : '?'}itemsPerPage=1&pageNum=1`, { headers: v2(version) });
      expect(first.status, first.text).toBe(200);
      expect(rels(first.json)).toEqual(rels(JSON.parse(recorded.body)));
      const middle = await c.request('GET', `${path}${path.includes('?') ? '&' : '?'}itemsPerPage=1&pageNum=2`, { headers: v2(version) });
      expect(rels(middle.json)).toEqual(['self', 'next', 'previous']);
      const last = await c.request('GET', `${path}${path.includes('?') ? '&' : '?'}itemsPerPage=1&pageNum=3`, { headers: v2(version) });
      expect(rels(last.json)).toEqual(['self', 'previous']);
    });
  }
});
