// Guarantee: reading needs no write access. A user whose HOME does not exist,
// or whose config directory cannot be written, runs every command on CDBA_*
// variables or a readable config; what would be stored (the token cache) is
// skipped with one warning; a write that cannot happen (profile set) is one
// clear line, exit 2. OS errors on the config path never surface raw.
//
// The tests run as root, where permissions do not bite, so each situation is
// made in a way that binds root too: a HOME beneath a regular file (mkdir says
// ENOTDIR), an immutable directory (chattr +i: EPERM even for root). Where
// setpriv can drop to nobody, the same runs happen for real as that user with
// HOME=/nonexistent; otherwise those are skipped with a note on stderr.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CDBA_BIN, tempDir, type CliResult } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { bearerEnv, CLIENT_ID, CLIENT_SECRET, digestEnv, expectOneErrorLine, knownSeed, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID } from './support.js';
import { commandWorks, missingTool } from '../helpers/tools.js';

const NOBODY = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];

/** Runs bin/cdba.js with exactly `env` (no CDBA_CONFIG_DIR unless given), optionally as nobody. */
const runOnce = (args: string[], env: Record<string, string>, options: { asNobody?: boolean; input?: string } = {}): Promise<CliResult> => run(args, env, options);
async function run(args: string[], env: Record<string, string>, options: { asNobody?: boolean; input?: string } = {}): Promise<CliResult> {
  const command = [...(options.asNobody ? NOBODY : []), process.execPath, CDBA_BIN, ...args];
  const result = await execa(command[0]!, command.slice(1), {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', ...env },
    extendEnv: false,
    input: options.input ?? '',
    reject: false,
    timeout: 20_000,
    stripFinalNewline: false,
  });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Why nobody-runs cannot happen here, or undefined when they can. */
function cannotDropPrivileges(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root';
  missingTool('setpriv', commandWorks('setpriv'), 'the runs as user nobody are');
  if (existsSync('/nonexistent')) return '/nonexistent exists on this machine';
  try {
    execFileSync(NOBODY[0]!, [...NOBODY.slice(1), process.execPath, CDBA_BIN, '--version'], { stdio: 'ignore' });
    return undefined;
  } catch (error) {
    return `setpriv to nobody failed (${(error as Error).message.split('\n')[0]})`;
  }
}

/** Whether chattr +i works on a temporary directory here (needs CAP_LINUX_IMMUTABLE and ext4-like support). */
function chattrWorks(): boolean {
  const dir = tempDir('cdba-chattr-probe-');
  try {
    execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const noDrop = cannotDropPrivileges();
// chattr +i also needs CAP_LINUX_IMMUTABLE and a file system that has the flag: only the program is a missing tool.
const noChattr = missingTool('chattr', existsSync('/usr/bin/chattr') || existsSync('/bin/chattr'), 'the immutable-directory runs are') || !chattrWorks();
if (noDrop) process.stderr.write(`readonlyHome.test.ts: ${noDrop}: the runs as user nobody are skipped\n`);
if (noChattr) process.stderr.write('readonlyHome.test.ts: chattr +i is not available: the immutable-directory runs are skipped\n');

const immutable: string[] = [];
afterAll(() => {
  for (const dir of immutable) execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
});

const emulators: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.stop()));
});
async function emulator(): Promise<RunningEmulator> {
  const { emu } = await withEmulator({ seed: knownSeed() });
  emulators.push(emu);
  return emu;
}

const list = ['clusters', 'list', '-o', 'json', '--query', 'totalCount'];
const TOKEN_WARNING = /^cdba: warning: cannot store the service-account token in \S+: [^;\n]+; the next run will ask for a new one\n$/;
// An API-key call stores its digest session; where it cannot, it answers a fresh challenge,
// and says so with --debug only: a read-only config dir is not warned about on every call.
const DIGEST_DEBUG = /^cdba: debug: cannot keep the digest session in \S+: [^;\n]+; each call will answer a fresh challenge$/m;

/** A directory nobody can read and enter but not write, holding a readable config.json with an API-key and a service-account profile. */
function readableConfig(emuUrl: string): { dir: string; path: string; text: string } {
  const parent = tempDir('cdba-ro-');
  chmodSync(parent, 0o755);
  const dir = join(parent, 'cdba');
  mkdirSync(dir, { mode: 0o755 });
  const text = `${JSON.stringify(
    {
      currentProfile: 'keys',
      profiles: {
        keys: { baseUrl: emuUrl, projectId: PROJECT_ID, publicKey: OWNER_PUBLIC, privateKey: OWNER_PRIVATE },
        sa: { baseUrl: emuUrl, projectId: PROJECT_ID, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      },
    },
    null,
    '\t',
  )}\n`;
  const path = join(dir, 'config.json');
  writeFileSync(path, text, { mode: 0o644 });
  return { dir, path, text };
}

const homeExistedBefore = existsSync('/nonexistent');

