// Guarantee: what the token endpoint and the service say about credentials is
// worded as what it is, and a token that could not be sent is never cached.
// - A token answer whose access_token an Authorization header cannot carry (a
//   newline, NUL, control bytes, non-Latin-1 text), or of 100 KB or 10 MB, is
//   refused with one line, exit 3, and nothing is cached: the next run asks again.
// - expires_in is bounded (1e300 keeps a token a day at most).
// - An OAuth error answer ({"error":"invalid_client"}) is named as such, and a
//   400 from the token endpoint exits 3.
// - A 401 USER_UNAUTHORIZED for keys that authenticated hints at the key's role;
//   a key from the environment is named by its variable.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { bearerEnv, bearerProfile, digestEnv, expectOneErrorLine, knownSeed, PROJECT_ID, READER_PRIVATE, READER_PUBLIC, testServer, type TestServer } from './support.js';

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A token endpoint answering `token` (and a list for any bearer request), counting token requests. */
async function tokenServer(answer: (res: import('node:http').ServerResponse) => void): Promise<TestServer & { tokenRequests: () => number }> {
  let tokens = 0;
  const server = await testServer((req, res) => {
    if (req.url?.endsWith('/api/oauth/token')) {
      tokens++;
      answer(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/vnd.atlas.2024-08-05+json' });
    res.end(JSON.stringify({ results: [], totalCount: 0, links: [] }));
  });
  servers.push(server);
  return Object.assign(server, { tokenRequests: () => tokens });
}

const tokenAnswer = (accessToken: unknown, extra: Record<string, unknown> = {}) => (res: import('node:http').ServerResponse): void => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600, ...extra }));
};

const tokenFiles = (configDir: string): string[] => (existsSync(join(configDir, 'tokens')) ? readdirSync(join(configDir, 'tokens')) : []);

describe('unsendable tokens are refused, not cached', () => {
  it.each([
    ['a newline', 'abc\ndef'],
    ['a NUL', 'abc\u0000def'],
    ['control bytes', 'abc\u001b[2Jdef'],
    ['non-Latin-1 text', 'tökén→'],
    ['a space', 'abc def'],
    ['100 KB', 'a'.repeat(100 * 1024)],
    ['10 MB', 'a'.repeat(10 * 1024 * 1024)],
  ])('an access_token with %s: one line, exit 3, nothing cached; the next run asks again', async (_what, token) => {
    const server = await tokenServer(tokenAnswer(token));
    const configDir = tempDir('cdba-badtoken-');
    for (const round of [1, 2]) {
      const result = await cdba(['clusters', 'list'], { configDir, env: bearerEnv(server.url) });
      expectOneErrorLine(result, 3, /^cdba: the token response has an access_token (with characters a bearer token cannot hold \(RFC 6750\)|of \d+ characters, more than 16384)/);
      expect(tokenFiles(configDir)).toEqual([]);
      expect(server.tokenRequests()).toBe(round);
    }
  });

  it('expires_in 1e300 is bounded: the token is used, and kept a day at most', async () => {
    const server = await tokenServer(tokenAnswer('good.token-value_1', { expires_in: 1e300 }));
    const configDir = tempDir('cdba-longtoken-');
    const result = await cdba(['clusters', 'list'], { configDir, env: bearerProfile(configDir, server.url) });
    expect(result.exitCode, result.stderr).toBe(0);
    const [file] = tokenFiles(configDir);
    const { readFileSync } = await import('node:fs');
    const grant = JSON.parse(readFileSync(join(configDir, 'tokens', file!), 'utf8')) as { expiresAt: number; obtainedAt: number };
    expect(grant.expiresAt - grant.obtainedAt).toBe(24 * 3600 * 1000);
  });
});

describe('token endpoint errors', () => {
  it.each([
    [400, { error: 'invalid_client' }, /^cdba: the token endpoint refused the client credentials: invalid_client \(HTTP 400\); check CDBA_CLIENT_ID and CDBA_CLIENT_SECRET, set in the environment/],
    [401, { error: 'invalid_client', error_description: 'Bad client credentials' }, /^cdba: the token endpoint refused the client credentials: invalid_client \(Bad client credentials\) \(HTTP 401\)/],
    [400, { error: 'unsupported_grant_type' }, /refused the client credentials: unsupported_grant_type \(HTTP 400\)/],
  ])('HTTP %i %j: worded as an OAuth error, exit 3', async (status, body, pattern) => {
    const server = await tokenServer((res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    const result = await cdba(['clusters', 'list'], { env: bearerEnv(server.url) });
    expectOneErrorLine(result, 3, pattern);
    expect(result.stderr).not.toMatch(/non-JSON/);
  });

  it('a 400 from the token endpoint without an OAuth body still exits 3', async () => {
    const server = await tokenServer((res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('bad request');
    });
    const result = await cdba(['clusters', 'list'], { env: bearerEnv(server.url) });
    expectOneErrorLine(result, 3, /HTTP 400/);
  });
});

describe('who to blame for a 401', () => {
  it('a read-only key that may not write: the role, not the keys', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const result = await cdba(['clusters', 'pause', 'seeded'], { env: digestEnv(emu.url, READER_PUBLIC, READER_PRIVATE) });
      expectOneErrorLine(result, 3, /USER_UNAUTHORIZED, HTTP 401\); the credentials were accepted, but their role does not permit this action/);
      expect(result.stderr).not.toMatch(/check .*(publicKey|CDBA_PUBLIC_KEY)/);
    } finally {
      await emu.stop();
    }
  });

  it('a wrong key from the profile: check the profile; from the environment: the variable', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const configDir = tempDir('cdba-wrongkey-');
      for (const [key, value] of [['baseUrl', emu.url], ['publicKey', READER_PUBLIC], ['projectId', PROJECT_ID]] as const) {
        expect((await cdba(['profile', 'set', 'p', key, value], { configDir })).exitCode).toBe(0);
      }
      expect((await cdba(['profile', 'set', 'p', 'privateKey', '-'], { configDir, input: '00000000-0000-4000-8000-000000000000\n' })).exitCode).toBe(0);
      const fromProfile = await cdba(['-P', 'p', 'clusters', 'list'], { configDir });
      expectOneErrorLine(fromProfile, 3, /check the profile's publicKey\/privateKey \(cdba -P p profile show\)/);
      const fromEnv = await cdba(['-P', 'p', 'clusters', 'list'], { configDir, env: { CDBA_PRIVATE_KEY: '00000000-0000-4000-8000-000000000001' } });
      expectOneErrorLine(fromEnv, 3, /check CDBA_PRIVATE_KEY, set in the environment, which overrides the profile/);
    } finally {
      await emu.stop();
    }
  });
});

