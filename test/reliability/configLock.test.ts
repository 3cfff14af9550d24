// Guarantee: a regular file where the config lock belongs (config.lock) makes a
// write fail at once with one line naming it, instead of waiting out the lock
// (15 s) and calling the config "locked"; the file and the config are left as they were.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../helpers/cli.js';
import { expectOneErrorLine } from './support.js';

const CONFIG = JSON.stringify({ profiles: { default: { projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa' } } });

function configWithLockFile(ageMs: number): { dir: string; lock: string } {
  const dir = tempDir('cdba-lock-');
  writeFileSync(join(dir, 'config.json'), CONFIG, { mode: 0o600 });
  const lock = join(dir, 'config.lock');
  writeFileSync(lock, 'not a lock');
  const when = new Date(Date.now() - ageMs);
  utimesSync(lock, when, when);
  return { dir, lock };
}

describe('config.lock is a regular file', () => {
  // Fresh: the old lock waited for it to go stale; old: it tried rmdir on a file, forever.
  it.each([
    ['fresh', 0],
    ['older than the staleness limit', 60_000],
  ])('%s: profile set is one line naming it (exit 2), and nothing is changed', async (_, age) => {
    const { dir, lock } = configWithLockFile(age);
    const result = await cdba(['profile', 'set', 'default', 'output', 'json'], { configDir: dir });
    expectOneErrorLine(result, 2, /^cdba: cannot lock config directory \S+: \S+config\.lock is a file, not a lock; remove it if no cdba is running\n$/);
    expect(result.stdout).toBe('');
    expect(readFileSync(lock, 'utf8')).toBe('not a lock');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(CONFIG);
  });
});
