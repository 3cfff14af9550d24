// `cdba env gc` (issue 38): envs of three runners, the service restarted on its --state
// three hours on (so some have ended on its clock); --dry-run with its plan, --exit-code,
// and for real; a cluster the env did not make is never deleted (its entry is handed to
// the env still using it); two gcs at once, and a gc during a job's own down, delete
// each thing once and all exit 0; --older-than; a 429 waited out; 200 envs within the
// documented requests per env.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator, SeedDocument } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000005d';
const HOUR = 3_600_000;
const seed = (extra: Partial<SeedDocument['projects'][number]> = {}, more: Partial<SeedDocument> = {}): SeedDocument => ({
  projects: [{ id: PROJECT, name: 'gc', ...extra }],
  apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
  rateLimit: { perMinute: 100_000 },
  ...more,
});

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let emu: RunningEmulator | undefined;
afterEach(async () => {
  if (!emu) return;
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
  emu = undefined;
});
const env = () => ownerEnv(emu!.url, PROJECT);
const run = (args: string[], configDir = tempDir()) => cdba(args, { env: env(), configDir });

/**
 * The fleet: runner A made old-1 (1h) and old-2 (an M10, 2h) from 10.0.1.1; runner B live-1
 * (5h) from 10.0.1.2; runner C brought up `reused` (1h) on a cluster that was there before,
 * and `heir` (5h), both from 10.0.1.3 (one entry, marked for `reused`, made to last as long
 * as heir). Then the service is restarted three hours on: old-1, old-2 and reused have ended.
 */
