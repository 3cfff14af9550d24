// Every `cdba profile` verb through the built bin/cdba.js, each in its own temporary
// CDBA_CONFIG_DIR. Every run is also checked for secrets in its stdout and stderr.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cdba as runCdba, tempDir, type CliResult, type InProcessOptions } from '../helpers/inProcess.js';

const PRIVATE_KEY = 'prv-7f3a9c1e5b2d-SECRET';
const CLIENT_SECRET = 'mdb_sa_sk_4e8b0d6f2a1c-SECRET';
const ENV_PRIVATE_KEY = 'env-9d1b7e3f5a0c-SECRET';
const ENV_CLIENT_SECRET = 'env-sa-2c6e0a8d4b1f-SECRET';
const ROTATED_KEY = 'rot-1a2b3c4d5e6f-SECRET';
const ARGV_SECRET = 'argv-0f9e8d7c6b5a-SECRET';
const SECRETS = [PRIVATE_KEY, CLIENT_SECRET, ENV_PRIVATE_KEY, ENV_CLIENT_SECRET, ROTATED_KEY, ARGV_SECRET];

const PROJECT_A = '5f0c8a1e2b3c4d5e6f708192';
const PROJECT_B = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const PROJECT_C = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const ESC = '\u001b[';

/** Any part of a secret past the four characters a mask may show. */
function leaks(text: string): string[] {
  return SECRETS.filter((secret) => text.includes(secret.slice(4, 16)));
}

/** Runs cdba and fails the calling test if any secret shows up in its output. */
async function cdba(args: string[], options: InProcessOptions = {}): Promise<CliResult> {
  const result = await runCdba(args, options);
  expect(leaks(result.stdout), `stdout of cdba ${args.join(' ')}`).toEqual([]);
  expect(leaks(result.stderr), `stderr of cdba ${args.join(' ')}`).toEqual([]);
  return result;
}

/** Asserts a usage error: exit 2, nothing on stdout, exactly one stderr line, no stack. */
function expectUsageError(result: CliResult, message: RegExp): void {
  expect(result.exitCode).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^cdba: [^\n]+\n$/);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
}

const configPath = (dir: string): string => join(dir, 'config.json');
const readConfig = (dir: string): { currentProfile?: string; profiles: Record<string, Record<string, string>> } =>
  JSON.parse(readFileSync(configPath(dir), 'utf8'));
const mode = (path: string): number => statSync(path).mode & 0o777;

async function addApiKeyProfile(dir: string, name: string, extra: string[] = [], key = PRIVATE_KEY): Promise<void> {
  const result = await cdba(['profile', 'add', name, '--public-key', 'abcdefgh', '--private-key-stdin', ...extra], {
    configDir: dir,
    input: `${key}\n`,
  });
  expect(result.exitCode, result.stderr).toBe(0);
}

/** Writes a config file directly (as conf formats it), for tests whose subject is another verb. */
function seedConfig(dir: string, profiles: Record<string, Record<string, string>>, currentProfile = Object.keys(profiles)[0]): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const config = currentProfile ? { profiles, currentProfile } : { profiles };
  writeFileSync(configPath(dir), JSON.stringify(config, null, '\t'), { mode: 0o600 });
}

const KEYED = { publicKey: 'abcdefgh', privateKey: PRIVATE_KEY };

async function setValue(dir: string, name: string, key: string, value: string): Promise<void> {
  const result = await cdba(['profile', 'set', name, key, value], { configDir: dir });
  expect(result.exitCode, result.stderr).toBe(0);
}

