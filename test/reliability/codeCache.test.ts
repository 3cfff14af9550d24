// Guarantee: the V8 code cache (bin/codeCache.js) is bytecode this process
// runs, so it is used only from a directory of this user's own that no one else
// may write, only from a regular file of this user, bound to the exact bundle;
// whatever else is found there (a FIFO, a link to /dev/zero, a file made from
// another bundle, another user's file) is ignored with one --debug line, and
// the command runs as without a cache: it never blocks, crashes or writes
// through a link. It lists the commands whose code it holds, and grows at the exit
// of a run of one it does not list.
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { cdba, CDBA_BIN, cleanEnv, REPO_ROOT, tempDir } from '../helpers/cli.js';

const isRoot = process.getuid?.() === 0;
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
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

describe('V8 code cache: one per command group, grown with the commands a user runs', () => {
  /** The commands a cache file says it was made by (bin/codeCache.js: after the SHA-256, the CRC-32 and the list's length; empty lines pad it). */
  const commandsOf = (bytes: Buffer): string[] => bytes.subarray(40, 40 + bytes.readUInt32BE(36)).toString('utf8').split('\n').filter((name) => name !== '');
  const run = async (home: string, args: string[]) => {
    const result = await cdba(args, { env: { XDG_CACHE_HOME: home } });
    expect(result.exitCode, result.stderr).toBe(0);
    return result;
  };

  it('a run of a command its group\'s cache does not list adds its code and its name; a run of one it lists leaves the file as it is', async () => {
    const { home, file, expected } = await primed(); // made by `clusters --help`
    expect(file).toMatch(/-clusters\.v8cache$/);
    const first = readFileSync(file);
    expect(commandsOf(first)).toEqual(['cdba clusters']);
    expect((40 + first.readUInt32BE(36)) % 8).toBe(0); // V8's data on an 8-byte boundary: not copied before it is read
    expect((await run(home, ['--debug', 'clusters', 'list', '--help'])).stderr).toBe(''); // the cache was used
    const grown = readFileSync(file);
    expect(commandsOf(grown)).toEqual(['cdba clusters', 'cdba clusters list']);
    expect((40 + grown.readUInt32BE(36)) % 8).toBe(0);
    // It kept the code it had (a superset: V8 writes every function it holds, read or compiled) and added clusters list's.
    expect(grown.length).toBeGreaterThan(first.length);
    await run(home, ['clusters', 'list', '--help']);
    expect(readFileSync(file).equals(grown)).toBe(true);
    // The grown cache serves the first command as well: used without a word.
    expect(await help(home)).toEqual({ exitCode: 0, stdout: expected, stderr: '' });
  });

  it("another group's commands, help and an option's value before the group each go to their own group's file", async () => {
    const { home, file } = await primed();
    const before = readFileSync(file);
    await run(home, ['profile', 'list']);
    await run(home, ['--help']);
    const names = () => readdirSync(join(home, 'cdba')).map((name) => name.replace(/^cdba-v[\d.]+-\w+-\d+/, '')).sort();
    expect(names()).toEqual(['-clusters.v8cache', '-profile.v8cache', '.v8cache']);
    expect(readFileSync(file).equals(before)).toBe(true);
    // "text" (an option's value) names no group's file: the words after it are looked at, and the run uses (and grows) clusters'.
    expect((await run(home, ['--debug', '--error-format', 'text', 'clusters', 'watch', '--help'])).stderr).toBe('');
    expect(names()).toEqual(['-clusters.v8cache', '-profile.v8cache', '.v8cache']);
    expect(commandsOf(readFileSync(file))).toEqual(['cdba clusters', 'cdba clusters watch']);
  });

  it('completion, and a profile named like a group before the group, each get a file once: a second run rewrites nothing', async () => {
    const { home } = await primed();
    // By inode too: a rewrite renames a new file into place, whatever its bytes.
    // The bytes as a digest: Vitest's toEqual compares a Buffer element by element (15 CPU-s for these).
    const files = () => readdirSync(join(home, 'cdba')).sort().map((name) => [name, statSync(join(home, 'cdba', name)).ino, sha256(readFileSync(join(home, 'cdba', name)))] as const);
    await run(home, ['__complete', 'profiles']);
    const once = files();
    expect(once.map(([name]) => name.replace(/^cdba-v[\d.]+-\w+-\d+/, ''))).toEqual(['-__complete.v8cache', '-clusters.v8cache']);
    await run(home, ['__complete', 'profiles']);
    expect(files()).toEqual(once);
    // `-P clusters`: the run reads clusters' file, and writes profile's only while it has none.
    await run(home, ['-P', 'clusters', 'profile', 'list']);
    const withProfile = files();
    expect(withProfile.map(([name]) => name.replace(/^cdba-v[\d.]+-\w+-\d+/, ''))).toEqual(['-__complete.v8cache', '-clusters.v8cache', '-profile.v8cache']);
    await run(home, ['-P', 'clusters', 'profile', 'list']);
    expect(files()).toEqual(withProfile);
    expect(withProfile.filter(([name]) => !name.endsWith('-profile.v8cache'))).toEqual(once);
  });

  it('a file whose list is not padded (V8\'s data unaligned, as an earlier launcher wrote it) is still used as it is', async () => {
    const { home, file, expected } = await primed();
    const padded = readFileSync(file);
    const names = commandsOf(padded).join('\n');
    const unpadded = Buffer.concat([padded.subarray(0, 40), Buffer.from(names), padded.subarray(40 + padded.readUInt32BE(36))]);
    unpadded.writeUInt32BE(Buffer.byteLength(names), 36);
    unpadded.writeUInt32BE(crc32(unpadded.subarray(36)), 32);
    expect((40 + unpadded.readUInt32BE(36)) % 8).not.toBe(0);
    writeFileSync(file, unpadded, { mode: 0o600 });
    expect(await help(home)).toEqual({ exitCode: 0, stdout: expected, stderr: '' });
    expect(readFileSync(file).equals(unpadded)).toBe(true); // used, so not rewritten
  });

  it('a list whose length runs past the file (its checksum recomputed) is not used, and is rebuilt', async () => {
    const { home, file, expected } = await primed();
    const bad = Buffer.from(readFileSync(file));
    bad.writeUInt32BE(bad.length, 36);
    bad.writeUInt32BE(crc32(bad.subarray(36)), 32);
    writeFileSync(file, bad, { mode: 0o600 });
    await expectIgnored(home, expected, /made from another bundle, or damaged$/);
    expect(commandsOf(readFileSync(file))).toEqual(['cdba clusters']);
  });

  it('the emulator, which runs until stopped, neither writes a cache nor grows one', async () => {
    const { home, file } = await primed();
    const before = readFileSync(file);
    const fresh = tempDir('cdba-cc-emu-');
    for (const cacheHome of [home, fresh]) {
      const child = spawn('node', [CDBA_BIN, 'emulator', '--port', '0'], { env: cleanEnv({ XDG_CACHE_HOME: cacheHome }), stdio: ['ignore', 'pipe', 'inherit'] });
      const [url] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(join(home, 'cdba'))).toHaveLength(1);
    expect(readdirSync(fresh)).toEqual([]);
  });
});
