// The flow as a user runs it, the built binary in a pipe and on a real terminal
// (a pty), for a dedicated source and for a flex one (through the flex backup API): take
// a snapshot with --watch (dedicated clusters; a flex cluster has its daily ones), restore
// it into a second cluster with --watch, the target showing its source in the emulator's
// state (GET /_emulator/state), then env up --from-snapshot src@latest, run -- CMD, and
// down, which leave the source and its snapshots as they were. Also the README's seeded
// GitHub Actions job, its seed and steps as the README gives them. Transitions of 0 ms on
// a clock that stands still: no step waits on a clock, and the schedule adds or drops no
// snapshot while the test compares them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, STATE_PATH, type RunningEmulator, type SeedDocument } from '../../../src/emulator/index.js';
import { CDBA_BIN, cdba, tempDir } from '../../helpers/cli.js';
import { plainRequest, withEmulator } from '../../helpers/emulator.js';
import { digestEnv, knownSeed, modernBody, PROJECT_ID } from '../../reliability/support.js';
import { inTerminal, scriptAvailable } from '../terminal/pty.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const flex = (name: string): Record<string, unknown> => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });

beforeAll(async () => {
  const now = Date.now();
  const dedicated = (name: string, backup = false) => ({ projectId: PROJECT_ID, cluster: { ...modernBody(name), mongoDBMajorVersion: '8.0', backupEnabled: backup } });
  ({ emu } = await withEmulator({
    seed: knownSeed({
      clusters: [dedicated('src-p', true), dedicated('dst-p'), dedicated('src-t', true), dedicated('dst-t')],
      flexClusters: ['fsrc-p', 'fdst-p', 'fsrc-t', 'fdst-t'].map((name) => ({ projectId: PROJECT_ID, cluster: flex(name) })),
      rateLimit: { perMinute: 100_000 },
    }),
    clock: () => now,
    transitionMs: 0,
  }));
  // One runner: env up records that it holds the env in its config dir, and env down there may remove it.
  env = { ...digestEnv(emu.url), CDBA_CONFIG_DIR: tempDir('cdba-flow-runner-') };
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

/** The emulator's state as a process sees it: GET /_emulator/state. */
async function restoredFrom(cluster: string): Promise<Record<string, unknown> | undefined> {
  const state = (await plainRequest(emu.url, 'GET', STATE_PATH)).json as { backups: Array<{ clusterName: string; restoredFrom?: Record<string, unknown> }> };
  return state.backups.find((b) => b.clusterName === cluster)?.restoredFrom;
}

/** The source as a user can see it: its document and its snapshots. */
async function source(name: string): Promise<unknown> {
  const cluster = await cdba(['clusters', 'get', name, '-o', 'json'], { env });
  const snapshots = await cdba(['backups', 'snapshots', 'list', name, '-o', 'json'], { env });
  return { cluster: JSON.parse(cluster.stdout) as unknown, snapshots: JSON.parse(snapshots.stdout) as unknown };
}

// CMD: reads the emulator's state for its own cluster ($MONGODB_CLUSTER) and writes where its data came from.
const CHECK_DATA = `
fetch(process.env.T_URL + '${STATE_PATH}').then((r) => r.json()).then((state) => {
  const mine = state.backups.find((b) => b.clusterName === process.env.MONGODB_CLUSTER);
  require('fs').writeFileSync(process.env.MARK, JSON.stringify({ cluster: process.env.MONGODB_CLUSTER, from: mine && mine.restoredFrom.clusterName }));
});
`;
const cmdEnv = (mark: string): Record<string, string> => ({ ...env, MARK: mark, T_URL: emu.url });

describe('in a pipe', () => {
  it('a dedicated source: take --watch, restore --watch, the target names its source; env up, run -- CMD and down leave the source as it was', async () => {
    const taken = await cdba(['backups', 'snapshots', 'take', 'src-p', '--description', 'golden', '--watch', '-o', 'json'], { env });
    expect(taken.exitCode, taken.stderr).toBe(0);
    const snapshot = JSON.parse(taken.stdout) as Record<string, unknown>;
    expect(snapshot.status).toBe('completed');
    const restored = await cdba(['backups', 'restores', 'create', 'src-p', '--snapshot', snapshot.id as string, '--to', 'dst-p', '--watch', '--yes', '-o', 'json'], { env });
    expect(restored.exitCode, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ snapshotId: snapshot.id, targetClusterName: 'dst-p', finishedAt: expect.any(String) });
    expect(restored.stderr).toMatch(/cdba: cluster dst-p is IDLE \(waited /);
    expect(await restoredFrom('dst-p')).toMatchObject({ clusterName: 'src-p', snapshotId: snapshot.id });

    const before = await source('src-p');
    const up = await cdba(['env', 'up', 'ci-p', '--from-snapshot', 'src-p@latest', '--ip', '10.9.8.7', '-o', 'json'], { env });
    expect(up.exitCode, up.stderr).toBe(0);
    expect(JSON.parse(up.stdout).MONGODB_CLUSTER).toBe('ci-p');
    expect(await restoredFrom('ci-p')).toMatchObject({ clusterName: 'src-p', snapshotId: snapshot.id });
    const mark = join(tempDir(), 'mark');
    const run = await cdba(['run', '--name', 'ci-pr', '--from-snapshot', 'src-p@latest', '--ip', '10.9.8.7', '--', 'node', '-e', CHECK_DATA], { env: cmdEnv(mark) });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(mark, 'utf8'))).toEqual({ cluster: 'ci-pr', from: 'src-p' });
    const down = await cdba(['env', 'down', 'ci-p', '--watch'], { env });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(await source('src-p')).toEqual(before);
  });

  it('a flex source, through the flex backup API: restore --watch, env up, run -- CMD and down', async () => {
    const restored = await cdba(['backups', 'restores', 'create', 'fsrc-p', '--snapshot', 'latest', '--to', 'fdst-p', '--watch', '--yes', '-o', 'json'], { env });
    expect(restored.exitCode, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ status: 'COMPLETED', instanceName: 'fsrc-p', targetDeploymentItemName: 'fdst-p' });
    expect(await restoredFrom('fdst-p')).toMatchObject({ clusterName: 'fsrc-p' });
    const before = await source('fsrc-p');
    const mark = join(tempDir(), 'mark');
    const run = await cdba(['run', '--name', 'ci-fr', '--from-snapshot', 'fsrc-p', '--ip', '10.9.8.7', '--', 'node', '-e', CHECK_DATA], { env: cmdEnv(mark) });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(mark, 'utf8'))).toEqual({ cluster: 'ci-fr', from: 'fsrc-p' });
    expect(await source('fsrc-p')).toEqual(before);
    expect(Object.keys(emu.stats().byPath).some((path) => path.includes('/flexClusters/{name}/backup/restoreJobs'))).toBe(true);
  });
});

