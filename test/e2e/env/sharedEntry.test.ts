// Two envs brought up from one address share one access-list entry (the service
// keeps one entry per address): the first env's comment marks it. Its env down
// keeps the entry while another env's user is left, handing the mark (and that
// user's deleteAfterDate) on; the last env down removes it, also without a state
// file, and also when both downs run at once. An emulator of its own: only these
// envs' users are in its project.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000002b';
let emu: RunningEmulator | undefined;
const env = () => ownerEnv(emu!.url, PROJECT);

// A fresh emulator per test: each starts with no env in the project.
beforeEach(async () => {
  await emu?.stop();
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'shared' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
});

afterAll(async () => {
  expect(emu!.unexpectedErrors()).toEqual([]);
  await emu!.stop();
});

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function entry(): Promise<Doc | undefined> {
  const r = await cdba(['access-list', 'list', '-o', 'json'], { env: env() });
  expect(r.exitCode).toBe(0);
  return (JSON.parse(r.stdout).results as Doc[]).find((e) => e.ipAddress === '127.0.0.1');
}

async function user(name: string): Promise<Doc | undefined> {
  const r = await cdba(['dbusers', 'list', '--all', '-o', 'json'], { env: env() });
  return (JSON.parse(r.stdout).results as Doc[]).find((u) => u.username === `cdba-env-${name}`);
}

async function upBoth(configDir: string): Promise<void> {
  const a = await cdba(['env', 'up', 'share-a', '--ttl', '1h'], { env: env(), configDir });
  expect(a.exitCode).toBe(0);
  const b = await cdba(['env', 'up', 'share-b', '--ttl', '3h'], { env: env(), configDir });
  expect(b.exitCode).toBe(0);
  expect(b.stderr).toContain("cdba: access-list entry 127.0.0.1 is env share-a's (one entry per address); using it: the last env down of those using it removes it");
  // Still share-a's mark, but it lasts as long as share-b needs it.
  const shared = (await entry())!;
  expect(shared.comment).toBe('cdba env share-a');
  expect(Date.parse(shared.deleteAfterDate as string)).toBeGreaterThan(Date.parse((await user('share-a'))!.deleteAfterDate as string));
}

describe('envs from one address share its access-list entry', () => {
  it('the first env down keeps it, marked for the other env; that env down removes it', async () => {
    const configDir = tempDir();
    await upBoth(configDir);
    const userB = (await user('share-b'))!;

    const downA = await cdba(['env', 'down', 'share-a'], { env: env(), configDir });
    expect(downA.exitCode).toBe(0);
    expect(downA.stderr).toContain('cdba: access-list entry 127.0.0.1 kept: env share-b of this project may use it (one entry per address); now marked "cdba env share-b" for its env down');
    expect(downA.stderr).toContain('cdba: env share-a: removed database user cdba-env-share-a, cluster share-a (deleting)');
    const kept = (await entry())!;
    expect(kept.comment).toBe('cdba env share-b');
    expect(kept.deleteAfterDate).toBe(userB.deleteAfterDate);

    const downB = await cdba(['env', 'down', 'share-b'], { env: env(), configDir });
    expect(downB.exitCode).toBe(0);
    expect(downB.stderr).toContain('cdba: env share-b: removed access-list entry 127.0.0.1, database user cdba-env-share-b, cluster share-b (deleting)');
    expect(await entry()).toBeUndefined();
  });

  it('the other env down on another runner (no state file, --force: the run that held it is gone) finds the handed-on mark', async () => {
    await upBoth(tempDir());
    expect((await cdba(['env', 'down', 'share-a', '--force', '--yes'], { env: env(), configDir: tempDir() })).exitCode).toBe(0);
    expect((await entry())!.comment).toBe('cdba env share-b');
    const downB = await cdba(['env', 'down', 'share-b', '--force', '--yes'], { env: env(), configDir: tempDir() });
    expect(downB.stderr).toContain('removed access-list entry 127.0.0.1');
    expect(await entry()).toBeUndefined();
  });

  it('the second env up first down: the entry is share-a\'s, so share-b keeps it; share-a\'s down then removes it', async () => {
    const configDir = tempDir();
    await upBoth(configDir);
    const downB = await cdba(['env', 'down', 'share-b'], { env: env(), configDir });
    expect(downB.stderr).toContain('cdba: env share-b: removed database user cdba-env-share-b, cluster share-b (deleting)');
    expect((await entry())!.comment).toBe('cdba env share-a');
    const downA = await cdba(['env', 'down', 'share-a'], { env: env(), configDir });
    expect(downA.stderr).toContain('removed access-list entry 127.0.0.1');
    expect(await entry()).toBeUndefined();
  });

  it('both downs at once (their requests interleaved): the entry ends removed', async () => {
    const configDir = tempDir();
    await upBoth(configDir);
    const [downA, downB] = await Promise.all([
      cdba(['env', 'down', 'share-a'], { env: env(), configDir }),
      cdba(['env', 'down', 'share-b'], { env: env(), configDir }),
    ]);
    expect([downA.exitCode, downB.exitCode]).toEqual([0, 0]);
    expect(await entry()).toBeUndefined();
    expect(await user('share-a')).toBeUndefined();
    expect(await user('share-b')).toBeUndefined();
  });
});