describe.concurrent('profile add', () => {
  it('without a TTY takes flags and the private key from stdin', async () => {
    const dir = tempDir();
    const result = await cdba(
      [
        '--base-url', 'http://127.0.0.1:4010/', '--project-id', PROJECT_A.toUpperCase(), '--api-version', 'v1.0', '-o', 'pretty',
        'profile', 'add', 'ci', '--public-key', 'abcdefgh', '--private-key-stdin', '--ca-file', '/etc/ssl/private-ca.pem', '--service', 'atlas',
      ],
      { configDir: dir, input: `${PRIVATE_KEY}\n` },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: profile "ci" saved in ${configPath(dir)}\n`);
    expect(readConfig(dir)).toEqual({
      currentProfile: 'ci',
      profiles: {
        ci: {
          publicKey: 'abcdefgh',
          privateKey: PRIVATE_KEY,
          caFile: '/etc/ssl/private-ca.pem',
          service: 'atlas',
          baseUrl: 'http://127.0.0.1:4010',
          projectId: PROJECT_A,
          apiVersion: 'v1.0',
          output: 'pretty',
        },
      },
    });
  });

  it('a relative --ca-file is saved absolute, against the directory it was typed in', async () => {
    const dir = tempDir();
    const result = await cdba(['profile', 'add', 'ca', '--public-key', 'abcdefgh', '--private-key-stdin', '--ca-file', 'ca.pem'], { configDir: dir, input: `${PRIVATE_KEY}\n` });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readConfig(dir).profiles.ca!.caFile).toBe(join(process.cwd(), 'ca.pem'));
  });

  it('takes global flags after the verb too, as the help example writes them', async () => {
    const dir = tempDir();
    const result = await cdba(['profile', 'add', 'ci', '--public-key', 'abcdefgh', '--project-id', PROJECT_A, '--private-key-stdin', '-o', 'json'], {
      configDir: dir,
      input: PRIVATE_KEY,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(readConfig(dir).profiles.ci).toEqual({ publicKey: 'abcdefgh', privateKey: PRIVATE_KEY, projectId: PROJECT_A, output: 'json' });
  });

  it('a service account: client ID and the secret from stdin', async () => {
    const dir = tempDir();
    const result = await cdba(['profile', 'add', 'sa', '--client-id', 'mdb_sa_id_1234', '--client-secret-stdin'], {
      configDir: dir,
      input: `${CLIENT_SECRET}\r\n`,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: profile "sa" saved in ${configPath(dir)}\n`);
    expect(readConfig(dir).profiles.sa).toEqual({ clientId: 'mdb_sa_id_1234', clientSecret: CLIENT_SECRET });
  });

  it('the first profile becomes current; later ones only with --use', async () => {
    const dir = tempDir();
    await addApiKeyProfile(dir, 'first');
    await addApiKeyProfile(dir, 'second');
    expect(readConfig(dir).currentProfile).toBe('first');
    await addApiKeyProfile(dir, 'third', ['--use']);
    expect(readConfig(dir).currentProfile).toBe('third');
    expect(Object.keys(readConfig(dir).profiles).sort()).toEqual(['first', 'second', 'third']);
  });

  it('a name that exists is refused (exit 2) and the file is left as it was', async () => {
    const dir = tempDir();
    await addApiKeyProfile(dir, 'prod', ['--project-id', PROJECT_A]);
    const before = readFileSync(configPath(dir));
    const result = await cdba(['profile', 'add', 'prod', '--client-id', 'other', '--client-secret-stdin'], { configDir: dir, input: CLIENT_SECRET });
    expectUsageError(result, /^cdba: profile "prod" already exists; pass --force to replace it\n$/);
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });

  it.each([
    ['on a terminal, before any question', ['profile', 'add', 'prod'], true, `abcdefgh\n${ROTATED_KEY}\n\n\n`],
    ['without a terminal, before stdin is read', ['profile', 'add', 'prod', '--public-key', 'abcdefgh', '--private-key-stdin'], false, ''],
  ])('a name that exists is refused %s', async (_label, args, tty, input) => {
    const dir = tempDir();
    await addApiKeyProfile(dir, 'prod');
    const before = readFileSync(configPath(dir));
    // Empty stdin without a terminal: a read would have been refused as "stdin was empty" first.
    const result = await cdba(args, { configDir: dir, tty, env: { NO_COLOR: '1' }, input });
    expectUsageError(result, /^cdba: profile "prod" already exists; pass --force to replace it\n$/);
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });

  it('--force replaces the whole profile', async () => {
    const dir = tempDir();
    await addApiKeyProfile(dir, 'prod', ['--project-id', PROJECT_A]);
    await addApiKeyProfile(dir, 'other');
    const result = await cdba(['profile', 'add', 'prod', '--force', '--client-id', 'mdb_sa_id_9', '--client-secret-stdin'], {
      configDir: dir,
      input: CLIENT_SECRET,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: profile "prod" saved in ${configPath(dir)}\n`);
    expect(readConfig(dir)).toEqual({
      currentProfile: 'prod',
      profiles: {
        prod: { clientId: 'mdb_sa_id_9', clientSecret: CLIENT_SECRET },
        other: { publicKey: 'abcdefgh', privateKey: PRIVATE_KEY },
      },
    });
  });

  it.each([
    ['a public key without its private key', ['profile', 'add', 'p', '--public-key', 'abcdefgh'], '', /a public key needs its private key: pass --private-key-stdin/],
    ['a client ID without its secret', ['profile', 'add', 'p', '--client-id', 'id'], '', /a client ID needs its secret/],
    ['both secrets from stdin', ['profile', 'add', 'p', '--public-key', 'k', '--private-key-stdin', '--client-id', 'i', '--client-secret-stdin'], PRIVATE_KEY, /only one secret can come from stdin/],
    ['an empty stdin', ['profile', 'add', 'p', '--public-key', 'k', '--private-key-stdin'], '', /--private-key-stdin: stdin was empty/],
    ['two lines on stdin', ['profile', 'add', 'p', '--public-key', 'k', '--private-key-stdin'], `${PRIVATE_KEY}\nsecond\n`, /--private-key-stdin: expected one line on stdin/],
    ['a bad profile name', ['profile', 'add', 'no/slash', '--public-key', 'k', '--private-key-stdin'], PRIVATE_KEY, /invalid profile name "no\/slash"/],
    ['an http base URL to a remote host', ['--base-url', 'http://example.com', 'profile', 'add', 'p', '--public-key', 'k', '--private-key-stdin'], PRIVATE_KEY, /refusing http:\/\/ base URL from --base-url for non-loopback host example\.com/],
    ['a bad project ID', ['--project-id', 'xyz', 'profile', 'add', 'p', '--public-key', 'k', '--private-key-stdin'], PRIVATE_KEY, /invalid project ID "xyz" from --project-id: /],
    ['an impossible API version', ['--api-version', '2023-02-30', 'profile', 'add', 'p', '--public-key', 'k', '--private-key-stdin'], PRIVATE_KEY, /invalid API version "2023-02-30" from --api-version: /],
    ['a secret on argv', ['profile', 'add', 'p', '--public-key', 'k', '--private-key', ARGV_SECRET], '', /unknown option '--private-key'/],
  ])('refuses %s with exit 2 and writes nothing', async (_label, args, input, message) => {
    const dir = tempDir();
    const result = await cdba(args, { configDir: dir, input });
    expectUsageError(result, message);
    expect(existsSync(configPath(dir)) ? readConfig(dir).profiles : {}).toEqual({});
  });

  it.each([
    ['--private-key-stdin', ['--public-key', 'abcdefgh'], 'key'],
    ['--client-secret-stdin', ['--client-id', 'mdb_sa_id_1234'], 'secret'],
  ])('%s with a terminal as stdin, where the secret would echo: refused before it is read (exit 2)', async (flag, credential, what) => {
    const dir = tempDir();
    const result = await cdba(['profile', 'add', 'p', ...credential, flag], { configDir: dir, tty: true, env: { NO_COLOR: '1' }, input: `${PRIVATE_KEY}\n` });
    expectUsageError(result, new RegExp(`^cdba: ${flag}: stdin is a terminal; pipe the ${what} in, or leave the flag out to be asked with the ${what} hidden\n$`));
    expect(existsSync(configPath(dir))).toBe(false);
  });

  it('on a TTY, prompts for what is missing and hides the private key (CDBA_FORCE_TTY with piped answers)', async () => {
    // Known src bug: each prompt opens its own readline on stdin, and the first one
    // swallows the buffered answers to the later ones ("stdin closed", exit 1).
    const dir = tempDir();
    const result = await cdba(['profile', 'add', 'tty'], {
      configDir: dir,
      env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' },
      input: `abcdefgh\n${PRIVATE_KEY}\n${PROJECT_A}\n\n`,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Private key (hidden): ');
    expect(readConfig(dir).profiles.tty).toEqual({ publicKey: 'abcdefgh', privateKey: PRIVATE_KEY, projectId: PROJECT_A });
  });
});

describe('profile list', () => {
  const dir = tempDir();

  beforeAll(async () => {
    await addApiKeyProfile(dir, 'keyed', ['--project-id', PROJECT_A, '--base-url', 'http://127.0.0.1:4010', '--api-version', 'v1.0']);
    const sa = await cdba(['profile', 'add', 'account', '--client-id', 'mdb_sa_id_1', '--client-secret-stdin'], { configDir: dir, input: CLIENT_SECRET });
    expect(sa.exitCode, sa.stderr).toBe(0);
    await setValue(dir, 'bare', 'apiVersion', '2024-08-05');
  });

  describe.concurrent('formats', () => {
    it('json by default in a pipe, sorted by name, current marked, no secrets', async () => {
      const result = await cdba(['profile', 'list'], { configDir: dir });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(
        `${JSON.stringify([
          { name: 'account', current: false, auth: 'service-account' },
          { name: 'bare', current: false, auth: 'none', apiVersion: '2024-08-05' },
          { name: 'keyed', current: true, auth: 'api-key', projectId: PROJECT_A, baseUrl: 'http://127.0.0.1:4010', apiVersion: 'v1.0' },
        ])}\n`,
      );
    });

    it('-o table in a pipe is tab-separated with a header row and no colour', async () => {
      const result = await cdba(['profile', 'list', '-o', 'table'], { configDir: dir, env: { FORCE_COLOR: '3' } });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(
        [
          'NAME\tAUTH\tPROJECT ID\tBASE URL\tAPI VERSION',
          'account\tservice-account\t\t\t',
          'bare\tnone\t\t\t2024-08-05',
          `keyed *\tapi-key\t${PROJECT_A}\thttp://127.0.0.1:4010\tv1.0`,
          '',
        ].join('\n'),
      );
    });

    it('a table by default on a TTY, aligned with spaces', async () => {
      const result = await cdba(['profile', 'list'], { configDir: dir, env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' } });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout.split('\n')).toEqual([
        'NAME     AUTH             PROJECT ID                BASE URL               API VERSION',
        'account  service-account',
        'bare     none                                                              2024-08-05',
        `keyed *  api-key          ${PROJECT_A}  http://127.0.0.1:4010  v1.0`,
        '',
      ]);
    });

    it('colour on a TTY, none with --no-color', async () => {
      const coloured = await cdba(['profile', 'list'], { configDir: dir, env: { CDBA_FORCE_TTY: '1' } });
      expect(coloured.exitCode).toBe(0);
      expect(coloured.stderr).toBe('');
      expect(coloured.stdout.split('\n')[0]).toContain(`${ESC}1mNAME${ESC}22m`);

      const plain = await cdba(['--no-color', 'profile', 'list'], { configDir: dir, env: { CDBA_FORCE_TTY: '1' } });
      expect(plain.exitCode).toBe(0);
      expect(plain.stderr).toBe('');
      expect(plain.stdout).not.toContain(ESC);
      expect(plain.stdout.split('\n')[0]).toMatch(/^NAME {2,}AUTH/);
    });

    it('-o pretty, and the ls alias', async () => {
      const result = await cdba(['profile', 'ls', '-o', 'pretty'], { configDir: dir });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^\[\n {2}\{\n {4}"name": "account",/);
      expect(JSON.parse(result.stdout).map((p: { name: string }) => p.name)).toEqual(['account', 'bare', 'keyed']);
    });

    it('no config file: an empty list', async () => {
      const result = await cdba(['profile', 'list']);
      expect(result).toEqual({ exitCode: 0, stdout: '[]\n', stderr: '' });
    });

    it('a bad setting the listing does not use (a project ID, a base URL) stops it no more than it stops -o table; a bad output still does', async () => {
      const names = (stdout: string): string[] => (JSON.parse(stdout) as Array<{ name: string }>).map((p) => p.name);
      for (const env of [{ CDBA_PROJECT_ID: 'xyz' }, { CDBA_BASE_URL: 'http://evil.example.com' }]) {
        const plain = await cdba(['profile', 'list'], { configDir: dir, env });
        expect(plain.exitCode, plain.stderr).toBe(0);
        expect(plain.stderr).toBe('');
        expect(names(plain.stdout)).toEqual(['account', 'bare', 'keyed']);
        const table = await cdba(['profile', 'list'], { configDir: dir, env: { ...env, CDBA_FORCE_TTY: '1', NO_COLOR: '1' } });
        expect(table.exitCode, table.stderr).toBe(0);
        expect(table.stdout.split('\n')[0]).toMatch(/^NAME {2,}AUTH/);
      }
      // The current profile's own base URL, hand-edited to plain http: listing is how one finds it to fix.
      const edited = tempDir();
      seedConfig(edited, { evil: { ...KEYED, baseUrl: 'http://evil.example.com', output: 'pretty' }, good: KEYED });
      const listed = await cdba(['profile', 'list'], { configDir: edited });
      expect(listed.exitCode, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/^\[\n {2}\{\n {4}"name": "evil",/);
      for (const [command, out] of [[['version'], /^\d+\.\d+\.\d+/], [['conn-string', 'parse', 'mongodb://h1.example.net/'], /"hosts"/]] as const) {
        const result = await cdba([...command], { configDir: edited, env: { CDBA_PROJECT_ID: 'xyz' } });
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stdout).toMatch(out);
      }
      // The output setting itself is still checked, named where it came from.
      expectUsageError(await cdba(['profile', 'list'], { configDir: dir, env: { CDBA_OUTPUT: 'yaml' } }), /^cdba: invalid output format "yaml" from CDBA_OUTPUT/);
      seedConfig(edited, { evil: { ...KEYED, output: 'yaml' } });
      expectUsageError(await cdba(['profile', 'list'], { configDir: edited }), /^cdba: invalid output format "yaml" from profile "evil" output/);
    });

    it('on a TTY, a setting no profile sets has no column (API VERSION, BASE URL); a pipe keeps the header', async () => {
      const plain = tempDir();
      await addApiKeyProfile(plain, 'emu', ['--project-id', PROJECT_A]);
      const table = await cdba(['profile', 'list'], { configDir: plain, env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' } });
      expect(table.exitCode, table.stderr).toBe(0);
      expect(table.stdout.split('\n')).toEqual(['NAME   AUTH     PROJECT ID', `emu *  api-key  ${PROJECT_A}`, '']);
      const piped = await cdba(['profile', 'list', '-o', 'table'], { configDir: plain });
      expect(piped.stdout.split('\n')[0]).toBe('NAME\tAUTH\tPROJECT ID\tBASE URL\tAPI VERSION');
    });
  });
});

interface ShowDocument {
  profile: string;
  exists: boolean;
  profileSource: string;
  settings: Array<{ key: string; value: string; source: string }>;
}

async function show(args: string[], options: InProcessOptions): Promise<ShowDocument> {
  const result = await cdba(['profile', 'show', '-o', 'json', ...args], options);
  expect(result.exitCode, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  expect(result.stdout.split('\n')).toHaveLength(2);
  return JSON.parse(result.stdout) as ShowDocument;
}

const setting = (doc: ShowDocument, key: string) => doc.settings.find((s) => s.key === key);

describe('profile show', () => {
  const dir = tempDir();

  beforeAll(async () => {
    await addApiKeyProfile(dir, 'prod', ['--project-id', PROJECT_A, '--api-version', 'v1.0', '--base-url', 'https://cloud.mongodb.com']);
    const sa = await cdba(['profile', 'add', 'sa', '--client-id', 'mdb_sa_id_1', '--client-secret-stdin'], { configDir: dir, input: CLIENT_SECRET });
    expect(sa.exitCode, sa.stderr).toBe(0);
  });

  describe.concurrent('sources and masking', () => {
    it('each value with its source (flag, env, profile, default); of a secret only that it is set', async () => {
      const doc = await show(['--project-id', PROJECT_B], { configDir: dir, env: { CDBA_API_VERSION: '2024-08-05' } });
      expect(doc).toEqual({
        profile: 'prod',
        exists: true,
        profileSource: 'profile',
        settings: [
          { key: 'baseUrl', value: 'https://cloud.mongodb.com', source: 'profile' },
          { key: 'publicKey', value: 'abcdefgh', source: 'profile' },
          { key: 'privateKey', value: '(set)', source: 'profile' },
          { key: 'projectId', value: PROJECT_B, source: 'flag' },
          { key: 'apiVersion', value: '2024-08-05', source: 'env' },
          { key: 'output', value: 'json', source: 'flag' },
          { key: 'service', value: 'atlas', source: 'default' },
        ],
      });
    });

    it('secrets from the environment show no character either', async () => {
      const doc = await show(['sa'], {
        configDir: dir,
        env: { CDBA_PRIVATE_KEY: ENV_PRIVATE_KEY, CDBA_PUBLIC_KEY: 'envpub', CDBA_CLIENT_SECRET: 'short' },
      });
      expect(doc.profile).toBe('sa');
      expect(doc.profileSource).toBe('flag');
      expect(setting(doc, 'privateKey')).toEqual({ key: 'privateKey', value: '(set)', source: 'env' });
      expect(setting(doc, 'clientSecret')).toEqual({ key: 'clientSecret', value: '(set)', source: 'env' });
      expect(setting(doc, 'clientId')).toEqual({ key: 'clientId', value: 'mdb_sa_id_1', source: 'profile' });
    });

    it('the profile\'s own client secret shows no character', async () => {
      const doc = await show(['sa'], { configDir: dir, env: { CDBA_CLIENT_SECRET: '' } });
      expect(setting(doc, 'clientSecret')).toEqual({ key: 'clientSecret', value: '(set)', source: 'profile' });
    });

    it('as a table in a pipe: KEY, VALUE, SOURCE', async () => {
      const result = await cdba(['profile', 'show', '-o', 'table'], { configDir: dir });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(
        [
          'KEY\tVALUE\tSOURCE',
          'baseUrl\thttps://cloud.mongodb.com\tprofile',
          'publicKey\tabcdefgh\tprofile',
          'privateKey\t(set)\tprofile',
          `projectId\t${PROJECT_A}\tprofile`,
          'apiVersion\tv1.0\tprofile',
          'output\ttable\tflag',
          'service\tatlas\tdefault',
          '',
        ].join('\n'),
      );
    });

    it('as a table on a TTY', async () => {
      const result = await cdba(['profile', 'show', 'sa'], { configDir: dir, env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' } });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout.split('\n')).toEqual([
        'KEY           VALUE                      SOURCE',
        'baseUrl       https://cloud.mongodb.com  default',
        'clientId      mdb_sa_id_1                profile',
        'clientSecret  (set)                      profile',
        'apiVersion    2024-11-13                 default',
        'service       atlas                      default',
        '',
      ]);
    });

    it('on a narrow terminal KEY stays beside a value wider than the line (the line wraps); SOURCE goes', async () => {
      const caFile = `/tmp/${'a-very-long-path-'.repeat(5)}/ca.pem`;
      const seeded = tempDir();
      seedConfig(seeded, { staging: { ...KEYED, caFile } });
      const wide = await cdba(['profile', 'show'], { configDir: seeded, tty: true, columns: 100, env: { NO_COLOR: '1' } });
      expect(wide.exitCode, wide.stderr).toBe(0);
      const lines = wide.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^KEY +VALUE$/);
      expect(lines).toContain(`caFile      ${caFile}`);
      expect(lines.slice(1).map((l) => l.split(/ +/)[0])).toEqual(['baseUrl', 'publicKey', 'privateKey', 'apiVersion', 'caFile', 'service']);
      // The default profile at 30 columns: the base URL alone fits, not with its key; the key stays.
      const narrow = await cdba(['profile', 'show'], { tty: true, columns: 30, env: { NO_COLOR: '1' } });
      expect(narrow.exitCode, narrow.stderr).toBe(0);
      expect(narrow.stdout.split('\n')).toEqual(['KEY         VALUE', 'baseUrl     https://cloud.mongodb.com', 'apiVersion  2024-11-13', 'service     atlas', '']);
    });

    it('with no config, the defaults of the "default" profile', async () => {
      const doc = await show([], {});
      expect(doc).toEqual({
        profile: 'default',
        exists: false,
        profileSource: 'default',
        settings: [
          { key: 'baseUrl', value: 'https://cloud.mongodb.com', source: 'default' },
          { key: 'apiVersion', value: '2024-11-13', source: 'default' },
          { key: 'output', value: 'json', source: 'flag' },
          { key: 'service', value: 'atlas', source: 'default' },
        ],
      });
    });

    it.each([
      ['as an argument', ['profile', 'show', 'nope'], 'cdba profile list'],
      ['with -P', ['-P', 'nope', 'profile', 'show'], 'cdba -P nope profile list'],
    ])('a profile that does not exist, named %s, exits 2', async (_label, args, hint) => {
      expectUsageError(await cdba(args, { configDir: dir }), new RegExp(`^cdba: profile "nope" does not exist; see ${hint}\n$`));
    });
  });
});

describe('precedence end to end (flag > env > profile > default)', () => {
  const dir = tempDir();

  beforeAll(async () => {
    await addApiKeyProfile(dir, 'main', ['--project-id', PROJECT_A, '--api-version', 'v1.0', '--base-url', 'http://127.0.0.1:4010']);
    await addApiKeyProfile(dir, 'from-env', ['--project-id', PROJECT_B]);
    await addApiKeyProfile(dir, 'from-flag', ['--project-id', PROJECT_C]);
    await addApiKeyProfile(dir, 'bare');
  });

  const KEYS = [
    { key: 'projectId', flag: ['--project-id', PROJECT_C], env: { CDBA_PROJECT_ID: PROJECT_B }, profileValue: PROJECT_A, values: { env: PROJECT_B, flag: PROJECT_C }, defaultValue: undefined },
    { key: 'apiVersion', flag: ['--api-version', '2025-01-01'], env: { CDBA_API_VERSION: '2024-08-05' }, profileValue: 'v1.0', values: { env: '2024-08-05', flag: '2025-01-01' }, defaultValue: '2024-11-13' },
    { key: 'baseUrl', flag: ['--base-url', 'https://flag.example.com'], env: { CDBA_BASE_URL: 'http://[::1]:4010' }, profileValue: 'http://127.0.0.1:4010', values: { env: 'http://[::1]:4010', flag: 'https://flag.example.com' }, defaultValue: 'https://cloud.mongodb.com' },
  ] as const;

  const rows = KEYS.flatMap((k) => [
    { ...k, level: 'default', profile: 'bare', args: [] as readonly string[], env: {}, expected: k.defaultValue },
    { ...k, level: 'profile', profile: 'main', args: [] as readonly string[], env: {}, expected: k.profileValue },
    { ...k, level: 'env', profile: 'main', args: [] as readonly string[], env: k.env, expected: k.values.env },
    { ...k, level: 'flag', profile: 'main', args: k.flag, env: k.env, expected: k.values.flag },
  ]);

  describe.concurrent('settings', () => {
    it.each(rows.map((r) => [r.key, r.level, r] as const))('%s from %s', async (_key, level, row) => {
      const doc = await show(['-P', row.profile, ...row.args], { configDir: dir, env: row.env });
      if (row.expected === undefined) {
        expect(setting(doc, row.key)).toBeUndefined();
      } else {
        expect(setting(doc, row.key)).toEqual({ key: row.key, value: row.expected, source: level });
      }
    });
  });

  describe.concurrent('output', () => {
    // The current profile has no output of its own; pretty-profile says pretty.
    const outputDir = tempDir();
    seedConfig(outputDir, { plain: KEYED, 'pretty-profile': { ...KEYED, output: 'pretty' } }, 'plain');

    it.each([
      ['default: json in a pipe', [], {}, undefined, false],
      ['profile: pretty', ['-P', 'pretty-profile'], {}, 'profile', true],
      ['env CDBA_OUTPUT=json beats the profile', ['-P', 'pretty-profile'], { CDBA_OUTPUT: 'json' }, 'env', false],
      ['flag -o pretty beats env', ['-P', 'pretty-profile', '-o', 'pretty'], { CDBA_OUTPUT: 'json' }, 'flag', true],
    ] as const)('%s', async (_label, args, env, source, pretty) => {
      const result = await cdba(['profile', 'show', ...args], { configDir: outputDir, env });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      const doc = JSON.parse(result.stdout) as ShowDocument;
      expect(result.stdout).toBe(`${JSON.stringify(doc, null, pretty ? 2 : undefined)}\n`);
      expect(setting(doc, 'output')?.source).toBe(source);
    });
  });

  describe.concurrent('which profile', () => {
    it.each([
      ['the current profile', [], {}, 'main', 'profile'],
      ['CDBA_PROFILE beats the current profile', [], { CDBA_PROFILE: 'from-env' }, 'from-env', 'env'],
      ['-P beats CDBA_PROFILE', ['-P', 'from-flag'], { CDBA_PROFILE: 'from-env' }, 'from-flag', 'flag'],
      ['--profile, the long form', ['--profile', 'from-flag'], {}, 'from-flag', 'flag'],
    ] as const)('%s', async (_label, args, env, profile, source) => {
      const doc = await show([...args], { configDir: dir, env });
      expect([doc.profile, doc.profileSource]).toEqual([profile, source]);
      expect(setting(doc, 'projectId')).toEqual({
        key: 'projectId',
        value: { main: PROJECT_A, 'from-env': PROJECT_B, 'from-flag': PROJECT_C }[profile],
        source: 'profile',
      });
    });
  });
});

describe.concurrent('profile use', () => {
  it('makes a profile the current one', async () => {
    const dir = tempDir();
    seedConfig(dir, { a: KEYED, b: KEYED });
    const result = await cdba(['profile', 'use', 'b'], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: 'cdba: now using profile "b"\n' });
    expect(readConfig(dir).currentProfile).toBe('b');
    expect((await show([], { configDir: dir })).profile).toBe('b');
  });

  it('refuses a profile that does not exist', async () => {
    const dir = tempDir();
    seedConfig(dir, { a: KEYED });
    const before = readFileSync(configPath(dir));
    expectUsageError(await cdba(['profile', 'use', 'nope'], { configDir: dir }), /^cdba: profile "nope" does not exist; see cdba profile list\n$/);
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });
});

describe.concurrent('profile set', () => {
  it.each([
    ['projectId', PROJECT_A.toUpperCase(), 'projectId', PROJECT_A],
    ['project-id', PROJECT_A, 'projectId', PROJECT_A],
    ['project_id', PROJECT_A, 'projectId', PROJECT_A],
    ['baseUrl', 'http://localhost:4010/', 'baseUrl', 'http://localhost:4010'],
    ['base-url', 'https://cloud.mongodb.com', 'baseUrl', 'https://cloud.mongodb.com'],
    ['apiVersion', 'v1.0', 'apiVersion', 'v1.0'],
    ['apiVersion', '2024-02-29', 'apiVersion', '2024-02-29'],
    ['output', 'pretty', 'output', 'pretty'],
    ['publicKey', 'abcdefgh', 'publicKey', 'abcdefgh'],
    ['caFile', '/etc/ssl/ca.pem', 'caFile', '/etc/ssl/ca.pem'],
    ['caFile', 'certs/ca.pem', 'caFile', join(process.cwd(), 'certs', 'ca.pem')], // absolute: found from any directory
    ['service', 'atlas', 'service', 'atlas'],
  ])('%s %s is stored as %s=%s', async (key, value, storedKey, stored) => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const result = await cdba(['profile', 'set', 'p', key, value], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: `cdba: p.${storedKey} set\n` });
    expect(readConfig(dir).profiles.p).toEqual({ publicKey: 'abcdefgh', privateKey: PRIVATE_KEY, [storedKey]: stored });
  });

  it('creates the profile when needed and makes it current if none is', async () => {
    const dir = tempDir();
    const result = await cdba(['profile', 'set', 'fresh', 'projectId', PROJECT_B], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: 'cdba: fresh.projectId set\n' });
    expect(readConfig(dir)).toEqual({ currentProfile: 'fresh', profiles: { fresh: { projectId: PROJECT_B } } });
  });

  it.each([
    ['privateKey', ROTATED_KEY],
    ['private-key', ROTATED_KEY],
    ['clientSecret', CLIENT_SECRET],
  ])('a secret (%s) is read from stdin with -', async (key, secret) => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const result = await cdba(['profile', 'set', 'p', key, '-'], { configDir: dir, input: `${secret}\n` });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: p\.(privateKey|clientSecret) set\n$/);
    const profile = readConfig(dir).profiles.p!;
    expect(key.startsWith('client') ? profile.clientSecret : profile.privateKey).toBe(secret);
  });

  it.each([
    ['privateKey', 'key'],
    ['clientSecret', 'secret'],
  ])('%s - with a terminal as stdin, where the secret would echo: refused before it is read (exit 2), the file unchanged', async (key, what) => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const before = readFileSync(configPath(dir));
    const result = await cdba(['profile', 'set', 'p', key, '-'], { configDir: dir, tty: true, env: { NO_COLOR: '1' }, input: `${ROTATED_KEY}\n` });
    expectUsageError(result, new RegExp(`^cdba: ${key} -: stdin is a terminal, which would show the ${what} as it is typed; pipe it in \\(pass show atlas/key \\| cdba profile set p ${key} -\\)\n$`));
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });

  it('a non-secret value can come from stdin too', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const result = await cdba(['profile', 'set', 'p', 'projectId', '-'], { configDir: dir, input: `${PROJECT_C}\n` });
    expect(result.exitCode).toBe(0);
    expect(readConfig(dir).profiles.p?.projectId).toBe(PROJECT_C);
  });

  it.each([
    ['an http base URL to a remote host', ['baseUrl', 'http://example.com'], '', /refusing http:\/\/ base URL for non-loopback host example\.com: use https; plain http is allowed only for/],
    ['a base URL with a path', ['baseUrl', 'https://cloud.mongodb.com/api/atlas/v2'], '', /give only scheme, host and port/],
    ['a base URL that is not a URL', ['baseUrl', 'cloud.mongodb.com'], '', /invalid base URL "cloud\.mongodb\.com": not a URL/],
    ['a short project ID', ['projectId', '5f0c8a1e'], '', /invalid project ID "5f0c8a1e": expected 24 hexadecimal characters/],
    ['a non-hex project ID', ['projectId', 'zzzzzzzzzzzzzzzzzzzzzzzz'], '', /invalid project ID/],
    ['an impossible date', ['apiVersion', '2023-02-30'], '', /invalid API version "2023-02-30"/],
    ['month 13', ['apiVersion', '2023-13-01'], '', /invalid API version "2023-13-01"/],
    ['a two-digit year', ['apiVersion', '23-02-01'], '', /invalid API version "23-02-01"/],
    ['an unknown output', ['output', 'yaml'], '', /invalid output format "yaml": expected one of table, json, pretty/],
    ['an unknown key', ['colour', 'blue'], '', /unknown profile key "colour"/],
    ['a private key inline', ['privateKey', ARGV_SECRET], '', /^cdba: privateKey is a secret and is never taken from the command line; pass - and give it on stdin\n$/],
    ['a client secret inline', ['client-secret', ARGV_SECRET], '', /clientSecret is a secret and is never taken from the command line/],
    ['an empty secret on stdin', ['privateKey', '-'], '\n', /privateKey must not be empty/],
    ['a two-line secret on stdin', ['privateKey', '-'], `${ROTATED_KEY}\nmore\n`, /privateKey must be a single line/],
  ])('refuses %s: exit 2, file unchanged byte for byte', async (_label, keyValue, input, message) => {
    const dir = tempDir();
    seedConfig(dir, { p: { ...KEYED, projectId: PROJECT_A } });
    const before = readFileSync(configPath(dir));
    expectUsageError(await cdba(['profile', 'set', 'p', ...keyValue], { configDir: dir, input }), message);
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });

  it('refuses a bad profile name before touching the file', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const before = readFileSync(configPath(dir));
    expectUsageError(await cdba(['profile', 'set', '../p', 'output', 'json'], { configDir: dir }), /invalid profile name/);
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });
});

