// The digest session kept in the config dir between clients (issue 14): a new
// client reuses the stored nonce with nc values of its own, a stale or refused
// nonce costs one extra exchange, and a server that refuses reuse settles at
// today's two requests per call.
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseAuthorization } from '../../../src/auth/digest.js';
import { DigestSessionFile, NC_BLOCK, resetDigestCacheWarning } from '../../../src/auth/digestSessionFile.js';
import type { ApiClient } from '../../../src/api/client.js';
import { tempDir } from '../../helpers/cli.js';
import { clientFor, digestGate, json, settingsFor, startServer, type TestServer } from './servers.js';

const KEYS = { publicKey: 'sesskeyA', privateKey: '2b7e1516-28ae-4d2a-9f15-88094f3c4f3c' };
let server: TestServer | undefined;
const clients: ApiClient[] = [];
beforeEach(() => resetDigestCacheWarning());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
  server = undefined;
});

/**
 * A digest server answering every authenticated request with what it saw.
 * `forget()` makes it refuse every nonce issued so far without stale (as a
 * server that does not accept a nonce from another connection would).
 */
async function digestServer() {
  const gate = digestGate({ username: KEYS.publicKey, password: KEYS.privateKey });
  const forgotten = new Set<string>();
  let processedPosts = 0;
  server = await startServer((req, res, body) => {
    const nonce = parseAuthorization(req.headers.authorization)?.nonce;
    if (nonce !== undefined && forgotten.has(nonce)) {
      // A copy: the server's record of the request keeps what was sent.
      req.headers = { ...req.headers };
      delete req.headers.authorization;
    }
    if (!gate.check(req, res)) return;
    if (req.method === 'POST') processedPosts++;
    json(res, req.method === 'POST' ? 201 : 200, { path: req.url, body: body ? JSON.parse(body) : null });
  });
  const forget = (): void => {
    for (const nonce of gate.ncSeen.keys()) forgotten.add(nonce);
  };
  return { gate, server, forget, processedPosts: () => processedPosts };
}

/** A new client (as a new process would make) on the shared config dir; returns the requests it caused. */
async function call(configDir: string, run: (c: ApiClient) => Promise<unknown> = (c) => c.request({ method: 'GET', resource: 'clusters.list', path: '/groups/p1/clusters' }), debug = false) {
  const { client, io } = clientFor(settingsFor(server!.url, KEYS), { configDir, ...(debug ? { debug } : {}) });
  const before = server!.received.length;
  try {
    await run(client);
  } finally {
    await client.close();
  }
  return { requests: server!.received.slice(before), io };
}

const ncOf = (r: { headers: Record<string, unknown> }) => parseAuthorization(r.headers.authorization as string | undefined)?.nc;

