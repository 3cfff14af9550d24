// Guarantee: stored credentials stay tied to what they were stored for.
// - A cached bearer token is keyed on the client secret too: a wrong secret is
//   never answered from the cache, and it outlives neither its profile nor a
//   change of the profile's clientId/clientSecret.
// - `profile show` and `profile list` show no character of a secret.
// - A token that cannot be stored leaves no temp file holding it, and costs one
//   warning, not the command.
// - No credentials at all, or `profile add` without any, is caught before any
//   request and before anything is saved.
// - A config.json whose values have the wrong JSON types is one clear line
//   naming the file and the field, and the file is never rewritten.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenFileCache } from '../../src/auth/serviceAccount.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba, tempDir, type CliResult } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import {
  bearerProfile,
  CLIENT_ID,
  CLIENT_SECRET,
  digestEnv,
  expectOneErrorLine,
  knownSeed,
  OWNER_PRIVATE,
  OWNER_PUBLIC,
  PROJECT_ID,
  SEEDED_CLUSTER,
} from './support.js';

const WRONG_SECRET = 'mdb_sa_sk_Wr0ngWr0ngWr0ngWr0ngWr0ngWr0ngWr0ngWr0ng';
const CLIENT_ID_2 = 'mdb_sa_id_second0000000000000000002';
const CLIENT_SECRET_2 = 'mdb_sa_sk_Zx81Qv2Kp07Lm4Nb93Vc56Xz12Aa34Ss78';
const ENV_PRIVATE = 'Ev7qP3xK9mZ2Wd5jH8cT1gYb';
const ENV_SECRET = 'Qj4wT8rY2uI6Fz0nL3vR7kXe';

const emulators: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.stop()));
});

/** A fresh emulator with the known seed plus a second service account. */
async function emulator(): Promise<RunningEmulator> {
  const seed = knownSeed();
  seed.serviceAccounts = [...(seed.serviceAccounts ?? []), { clientId: CLIENT_ID_2, clientSecret: CLIENT_SECRET_2, roles: [{ projectId: PROJECT_ID, roleName: 'GROUP_OWNER' }] }];
  const { emu } = await withEmulator({ seed });
  emulators.push(emu);
  return emu;
}

const tokenFiles = (configDir: string): string[] => {
  try {
    return readdirSync(join(configDir, 'tokens')).sort();
  } catch {
    return [];
  }
};

function expectOk(result: CliResult, label: string): void {
  expect({ label, exitCode: result.exitCode, stderr: result.stderr }).toEqual({ label, exitCode: 0, stderr: '' });
}

/** Adds a service-account profile pointing at the emulator. */
async function addSa(configDir: string, emu: RunningEmulator, name: string, clientId = CLIENT_ID, secret = CLIENT_SECRET): Promise<void> {
  const result = await cdba(['--base-url', emu.url, '--project-id', PROJECT_ID, 'profile', 'add', name, '--client-id', clientId, '--client-secret-stdin'], {
    configDir,
    input: `${secret}\n`,
  });
  expect({ exitCode: result.exitCode, stderr: result.stderr }).toEqual({ exitCode: 0, stderr: `cdba: profile "${name}" saved in ${join(configDir, 'config.json')}\n` });
}

const list = ['clusters', 'list', '-o', 'json', '--query', 'totalCount'];