describe.skipIf(!scriptAvailable)('on a terminal', () => {
  it('a dedicated source: take --watch, restore --watch asking first, then run -- CMD', async () => {
    const take = inTerminal(['backups', 'snapshots', 'take', 'src-t', '--watch'], { columns: 100, env });
    const taken = await take.done();
    expect(taken.exitCode, taken.text).toBe(0);
    expect(taken.text).toMatch(/cdba: snapshot [0-9a-f]{24} is completed \(waited /);
    expect(taken.text).toMatch(/Status:\s+completed\n/);

    const restore = inTerminal(['backups', 'restores', 'create', 'src-t', '--snapshot', 'latest', '--to', 'dst-t', '--watch'], { columns: 200, env });
    await restore.seen(new RegExp(`Restore snapshot [0-9a-f]{24} \\(taken \\S+Z\\) of cluster src-t into cluster dst-t of project ${PROJECT_ID} \\(profile "default"\\)\\? All data on dst-t is replaced\\. \\[y/N\\] $`));
    restore.type('y\r');
    const restored = await restore.done();
    expect(restored.exitCode, restored.text).toBe(0);
    expect(restored.text).toMatch(/State:\s+COMPLETED\n/);
    expect(await restoredFrom('dst-t')).toMatchObject({ clusterName: 'src-t' });

    const before = await source('src-t');
    const mark = join(tempDir(), 'mark');
    const run = inTerminal(['run', '--name', 'ci-t', '--from-snapshot', 'src-t@latest', '--ip', '10.9.8.7', '--', 'node', '-e', CHECK_DATA], { columns: 100, env: cmdEnv(mark) });
    const ran = await run.done();
    expect(ran.exitCode, ran.text).toBe(0);
    expect(ran.text).toMatch(/cdba: restoring snapshot [0-9a-f]{24} \(taken \S+\) of cluster src-t into cluster ci-t\n/);
    expect(JSON.parse(readFileSync(mark, 'utf8'))).toEqual({ cluster: 'ci-t', from: 'src-t' });
    expect(await source('src-t')).toEqual(before);
  });

  it('a flex source: restore --watch asking first, then env up and down', async () => {
    const restore = inTerminal(['backups', 'restores', 'create', 'fsrc-t', '--snapshot', 'latest', '--to', 'fdst-t', '--watch'], { columns: 200, env });
    await restore.seen(/All data on fdst-t is replaced\. \[y\/N\] $/);
    restore.type('y\r');
    const restored = await restore.done();
    expect(restored.exitCode, restored.text).toBe(0);
    expect(restored.text).toMatch(/State:\s+COMPLETED\n/);
    expect(await restoredFrom('fdst-t')).toMatchObject({ clusterName: 'fsrc-t' });
    const before = await source('fsrc-t');
    const up = inTerminal(['env', 'up', 'ci-ft', '--from-snapshot', 'fsrc-t', '--ip', '10.9.8.7', '-o', 'json'], { columns: 100, env });
    const upped = await up.done();
    expect(upped.exitCode, upped.text).toBe(0);
    expect(upped.text).toContain('"MONGODB_CLUSTER": "ci-ft"');
    expect(await restoredFrom('ci-ft')).toMatchObject({ clusterName: 'fsrc-t' });
    const down = await cdba(['env', 'down', 'ci-ft', '--watch'], { env });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(await source('fsrc-t')).toEqual(before);
  });
});

describe('the README\'s seeded GitHub Actions job', () => {
  /** The job's steps as the README gives them: the seed, the env up step, the tests step. */
  function jobOfReadme(): { seed: SeedDocument; up: string; tests: string } {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const yaml = readme.split('```yaml\n').map((block) => block.split('\n```')[0]!).find((block) => block.includes('--from-snapshot'))!;
    const lines = yaml.split('\n');
    const from = lines.findIndex((l) => l.includes("cat > seed.json <<'JSON'"));
    const to = lines.findIndex((l, i) => i > from && l.trim() === 'JSON');
    const seed = JSON.parse(lines.slice(from + 1, to).join('\n')) as SeedDocument;
    const step = (name: string): string => lines[lines.findIndex((l) => l.includes(`name: ${name}`)) + 1]!.replace(/^\s*run: /, '');
    return { seed, up: step('A database with the data'), tests: step('Tests') };
  }

  it('the seed starts an emulator; env up -o github gives the job its data, the tests step finds its source', async () => {
    const { seed, up, tests } = jobOfReadme();
    expect(up).toBe('cdba env up ci-${{ github.run_id }}-${{ github.run_attempt }}-${{ strategy.job-index }} --from-snapshot prod@latest -o github');
    const job = await startEmulator({ seed, transitionMs: 0 });
    try {
      const dir = tempDir('cdba-readme-job-');
      const [githubEnv, githubOutput] = [join(dir, 'env'), join(dir, 'output')];
      writeFileSync(githubEnv, '');
      writeFileSync(githubOutput, '');
      const key = seed.apiKeys![0]!;
      const runner = { CDBA_BASE_URL: job.url, CDBA_PROJECT_ID: seed.projects![0]!.id, CDBA_PUBLIC_KEY: key.publicKey, CDBA_PRIVATE_KEY: key.privateKey, GITHUB_ENV: githubEnv, GITHUB_OUTPUT: githubOutput };
      const upped = await cdba(up.replace('${{ github.run_id }}-${{ github.run_attempt }}-${{ strategy.job-index }}', '42-1-0').split(' ').slice(1), { env: runner });
      expect(upped.exitCode, upped.stderr).toBe(0);
      const exported = Object.fromEntries(readFileSync(githubEnv, 'utf8').split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
      expect(exported.MONGODB_CLUSTER).toBe('ci-42-1-0');
      const checked = await execa('bash', ['-c', tests], { env: { ...process.env, ...runner, ...exported, PATH: `${resolve(CDBA_BIN, '..')}:${process.env.PATH}` }, reject: false });
      expect([checked.exitCode, checked.stdout.trim()], checked.stderr).toEqual([0, 'true']);
    } finally {
      await job.stop();
    }
  });
});
