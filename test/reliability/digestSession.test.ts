// Guarantees of the digest session kept between cdba processes (issue 14):
// - a second process sends one request, not two;
// - 20 processes at once never send the same (nonce, nc);
// - a stale stored nonce costs exactly one extra exchange;
// - a server that refuses reuse settles at two requests per call;
// - the session file is 0600 in a 0700 dir and holds no secret.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAuthorization } from '../../src/auth/digest.js';
import { cdba, tempDir } from '../helpers/cli.js';
import { digestGate, json, startServer, type TestServer } from '../integration/api/servers.js';
import { digestEnv, OWNER_PRIVATE, OWNER_PUBLIC } from './support.js';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/**
 * A loopback digest server that records every (nonce, nc) it was sent and
 * answers `clusters get NAME` with {name}. With `refuseReuse` it accepts a nonce
 * only with the nc values of the process it was issued to (1 to 255): a stored
 * nonce, whose nc starts past the first block, is refused without stale.
 */
async function recordingServer(options: { refuseReuse?: boolean } = {}) {
  const gate = digestGate({ username: OWNER_PUBLIC, password: OWNER_PRIVATE });
  const pairs: string[] = [];
  const server = await startServer((req, res) => {
    const auth = parseAuthorization(req.headers.authorization);
    if (auth) pairs.push(`${auth.nonce} ${auth.nc}`);
    if (options.refuseReuse && auth?.nc && parseInt(auth.nc, 16) > 255) {
      req.headers = { ...req.headers };
      delete req.headers.authorization;
    }
    if (!gate.check(req, res)) return;
    json(res, 200, { name: decodeURIComponent(req.url!.split('?')[0]!.split('/').pop()!) });
  });
  servers.push(server);
  return { server, gate, pairs };
}

const getCluster = (url: string, configDir: string, name = 'c1') =>
  cdba(['clusters', 'get', name, '-o', 'json'], { env: digestEnv(url), configDir, timeoutMs: 60_000 });

describe('persisted digest session across processes', () => {
  it('20 concurrent processes reuse the stored session with one request each and never send the same nc', async () => {
    const { server, pairs } = await recordingServer();
    const dir = tempDir('cdba-rel-sess-');
    const first = await getCluster(server.url, dir, 'first');
    expect(first.exitCode, first.stderr).toBe(0);
    const before = server.received.length;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => getCluster(server.url, dir, `c${i}`)));
    for (const [i, result] of results.entries()) {
      expect(result.exitCode, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ name: `c${i}` });
      expect(result.stderr).toBe('');
    }
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(server.received.length - before).toBe(20);
  });

  it('a stale stored nonce costs exactly one extra exchange', async () => {
    const { server, gate } = await recordingServer();
    const dir = tempDir('cdba-rel-sess-');
    expect((await getCluster(server.url, dir)).exitCode).toBe(0);
    gate.expireNonces();
    const before = server.received.length;
    const result = await getCluster(server.url, dir);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(server.received.length - before).toBe(2);
    const after = server.received.length;
    expect((await getCluster(server.url, dir)).exitCode).toBe(0);
    expect(server.received.length - after).toBe(1);
  });

  it('a server that refuses reuse settles at two requests per call', async () => {
    const { server } = await recordingServer({ refuseReuse: true });
    const dir = tempDir('cdba-rel-sess-');
    const perCall: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = server.received.length;
      const result = await getCluster(server.url, dir);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      perCall.push(server.received.length - before);
    }
    expect(perCall).toEqual([2, 2, 2, 2]);
    // After the refusal no call sends the stored nonce: each starts unsigned.
    const firstOfLastCall = server.received.at(-2)!;
    expect(firstOfLastCall.headers.authorization).toBeUndefined();
  });

  it('the session file is 0600 in a 0700 dir and holds no secret', async () => {
    const { server } = await recordingServer();
    const dir = tempDir('cdba-rel-sess-');
    expect((await getCluster(server.url, dir)).exitCode).toBe(0);
    const digestDir = join(dir, 'digest');
    expect(statSync(digestDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(digestDir);
    expect(files).toHaveLength(1);
    const file = join(digestDir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(OWNER_PRIVATE);
    expect(files[0]).not.toContain(OWNER_PRIVATE);
    expect(JSON.parse(text)).toMatchObject({ realm: 'MMS Public API', next: expect.any(Number) });
  });
});