describe('the token cache is keyed on the credentials', () => {
  it('a wrong CDBA_CLIENT_SECRET is never answered from the cache: no delete, exit 3', async () => {
    const emu = await emulator();
    const configDir = tempDir('cdba-cred-');
    expectOk(await cdba(list, { env: bearerProfile(configDir, emu.url), configDir }), 'list with the right secret');
    expect(tokenFiles(configDir)).toHaveLength(1);
    emu.resetStats();

    // The profile's secret changed by hand (profile set would delete the cached tokens).
    const result = await cdba(['clusters', 'delete', SEEDED_CLUSTER, '--yes'], { env: bearerProfile(configDir, emu.url, WRONG_SECRET), configDir });
    expectOneErrorLine(result, 3, /clientSecret|client secret/i);
    expect(result.stdout).toBe('');
    const stats = emu.stats();
    expect(stats.byPath['POST /api/oauth/token']).toBe(1);
    expect(Object.keys(stats.byPath).filter((path) => path.startsWith('DELETE'))).toEqual([]);
    const still = await cdba(['clusters', 'get', SEEDED_CLUSTER, '-o', 'json', '--query', 'name'], { env: digestEnv(emu.url) });
    expect(still).toEqual({ exitCode: 0, stdout: `"${SEEDED_CLUSTER}"\n`, stderr: '' });
  });

  it('the token file names and contents hold neither the secret nor its start', async () => {
    const emu = await emulator();
    const configDir = tempDir('cdba-cred-');
    expectOk(await cdba(list, { env: bearerProfile(configDir, emu.url), configDir }), 'list');
    const [file] = tokenFiles(configDir);
    const unique = CLIENT_SECRET.slice('mdb_sa_sk_'.length);
    expect(file).not.toContain(unique.slice(0, 8));
    expect(readFileSync(join(configDir, 'tokens', file!), 'utf8')).not.toContain(unique.slice(0, 8));
  });

  it('profile remove deletes that profile\'s cached tokens, and only those', async () => {
    const emu = await emulator();
    const configDir = tempDir('cdba-cred-');
    await addSa(configDir, emu, 'one');
    await addSa(configDir, emu, 'two', CLIENT_ID_2, CLIENT_SECRET_2);
    expectOk(await cdba(['-P', 'one', ...list], { configDir }), 'list as one');
    const ofOne = tokenFiles(configDir);
    expect(ofOne).toHaveLength(1);
    expectOk(await cdba(['-P', 'two', ...list], { configDir }), 'list as two');
    const ofTwo = tokenFiles(configDir).filter((f) => !ofOne.includes(f));
    expect(ofTwo).toHaveLength(1);

    const removed = await cdba(['profile', 'remove', 'one', '--yes'], { configDir });
    expect(removed).toEqual({ exitCode: 0, stdout: '', stderr: 'cdba: profile "one" removed; it was the current one, so no profile is selected now: choose one with `cdba profile use <name>` (`cdba profile list` shows them)\n' });
    expect(tokenFiles(configDir)).toEqual(ofTwo);
  });

  it.each([
    ['set clientSecret', ['profile', 'set', 'sa', 'clientSecret', '-'], `${CLIENT_SECRET_2}\n`],
    ['set clientId', ['profile', 'set', 'sa', 'clientId', CLIENT_ID_2], ''],
    ['unset clientSecret', ['profile', 'unset', 'sa', 'clientSecret'], ''],
    ['unset clientId', ['profile', 'unset', 'sa', 'clientId'], ''],
    ['add --force with other credentials', ['profile', 'add', 'sa', '--force', '--client-id', CLIENT_ID_2, '--client-secret-stdin'], `${CLIENT_SECRET_2}\n`],
  ])('profile %s deletes the cached tokens of the old credentials', async (_label, args, input) => {
    const emu = await emulator();
    const configDir = tempDir('cdba-cred-');
    await addSa(configDir, emu, 'sa');
    expectOk(await cdba(list, { configDir }), 'list');
    expect(tokenFiles(configDir)).toHaveLength(1);
    const changed = await cdba(args, { configDir, input });
    expect({ exitCode: changed.exitCode, stdout: changed.stdout }).toEqual({ exitCode: 0, stdout: '' });
    expect(changed.stderr).toMatch(/^cdba: [^\n]+\n$/);
    expect(tokenFiles(configDir)).toEqual([]);
  });

  it('setting an unrelated key, or the same secret again, keeps the token', async () => {
    const emu = await emulator();
    const configDir = tempDir('cdba-cred-');
    await addSa(configDir, emu, 'sa');
    expectOk(await cdba(list, { configDir }), 'list');
    const before = tokenFiles(configDir);
    expect((await cdba(['profile', 'set', 'sa', 'output', 'json'], { configDir })).exitCode).toBe(0);
    expect((await cdba(['profile', 'set', 'sa', 'clientSecret', '-'], { configDir, input: CLIENT_SECRET })).exitCode).toBe(0);
    expect(tokenFiles(configDir)).toEqual(before);
  });
});

