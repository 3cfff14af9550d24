// Guarantee: what cdba writes, it writes only where it should. Secrets go only
// into a config directory of this user's own that no one else may write, never
// through a symlink and never over another user's file; the token cache, the
// digest session and the completion cache replace a planted link instead of
// writing through it; the emulator's --state temp file has an unpredictable
// name, is created exclusively, and the temp files of a killed run are removed
// on the next start. A read warns once when others could read the secrets.
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { removeLeftoverTemps, tempPathFor, writeFileAtomicSync, writePrivateFileSync, UnsafePathError } from '../../src/base/privateFile.js';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { bearerProfile, CLIENT_SECRET, digestEnv, expectOneErrorLine, knownSeed, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID } from './support.js';

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
const addArgs = ['profile', 'add', 'p', '--public-key', OWNER_PUBLIC, '--private-key-stdin', '--project-id', PROJECT_ID];

describe('the config directory and files', () => {
  it.skipIf(!isRoot)("another user's 0777 directory whose config.json links to that user's file: refused, the file untouched", async () => {
    const dir = tempDir('cdba-owned-');
    const theirs = join(dir, 'theirs');
    mkdirSync(theirs);
    writeFileSync(join(theirs, 'target'), '{"profiles":{}}\n');
    symlinkSync(join(theirs, 'target'), join(theirs, 'config.json'));
    for (const path of [theirs, join(theirs, 'target')]) chownSync(path, NOBODY, NOBODY);
    chmodSync(theirs, 0o777);
    const result = await cdba(addArgs, { env: { CDBA_CONFIG_DIR: theirs }, input: OWNER_PRIVATE });
    // Read first, under the same rules: a config others could have written is not trusted either.
    expectOneErrorLine(result, 2, new RegExp(`^cdba: refusing to read config file ${theirs}/config\\.json: directory ${theirs} is owned by another user \\(uid ${NOBODY}\\)`));
    expect(readFileSync(join(theirs, 'target'), 'utf8')).toBe('{"profiles":{}}\n');
    expect(readdirSync(theirs).sort()).toEqual(['config.json', 'target']);
  });

  it('a symlink at config.json in my own directory: refused, its target untouched', async () => {
    const dir = tempDir('cdba-link-');
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, '{"profiles":{}}');
    symlinkSync(target, join(dir, 'config.json'));
    const result = await cdba(addArgs, { env: { CDBA_CONFIG_DIR: dir }, input: OWNER_PRIVATE });
    expectOneErrorLine(result, 2, new RegExp(`refusing to read config file ${dir}/config\\.json: ${dir}/config\\.json is a symbolic link`));
    expect(readFileSync(target, 'utf8')).toBe('{"profiles":{}}');
  });

  it.skipIf(!isRoot)("a config.json owned by another user in my directory: refused", async () => {
    const dir = tempDir('cdba-their-file-');
    writeFileSync(join(dir, 'config.json'), '{"profiles":{}}');
    chownSync(join(dir, 'config.json'), NOBODY, NOBODY);
    const result = await cdba(addArgs, { env: { CDBA_CONFIG_DIR: dir }, input: OWNER_PRIVATE });
    expectOneErrorLine(result, 2, /config\.json is owned by another user \(uid 65534\)/);
  });

  it('secrets readable by others: one warning on read, naming the fix; a directory others may write is refused; none once private', async () => {
    const dir = tempDir('cdba-loose-');
    const add = await cdba(addArgs, { env: { CDBA_CONFIG_DIR: dir }, input: OWNER_PRIVATE });
    expect(add.exitCode, add.stderr).toBe(0);
    chmodSync(join(dir, 'config.json'), 0o644);
    const loose = await cdba(['profile', 'list', '-o', 'json'], { env: { CDBA_CONFIG_DIR: dir } });
    expect(loose.exitCode).toBe(0);
    expect(loose.stderr.trim().split('\n')).toEqual([
      `cdba: warning: ${dir}/config.json holds secrets and other users may read it (mode 0644); run chmod 600 ${dir}/config.json`,
    ]);
    chmodSync(join(dir, 'config.json'), 0o600);
    chmodSync(dir, 0o777);
    // A directory others may write: the file may not be the one written there, and is refused.
    const openDir = await cdba(['profile', 'list', '-o', 'json'], { env: { CDBA_CONFIG_DIR: dir } });
    expectOneErrorLine(openDir, 2, new RegExp(`^cdba: refusing to read config file ${dir}/config\\.json: directory ${dir} is writable by others \\(mode 0777\\)`));
    chmodSync(dir, 0o700);
    expect((await cdba(['profile', 'list', '-o', 'json'], { env: { CDBA_CONFIG_DIR: dir } })).stderr).toBe('');
  });
});

