// The emulator's --date as a full ISO 8601 time (issue 38): the service's clock starts
// at that instant and runs on with the emulator's clock, so the Date header, what it
// stamps (a cluster's createDate) and what expires (a user's deleteAfterDate) follow
// it, and an emulator restarted on the same --state hours later sees them expired.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/inProcess.js';
import { OWNER, PROJECT_A, TestClock, client, modernCreate, tenantCreate, testSeed, v2 } from './fixtures.js';

const USERS = `/api/atlas/v2/groups/${PROJECT_A}/databaseUsers`;
const CLUSTERS = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const HOUR = 3_600_000;

const user = (username: string, deleteAfterDate: string) => ({
  username,
  databaseName: 'admin',
  groupId: PROJECT_A,
  password: 'a-long-enough-password',
  roles: [{ databaseName: 'admin', roleName: 'readWriteAnyDatabase' }],
  deleteAfterDate,
});

describe('--date with a time of day', () => {
  it('the Date header starts at the given instant and runs on with the clock; createDate follows it', async () => {
    const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 0));
    const { emu } = await withEmulator({ seed: testSeed(), clock: clock.read, date: '2026-12-01T14:00:00Z', transitionMs: 0 });
    try {
      const c = client(emu, OWNER);
      const first = await c.request('GET', USERS, { headers: v2('2024-08-05') });
      expect(first.headers.get('date')).toBe('Tue, 01 Dec 2026 14:00:00 GMT');
      clock.advance(90 * 60_000);
      const created = await c.request('POST', CLUSTERS, { headers: v2('2023-02-01'), body: tenantCreate('dated') });
      expect(created.status).toBe(201);
      expect(created.headers.get('date')).toBe('Tue, 01 Dec 2026 15:30:00 GMT');
      expect(created.json.createDate).toBe('2026-12-01T15:30:00Z');
    } finally {
      await emu.stop();
    }
  });

  it('a restart on the same --state hours later finds a user past its deleteAfterDate gone, and one within it kept', async () => {
    const statePath = join(tempDir(), 'state.json');
    const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 0));
    const first = (await withEmulator({ seed: testSeed(), statePath, clock: clock.read, date: '2026-12-01T10:00:00Z' })).emu;
    const c = client(first, OWNER);
    expect((await c.request('POST', USERS, { headers: v2('2024-08-05'), body: user('short', '2026-12-01T12:00:00Z') })).status).toBe(201);
    expect((await c.request('POST', USERS, { headers: v2('2024-08-05'), body: user('long', '2026-12-02T10:00:00Z') })).status).toBe(201);
    await first.stop();

    clock.advance(60_000); // the restart itself takes no service time: the new --date says when it is
    const later = (await withEmulator({ seed: testSeed(), statePath, clock: clock.read, date: '2026-12-01T14:00:00Z' })).emu;
    try {
      const list = await client(later, OWNER).request('GET', USERS, { headers: v2('2024-08-05') });
      expect(list.json.results.map((u: { username: string }) => u.username).sort()).toEqual(['long']);
      expect(Date.parse(list.headers.get('date')!) - Date.UTC(2026, 11, 1, 14)).toBeLessThan(HOUR);
    } finally {
      await later.stop();
    }
  });

  it('seeded clusters are made at the service\'s time: createDate, the processes\' lifetimes, and what ran on them since', async () => {
    // The machine's clock a month after the service's day: seeded at the clock, the clusters were made after every ping.
    const clock = new TestClock(Date.UTC(2027, 0, 1, 9, 0, 0));
    const seed = testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }],
      flexClusters: [{ projectId: PROJECT_A, cluster: { name: 'f1', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
      workload: [{ projectId: PROJECT_A, cluster: 'c1', namespace: 'sample.movies', queries: [{ filter: { year: 1999 }, perDay: 48 }] }],
    });
    const { emu } = await withEmulator({ seed, clock: clock.read, date: '2026-12-01T14:00:00Z', transitionMs: 0 });
    try {
      const c = client(emu, OWNER);
      expect((await c.request('GET', `${CLUSTERS}/c1`, { headers: v2('2024-08-05') })).json.createDate).toBe('2026-12-01T14:00:00Z');
      expect((await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters/f1`, { headers: v2('2024-11-13') })).json.createDate).toBe('2026-12-01T14:00:00Z');
      clock.advance(3 * HOUR);
      const processes = (await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/processes`, { headers: v2('2023-01-01') })).json.results as Array<{ id: string; created: string; lastPing: string; typeName: string }>;
      expect(processes).toHaveLength(3);
      for (const p of processes) {
        expect(p.created).toBe('2026-12-01T14:00:00Z');
        expect(Date.parse(p.lastPing)).toBeGreaterThanOrEqual(Date.parse(p.created));
        expect(Date.parse(p.lastPing)).toBeLessThanOrEqual(Date.UTC(2026, 11, 1, 17));
      }
      const primary = processes.find((p) => p.typeName === 'REPLICA_PRIMARY')!;
      const slow = await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/processes/${primary.id}/performanceAdvisor/slowQueryLogs`, { headers: v2('2023-01-01') });
      // Three hours of 48 a day.
      expect((slow.json.slowQueries as unknown[]).length).toBeGreaterThanOrEqual(5);
    } finally {
      await emu.stop();
    }
  });

  it('a calendar date alone keeps its meaning: that day at the clock\'s time of day', async () => {
    const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 15, 0));
    const { emu } = await withEmulator({ seed: testSeed(), clock: clock.read, date: '2027-07-01' });
    try {
      const answer = await client(emu, OWNER).request('GET', USERS, { headers: v2('2024-08-05') });
      expect(answer.headers.get('date')).toBe('Thu, 01 Jul 2027 09:15:00 GMT');
    } finally {
      await emu.stop();
    }
  });
});