describe.concurrent('profile unset', () => {
  it('removes one key, so the default or env applies again', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: { ...KEYED, apiVersion: 'v1.0', projectId: PROJECT_A } });
    const result = await cdba(['profile', 'unset', 'p', 'api-version'], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: 'cdba: p.apiVersion removed\n' });
    expect(readConfig(dir).profiles.p).toEqual({ publicKey: 'abcdefgh', privateKey: PRIVATE_KEY, projectId: PROJECT_A });
    expect(setting(await show([], { configDir: dir }), 'apiVersion')).toEqual({ key: 'apiVersion', value: '2024-11-13', source: 'default' });
  });

  it('can remove a stored secret', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const result = await cdba(['profile', 'unset', 'p', 'privateKey'], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: 'cdba: p.privateKey removed\n' });
    expect(readConfig(dir).profiles.p).toEqual({ publicKey: 'abcdefgh' });
  });

  it.each([
    ['a profile that does not exist', ['nope', 'output'], /profile "nope" does not exist/],
    ['an unknown key', ['p', 'colour'], /unknown profile key "colour"/],
  ])('refuses %s with exit 2', async (_label, args, message) => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const before = readFileSync(configPath(dir));
    expectUsageError(await cdba(['profile', 'unset', ...args], { configDir: dir }), message);
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });
});

