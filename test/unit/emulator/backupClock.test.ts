// Issue 43, item 7: every time of the emulator's backups is service time, under --date too.
// An emulator is started under --date and restarted on the same --state with --date days
// later (its own clock barely moves: a TestClock): the schedule's snapshots appear and expire
// as the policy says for a seeded and an API-made cluster, dedicated and flex; a seeded
// snapshot expires on the service's clock; a restore's restoredFrom.at is service time.
// It used to count --date twice for an API-made cluster (no snapshot ever appeared), expire
// seeded snapshots on the wall clock, and show restores at wall-clock time.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type HttpResult } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/inProcess.js';
import { PROJECT_A, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

const DAY = 86_400_000;
const GOLDEN = '6a79468a2c88faeba59de489';
const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const flexBody = (name: string) => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });
const seed = testSeed({
  clusters: [{ projectId: PROJECT_A, cluster: modernCreate('seeded', { backupEnabled: true }) }],
  flexClusters: [{ projectId: PROJECT_A, cluster: flexBody('seededflex') }],
  backups: [{ projectId: PROJECT_A, clusterName: 'seeded', snapshots: [{ id: GOLDEN, createdAt: '2026-08-01T00:00:00Z', retentionInDays: 30 }] }],
});

interface Snapshot { id: string; createdAt?: string; expiresAt?: string; expiration?: string; startTime?: string; frequencyType?: string }

async function snapshots(emu: RunningEmulator, name: string, flex: boolean): Promise<Snapshot[]> {
  const path = flex ? `${group}/flexClusters/${name}/backup/snapshots` : `${group}/clusters/${name}/backup/snapshots`;
  const answer: HttpResult = await client(emu).request('GET', `${path}?itemsPerPage=500`, { headers: v2(flex ? '2024-11-13' : '2023-01-01') });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.results as Snapshot[];
}

const createdOf = (s: Snapshot): number => Date.parse((s.createdAt ?? s.startTime)!);
const expiryOf = (s: Snapshot): number => Date.parse((s.expiresAt ?? s.expiration)!);

