// Guarantee: the private key, the client secret and bearer tokens never reach
// stdout or stderr, whatever happens: success, API errors, network errors,
// --debug, profile list/show, a wrong key, bad input, `api --include`, and a
// hostile server that echoes credentials back. Config files and the token
// cache are private (0600 files in 0700 directories).
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba, tempDir, type CliResult } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import {
  bearerEnv, bearerProfile,
  CLIENT_ID,
  CLIENT_SECRET,
  closedPort,
  digestEnv,
  FENCED_PRIVATE,
  FENCED_PUBLIC,
  knownSeed,
  OWNER_PRIVATE,
  OWNER_PUBLIC,
  PROJECT_ID,
  READER_PRIVATE,
  READER_PUBLIC,
  SEEDED_CLUSTER,
  testServer,
  type TestServer,
} from './support.js';

const WRONG_PRIVATE = 'a7d1e9c3-5b8f-4d2a-9e6c-1f4b7a0d3c85';
const WRONG_SECRET = 'mdb_sa_sk_6b1d9f3a7c5e2b8d4f0a6c2e8b4d0f6a1c3e5b7d';
const ECHO_TOKEN = 'echoTok-3f8a1d6c9b2e7f4a0d5c8b1e6a3f9d2c';
const FIXED_SECRETS = [OWNER_PRIVATE, READER_PRIVATE, FENCED_PRIVATE, CLIENT_SECRET, WRONG_PRIVATE, WRONG_SECRET, ECHO_TOKEN];

/** Every 8-character window of a secret: a mask may show 4 characters, never 8 in a row. */
function windows(secret: string, size = 8): string[] {
  return Array.from({ length: secret.length - size + 1 }, (_, i) => secret.slice(i, i + size));
}

/**
 * Secrets derived from the fixed ones: Basic credentials as sent to the token
 * endpoint, from the first base64 character that encodes the secret's own part
 * (after "<clientId>:mdb_sa_sk_", which is the same for every secret).
 */
const DERIVED = [CLIENT_SECRET, WRONG_SECRET].map((secret) =>
  Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64').slice(Math.ceil(((CLIENT_ID.length + 1 + 'mdb_sa_sk_'.length) * 4) / 3) + 4),
);

/** Bearer tokens the CLI obtained and cached in a config dir. */
function cachedTokens(configDir: string): string[] {
  const dir = join(configDir, 'tokens');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files.map((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { accessToken: string }).accessToken);
}

function expectNoSecret(result: CliResult, extra: string[], label: string): void {
  const secrets = [...FIXED_SECRETS, ...DERIVED, ...extra];
  for (const [stream, text] of [['stdout', result.stdout], ['stderr', result.stderr]] as const) {
    const found = secrets.filter((secret) => windows(secret).some((w) => text.includes(w)));
    expect(found, `${label}: ${stream} shows a secret:\n${text}`).toEqual([]);
  }
}

const mode = (path: string): number => statSync(path).mode & 0o777;

interface Case {
  name: string;
  args: string[];
  env: () => Record<string, string>;
  exit: number;
  input?: string;
  /** A config dir to copy (profiles with secrets in them). */
  config?: () => string;
  /** Run twice in the same config dir (the second run uses the cached token). */
  twice?: boolean;
  /** What stderr or stdout must show, so the case is known to have reached its point. */
  shows?: RegExp;
}

