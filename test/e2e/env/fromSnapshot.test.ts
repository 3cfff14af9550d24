// env up --from-snapshot <cluster>[@id|@latest] (and run, which passes it through): a
// database that starts with the data of a snapshot. The env's cluster is made at a tier
// and version that can receive the snapshot, the snapshot restored into it and waited
// for before the connection is printed; the source and its snapshots are only read; a
// source the env cannot receive, or no snapshot to find, is refused before any write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { answerProxy } from '../../helpers/answerProxy.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { expectOneErrorLine } from '../../reliability/support.js';
import { OWNER, ownerEnv, replicaSet } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000006e';
const SNAPSHOT = '6a7944f22c88faeba59d3572';
let emu: RunningEmulator;
const env = (): Record<string, string> => ownerEnv(emu.url, PROJECT);
const flex = (name: string): Record<string, unknown> => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });
const writes = (): number => ['POST', 'PATCH', 'DELETE'].reduce((sum, method) => sum + (emu.stats().byMethod[method] ?? 0), 0);
/** What env up must leave as it was: the source's document, its snapshots and its recorded writes. */
async function sourceAsSeen(name: string): Promise<unknown> {
  const cluster = JSON.parse((await cdba(['clusters', 'get', name, '-o', 'json'], { env: env() })).stdout) as Record<string, unknown>;
  const snapshots = JSON.parse((await cdba(['backups', 'snapshots', 'list', name, '--query', 'results[].[id, status]'], { env: env() })).stdout) as unknown;
  return { cluster, snapshots, requests: emu.state().clusters.find((c) => c.name === name)?.requests };
}