describe('caches never write through a planted link', () => {
  it('token cache: a symlink at the token file name is refused, not followed', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    const dir = tempDir('cdba-token-link-');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'untouched');
    // The first run shows the file's name; plant the link there, then run again.
    const first = await cdba(['clusters', 'list', '-o', 'json'], { env: { ...bearerProfile(dir, emu.url), CDBA_CONFIG_DIR: dir } });
    expect(first.exitCode, first.stderr).toBe(0);
    const [name] = readdirSync(join(dir, 'tokens'));
    const tokenFile = join(dir, 'tokens', name!);
    writeFileSync(tokenFile, '{}'); // an unusable token: the next run asks again and writes
    const again = join(dir, 'tokens', 'planted');
    symlinkSync(victim, again);
    // Replace the file with a link, as an attacker with write access to tokens/ would.
    const { rmSync } = await import('node:fs');
    rmSync(tokenFile);
    symlinkSync(victim, tokenFile);
    const second = await cdba(['clusters', 'list', '-o', 'json'], { env: { ...bearerProfile(dir, emu.url), CDBA_CONFIG_DIR: dir } });
    // Not read through either: a token cache cdba did not write is refused, naming it.
    expectOneErrorLine(second, 2, new RegExp(`^cdba: refusing to read the service-account token cache ${tokenFile}: ${tokenFile} is a symbolic link`));
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(readFileSync(victim, 'utf8')).not.toContain(CLIENT_SECRET);
  });

  it('digest session and completion cache: no write through a link', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    const dir = tempDir('cdba-session-link-');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'untouched');
    const env = { ...digestEnv(emu.url), CDBA_CONFIG_DIR: dir };
    expect((await cdba(['clusters', 'list', '-o', 'json'], { env })).exitCode).toBe(0);
    expect((await cdba(['__complete', 'clusters'], { env })).stdout).toBe('seeded\n');
    const planted = [
      ...readdirSync(join(dir, 'digest')).map((n) => join(dir, 'digest', n)),
      ...readdirSync(join(dir, 'cache')).map((n) => join(dir, 'cache', n)),
    ];
    expect(planted.length).toBeGreaterThanOrEqual(2);
    const { rmSync } = await import('node:fs');
    for (const file of planted) {
      rmSync(file);
      symlinkSync(victim, file);
    }
    expect((await cdba(['clusters', 'list', '-o', 'json'], { env })).exitCode).toBe(0);
    expect((await cdba(['__complete', 'clusters'], { env })).stdout).toBe('seeded\n');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
  });
});