const CHOOSE = 'choose one with `cdba profile use <name>` (`cdba profile list` shows them)';
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.concurrent('profile remove', () => {
  it('without a TTY and without --yes: exit 2, and the profile is still there', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const before = readFileSync(configPath(dir));
    expectUsageError(
      await cdba(['profile', 'remove', 'p'], { configDir: dir }),
      /^cdba: refusing to continue without confirmation: pass --yes when not on a terminal\n$/,
    );
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });

  it.each([['--yes'], ['-y']])('with %s: removed, and the current marker with it', async (flag) => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED, q: KEYED });
    const result = await cdba(['profile', 'remove', 'p', flag], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: `cdba: profile "p" removed; it was the current one, so no profile is selected now: ${CHOOSE}\n` });
    expect(readConfig(dir)).toEqual({ profiles: { q: { publicKey: 'abcdefgh', privateKey: PRIVATE_KEY } } });
  });

  it('after the current profile is removed, commands say that no profile is selected (not "no project ID", not "no credentials")', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: { ...KEYED, projectId: PROJECT_A }, q: KEYED });
    expect((await cdba(['profile', 'remove', 'p', '--yes'], { configDir: dir })).exitCode).toBe(0);
    expectUsageError(await cdba(['clusters', 'list'], { configDir: dir }), new RegExp(`^cdba: no profile is selected, so there is no project ID; ${escapeRegExp(CHOOSE)}, or pass --project-id\n$`));
    expectUsageError(
      await cdba(['projects', 'list'], { configDir: dir }),
      new RegExp(`^cdba: no profile is selected, so there are no credentials; ${escapeRegExp(CHOOSE)}, or set CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY \\(or CDBA_CLIENT_ID and CDBA_CLIENT_SECRET\\)\n$`),
    );
    // Once one is chosen, the command runs as that profile (here it has no project: the usual message).
    expect((await cdba(['profile', 'use', 'q'], { configDir: dir })).exitCode).toBe(0);
    expectUsageError(await cdba(['clusters', 'list'], { configDir: dir }), /^cdba: no project ID: /);
  });

  it('the rm alias, with the global -y before the command', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const result = await cdba(['-y', 'profile', 'rm', 'p'], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: 'cdba: profile "p" removed\n' });
    expect(readConfig(dir).profiles).toEqual({});
  });

  it('on a TTY, asks and removes on "y"', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const result = await cdba(['profile', 'remove', 'p'], { configDir: dir, env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' }, input: 'y\n' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('cdba: Remove profile "p" and its stored keys? [y/N] cdba: profile "p" removed\n');
    expect(readConfig(dir).profiles).toEqual({});
  });

  it('on a TTY, anything but yes cancels with exit 15 (its own code)', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    const before = readFileSync(configPath(dir));
    const result = await cdba(['profile', 'remove', 'p'], { configDir: dir, env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' }, input: 'n\n' });
    expect(result.exitCode).toBe(15);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('cdba: Remove profile "p" and its stored keys? [y/N] cdba: cancelled; nothing was changed\n');
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });

  it('a profile that does not exist: exit 2 even with --yes', async () => {
    const dir = tempDir();
    seedConfig(dir, { p: KEYED });
    expectUsageError(await cdba(['profile', 'remove', 'nope', '--yes'], { configDir: dir }), /profile "nope" does not exist/);
    expect(Object.keys(readConfig(dir).profiles)).toEqual(['p']);
  });
});