describe('persisted digest session', () => {
  test('a second client sends one request, signed with the stored nonce and an nc past the first block', async () => {
    const { gate } = await digestServer();
    const dir = tempDir('cdba-sess-');
    expect((await call(dir)).requests).toHaveLength(2);
    const second = await call(dir);
    expect(second.requests).toHaveLength(1);
    expect(ncOf(second.requests[0]!)).toBe((NC_BLOCK + 1).toString(16).padStart(8, '0'));
    expect(gate.challenges).toBe(1);
    expect(second.io.stderr).toBe('');
  });

  test('a stale stored nonce costs exactly one extra exchange, and the fresh one is stored', async () => {
    const { gate } = await digestServer();
    const dir = tempDir('cdba-sess-');
    await call(dir);
    gate.expireNonces();
    const stale = await call(dir);
    expect(stale.requests).toHaveLength(2);
    expect(stale.requests[0]!.headers.authorization).toBeDefined();
    expect(gate.challenges).toBe(2);
    expect((await call(dir)).requests).toHaveLength(1);
  });

  test('a server that refuses reuse settles at two requests per call, and is not asked to reuse again', async () => {
    const { forget } = await digestServer();
    const dir = tempDir('cdba-sess-');
    const counts: number[] = [];
    const reusedFirst: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const { requests } = await call(dir);
      counts.push(requests.length);
      reusedFirst.push(requests[0]!.headers.authorization !== undefined);
      forget();
    }
    expect(counts).toEqual([2, 2, 2, 2]);
    // Only the second call tried the stored nonce; after the refusal no call does.
    expect(reusedFirst).toEqual([false, true, false, false]);
    expect(readdirSync(join(dir, 'digest')).some((f) => f.startsWith('server-'))).toBe(true);
  });

  test('a POST signed with a refused nonce is sent again only because the 401 says it was not processed', async () => {
    const { forget, processedPosts } = await digestServer();
    const dir = tempDir('cdba-sess-');
    await call(dir);
    forget();
    const { requests } = await call(dir, (c) => c.request({ method: 'POST', resource: 'clusters.create', path: '/groups/p1/clusters', body: { name: 'x' } }));
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(processedPosts()).toBe(1);
  });

  test('a wrong key with a stored session is reported, and the server is not marked as refusing reuse', async () => {
    await digestServer();
    const dir = tempDir('cdba-sess-');
    await call(dir);
    // The stored file is keyed on the key pair, so copy this key's session to the wrong key's name.
    const wrong = { ...KEYS, privateKey: 'ffffffff-28ae-4d2a-9f15-88094f3c4f3c' };
    const fileOf = (keys: typeof KEYS): string =>
      new DigestSessionFile(dir, { baseUrl: server!.url, username: keys.publicKey, password: keys.privateKey }, () => {}).file;
    copyFileSync(fileOf(KEYS), fileOf(wrong));
    const { client } = clientFor(settingsFor(server!.url, wrong), { configDir: dir });
    clients.push(client);
    const before = server!.received.length;
    await expect(client.request({ method: 'GET', resource: 'clusters.list', path: '/groups/p1/clusters' })).rejects.toMatchObject({ status: 401 });
    // Stored nonce (refused), then the fresh one (refused too): no more.
    expect(server!.received.slice(before).map((r) => r.headers.authorization !== undefined)).toEqual([true, true]);
    expect(readdirSync(join(dir, 'digest')).some((f) => f.startsWith('server-'))).toBe(false);
  });

  test('the session file is 0600 in a 0700 dir and holds neither key', async () => {
    await digestServer();
    const dir = tempDir('cdba-sess-');
    await call(dir);
    const files = readdirSync(join(dir, 'digest'));
    expect(files).toHaveLength(1);
    const file = join(dir, 'digest', files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'digest')).mode & 0o777).toBe(0o700);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEYS.privateKey);
    expect(text).not.toContain(KEYS.publicKey);
    expect(files[0]).not.toContain(KEYS.publicKey);
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['algorithm', 'cnonce', 'next', 'nonce', 'qop', 'realm']);
  });

  test('a config dir that cannot be written: one --debug line, nothing without --debug, and every call still succeeds with a fresh challenge', async () => {
    await digestServer();
    // A file where the directory should be: every write fails, whoever runs the test (root ignores modes).
    const dir = join(tempDir('cdba-sess-'), 'not-a-dir');
    writeFileSync(dir, '');
    const first = await call(dir, async (c) => {
      await c.request({ method: 'GET', resource: 'clusters.list', path: '/groups/p1/clusters' });
      await c.request({ method: 'GET', resource: 'clusters.list', path: '/groups/p1/clusters' });
    });
    expect(first.requests).toHaveLength(3);
    expect(first.io.stderr).toBe('');
    resetDigestCacheWarning();
    const traced = await call(dir, undefined, true);
    expect(traced.requests).toHaveLength(2);
    expect(traced.io.stderr.match(/^cdba: debug: cannot keep the digest session in .*; each call will answer a fresh challenge$/gm)).toHaveLength(1);
  });

  test('the answer to a challenge goes out on the connection the challenge came on', async () => {
    const gate = digestGate({ username: KEYS.publicKey, password: KEYS.privateKey });
    const ports: number[] = [];
    server = await startServer((req, res) => {
      ports.push(req.socket.remotePort!);
      if (gate.check(req, res)) json(res, 200, {});
    });
    const { requests } = await call(tempDir('cdba-sess-'));
    expect(requests).toHaveLength(2);
    expect(new Set(ports).size).toBe(1);
  });

  test('a damaged session file is ignored', async () => {
    await digestServer();
    const dir = tempDir('cdba-sess-');
    await call(dir);
    const file = join(dir, 'digest', readdirSync(join(dir, 'digest'))[0]!);
    writeFileSync(file, '{"nonce": 1');
    expect((await call(dir)).requests).toHaveLength(2);
    expect((await call(dir)).requests).toHaveLength(1);
  });
});