let emu: RunningEmulator;
let echo: TestServer;
let echoBasic: TestServer;
let closed: string;
let profiles: string;

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed() }));
  closed = `http://127.0.0.1:${await closedPort()}`;
  // A server that hands out a token, then echoes the credentials it received in
  // its errors, headers and bodies: a misbehaving proxy or a hostile service.
  echo = await testServer((req, res) => {
    if (req.url === '/api/oauth/token') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ access_token: ECHO_TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.replace(/^Bearer\s+/i, '');
    res.setHeader('x-seen-authorization', auth);
    if (req.url?.includes('/clusters/plain')) {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/plain');
      res.end(`rejected ${auth} for this path`);
    } else if (req.url?.includes('/clusters/json')) {
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: 400, errorCode: 'BAD_TOKEN', detail: `token ${token} is not valid here`, parameters: [token] }));
    } else if (req.url?.includes('/clusters/ok-not-json')) {
      res.setHeader('content-type', 'text/plain');
      res.end(`hello ${token}`);
    } else {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ results: [], totalCount: 0, links: [] }));
    }
  });
  // A token endpoint that echoes the Basic credentials (base64 of id:secret) it refuses.
  echoBasic = await testServer((req, res) => {
    res.statusCode = 401;
    res.setHeader('content-type', 'text/plain');
    res.end(`invalid client ${req.headers.authorization ?? ''}`);
  });
  // A config dir with a digest profile and a service-account profile, written by the CLI itself.
  profiles = tempDir('cdba-secrets-profiles-');
  const addKeys = await cdba(['--base-url', emu.url, '--project-id', PROJECT_ID, 'profile', 'add', 'keys', '--public-key', OWNER_PUBLIC, '--private-key-stdin'], {
    configDir: profiles,
    input: `${OWNER_PRIVATE}\n`,
  });
  expect(addKeys.exitCode, addKeys.stderr).toBe(0);
  const addSa = await cdba(['--base-url', emu.url, '--project-id', PROJECT_ID, 'profile', 'add', 'sa', '--client-id', CLIENT_ID, '--client-secret-stdin'], {
    configDir: profiles,
    input: `${CLIENT_SECRET}\n`,
  });
  expect(addSa.exitCode, addSa.stderr).toBe(0);
});

afterAll(async () => {
  await emu?.stop();
  await echo?.close();
  await echoBasic?.close();
});

const digest = (): Record<string, string> => digestEnv(emu.url);
const bearer = (): Record<string, string> => bearerEnv(emu.url);
const list = ['clusters', 'list'];
const apiList = ['api', '/groups/{projectId}/clusters'];