describe.concurrent('profile rename', () => {
  it('renames and keeps the current marker with it', async () => {
    const dir = tempDir();
    seedConfig(dir, { default: { ...KEYED, projectId: PROJECT_A }, other: KEYED });
    const result = await cdba(['profile', 'rename', 'default', 'prod'], { configDir: dir });
    expect(result).toEqual({ exitCode: 0, stdout: '', stderr: 'cdba: profile "default" renamed to "prod"\n' });
    expect(readConfig(dir)).toEqual({
      currentProfile: 'prod',
      profiles: {
        other: { publicKey: 'abcdefgh', privateKey: PRIVATE_KEY },
        prod: { publicKey: 'abcdefgh', privateKey: PRIVATE_KEY, projectId: PROJECT_A },
      },
    });
  });

  it.each([
    ['to a name that exists', ['a', 'b'], /profile "b" already exists/],
    ['a profile that does not exist', ['nope', 'c'], /profile "nope" does not exist/],
    ['to an invalid name', ['a', 'has space'], /invalid profile name "has space"/],
  ])('refuses %s with exit 2, file unchanged', async (_label, args, message) => {
    const dir = tempDir();
    seedConfig(dir, { a: KEYED, b: KEYED });
    const before = readFileSync(configPath(dir));
    expectUsageError(await cdba(['profile', 'rename', ...args], { configDir: dir }), message);
    expect(readFileSync(configPath(dir)).equals(before)).toBe(true);
  });
});

