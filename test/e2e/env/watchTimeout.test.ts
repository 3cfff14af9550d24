// env up and run --watch-timeout (issue 43, item 2): one limit on all of env up's
// waiting (the cluster and the entry, the restore, the sample load, the index builds).
// Against an emulator whose clusters stay CREATING for an hour; the deadline is held
// by the test (heldDeadline), which ends it once it has seen env up wait: no clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, heldDeadline, start, tempDir } from '../../helpers/inProcess.js';
import { expectOneErrorLine } from '../../reliability/support.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000007b';
let emu: RunningEmulator;
// No project in the environment: the user gives --project-id, and every hint must carry it.
const env = (): Record<string, string> => {
  const { CDBA_PROJECT_ID: _project, ...rest } = ownerEnv(emu.url, PROJECT);
  return rest;
};

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 3_600_000,
    seed: {
      projects: [{ id: PROJECT, name: 'slow' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('--watch-timeout on env up and run', () => {
  it('env up: exit 8 naming what it waited for and what it made, and the env down (with the user\'s flags) that removes it', async () => {
    const held = heldDeadline();
    const configDir = tempDir();
    const run = start(['--project-id', PROJECT, 'env', 'up', 'wt-1', '--watch-timeout', '20m', '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir, watchDeadline: held.timer, watchIntervalMs: 5 });
    expect(await held.armed).toBeLessThanOrEqual(20 * 60_000);
    await run.seen(/cluster, access-list entry\) is CREATING/);
    held.expire();
    const result = await run.result;
    expect(result.stdout).toBe('');
    const last = result.stderr.trimEnd().split('\n').at(-1)!;
    expect(result.exitCode, result.stderr).toBe(8);
    expect(last).toMatch(/^cdba: gave up waiting for env wt-1 \(cluster, access-list entry\) after \S+; it is still CREATING, \S+; made so far: [^;]+; `cdba --project-id c0000000000000000000007b env up wt-1` again waits for it; or remove what env up made so far with `cdba --project-id c0000000000000000000007b env down wt-1`$/);
    const made = /made so far: ([^;]+);/.exec(last)![1]!.split(', ').sort();
    expect(made).toEqual(['access-list entry 10.1.2.3', 'cluster wt-1', 'database user cdba-env-wt-1']);
    // The hint works: it removes all of it.
    const down = await cdba(['--project-id', PROJECT, 'env', 'down', 'wt-1'], { env: env(), configDir });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(down.stderr).toMatch(/removed access-list entry 10\.1\.2\.3, database user cdba-env-wt-1, cluster wt-1/);
  });

  it('run: exit 8 naming what it waited for; run removes the env it made, and CMD never starts', async () => {
    const held = heldDeadline();
    const dir = tempDir();
    const run = start(['--project-id', PROJECT, 'run', '--name', 'wt-2', '--watch-timeout', '5m', '--ip', '10.1.2.4', '--', 'sh', '-c', `touch ${dir}/ran`], { env: env(), watchDeadline: held.timer, watchIntervalMs: 5 });
    await run.seen(/cluster, access-list entry\) is CREATING/);
    held.expire();
    const result = await run.result;
    expect(result.exitCode, result.stderr).toBe(8);
    expect(result.stderr).toMatch(/^cdba: env wt-2: removed access-list entry 10\.1\.2\.4, database user cdba-env-wt-2, cluster wt-2 \(deleting\)$/m);
    // The env is gone: the hint says so, not env up's "again waits for it".
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^cdba: gave up waiting for env wt-2 \(cluster, access-list entry\) after \S+; it is still CREATING, \S+; env down wt-2 removed what env up made; nothing is left$/);
    expect(result.stderr).not.toContain('running sh');
  });

  it('a --watch-timeout that is not a duration is refused before any request', async () => {
    const before = emu.stats().total;
    expectOneErrorLine(await cdba(['--project-id', PROJECT, 'env', 'up', 'wt-3', '--watch-timeout', 'soon'], { env: env() }), 2, /^cdba: invalid --watch-timeout "soon": expected a duration like 90, 90s, 5m or 1h/);
    expectOneErrorLine(await cdba(['--project-id', PROJECT, 'run', '--watch-timeout', '-5m', '--', 'true'], { env: env() }), 2, /--watch-timeout/);
    expect(emu.stats().total).toBe(before);
  });
});
