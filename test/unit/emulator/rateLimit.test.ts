import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, OPERATIONS, operationFor, type OperationName } from '../../../src/api/operations.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { RESOURCES } from '../../../src/emulator/resources/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
import { readRecorded, recordedFolders } from '../../helpers/reference.js';
import { MANAGER, OWNER, PROJECT_A, PROJECT_B, TestClock, client, testSeed, v2 } from './fixtures.js';

// Seed, Limits: "when 50 requests are spent in a project within a minute and another caller
// tries 60, the 10 beyond 100 are rejected. The other project is not affected. Requests
// proceed again at the start of the next minute."
describe('rate limit: the seed\'s example, with an injected clock', () => {
  // 09:00:10 — well inside one clock minute.
  const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 10));
  let emu: RunningEmulator;
  let first: DigestClient;
  let second: DigestClient;
  const list = (project: string) => `/api/atlas/v2/groups/${project}/clusters`;

  beforeAll(async () => {
    // The seed's limit, set as a seed sets it (by default the emulator follows the live service's limits, below).
    ({ emu } = await withEmulator({ seed: testSeed({ rateLimit: { perMinute: 100 } }), clock: clock.read }));
    first = client(emu, OWNER);
    second = client(emu, MANAGER);
    // Authenticate both clients outside the counted requests (a challenge is not a served request).
    await first.request('GET', '/api/atlas/v1.0');
    await second.request('GET', '/api/atlas/v1.0');
  });
  afterAll(() => emu.stop());

  it('50 spent, 60 more from another caller: 50 OK and 10 x 429; the other project is unaffected; the next minute proceeds', async () => {
    for (let i = 0; i < 50; i++) {
      const response = await first.request('GET', list(PROJECT_A), { headers: v2('2023-02-01') });
      expect(response.status).toBe(200);
    }
    clock.advance(20_000); // 09:00:30, same minute
    const statuses: number[] = [];
    const retryAfter = new Set<string | null>();
    const remaining: string[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await second.request('GET', list(PROJECT_A), { headers: v2('2023-02-01') });
      statuses.push(response.status);
      remaining.push(response.headers.get('ratelimit-remaining') ?? '');
      if (response.status === 429) {
        retryAfter.add(response.headers.get('retry-after'));
        expect(response.json).toMatchObject({ error: 429, errorCode: 'RATE_LIMITED', reason: 'Too Many Requests' });
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.slice(50)).toEqual(new Array(10).fill(429));
    expect(remaining[0]).toBe('49');
    expect(remaining[49]).toBe('0');
    expect([...retryAfter]).toEqual(['30']); // seconds left in the minute at 09:00:30

    const other = await first.request('GET', list(PROJECT_B), { headers: v2('2023-02-01') });
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-limit')).toBe('100');
    expect(other.headers.get('ratelimit-remaining')).toBe('99');

    clock.advance(30_000); // 09:01:00, the next minute
    const next = await second.request('GET', list(PROJECT_A), { headers: v2('2023-02-01') });
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe('99');
  });

  it('counts v1.0 calls too, per project whoever calls, but sends RateLimit headers only on v2', async () => {
    clock.advance(60_000);
    const response = await first.request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-limit')).toBeNull();
    const after = await second.request('GET', list(PROJECT_A), { headers: v2('2023-02-01') });
    expect(after.headers.get('ratelimit-remaining')).toBe('98');
  });
});