describe.concurrent('file modes', () => {
  it('the config directory is 0700 and config.json 0600, after add and after set', async () => {
    const parent = tempDir();
    const dir = join(parent, 'deeper', 'cdba');
    await addApiKeyProfile(dir, 'p');
    expect(mode(dir)).toBe(0o700);
    expect(mode(configPath(dir))).toBe(0o600);
    await setValue(dir, 'p', 'output', 'json');
    expect(mode(configPath(dir))).toBe(0o600);
    const secret = await cdba(['profile', 'set', 'p', 'privateKey', '-'], { configDir: dir, input: ROTATED_KEY });
    expect(secret.exitCode).toBe(0);
    expect(mode(configPath(dir))).toBe(0o600);
  });

  it('an existing directory that is too open is tightened to 0700', async () => {
    const dir = join(tempDir(), 'cdba');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    await addApiKeyProfile(dir, 'p');
    expect(mode(dir)).toBe(0o700);
    expect(mode(configPath(dir))).toBe(0o600);
  });
});

describe('--output and --query on real command output', () => {
  const dir = tempDir();

  beforeAll(async () => {
    await addApiKeyProfile(dir, 'a', ['--project-id', PROJECT_A]);
    await addApiKeyProfile(dir, 'b');
  });

  describe.concurrent('cases', () => {
    it.each([
      ['names as json', ['profile', 'list', '-o', 'json', '--query', '[].name'], '["a","b"]\n'],
      ['names as pretty', ['profile', 'list', '-o', 'pretty', '--query', '[].name'], '[\n  "a",\n  "b"\n]\n'],
      ['profiles without a project', ['profile', 'list', '--query', '[?!projectId].name'], '["b"]\n'],
      ['a projection as a table in a pipe', ['profile', 'list', '-o', 'table', '--query', '[].{name: name, auth: auth}'], 'NAME\tAUTH\na\tapi-key\nb\tapi-key\n'],
      ['scalars as a table: one per line, no header', ['profile', 'list', '-o', 'table', '--query', '[].name'], 'a\nb\n'],
      ['the source of one setting', ['--project-id', PROJECT_B, 'profile', 'show', '-o', 'json', '--query', "settings[?key=='projectId'].source | [0]"], '"flag"\n'],
      ['the keys set by the environment', ['profile', 'show', '--query', "settings[?source=='env'].key"], '["apiVersion","output"]\n'],
      ['a query that selects nothing', ['profile', 'show', '--query', 'nosuchfield'], 'null\n'],
      ['a secret shows only that it is set', ['profile', 'show', '--query', "settings[?key=='privateKey'].value | [0]"], '"(set)"\n'],
    ])('%s', async (_label, args, stdout) => {
      const result = await cdba(args, { configDir: dir, env: { CDBA_API_VERSION: '2024-08-05', CDBA_OUTPUT: 'json' } });
      expect(result).toEqual({ exitCode: 0, stdout, stderr: '' });
    });

    it('an invalid query is a usage error (exit 2, one line)', async () => {
      expectUsageError(await cdba(['profile', 'list', '--query', '[?name=='], { configDir: dir }), /^cdba: invalid --query "\[\?name=="/);
    });

    it('an invalid --output value is a usage error (exit 2, one line)', async () => {
      expectUsageError(await cdba(['profile', 'list', '-o', 'yaml'], { configDir: dir }), /yaml/);
    });
  });
});

describe('concurrent writers', () => {
  it('2 × 10 concurrent `profile add` runs lose no profile and leave valid JSON', async () => {
    const dir = tempDir();
    for (const batch of [1, 2]) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          cdba(['profile', 'add', `p${batch}-${i}`, '--public-key', `pub${batch}${i}`, '--private-key-stdin'], {
            configDir: dir,
            input: `${PRIVATE_KEY}-${batch}-${i}`,
          }),
        ),
      );
      for (const result of results) {
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stdout).toBe('');
      }
    }
    const config = readConfig(dir);
    const expected = [1, 2].flatMap((batch) => Array.from({ length: 10 }, (_, i) => `p${batch}-${i}`));
    expect(Object.keys(config.profiles).sort()).toEqual(expected.sort());
    for (const name of expected) {
      const [batch, i] = name.slice(1).split('-');
      expect(config.profiles[name]).toEqual({ publicKey: `pub${batch}${i}`, privateKey: `${PRIVATE_KEY}-${batch}-${i}` });
    }
    expect(config.currentProfile).toMatch(/^p1-\d$/);
    expect(existsSync(join(dir, 'config.lock'))).toBe(false);
    expect(mode(configPath(dir))).toBe(0o600);
  });
});
