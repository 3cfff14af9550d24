// Guarantee: the V8 code cache (bin/codeCache.js) is bytecode this process
// runs, so it is used only from a directory of this user's own that no one else
// may write, only from a regular file of this user, bound to the exact bundle;
// whatever else is found there (a FIFO, a link to /dev/zero, a file made from
// another bundle, another user's file) is ignored with one --debug line, and
// the command runs as without a cache: it never blocks, crashes or writes
// through a link.
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, REPO_ROOT, tempDir } from '../helpers/cli.js';

const isRoot = process.getuid?.() === 0;
const help = (cacheHome: string, debug = true) => cdba([...(debug ? ['--debug'] : []), 'clusters', '--help'], { env: { XDG_CACHE_HOME: cacheHome }, timeoutMs: 60_000 });

/** A cache home with a good cache written by one run; its file's path. */
async function primed(): Promise<{ home: string; file: string; expected: string }> {
  const home = tempDir('cdba-cc-');
  const first = await help(home, false);
  expect(first.exitCode, first.stderr).toBe(0);
  const names = readdirSync(join(home, 'cdba'));
  expect(names).toHaveLength(1);
  return { home, file: join(home, 'cdba', names[0]!), expected: first.stdout };
}

/** Runs with --debug: exit 0, the same help, and exactly the one debug line about the cache. */
async function expectIgnored(home: string, expected: string, reason: RegExp): Promise<void> {
  const result = await help(home);
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stdout).toBe(expected);
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^cdba: debug: V8 code cache not used: /);
  expect(lines[0]).toMatch(reason);
}

describe('V8 code cache: what is found in the cache dir is untrusted', () => {
  it('a good cache is used without a word, even with --debug', async () => {
    const { home, expected } = await primed();
    const result = await help(home);
    expect(result).toEqual({ exitCode: 0, stdout: expected, stderr: '' });
  });

  it('a FIFO at the cache name neither hangs nor fails the command', async () => {
    const { home, file, expected } = await primed();
    rmSync(file);
    execFileSync('mkfifo', [file]);
    await expectIgnored(home, expected, /: not a regular file$/);
  });

  it('a symlink to /dev/zero at the cache name does not abort the process, and is replaced, not followed', async () => {
    const { home, file, expected } = await primed();
    const victim = join(home, 'victim');
    writeFileSync(victim, 'untouched');
    rmSync(file);
    symlinkSync('/dev/zero', file);
    await expectIgnored(home, expected, /: a symbolic link$/);
    rmSync(file);
    symlinkSync(victim, file);
    await expectIgnored(home, expected, /: a symbolic link$/);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
  });

  it('the bundle ends with the SHA-256 of its text, written by the build, and a cache is bound to it', async () => {
    const bundle = readFileSync(join(REPO_ROOT, 'dist', 'cdba.cjs'), 'latin1');
    const at = bundle.lastIndexOf('\n//# cdbaBundleSha256=');
    expect(bundle.slice(at)).toMatch(/^\n\/\/# cdbaBundleSha256=[0-9a-f]{64}\n$/);
    const hash = createHash('sha256').update(Buffer.from(bundle.slice(0, at), 'latin1')).digest();
    expect(bundle.slice(at + 22, at + 86)).toBe(hash.toString('hex'));
    const { file } = await primed();
    expect(readFileSync(file).subarray(0, 32).equals(hash)).toBe(true);
  });

  it('a cache made from another bundle (its data checksum recomputed) is not used', async () => {
    const { home, file, expected } = await primed();
    const good = readFileSync(file);
    const data = good.subarray(36);
    expect(good.readUInt32BE(32)).toBe(crc32(data));
    const otherBundle = createHash('sha256').update('another bundle').digest();
    writeFileSync(file, Buffer.concat([otherBundle, good.subarray(32, 36), data]), { mode: 0o600 });
    await expectIgnored(home, expected, /made from another bundle, or damaged$/);
  });

  it('a cache whose data was damaged (one byte changed) is not used: its CRC-32 no longer matches', async () => {
    const { home, file, expected } = await primed();
    const damaged = Buffer.from(readFileSync(file));
    damaged[damaged.length >> 1]! ^= 0x01;
    writeFileSync(file, damaged, { mode: 0o600 });
    await expectIgnored(home, expected, /made from another bundle, or damaged$/);
  });

  it('a cache dir others may write is not used, and not written', async () => {
    const { home, file, expected } = await primed();
    chmodSync(join(home, 'cdba'), 0o777);
    const before = readFileSync(file);
    await expectIgnored(home, expected, /cdba is writable by others$/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('a cache home whose parent others may write, without the sticky bit, is not used', async () => {
    const parent = tempDir('cdba-cc-open-');
    const { home, expected } = await primed();
    const moved = join(parent, 'home');
    mkdirSync(moved);
    mkdirSync(join(moved, 'cdba'), { mode: 0o700 });
    for (const name of readdirSync(join(home, 'cdba'))) writeFileSync(join(moved, 'cdba', name), readFileSync(join(home, 'cdba', name)), { mode: 0o600 });
    chmodSync(moved, 0o777);
    await expectIgnored(moved, expected, /home is writable by others and not sticky$/);
  });

  it.skipIf(!isRoot)("another user's cache dir, or another user's file in mine, is not used", async () => {
    const { home, file, expected } = await primed();
    chownSync(file, 65534, 65534);
    await expectIgnored(home, expected, /owned by another user \(uid 65534\)$/);
    const other = await primed();
    chownSync(join(other.home, 'cdba'), 65534, 65534);
    await expectIgnored(other.home, other.expected, /cdba is owned by another user \(uid 65534\)$/);
  });
});
