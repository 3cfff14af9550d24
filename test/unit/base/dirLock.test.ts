// The lock the digest session file takes (src/base/dirLock.ts): a directory
// held across synchronous work only, given up after its retries while another
// process holds it, taken over once stale, always released.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { withDirLock } from '../../../src/base/dirLock.js';
import { tempDir } from '../../helpers/cli.js';

const OPTIONS = { staleMs: 10_000, retries: 2, minWaitMs: 1, maxWaitMs: 2 };

describe('withDirLock', () => {
  test('runs the work holding the lock directory, then removes it', async () => {
    const lock = join(tempDir('cdba-lock-'), 'f.lock');
    const held = await withDirLock(lock, OPTIONS, () => existsSync(lock));
    expect(held).toEqual({ value: true });
    expect(existsSync(lock)).toBe(false);
  });

  test('a lock another process holds: undefined after the retries, the work never runs, its lock left alone', async () => {
    const lock = join(tempDir('cdba-lock-'), 'f.lock');
    mkdirSync(lock);
    let ran = false;
    expect(await withDirLock(lock, OPTIONS, () => (ran = true))).toBeUndefined();
    expect(ran).toBe(false);
    expect(existsSync(lock)).toBe(true);
  });

  test('a lock older than staleMs (its holder was killed) is taken over', async () => {
    const lock = join(tempDir('cdba-lock-'), 'f.lock');
    mkdirSync(lock);
    const past = new Date(Date.now() - 11_000);
    utimesSync(lock, past, past);
    expect(await withDirLock(lock, OPTIONS, () => 'mine')).toEqual({ value: 'mine' });
    expect(existsSync(lock)).toBe(false);
  });

  test('a file planted at the lock name is never taken over, however old', async () => {
    const lock = join(tempDir('cdba-lock-'), 'f.lock');
    writeFileSync(lock, '');
    const past = new Date(Date.now() - 11_000);
    utimesSync(lock, past, past);
    expect(await withDirLock(lock, OPTIONS, () => 'mine')).toBeUndefined();
    expect(existsSync(lock)).toBe(true);
  });

  test('the work throwing releases the lock and passes the error on', async () => {
    const lock = join(tempDir('cdba-lock-'), 'f.lock');
    await expect(withDirLock(lock, OPTIONS, () => {
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(existsSync(lock)).toBe(false);
  });

  test('a directory where the lock cannot be made throws the fs error', async () => {
    const lock = join(tempDir('cdba-lock-'), 'missing', 'f.lock');
    await expect(withDirLock(lock, OPTIONS, () => 'mine')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