const CASES: Case[] = [
  // success
  { name: 'digest: clusters list', args: list, env: digest, exit: 0, shows: /"results"/ },
  { name: 'digest: clusters get', args: ['clusters', 'get', SEEDED_CLUSTER], env: digest, exit: 0, shows: /"name":"seeded"/ },
  { name: 'bearer: clusters list', args: list, env: bearer, exit: 0, shows: /"results"/ },
  { name: 'bearer: private-ip status', args: ['private-ip', 'status'], env: bearer, exit: 0 },
  { name: 'digest: conn-string list', args: ['conn-string', 'list', SEEDED_CLUSTER], env: digest, exit: 0 },
  // --debug
  { name: 'digest --debug: clusters list', args: ['--debug', ...list], env: digest, exit: 0, shows: /> GET .*\n[^]*Digest \[REDACTED\]/ },
  { name: 'bearer --debug: clusters list', args: ['--debug', ...list], env: bearer, exit: 0, shows: /Bearer \[REDACTED\]/ },
  { name: 'bearer --debug, cached token (a profile\'s): clusters list', args: ['-P', 'sa', '--debug', ...list], env: () => ({}), config: () => profiles, exit: 0, twice: true, shows: /Bearer \[REDACTED\]/ },
  { name: 'digest --debug: clusters create', args: ['--debug', 'clusters', 'create', 'dbgcreate', '--provider', 'AWS', '--region', 'US_EAST_1'], env: digest, exit: 0 },
  { name: 'CDBA_DEBUG=1 bearer: api', args: apiList, env: () => ({ ...bearer(), CDBA_DEBUG: '1' }), exit: 0, shows: /token/ },
  // API errors
  { name: 'digest: clusters get (404)', args: ['clusters', 'get', 'missing'], env: digest, exit: 4, shows: /CLUSTER_NOT_FOUND/ },
  { name: 'bearer --debug: clusters get (404)', args: ['--debug', 'clusters', 'get', 'missing'], env: bearer, exit: 4, shows: /CLUSTER_NOT_FOUND/ },
  { name: 'digest: clusters create (409)', args: ['clusters', 'create', SEEDED_CLUSTER, '--provider', 'AWS', '--region', 'US_EAST_1'], env: digest, exit: 5 },
  { name: 'read-only key --debug: clusters create (403)', args: ['--debug', 'clusters', 'create', 'ro1', '--provider', 'AWS', '--region', 'US_EAST_1'], env: () => digestEnv(emu.url, READER_PUBLIC, READER_PRIVATE), exit: 3 },
  { name: 'digest: api -X DELETE / (405)', args: ['api', '-X', 'DELETE', '/'], env: digest, exit: 1, shows: /METHOD_NOT_ALLOWED/ },
  { name: 'access-list miss --debug (403)', args: ['--debug', ...list], env: () => digestEnv(emu.url, FENCED_PUBLIC, FENCED_PRIVATE), exit: 3, shows: /IP_ADDRESS_NOT_ON_ACCESS_LIST/ },
  // network errors
  { name: 'digest: closed port', args: list, env: () => digestEnv(closed), exit: 7, shows: /connection refused/ },
  { name: 'digest --debug: closed port', args: ['--debug', ...list], env: () => digestEnv(closed), exit: 7 },
  { name: 'bearer --debug: closed port', args: ['--debug', ...list], env: () => bearerEnv(closed), exit: 7 },
  // a wrong key or secret (401)
  { name: 'wrong private key', args: list, env: () => digestEnv(emu.url, OWNER_PUBLIC, WRONG_PRIVATE), exit: 3 },
  { name: 'wrong private key --debug', args: ['--debug', ...list], env: () => digestEnv(emu.url, OWNER_PUBLIC, WRONG_PRIVATE), exit: 3 },
  { name: 'wrong client secret', args: list, env: () => bearerEnv(emu.url, WRONG_SECRET), exit: 3 },
  { name: 'wrong client secret --debug', args: ['--debug', ...list], env: () => bearerEnv(emu.url, WRONG_SECRET), exit: 3 },
  // profiles holding secrets
  { name: 'profile list', args: ['profile', 'list'], env: () => ({}), config: () => profiles, exit: 0, shows: /keys/ },
  { name: 'profile list -o json', args: ['-o', 'json', 'profile', 'list'], env: () => ({}), config: () => profiles, exit: 0 },
  { name: 'profile show keys', args: ['profile', 'show', 'keys'], env: () => ({}), config: () => profiles, exit: 0, shows: /privateKey/ },
  { name: 'profile show sa -o json', args: ['-o', 'json', 'profile', 'show', 'sa'], env: () => ({}), config: () => profiles, exit: 0, shows: /clientSecret/ },
  { name: 'profile show with env secrets', args: ['profile', 'show', 'keys'], env: () => ({ CDBA_PRIVATE_KEY: WRONG_PRIVATE, CDBA_CLIENT_SECRET: WRONG_SECRET }), config: () => profiles, exit: 0 },
  { name: '-P keys --debug: clusters list', args: ['-P', 'keys', '--debug', ...list], env: () => ({}), config: () => profiles, exit: 0 },
  { name: '-P sa --debug: api --include', args: ['-P', 'sa', '--debug', ...apiList, '--include'], env: () => ({}), config: () => profiles, exit: 0 },
  // bad input
  { name: 'bad cluster name with keys set', args: ['clusters', 'create', 'bad_name!', '--provider', 'AWS', '--region', 'US_EAST_1'], env: digest, exit: 2 },
  { name: 'missing --file with --debug', args: ['--debug', 'clusters', 'create', 'c9', '--file', '/nonexistent/body.json'], env: bearer, exit: 2 },
  { name: 'http base URL to a remote host', args: ['--base-url', 'http://db.example.com', ...list], env: bearer, exit: 2 },
  { name: 'secret on argv is refused without echo', args: ['profile', 'set', 'x', 'privateKey', WRONG_PRIVATE], env: () => ({}), exit: 2 },
  { name: 'two-line secret on stdin', args: ['profile', 'add', 'y', '--public-key', 'abcdefgh', '--private-key-stdin'], env: () => ({}), input: `${WRONG_PRIVATE}\n${OWNER_PRIVATE}\n`, exit: 2 },
  { name: 'bad JSON body with --debug', args: ['--debug', 'clusters', 'create', 'c8', '--file', '-'], env: digest, input: `{"name": "${OWNER_PRIVATE}",`, exit: 2 },
  // api --include
  { name: 'digest: api --include', args: [...apiList, '--include'], env: digest, exit: 0, shows: /^HTTP\/1\.1 200/ },
  { name: 'bearer: api --include --debug', args: ['--debug', ...apiList, '--include'], env: bearer, exit: 0, shows: /^HTTP\/1\.1 200/ },
  { name: 'digest: api --include (404)', args: ['api', '/groups/{projectId}/clusters/missing', '--include'], env: digest, exit: 4 },
  // a server that echoes credentials back
  { name: 'echo: plain-text 400 quoting the Authorization header', args: ['clusters', 'get', 'plain'], env: () => bearerEnv(echo.url), exit: 1 },
  { name: 'echo: JSON error naming the token', args: ['clusters', 'get', 'json'], env: () => bearerEnv(echo.url), exit: 1 },
  { name: 'echo: 200 non-JSON body with the token', args: ['clusters', 'get', 'ok-not-json'], env: () => bearerEnv(echo.url), exit: 7 },
  { name: 'echo: api --include with the token in a header', args: ['api', '/groups/{projectId}/clusters', '--include'], env: () => bearerEnv(echo.url), exit: 0 },
  { name: 'echo: api --debug, JSON error naming the token', args: ['--debug', 'api', '/groups/{projectId}/clusters/json'], env: () => bearerEnv(echo.url), exit: 1 },
  { name: 'echo: token endpoint quoting the Basic credentials', args: list, env: () => bearerEnv(echoBasic.url), exit: 3 },
  { name: 'echo: token endpoint quoting Basic, --debug', args: ['--debug', ...list], env: () => bearerEnv(echoBasic.url), exit: 3 },
];