describe('profile show and list show no character of a secret', () => {
  const secretsIn = (text: string, secrets: string[]): string[] =>
    secrets.filter((secret) => Array.from({ length: secret.length - 3 }, (_, i) => secret.slice(i, i + 4)).some((w) => text.includes(w)));

  it('secrets from the profile and from the environment: "(set)" and where from', async () => {
    const configDir = tempDir('cdba-cred-');
    const add = await cdba(['profile', 'add', 'p', '--public-key', OWNER_PUBLIC, '--private-key-stdin'], { configDir, input: OWNER_PRIVATE });
    expect(add.exitCode, add.stderr).toBe(0);
    expect((await cdba(['profile', 'set', 'p', 'clientId', CLIENT_ID], { configDir })).exitCode).toBe(0);
    expect((await cdba(['profile', 'set', 'p', 'clientSecret', '-'], { configDir, input: CLIENT_SECRET })).exitCode).toBe(0);
    const secrets = [OWNER_PRIVATE, CLIENT_SECRET.slice('mdb_sa_sk_'.length), ENV_PRIVATE, ENV_SECRET];

    const fromProfile = await cdba(['profile', 'show', '-o', 'json'], { configDir });
    expectOk(fromProfile, 'show');
    const doc = JSON.parse(fromProfile.stdout) as { settings: Array<{ key: string; value: string; source: string }> };
    expect(doc.settings.filter((s) => ['publicKey', 'privateKey', 'clientId', 'clientSecret'].includes(s.key))).toEqual([
      { key: 'publicKey', value: OWNER_PUBLIC, source: 'profile' },
      { key: 'privateKey', value: '(set)', source: 'profile' },
      { key: 'clientId', value: CLIENT_ID, source: 'profile' },
      { key: 'clientSecret', value: '(set)', source: 'profile' },
    ]);

    const env = { CDBA_PRIVATE_KEY: ENV_PRIVATE, CDBA_CLIENT_SECRET: ENV_SECRET };
    const fromEnv = await cdba(['profile', 'show', '-o', 'json', '--query', "settings[?key=='privateKey' || key=='clientSecret']"], { configDir, env });
    expect(fromEnv).toEqual({
      exitCode: 0,
      stdout: '[{"key":"privateKey","value":"(set)","source":"env"},{"key":"clientSecret","value":"(set)","source":"env"}]\n',
      stderr: '',
    });

    for (const args of [['profile', 'show', '-o', 'table'], ['profile', 'show', '-o', 'pretty'], ['profile', 'list', '-o', 'json'], ['profile', 'list', '-o', 'table']]) {
      for (const runEnv of [{}, env]) {
        const result = await cdba(args, { configDir, env: runEnv });
        expect(result.exitCode).toBe(0);
        expect(secretsIn(result.stdout + result.stderr, secrets), `${args.join(' ')}: ${result.stdout}`).toEqual([]);
      }
    }
  });
});