describe('backups on the service\'s clock (--date)', () => {
  it('scheduled snapshots appear and expire across --date restarts on one --state, seeded and API-made, dedicated and flex', async () => {
    const statePath = join(tempDir(), 'state.json');
    const clock = new TestClock(Date.UTC(2026, 4, 1, 9, 0, 0)); // the machine's clock: months before the service's day
    const start = async (date: string): Promise<RunningEmulator> => {
      clock.advance(60_000);
      return (await withEmulator({ seed, statePath, clock: clock.read, date, transitionMs: 0 })).emu;
    };
    // The service's now under a --date day: that day at the TestClock's time of day (09:01 on
    // day 0, a minute later at each start), not 09:00, or a slot at 09:01 or 09:02 (the
    // reference minute comes from the cluster's random id) seemed to be from the future.
    const now = (date: string): number => Date.parse(`${date}T00:00:00Z`) + (clock.read() % DAY);

    // Day 0: the API makes a dedicated cluster with backup and a flex cluster.
    let emu = await start('2026-08-10');
    const c = client(emu);
    const made = await c.request('POST', `${group}/clusters`, { headers: v2('2024-10-23'), body: modernCreate('made', { backupEnabled: true }) });
    expect(made.status, made.text).toBe(201);
    expect(made.json.createDate.slice(0, 10)).toBe('2026-08-10');
    const madeFlex = await c.request('POST', `${group}/flexClusters`, { headers: v2('2024-11-13'), body: flexBody('madeflex') });
    expect(madeFlex.status, madeFlex.text).toBe(201);
    expect(await snapshots(emu, 'made', false)).toHaveLength(0);
    expect(await snapshots(emu, 'madeflex', true)).toHaveLength(0);
    // The seeded snapshot of 2026-08-01 kept 30 days is there on 2026-08-10 (it expired on the wall clock before).
    expect((await snapshots(emu, 'seeded', false)).map((s) => s.id)).toContain(GOLDEN);
    // A restore from it: restoredFrom.at is the service's time.
    const job = await c.request('POST', `${group}/clusters/seeded/backup/restoreJobs`, {
      headers: v2('2023-01-01'),
      body: { deliveryType: 'automated', snapshotId: GOLDEN, targetClusterName: 'made', targetGroupId: PROJECT_A },
    });
    expect(job.status, job.text).toBe(200);
    const restored = emu.state().backups.find((entry) => entry.clusterName === 'made')?.restoredFrom;
    expect(restored?.at.slice(0, 10)).toBe('2026-08-10');
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();

    // Day 3, a restart: the schedule ran meanwhile, on service time.
    emu = await start('2026-08-13');
    const day3 = now('2026-08-13');
    const dedicated3 = await snapshots(emu, 'made', false);
    // Every 6 hours over 3 days: the last 2 days' (8), and of the first day the daily one (hourly ones are kept 2 days).
    expect(dedicated3.length).toBeGreaterThanOrEqual(8);
    expect(dedicated3.length).toBeLessThanOrEqual(10);
    for (const s of dedicated3) {
      expect(createdOf(s)).toBeGreaterThanOrEqual(Date.parse(made.json.createDate));
      expect(createdOf(s)).toBeLessThanOrEqual(day3);
      expect(expiryOf(s)).toBeGreaterThan(day3);
    }
    const flex3 = await snapshots(emu, 'madeflex', true);
    // One a day over 3 days and a minute (made at 09:01, read at 09:02): 4 when the reference time is 09:02.
    expect(flex3.length).toBeGreaterThanOrEqual(3);
    expect(flex3.length).toBeLessThanOrEqual(4);
    expect((await snapshots(emu, 'seeded', false)).map((s) => s.id)).toContain(GOLDEN);
    expect((await snapshots(emu, 'seededflex', true)).length).toBe(8); // kept 8 days, from before the start
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();

    // Day 23: the seeded snapshot's 30 days are over; the schedule keeps what the policy keeps.
    emu = await start('2026-09-02');
    const day23 = now('2026-09-02');
    expect((await snapshots(emu, 'seeded', false)).map((s) => s.id)).not.toContain(GOLDEN);
    const dedicated23 = await snapshots(emu, 'made', false);
    for (const s of dedicated23) {
      expect(expiryOf(s)).toBeGreaterThan(day23);
      const kept = { HOURLY: 2 * DAY, DAILY: 7 * DAY, WEEKLY: 28 * DAY, MONTHLY: 366 * DAY }[s.frequencyType?.toUpperCase() as 'DAILY'];
      if (kept !== undefined) expect(day23 - createdOf(s)).toBeLessThan(kept);
    }
    // The first three days (Monday to Thursday) made hourly and daily ones only: all gone after 7 days.
    expect(dedicated3.filter((s) => dedicated23.some((t) => t.id === s.id))).toEqual([]);
    // Since then: Saturdays' kept 4 weeks, the month's last day's 12 months.
    const frequencies = new Set(dedicated23.map((s) => s.frequencyType?.toLowerCase()));
    expect([...frequencies].sort()).toEqual(['daily', 'hourly', 'monthly', 'weekly']);
    expect(dedicated23.filter((s) => s.frequencyType?.toLowerCase() === 'weekly').map((s) => s.createdAt!.slice(0, 10)).sort()).toEqual(['2026-08-15', '2026-08-22', '2026-08-29']);
    const flex23 = await snapshots(emu, 'madeflex', true);
    expect(flex23).toHaveLength(8);
    for (const s of flex23) expect(day23 - createdOf(s)).toBeLessThan(8 * DAY);
    expect(flex3.every((s) => !flex23.some((t) => t.id === s.id))).toBe(true);
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });
});
