import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
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
    ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read }));
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