async function fleet(): Promise<void> {
  const statePath = join(tempDir(), 'state.json');
  const started = Math.floor(Date.now() / 1000) * 1000;
  emu = await startEmulator({ transitionMs: 0, seed: seed(), statePath, date: new Date(started).toISOString() });
  expect((await run(['clusters', 'create', 'reused', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'])).exitCode).toBe(0);
  const runners: Array<[string, Array<string[]>]> = [
    ['10.0.1.1', [['old-1', '--ttl', '1h'], ['old-2', '--ttl', '2h', '--tier', 'M10']]],
    ['10.0.1.2', [['live-1', '--ttl', '5h']]],
    ['10.0.1.3', [['reused', '--ttl', '1h'], ['heir', '--ttl', '5h']]],
  ];
  for (const [ip, envs] of runners) {
    const configDir = tempDir();
    for (const args of envs) {
      const up = await run(['env', 'up', ...args, '--ip', ip], configDir);
      expect(up.exitCode, up.stderr).toBe(0);
    }
  }
  await emu.stop();
  emu = await startEmulator({ transitionMs: 0, seed: seed(), statePath, date: new Date(started + 3 * HOUR).toISOString() });
}

const clusterNames = async (): Promise<string[]> => {
  const state = emu!.state();
  return [...state.clusters, ...state.flexClusters].map((c) => c.name).sort();
};
const userNames = async (): Promise<string[]> => (JSON.parse((await run(['dbusers', 'list', '--all', '-o', 'json'])).stdout).results as Doc[]).map((u) => u.username as string);
const entries = async (): Promise<Doc[]> => JSON.parse((await run(['access-list', 'list', '-o', 'json'])).stdout).results as Doc[];
/** What each gc says it removed, thing by thing. */
const removedBy = (stderr: string): string[] =>
  [...stderr.matchAll(/^cdba: env \S+: removed (.*)$/gm)].flatMap((m) => m[1]!.split(', ').map((thing) => thing.replace(/ \(deleting\)$/, '')));

describe('env gc', () => {
  it('--dry-run prints the plan and removes nothing; --exit-code exits 18 (its own code: apply has 10) while it is not empty', async () => {
    await fleet();
    emu!.resetStats();
    const plan = await run(['env', 'gc', '--dry-run', '-o', 'json']);
    expect(plan.exitCode, plan.stderr).toBe(0);
    const doc = JSON.parse(plan.stdout) as Doc;
    expect(doc.envs.map((e: Doc) => [e.name, e.remove, e.keep])).toEqual([
      ['old-1', ['cluster old-1'], []],
      ['old-2', ['cluster old-2'], []],
      ['reused', ['access-list entry 10.0.1.3'], ['cluster reused (not made by env up)']],
    ]);
    expect(doc.envs[0].reason).toMatch(/^ended (1h5\dm|2h00m) ago$/);
    expect(doc.totalCount).toBe(3);
    expect(emu!.stats().byMethod.DELETE ?? 0).toBe(0);
    expect(emu!.stats().byMethod.POST ?? 0).toBe(0);

    const exit = await run(['env', 'gc', '--dry-run', '--exit-code', '-o', 'json']);
    expect(exit.exitCode).toBe(18);
    expect(JSON.parse(exit.stdout).totalCount).toBe(3);
    expect(exit.stderr).toBe('');

    const table = await run(['env', 'gc', '--dry-run', '-o', 'table']);
    expect(table.stdout).toBe('');
    expect(table.stderr.split('\n').slice(0, 3)).toEqual([
      expect.stringMatching(/^cdba: - env old-1 \(ended \S+ ago\): cluster old-1$/),
      expect.stringMatching(/^cdba: - env old-2 \(ended \S+ ago\): cluster old-2$/),
      expect.stringMatching(/^cdba: - env reused \(ended\): access-list entry 10\.0\.1\.3; keeps cluster reused \(not made by env up\)$/),
    ]);
    expect(await clusterNames()).toEqual(['heir', 'live-1', 'old-1', 'old-2', 'reused']);
    // env list agrees: `reused` has no end left (its user gone, its cluster not the env's), so it has ended.
    const list = await run(['env', 'list', '--expired', '-o', 'table']);
    expect(list.stdout).toMatch(/^old-1\tIDLE\tFLEX\t\S+\t(1h5\dm|2h00m) ago\tyes$/m);
    expect(list.stdout).toMatch(/^reused\tIDLE\tFLEX\t-\tended\tno$/m);
  });

  it('for real: the ended envs\' clusters go, the reused cluster stays, its entry is handed to an env still running (as env down does); then nothing is left', async () => {
    await fleet();
    const gc = await run(['env', 'gc', '-o', 'table']);
    expect(gc.exitCode, gc.stderr).toBe(0);
    expect(removedBy(gc.stderr).sort()).toEqual(['cluster old-1', 'cluster old-2']);
    // Handed to the first env of the project that still has its user (env down cannot tell which address an env came from).
    expect(gc.stderr).toContain('cdba: access-list entry 10.0.1.3 kept: env live-1 of this project may use it (one entry per address); now marked "cdba env live-1" for its env down');
    expect(gc.stderr).toContain('cdba: env reused: nothing left to remove');
    expect(gc.stderr).toMatch(/cdba: gc: 2 of 3 envs removed\n$/);
    expect(await clusterNames()).toEqual(['heir', 'live-1', 'reused']);
    expect((await entries()).map((e) => [e.ipAddress, e.comment]).sort()).toEqual([['10.0.1.2', 'cdba env live-1'], ['10.0.1.3', 'cdba env live-1']]);

    const list = JSON.parse((await run(['env', 'list', '-o', 'json'])).stdout) as Doc;
    expect(list.results.map((e: Doc) => [e.name, e.expired])).toEqual([['heir', false], ['live-1', false]]);
    const again = await run(['env', 'gc', '--dry-run', '--exit-code']);
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ envs: [], totalCount: 0 });
    expect((await run(['env', 'gc', '-o', 'table'])).stderr).toBe('cdba: no env has ended; nothing to remove\n');
  });

  it('two gcs at once delete each thing once, and both exit 0', async () => {
    await fleet();
    emu!.resetStats();
    const [first, second] = await Promise.all([run(['env', 'gc', '-o', 'table']), run(['env', 'gc', '-o', 'table'])]);
    expect([first.exitCode, second.exitCode], first.stderr + second.stderr).toEqual([0, 0]);
    // Between them, each thing removed once: no one reports a thing the other did.
    expect([...removedBy(first.stderr), ...removedBy(second.stderr)].sort()).toEqual(['cluster old-1', 'cluster old-2']);
    const stats = emu!.stats();
    expect((stats.byStatus['202'] ?? 0) + (stats.byStatus['204'] ?? 0)).toBe(2); // the M10's 202 and the flex cluster's 204
    expect(await clusterNames()).toEqual(['heir', 'live-1', 'reused']);
  });

  it('a gc during a job\'s own env down: each thing once, both exit 0', async () => {
    await fleet();
    const [gc, down] = await Promise.all([run(['env', 'gc', '-o', 'table']), run(['env', 'down', 'old-1'])]);
    expect([gc.exitCode, down.exitCode], gc.stderr + down.stderr).toEqual([0, 0]);
    const things = [...removedBy(gc.stderr), ...removedBy(down.stderr)];
    expect(things.filter((t) => t === 'cluster old-1')).toHaveLength(1);
    expect(await clusterNames()).toEqual(['heir', 'live-1', 'reused']);
  });

  it('--older-than also takes envs made longer ago, ended or not; never a cluster the env did not make', async () => {
    await fleet();
    const plan = JSON.parse((await run(['env', 'gc', '--dry-run', '--older-than', '2h', '-o', 'json'])).stdout) as Doc;
    expect(plan.envs.map((e: Doc) => e.name)).toEqual(['heir', 'live-1', 'old-1', 'old-2', 'reused']);
    expect(plan.envs.find((e: Doc) => e.name === 'live-1').reason).toMatch(/^made \dh\d\dm ago$/);
    const gc = await run(['env', 'gc', '--older-than', '2h']);
    expect(gc.exitCode, gc.stderr).toBe(0);
    expect(await clusterNames()).toEqual(['reused']);
    expect(await entries()).toEqual([]);
  });

  it('an entry without deleteAfterDate is never an env\'s, whatever its comment: gc, down and up leave it as it is (issue 42, item 9)', async () => {
    // Added by hand, permanent, with a comment that reads like an env's mark; an env of that name from another address.
    const ipAccessList = [{ ipAddress: '10.3.0.1', comment: 'cdba env office' }];
    emu = await startEmulator({ transitionMs: 0, seed: seed({ ipAccessList }) });
    const permanent = async (): Promise<Doc | undefined> => (await entries()).find((e) => e.ipAddress === '10.3.0.1');
    const before = await permanent();
    expect(before).toMatchObject({ comment: 'cdba env office' });
    expect(before!.deleteAfterDate).toBeUndefined();

    const plan = JSON.parse((await run(['env', 'gc', '--dry-run', '-o', 'json'])).stdout) as Doc;
    expect(plan).toMatchObject({ envs: [], totalCount: 0 });
    expect(JSON.parse((await run(['env', 'gc', '--dry-run', '--older-than', '1s', '-o', 'json'])).stdout)).toMatchObject({ envs: [], totalCount: 0 });
    const list = JSON.parse((await run(['env', 'list', '-o', 'json'])).stdout) as Doc;
    expect(list.results).toEqual([]);
    expect((await run(['env', 'gc'])).exitCode).toBe(0);
    expect(await permanent()).toEqual(before);

    // env up from that address uses it and leaves it permanent; env down keeps it.
    const configDir = tempDir();
    const up = await run(['env', 'up', 'office', '--ip', '10.3.0.1', '-o', 'json'], configDir);
    expect(up.exitCode, up.stderr).toBe(0);
    expect(up.stderr).toContain('cdba: access-list entry 10.3.0.1 is there already (not made by env office); using it, and env down will keep it');
    expect(await permanent()).toEqual(before);
    const down = await run(['env', 'down', 'office'], configDir);
    expect(down.exitCode, down.stderr).toBe(0);
    expect(down.stderr).not.toContain('access-list entry');
    expect(await permanent()).toEqual(before);
    expect((await run(['env', 'down', 'office'])).exitCode).toBe(0);
    expect(await permanent()).toEqual(before);
  });

  it('under the emulator\'s --rate-limit, a 429 is waited out (Retry-After) and gc finishes', async () => {
    // Three ended envs from a dead runner: their clusters, tagged, are all that is left.
    const flexClusters = ['dead-1', 'dead-2', 'dead-3'].map((name) => ({
      projectId: PROJECT,
      cluster: { name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' }, tags: [{ key: 'cdba-env', value: name }, { key: 'cdba-env-expires', value: '2026-01-01T00:00:00Z' }] },
    }));
    // Four requests a window, every resource together; the clock moves a window on each refusal, so a retry finds room.
    const refused = (): number => emu?.stats().byStatus['429'] ?? 0;
    const start = Math.ceil(Date.now() / 1000) * 1000;
    emu = await startEmulator({ transitionMs: 0, seed: seed({}, { flexClusters }), rateLimitPerMinute: 4, rateWindowMs: 1000, clock: () => start + 1000 * refused() });
    const gc = await cdba(['env', 'gc', '-o', 'table'], { env: env(), timeoutMs: 60_000 });
    expect(gc.exitCode, gc.stderr).toBe(0);
    expect(emu.stats().byStatus['429'] ?? 0).toBeGreaterThanOrEqual(1);
    expect(gc.stderr).toMatch(/rate limited \(429\); retrying in 1s/);
    expect(removedBy(gc.stderr).sort()).toEqual(['cluster dead-1', 'cluster dead-2', 'cluster dead-3']);
    expect(emu.state().flexClusters).toEqual([]);
  });

  it('200 ended envs, each with its cluster, user and own entry: all removed, within 6 requests each and 5 for the listings', async () => {
    const names = Array.from({ length: 200 }, (_, i) => `e-${String(i).padStart(3, '0')}`);
    const inAWeek = new Date(Date.now() + 6 * 24 * HOUR).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const flexClusters = names.map((name) => ({
      projectId: PROJECT,
      cluster: { name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' }, tags: [{ key: 'cdba-env', value: name }, { key: 'cdba-env-expires', value: '2026-01-01T00:00:00Z' }] },
    }));
    const databaseUsers = names.map((name) => ({
      projectId: PROJECT,
      user: { username: `cdba-env-${name}`, databaseName: 'admin', roles: [{ databaseName: 'admin', roleName: 'readWriteAnyDatabase' }], scopes: [{ name, type: 'CLUSTER' }], deleteAfterDate: inAWeek },
    }));
    const ipAccessList = names.map((name, i) => ({ ipAddress: `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`, comment: `cdba env ${name}`, deleteAfterDate: inAWeek }));
    emu = await startEmulator({ transitionMs: 0, seed: seed({ ipAccessList }, { flexClusters, databaseUsers }) });
    emu.resetStats();
    const gc = await cdba(['env', 'gc', '-o', 'table'], { env: env(), timeoutMs: 120_000 });
    expect(gc.exitCode, gc.stderr.slice(-2000)).toBe(0);
    expect(gc.stderr).toMatch(/cdba: gc: 200 of 200 envs removed\n$/);
    const stats = emu.stats();
    expect(stats.total - stats.challenges, JSON.stringify(stats.byPath)).toBeLessThanOrEqual(6 * 200 + 5);
    expect(emu.state().flexClusters).toEqual([]);
    expect(await userNames()).toEqual([]);
    expect(await entries()).toEqual([]);
  });
});