describe('rate limit configuration', () => {
  it('takes the seed\'s rateLimit.perMinute, and the option over the seed', async () => {
    const clock = new TestClock();
    const seeded = await withEmulator({ seed: testSeed({ rateLimit: { perMinute: 2 } }), clock: clock.read });
    const optioned = await withEmulator({ seed: testSeed({ rateLimit: { perMinute: 2 } }), rateLimitPerMinute: 3, clock: clock.read });
    try {
      const run = async (emu: RunningEmulator) => {
        const c = client(emu, OWNER);
        const out: number[] = [];
        for (let i = 0; i < 4; i++) out.push((await c.request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`)).status);
        return out;
      };
      expect(await run(seeded.emu)).toEqual([200, 200, 429, 429]);
      expect(await run(optioned.emu)).toEqual([200, 200, 200, 429]);
    } finally {
      await seeded.emu.stop();
      await optioned.emu.stop();
    }
  });
});

/** The resource and RateLimit-Limit of every recorded answer to an operation of the table (the request is in the file name). */
function recordedLimits(): Map<string, Set<number>> {
  const limits = new Map<string, Set<number>>();
  for (const folder of recordedFolders()) {
    for (const recorded of readRecorded(folder)) {
      const limit = recorded.headers['ratelimit-limit'];
      const request = /(GET|POST|PATCH|DELETE)_api_atlas_v2_(.*)_\d+\.http$/.exec(recorded.file);
      if (limit === undefined || !request) continue;
      const name = operationFor(request[1]!, `/${request[2]!.replace(/_/g, '/')}`);
      if (!name) continue; // a path outside the table (clusters/provider/regions, which the recorded backup flows read)
      const resource = OPERATIONS[name].resource;
      limits.set(resource, (limits.get(resource) ?? new Set()).add(Number(limit)));
    }
  }
  return limits;
}

describe('rate limit by default: the service\'s, per resource, as recorded', () => {
  const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 10));
  let emu: RunningEmulator;
  let owner: DigestClient;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read }));
    owner = client(emu, OWNER);
    await owner.request('GET', '/api/atlas/v1.0');
  });
  afterAll(() => emu.stop());

  /** A GET of the resource in PROJECT_A at its newest version: any answer, a 404 too, carries the limit. */
  const getOf = async (resource: string) => {
    const name = OPERATION_NAMES.find((op) => OPERATIONS[op].resource === resource && OPERATIONS[op].method === 'GET' && OPERATIONS[op].path.includes('{groupId}'))!;
    const path = OPERATIONS[name].path.replace('{groupId}', PROJECT_A).replace(/\{[^}]+\}/g, 'none');
    const { date } = OPERATIONS[name].versions.at(-1)!;
    // A file's download asks for its own media type (+gzip), as a client must.
    const media = OPERATIONS[name].media;
    return owner.request('GET', `/api/atlas/v2${path}`, { headers: media ? { Accept: `application/vnd.atlas.${date}+${media}` } : v2(date) });
  };

  /** Each resource's limit as the module that serves its operations declares it (rateLimitPerMinute). */
  const declaredLimits = (): Map<string, number> =>
    new Map(RESOURCES.flatMap((module) => (module.rateLimitPerMinute === undefined ? [] : Object.keys(module.operations ?? {}).map((name) => [OPERATIONS[name as OperationName].resource, module.rateLimitPerMinute!] as const))));

  it('each resource answers the RateLimit-Limit the live service sent for it, as its module declares it', async () => {
    const recorded = recordedLimits();
    const declared = declaredLimits();
    // Every resource the recordings show one limit for, and its module declares that one
    // (both families of search index paths, /search and /fts, count against one limit; a
    // dedicated cluster's snapshots and restore jobs against one, a flex cluster's against another).
    expect(recorded.size).toBeGreaterThan(0);
    for (const [resource, limits] of recorded) expect([...limits], resource).toEqual([declared.get(resource)]);
    for (const [resource, limit] of declared) {
      if (!OPERATION_NAMES.some((op) => OPERATIONS[op].resource === resource && OPERATIONS[op].method === 'GET' && OPERATIONS[op].path.includes('{groupId}'))) continue;
      const answer = await getOf(resource);
      expect(answer.headers.get('ratelimit-limit'), resource).toBe(String(limit));
    }
  });

  it('counts each resource on its own: 150 cluster reads leave the access list untouched, and none is refused', async () => {
    clock.advance(60_000);
    for (let i = 0; i < 150; i++) expect((await getOf('clusters')).status).toBe(200);
    const clusters = await getOf('clusters');
    expect(clusters.headers.get('ratelimit-remaining')).toBe(String(10_000 - 151));
    expect((await getOf('accessList')).headers.get('ratelimit-remaining')).toBe('1199');
  });

  it('--rate-limit (and the seed\'s rateLimit) puts one limit on every resource, counted per project: 429 as the seed says', async () => {
    const limited = await withEmulator({ seed: testSeed(), clock: clock.read, rateLimitPerMinute: 2 });
    try {
      const http = client(limited.emu, OWNER);
      const clusters = await http.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, { headers: v2('2024-08-05') });
      expect(clusters.headers.get('ratelimit-limit')).toBe('2');
      expect((await http.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/accessList`, { headers: v2('2023-01-01') })).status).toBe(200);
      const refused = await http.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/databaseUsers`, { headers: v2('2023-01-01') });
      expect([refused.status, refused.json.errorCode]).toEqual([429, 'RATE_LIMITED']);
    } finally {
      await limited.emu.stop();
    }
  });
});