describe('secrets never reach stdout or stderr', () => {
  it('the matrix has at least 30 invocations', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.concurrent.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const configDir = tempDir('cdba-secrets-');
    if (c.config) cpSync(c.config(), configDir, { recursive: true });
    const runs = c.twice ? 2 : 1;
    const results: CliResult[] = [];
    for (let i = 0; i < runs; i++) results.push(await cdba(c.args, { env: c.env(), configDir, ...(c.input !== undefined ? { input: c.input } : {}) }));
    const tokens = cachedTokens(configDir);
    for (const [i, result] of results.entries()) {
      expect(result.exitCode, `${c.name} (run ${i + 1}): ${result.stderr}`).toBe(c.exit);
      if (c.shows) expect(`${result.stdout}${result.stderr}`).toMatch(c.shows);
      expectNoSecret(result, tokens, `${c.name} (run ${i + 1})`);
    }
    if (c.twice) expect(tokens.length, 'the first run cached a token').toBe(1);
  });
});

describe('files that hold secrets are private', () => {
  it('config file 0600 in a 0700 dir, written by profile add into a fresh dir', async () => {
    const parent = tempDir('cdba-modes-');
    const configDir = join(parent, 'nested', 'cdba');
    const result = await cdba(['profile', 'add', 'p', '--public-key', OWNER_PUBLIC, '--private-key-stdin'], { configDir, input: `${OWNER_PRIVATE}\n` });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(mode(configDir).toString(8)).toBe('700');
    expect(mode(join(configDir, 'config.json')).toString(8)).toBe('600');
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toContain(OWNER_PRIVATE);
  });

  it('token cache file 0600 in a 0700 dir', async () => {
    const configDir = join(tempDir('cdba-modes-'), 'fresh');
    // A profile's service account (credentials from the environment get no token file).
    const result = await cdba(list, { env: bearerProfile(configDir, emu.url), configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    const tokensDir = join(configDir, 'tokens');
    const files = readdirSync(tokensDir);
    expect(files).toHaveLength(1);
    expect(mode(configDir).toString(8)).toBe('700');
    expect(mode(tokensDir).toString(8)).toBe('700');
    expect(mode(join(tokensDir, files[0]!)).toString(8)).toBe('600');
  });

  it('a config dir left group/world-readable is tightened to 0700 on the next write', async () => {
    const configDir = tempDir('cdba-modes-');
    const { chmodSync } = await import('node:fs');
    chmodSync(configDir, 0o755);
    const result = await cdba(['profile', 'set', 'p', 'projectId', PROJECT_ID], { configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(mode(configDir).toString(8)).toBe('700');
    expect(mode(join(configDir, 'config.json')).toString(8)).toBe('600');
  });
});