/** The same checks for a config dir cdba may read but not write, whoever makes it so. */
async function expectReadOnlyConfigWorks(configDir: { dir: string; path: string; text: string }, asNobody: boolean, denied: RegExp): Promise<void> {
  const env = { HOME: '/nonexistent', CDBA_CONFIG_DIR: configDir.dir };
  // The file is 0644 so that nobody can read it: every run says, once, that others may read its secrets.
  const exposed = `cdba: warning: ${configDir.path} holds secrets and other users may read it (mode 0644); run chmod 600 ${configDir.path}\n`;
  const run = async (...args: Parameters<typeof runOnce>): Promise<CliResult> => {
    const result = await runOnce(...args);
    expect(result.stderr.startsWith(exposed), result.stderr).toBe(true);
    return { ...result, stderr: result.stderr.slice(exposed.length) };
  };
  const keys = await run(list, env, { asNobody });
  expect(keys).toEqual({ exitCode: 0, stdout: '1\n', stderr: '' });
  const show = await run(['profile', 'show', '-o', 'json', '--query', 'profile'], env, { asNobody });
  expect(show).toEqual({ exitCode: 0, stdout: '"keys"\n', stderr: '' });
  expect(await run(['profile', 'list', '-o', 'json', '--query', '[].name'], env, { asNobody })).toEqual({ exitCode: 0, stdout: '["keys","sa"]\n', stderr: '' });

  const sa = await run(['-P', 'sa', ...list], env, { asNobody });
  expect({ exitCode: sa.exitCode, stdout: sa.stdout }).toEqual({ exitCode: 0, stdout: '1\n' });
  expect(sa.stderr).toMatch(TOKEN_WARNING);

  const set = await run(['profile', 'set', 'keys', 'output', 'json'], env, { asNobody });
  expectOneErrorLine(set, 2, denied);
  expect(set.stdout).toBe('');
  expect(readFileSync(configDir.path, 'utf8')).toBe(configDir.text);
  expect(readdirSync(configDir.dir)).toEqual(['config.json']);
  // Not even the code cache makes a home directory (root could).
  if (!homeExistedBefore) expect(existsSync('/nonexistent')).toBe(false);
}

describe('a HOME that cannot hold a config directory, every setting in CDBA_*', () => {
  it('HOME beneath a regular file (mkdir fails even for root): API keys work, nothing is created', async () => {
    const emu = await emulator();
    const parent = tempDir('cdba-home-');
    writeFileSync(join(parent, 'file'), '');
    const result = await run(list, { HOME: join(parent, 'file', 'home'), ...digestEnv(emu.url) });
    expect(result).toEqual({ exitCode: 0, stdout: '1\n', stderr: '' });
    const debug = await run(['--debug', ...list], { HOME: join(parent, 'file', 'home'), ...digestEnv(emu.url) });
    expect(debug.stderr).toMatch(DIGEST_DEBUG);
    expect(debug.stderr.match(/cannot keep the digest session/g)).toHaveLength(1);
    expect(debug.stderr).toContain(': a part of the path is a file, not a directory;');
    expect(readdirSync(parent)).toEqual(['file']);
  });

  it('HOME beneath a regular file: a service account from the environment works, silently (its token is kept in memory only)', async () => {
    const emu = await emulator();
    const parent = tempDir('cdba-home-');
    writeFileSync(join(parent, 'file'), '');
    const result = await run(list, { HOME: join(parent, 'file', 'home'), ...bearerEnv(emu.url) });
    expect(result).toEqual({ exitCode: 0, stdout: '1\n', stderr: '' });
  });

  it.skipIf(noDrop)('as nobody with HOME=/nonexistent: API keys and a service account both work', async () => {
    const emu = await emulator();
    const keys = await run(list, { HOME: '/nonexistent', ...digestEnv(emu.url) }, { asNobody: true });
    expect(keys).toEqual({ exitCode: 0, stdout: '1\n', stderr: '' });
    const sa = await run(list, { HOME: '/nonexistent', ...bearerEnv(emu.url) }, { asNobody: true });
    // Credentials from the environment: the token is not written anywhere, so nothing to warn about.
    expect(sa).toEqual({ exitCode: 0, stdout: '1\n', stderr: '' });
    expect(existsSync('/nonexistent')).toBe(false);
  });
});

describe('a readable config in a directory that cannot be written', () => {
  it.skipIf(noChattr)('immutable directory (binds root too): every read works, the token is not kept, profile set is one line', async () => {
    const emu = await emulator();
    const config = readableConfig(emu.url);
    execFileSync('chattr', ['+i', config.dir]);
    immutable.push(config.dir);
    await expectReadOnlyConfigWorks(config, false, /^cdba: cannot lock config directory \S+: operation not permitted; /);
  });

  it.skipIf(noDrop)('as nobody, a root-owned 0755 directory: every read works, the token is not kept, profile set is one line', async () => {
    const emu = await emulator();
    // Root's directory is not nobody's own: the write is refused before it is tried.
    await expectReadOnlyConfigWorks(readableConfig(emu.url), true, /^cdba: refusing to write secrets to \S+config\.json: directory \S+ is owned by another user \(uid 0\); /);
  });
});

describe('a config directory path that is a file', () => {
  it('reads find no profiles; a write is one line naming the directory (exit 2)', async () => {
    const parent = tempDir('cdba-file-');
    const file = join(parent, 'file');
    writeFileSync(file, 'not a directory');
    for (const [dir, reason] of [
      [file, 'a file is in the way'],
      [join(file, 'cdba'), 'a part of the path is a file, not a directory'],
    ] as const) {
      const env = { HOME: parent, CDBA_CONFIG_DIR: dir };
      expect(await run(['profile', 'list', '-o', 'json'], env)).toEqual({ exitCode: 0, stdout: '[]\n', stderr: '' });
      const add = await run(['profile', 'add', 'p', '--public-key', OWNER_PUBLIC, '--private-key-stdin'], env, { input: OWNER_PRIVATE });
      expectOneErrorLine(add, 2, new RegExp(`^cdba: cannot create config directory ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${reason}; `));
      expect(add.stdout).toBe('');
      expect(readFileSync(file, 'utf8')).toBe('not a directory');
    }
  });
});
