// Guarantee: a profile write killed while it holds the config lock does not
// block the next one. SIGKILL leaves the lock behind: the next write waits out
// its stale time (10 s) and goes through, instead of giving up just before it.
// SIGTERM releases the lock as the process ends. Real processes; the assertions
// are on outcomes (the next write succeeds, no lock is left), never on durations.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, watch } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDBA_BIN, cdba, cleanEnv, tempDir } from '../helpers/cli.js';

const HOLDER = resolve(import.meta.dirname, 'lockHolder.mjs');

/** Starts the lock holder and resolves once it holds the lock. */
async function holdLock(configDir: string): Promise<import('node:child_process').ChildProcess> {
  const child = spawn(process.execPath, [HOLDER, configDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise<void>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('locked')) done();
    });
    child.once('exit', (code) => fail(new Error(`lock holder exited ${code}`)));
  });
  return child;
}

describe('a killed profile write does not block the next', () => {
  it('SIGKILL while holding the lock: the next profile write goes through', async () => {
    const configDir = tempDir('cdba-lock-kill-');
    expect((await cdba(['profile', 'set', 'p', 'projectId', '5e1ab0c0ffee0000deadbeef'], { configDir })).exitCode).toBe(0);
    const holder = await holdLock(configDir);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    expect(existsSync(join(configDir, 'config.lock'))).toBe(true); // left behind, as a killed writer leaves it
    // The harness's 60 s is only there to stop a hung run.
    const next = await cdba(['profile', 'set', 'p', 'apiVersion', '2024-08-05'], { configDir, timeoutMs: 60_000 });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.p).toMatchObject({ projectId: '5e1ab0c0ffee0000deadbeef', apiVersion: '2024-08-05' });
  }, 90_000);

  it('SIGTERM to cdba while it waits for or holds the lock: it ends, no lock of its own is left, and the next write goes through', async () => {
    const configDir = tempDir('cdba-lock-term-');
    expect((await cdba(['profile', 'set', 'p', 'projectId', '5e1ab0c0ffee0000deadbeef'], { configDir })).exitCode).toBe(0);
    // Twenty writers, each told to stop as soon as it has started: wherever the
    // signal lands (before, while or after holding the lock), none may leave it.
    for (let i = 0; i < 20; i++) {
      const child = spawn(process.execPath, [CDBA_BIN, 'profile', 'set', 'p', 'apiVersion', '2024-08-05'], { env: cleanEnv({}, configDir), stdio: 'ignore' });
      await once(child, 'spawn');
      await new Promise((r) => setImmediate(r));
      child.kill('SIGTERM');
      const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
      expect([0, 143].includes(code ?? -1) || signal === 'SIGTERM', `exit ${code} ${signal}`).toBe(true);
      expect(existsSync(join(configDir, 'config.lock')), `run ${i}: the lock was left`).toBe(false);
    }
    const next = await cdba(['profile', 'set', 'p', 'apiVersion', '2024-10-23'], { configDir, timeoutMs: 60_000 });
    expect(next.exitCode, next.stderr).toBe(0);
  }, 120_000);

  it('SIGTERM the moment config.lock appears: no lock is left (the lock and its cleanup are one synchronous step)', async () => {
    // Signalled just after the lock's mkdir, as inotify reports it: the taking
    // of the lock left it behind when a signal could be handled before the cleanup
    // that removes it was registered.
    for (let i = 0; i < 10; i++) {
      const configDir = tempDir('cdba-lock-appear-');
      const child = spawn(process.execPath, [CDBA_BIN, 'profile', 'set', 'p', 'projectId', '5e1ab0c0ffee0000deadbeef'], { env: cleanEnv({}, configDir), stdio: 'ignore' });
      const watcher = watch(configDir, (_event, name) => {
        if (name === 'config.lock' && existsSync(join(configDir, 'config.lock'))) child.kill('SIGTERM');
      });
      try {
        const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
        expect([0, 143].includes(code ?? -1) || signal === 'SIGTERM', `exit ${code} ${signal}`).toBe(true);
      } finally {
        watcher.close();
      }
      expect(existsSync(join(configDir, 'config.lock')), `run ${i}: the lock was left`).toBe(false);
    }
  }, 120_000);
});