describe('a token that cannot be stored', () => {
  it('with a directory where the token file goes: the command succeeds, one warning, no .tmp file left', async () => {
    const emu = await emulator();
    const configDir = tempDir('cdba-cred-');
    const target = new TokenFileCache(configDir, emu.url, CLIENT_ID, CLIENT_SECRET).file;
    // Where earlier versions put the same token (sha256 of base URL and client ID): blocked too.
    const earlier = join(configDir, 'tokens', `${createHash('sha256').update(`${emu.url}\n${CLIENT_ID}`).digest('hex')}.json`);
    for (const dir of [target, earlier]) mkdirSync(dir, { recursive: true });

    const result = await cdba(list, { env: bearerProfile(configDir, emu.url), configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('1\n');
    expect(result.stderr).toMatch(/^cdba: warning: cannot store the service-account token in \S+tokens: \S+ is not a regular file; the next run will ask for a new one\n$/);
    expect(readdirSync(join(configDir, 'tokens')).filter((name) => name.includes('.tmp'))).toEqual([]);
    expect(emu.stats().byPath['POST /api/oauth/token']).toBe(1);
  });
});

describe('caught before any request, nothing saved', () => {
  it('no credentials at all: exit 2 with how to set them, no request', async () => {
    const emu = await emulator();
    for (const args of [list, ['clusters', 'get', SEEDED_CLUSTER], ['api', `/groups/${PROJECT_ID}/clusters`]]) {
      const result = await cdba(args, { env: { CDBA_BASE_URL: emu.url, CDBA_PROJECT_ID: PROJECT_ID } });
      expectOneErrorLine(result, 2, /^cdba: no credentials are set for profile "default"; run cdba profile add, or set CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY \(or CDBA_CLIENT_ID and CDBA_CLIENT_SECRET\)\n$/);
      expect(result.stdout).toBe('');
    }
    expect(emu.stats().total).toBe(0);
  });

  it.each([
    ['no flags and empty stdin', ['profile', 'add', 'p'], ''],
    ['only settings, no credentials', ['--project-id', PROJECT_ID, 'profile', 'add', 'p'], ''],
  ])('profile add with %s: exit 2, no file written', async (_label, args, input) => {
    const configDir = join(tempDir('cdba-cred-'), 'cdba');
    const result = await cdba(args, { configDir, input });
    expectOneErrorLine(result, 2, /^cdba: profile add needs credentials: --public-key with --private-key-stdin, or --client-id with --client-secret-stdin; /);
    expect(result.stdout).toBe('');
    expect(existsSync(configDir)).toBe(false);
  });
});

describe('a config.json with values of the wrong JSON type', () => {
  const cases: Array<[string, unknown, string]> = [
    ['profiles is an array', { profiles: [] }, 'profiles must be an object, not an array'],
    ['profiles is null', { profiles: null }, 'profiles must be an object, not null'],
    ['profiles is a string', { currentProfile: 'p', profiles: 'prod' }, 'profiles must be an object, not a string'],
    ['a profile is a number', { profiles: { p: 1 } }, 'profiles.p must be an object, not a number'],
    ['a value is null', { currentProfile: 'p', profiles: { p: { projectId: null } } }, 'profiles.p.projectId must be a string, not null'],
    ['a value is a number', { currentProfile: 'p', profiles: { p: { baseUrl: 8080 } } }, 'profiles.p.baseUrl must be a string, not a number'],
    ['a secret is an object', { currentProfile: 'p', profiles: { p: { publicKey: 'k', privateKey: { v: 1 } } } }, 'profiles.p.privateKey must be a string, not an object'],
    ['currentProfile is a number', { currentProfile: 3, profiles: {} }, 'currentProfile must be a string, not a number'],
  ];

  it.each(cases)('%s: every command says so in one line (exit 2), and no write changes the file', async (_label, content, field) => {
    const configDir = tempDir('cdba-cred-');
    const path = join(configDir, 'config.json');
    const text = `${JSON.stringify(content, null, '\t')}\n`;
    writeFileSync(path, text, { mode: 0o600 });
    const message = new RegExp(`^cdba: invalid config file ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${field.replace(/[.[\]]/g, '\\$&')}; `);
    for (const [args, input] of [
      [['profile', 'list'], ''],
      [['profile', 'show'], ''],
      [['clusters', 'list'], ''],
      [['profile', 'set', 'p', 'projectId', PROJECT_ID], ''],
      [['profile', 'add', 'q', '--public-key', 'k', '--private-key-stdin'], 'secret-value\n'],
      [['profile', 'remove', 'p', '--yes'], ''],
      [['profile', 'rename', 'p', 'r'], ''],
      [['profile', 'use', 'p'], ''],
    ] as const) {
      const result = await cdba([...args], { configDir, input, env: digestEnv('http://127.0.0.1:9') });
      expectOneErrorLine(result, 2, message);
      expect(result.stdout).toBe('');
      expect(readFileSync(path, 'utf8'), `after ${args.join(' ')}`).toBe(text);
    }
  });
});