beforeAll(async () => {
  // A clock that stands still: the schedule makes or drops no snapshot of the source while the test compares them.
  const now = Date.now();
  emu = await startEmulator({
    clock: () => now,
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'snapshots' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
      clusters: [
        { projectId: PROJECT, cluster: { ...replicaSet('src'), backupEnabled: true, mongoDBMajorVersion: '8.0' } },
        { projectId: PROJECT, cluster: replicaSet('nobackup') },
        { projectId: PROJECT, cluster: replicaSet('someones') },
      ],
      flexClusters: [{ projectId: PROJECT, cluster: flex('fsrc') }],
      backups: [{ projectId: PROJECT, clusterName: 'src', snapshots: [{ id: SNAPSHOT, description: 'golden' }] }],
    },
  });
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('env up --from-snapshot', () => {
  it('a dedicated source: an M10 of its version, the snapshot restored before the connection is printed; down leaves the source as it was', async () => {
    const before = await sourceAsSeen('src');
    const configDir = tempDir();
    const up = await cdba(['env', 'up', 'ci-r1', '--from-snapshot', 'src@latest', '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir, watchIntervalMs: 5 });
    expect(up.exitCode, up.stderr).toBe(0);
    expect(JSON.parse(up.stdout)).toMatchObject({ MONGODB_CLUSTER: 'ci-r1', MONGODB_USERNAME: 'cdba-env-ci-r1' });
    const lines = up.stderr.split('\n');
    const restoring = lines.findIndex((l) => /^cdba: restoring snapshot [0-9a-f]{24} \(taken \S+Z\) of cluster src into cluster ci-r1$/.test(l));
    const finished = lines.findIndex((l) => /^cdba: restore job [0-9a-f]{24} is COMPLETED/.test(l));
    const printed = lines.findIndex((l) => /^cdba: env ci-r1 is ready/.test(l));
    expect(restoring).toBeGreaterThan(-1);
    expect(finished).toBeGreaterThan(restoring);
    expect(printed).toBeGreaterThan(finished);
    const cluster = JSON.parse((await cdba(['clusters', 'get', 'ci-r1', '-o', 'json'], { env: env() })).stdout) as Record<string, unknown>;
    expect(cluster.mongoDBMajorVersion).toBe('8.0');
    expect(JSON.stringify(cluster.replicationSpecs)).toContain('"instanceSize":"M10"');
    // The newest completed snapshot: the seed's was taken at the start, the schedule's before it or after.
    const newest = JSON.parse((await cdba(['backups', 'snapshots', 'list', 'src', '--query', "results[?status=='completed'] | [0].id"], { env: env() })).stdout) as string;
    expect(emu.state().backups.find((b) => b.clusterName === 'ci-r1')?.restoredFrom).toMatchObject({ projectId: PROJECT, clusterName: 'src', snapshotId: newest });
    const down = await cdba(['env', 'down', 'ci-r1', '--watch'], { env: env(), configDir });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(await sourceAsSeen('src')).toEqual(before);
  });

  it('a snapshot by its ID; run passes --from-snapshot through, and CMD runs once the data is there', async () => {
    const before = await sourceAsSeen('src');
    const run = await cdba(['run', '--name', 'ci-r2', '--from-snapshot', `src@${SNAPSHOT}`, '--ip', '10.1.2.3', '--', 'node', '-e', 'process.stdout.write(process.env.MONGODB_CLUSTER)'], { env: env(), watchIntervalMs: 5 });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('ci-r2');
    expect(run.stderr).toMatch(new RegExp(`cdba: restoring snapshot ${SNAPSHOT} \\(taken \\S+\\) of cluster src into cluster ci-r2\\n[\\s\\S]*cdba: env ci-r2 is ready; running node\\n`));
    expect(run.stderr).toContain('cdba: env ci-r2: removed');
    expect(await sourceAsSeen('src')).toEqual(before);
  });

  it('a flex source: a flex cluster, through the flex backup API', async () => {
    const configDir = tempDir();
    const up = await cdba(['env', 'up', 'ci-r3', '--from-snapshot', 'fsrc', '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir, watchIntervalMs: 5 });
    expect(up.exitCode, up.stderr).toBe(0);
    expect(emu.state().flexClusters.map((c) => c.name)).toContain('ci-r3');
    expect(emu.state().backups.find((b) => b.clusterName === 'ci-r3')?.restoredFrom).toMatchObject({ clusterName: 'fsrc' });
    expect(Object.keys(emu.stats().byPath).some((path) => path.includes('/flexClusters/{name}/backup/restoreJobs'))).toBe(true);
    expect((await cdba(['env', 'down', 'ci-r3'], { env: env(), configDir })).exitCode).toBe(0);
  });

  it('refuses --from-snapshot it can tell is wrong before any request', async () => {
    const before = emu.stats().total;
    const cases: Array<[string, RegExp]> = [
      ['src@', /invalid --from-snapshot "src@": nothing after @/],
      ['@latest', /invalid --from-snapshot "@latest": it names no cluster/],
      ['src@6A7944F2', /invalid --from-snapshot "src@6A7944F2": snapshot ID "6A7944F2": 24 hexadecimal digits/],
      ['bad_name', /invalid --from-snapshot "bad_name": cluster name "bad_name"/],
      ['ci-r4', /invalid --from-snapshot "ci-r4": cluster ci-r4 is the env's own cluster/],
    ];
    for (const [value, pattern] of cases) expectOneErrorLine(await cdba(['env', 'up', 'ci-r4', '--from-snapshot', value, '--ip', '10.1.2.3'], { env: env() }), 2, pattern);
    expect(emu.stats().total).toBe(before);
  });

  it('refuses, before any write and naming what would work, with the code of the answers it rests on (not 2): no backup, no snapshot to find, a flex tier or an older version for a dedicated snapshot, a cluster env up did not make', async () => {
    const before = writes();
    const cases: Array<[string[], number, RegExp]> = [
      // Cloud backup off: the first step is to turn it on (issue 43, item 5); the hint carries the user's flags.
      [['--from-snapshot', 'nobackup'], 5, /^cdba: cluster nobackup has no cloud backup, so no snapshot to restore: turn it on with `cdba --project-id c0000000000000000000006e clusters patch nobackup --backup`, then take one with `cdba --project-id c0000000000000000000006e backups snapshots take nobackup --watch`\n$/],
      [['--from-snapshot', 'src', '--tier', 'FLEX'], 5, /of cluster src is a dedicated cluster's, which restores only into a dedicated cluster: give --tier M10 or larger, or leave --tier out \(M10\)/],
      [['--from-snapshot', 'src', '--db-version', '7.0'], 5, /holds MongoDB 8\.0, newer than --db-version 7\.0: give --db-version 8\.0 or newer, or leave it out/],
    ];
    for (const [args, code, pattern] of cases) expectOneErrorLine(await cdba(['--project-id', PROJECT, 'env', 'up', 'ci-r5', ...args, '--ip', '10.1.2.3'], { env: env() }), code, pattern);
    expectOneErrorLine(await cdba(['env', 'up', 'someones', '--from-snapshot', 'src', '--ip', '10.1.2.3'], { env: env() }), 5, /cluster someones is there and env up did not make it \(it has no cdba-env=someones tag\): --from-snapshot replaces a cluster's data/);
    expect(writes()).toBe(before);
  });
});

describe('env up --from-snapshot restores only into a cluster this run created or that carries the env\'s mark (issue 42, item 1)', () => {
  const restoredInto = (name: string): unknown => emu.state().backups.find((b) => b.clusterName === name)?.restoredFrom;
  const restoreJobs = (): number => emu.stats().byPath['POST /api/atlas/v2/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs'] ?? 0;

  it('a stale state file: the env was removed elsewhere and someone made their own cluster of that name; refused naming it, nothing restored, the cluster untouched', async () => {
    const runnerA = tempDir();
    const made = await cdba(['env', 'up', 'sf1', '--tier', 'M10', '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runnerA });
    expect(made.exitCode, made.stderr).toBe(0);
    // Removed from elsewhere (runner A's state file stays), then someone's own sf1, without tags.
    expect((await cdba(['clusters', 'delete', 'sf1', '--yes', '--watch'], { env: env(), watchIntervalMs: 5 })).exitCode).toBe(0);
    const own = await cdba(['clusters', 'create', 'sf1', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10', '--db-version', '8.0', '--watch', '-o', 'json'], { env: env(), watchIntervalMs: 5 });
    expect(own.exitCode, own.stderr).toBe(0);
    const before = { writes: writes(), jobs: restoreJobs() };
    const up = await cdba(['env', 'up', 'sf1', '--from-snapshot', `src@${SNAPSHOT}`, '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runnerA, watchIntervalMs: 5 });
    expectOneErrorLine(up, 5, /^cdba: cluster sf1 is there and env up did not make it \(it has no cdba-env=sf1 tag\): --from-snapshot replaces a cluster's data, so it restores only into a cluster env up makes; nothing was restored; choose another env name\n$/);
    expect(up.stdout).toBe('');
    expect(writes()).toBe(before.writes);
    expect(restoreJobs()).toBe(before.jobs);
    expect(restoredInto('sf1')).toBeUndefined();
    // Runner A's env down removes its user and entry, and keeps the cluster that is not the env's.
    const down = await cdba(['env', 'down', 'sf1'], { env: env(), configDir: runnerA });
    expect(down.stderr).toContain('cluster sf1 has no cdba-env=sf1 tag for this env: not made by env up, kept');
    expect((await cdba(['clusters', 'delete', 'sf1', '--yes', '--watch'], { env: env(), watchIntervalMs: 5 })).exitCode).toBe(0);
  });

  it('a race: the cluster appears between the look and the create, which answers 409; refused naming it, nothing restored, its tags untouched', async () => {
    const proxy = await answerProxy(emu.url);
    let rivalMade = false;
    // Someone makes race-1 just before env up's create reaches the service.
    proxy.before = async (method, path) => {
      if (rivalMade || method !== 'POST' || !/\/groups\/[0-9a-f]{24}\/clusters$/.test(path)) return;
      rivalMade = true;
      const rival = await cdba(['clusters', 'create', 'race-1', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10', '--db-version', '8.0', '-o', 'json'], { env: env() });
      expect(rival.exitCode, rival.stderr).toBe(0);
    };
    try {
      const jobs = restoreJobs();
      const configDir = tempDir();
      const up = await cdba(['env', 'up', 'race-1', '--from-snapshot', `src@${SNAPSHOT}`, '--ip', '10.1.2.5', '-o', 'json'], { env: ownerEnv(proxy.url, PROJECT), configDir, watchIntervalMs: 5 });
      expect(rivalMade).toBe(true);
      // The user and the entry were asked for alongside the create: the line names the env down that removes them (it keeps the rival's cluster).
      expect(up.stderr.split('\n')[0]).toBe('cdba: reusing cluster race-1 (env down will keep it)');
      expectOneErrorLine({ ...up, stderr: up.stderr.split('\n').slice(1).join('\n') }, 5, /^cdba: cluster race-1 is there and env up did not make it \(it has no cdba-env=race-1 tag\)[^\n]*nothing was restored[^\n]*; remove what env up made so far with `cdba env down race-1`\n$/);
      expect(up.stdout).toBe('');
      expect(restoreJobs()).toBe(jobs);
      expect(restoredInto('race-1')).toBeUndefined();
      const rival = JSON.parse((await cdba(['clusters', 'get', 'race-1', '-o', 'json'], { env: env() })).stdout) as Record<string, unknown>;
      expect(rival.tags ?? []).toEqual([]);
      // Its holder's env down (the same service and state file): the user and the entry go, the rival's cluster stays.
      const down = await cdba(['env', 'down', 'race-1'], { env: ownerEnv(proxy.url, PROJECT), configDir });
      expect(down.exitCode, down.stderr).toBe(0);
      expect(down.stderr).toContain('cdba: cluster race-1 was there before env up: kept');
      expect(rival.tags ?? []).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