describe('the one private-file writer (src/base/privateFile.ts)', () => {
  it('refuses a directory others may write, and a link or foreign file at the target', () => {
    const dir = tempDir('cdba-private-');
    chmodSync(dir, 0o777);
    expect(() => writePrivateFileSync(join(dir, 'f'), 'x')).toThrow(UnsafePathError);
    expect(() => writePrivateFileSync(join(dir, 'f'), 'x')).toThrow(/is writable by others \(mode 0777\)/);
    chmodSync(dir, 0o700);
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'f'));
    expect(() => writePrivateFileSync(join(dir, 'f'), 'x')).toThrow(/f is a symbolic link/);
    expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
    mkdirSync(join(dir, 'd'));
    expect(() => writePrivateFileSync(join(dir, 'd'), 'x')).toThrow(/d is not a regular file/);
  });

  it('temp names are random; the file is 0600 and no temp file is left', () => {
    const dir = tempDir('cdba-private-');
    const names = new Set(Array.from({ length: 50 }, () => tempPathFor(join(dir, 'state.json'))));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/state\.json\.[0-9a-f]{16}\.tmp$/);
    writeFileAtomicSync(join(dir, 'state.json'), 'data');
    expect(lstatSync(join(dir, 'state.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
    // A write that fails at the rename (a directory in the way) leaves no temp file, which would hold the secrets.
    mkdirSync(join(dir, 'blocked'));
    expect(() => writeFileAtomicSync(join(dir, 'blocked'), 'secret')).toThrow(/EISDIR/);
    expect(readdirSync(dir).sort()).toEqual(['blocked', 'state.json']);
  });

  it('a short write (full disk, file size limit) fails before the rename: the old file stays whole and no temp file is left', () => {
    const dir = tempDir('cdba-short-');
    const file = join(dir, 'config.json');
    writeFileSync(file, 'the good file', { mode: 0o600 });
    const data = 'x'.repeat(5000);
    // write(2) answers fewer bytes than asked, then the reason on the next call (ENOSPC, EFBIG).
    const full = (fd: number, buffer: Buffer, offset: number, length: number): number => {
      if (offset >= 4096) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return writeSync(fd, buffer, offset, Math.min(length, 4096 - offset));
    };
    expect(() => writeFileAtomicSync(file, data, 0o600, true, full)).toThrow(/ENOSPC/);
    expect(readFileSync(file, 'utf8')).toBe('the good file');
    expect(readdirSync(dir)).toEqual(['config.json']);
    // A call that writes nothing is an error, not a loop or a short file.
    const stuck = (fd: number, buffer: Buffer, offset: number, length: number): number => (offset === 0 ? writeSync(fd, buffer, 0, Math.min(length, 100)) : 0);
    expect(() => writeFileAtomicSync(file, data, 0o600, true, stuck)).toThrow(/EIO: nothing written at byte 100 of 5000/);
    expect(readFileSync(file, 'utf8')).toBe('the good file');
    expect(readdirSync(dir)).toEqual(['config.json']);
    // Short writes that go on are carried on to the end, multi-byte characters included.
    const text = 'é€'.repeat(1000);
    const chunks = (fd: number, buffer: Buffer, offset: number, length: number): number => writeSync(fd, buffer, offset, Math.min(length, 7));
    writeFileAtomicSync(file, text, 0o600, true, chunks);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('emulator --state', () => {
  it('links planted at the names the old writer used receive nothing', async () => {
    const dir = tempDir('cdba-state-');
    const state = join(dir, 'state.json');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'untouched');
    // The old temp name was `<state>.<pid>.<n>.tmp`: all of them for this process.
    for (let n = 1; n <= 20; n += 1) symlinkSync(victim, `${state}.${process.pid}.${n}.tmp`);
    const emu = await startEmulator({ seed: knownSeed(), statePath: state });
    try {
      expect(readFileSync(victim, 'utf8')).toBe('untouched');
      expect(lstatSync(state).isFile()).toBe(true);
      expect(readFileSync(state, 'utf8')).toContain(OWNER_PRIVATE);
    } finally {
      await emu.stop();
    }
  });

  it('the temp files a killed run left (they hold keys) are removed on the next start, and nothing else', async () => {
    const dir = tempDir('cdba-state-');
    const state = join(dir, 'state.json');
    const leftovers = [`${state}.4242.1.tmp`, `${state}.4242.2.tmp`, `${state}.0123456789abcdef.tmp`];
    for (const file of leftovers) writeFileSync(file, OWNER_PRIVATE);
    const keep = [join(dir, 'state.json.bak'), join(dir, 'other.json.4242.1.tmp'), `${state}.notes.tmp`];
    for (const file of keep) writeFileSync(file, 'keep');
    const emu = await startEmulator({ seed: knownSeed(), statePath: state });
    await emu.stop();
    expect(readdirSync(dir).sort()).toEqual(['other.json.4242.1.tmp', 'state.json', 'state.json.bak', 'state.json.notes.tmp']);
    expect(removeLeftoverTemps(state)).toBe(0);
  });
});
