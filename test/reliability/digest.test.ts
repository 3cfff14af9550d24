// Guarantees of digest authentication under abuse:
// - a request signed by cdba cannot be replayed: the same nc is refused;
// - an expired nonce is renewed transparently (the service's stale=true), the command succeeds;
// - a wrong key exits 3 with a hint to check the keys, without hammering the service;
// - a key whose access list does not hold this machine exits 3 and names the reason.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAuthorization } from '../../src/auth/digest.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba } from '../helpers/inProcess.js';
import { withEmulator, wwwAuthenticate } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, FENCED_PRIVATE, FENCED_PUBLIC, knownSeed, OWNER_PUBLIC } from './support.js';

const emulators: RunningEmulator[] = [];
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(emulators.map((e) => e.stop()));
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function emulator(options: Parameters<typeof withEmulator>[0] = {}): Promise<RunningEmulator> {
  const { emu } = await withEmulator({ seed: knownSeed(), ...options });
  emulators.push(emu);
  return emu;
}

/** A transparent proxy to `target` that records each request's method, path and Authorization header. */
async function recordingProxy(target: string): Promise<{ url: string; seen: Array<{ method: string; path: string; authorization?: string }> }> {
  const { hostname, port } = new URL(target);
  const seen: Array<{ method: string; path: string; authorization?: string }> = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, path: req.url!, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    const upstream = request({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('digest abuse', () => {
  it('a replayed request (same nonce and nc) is refused with a fresh challenge', async () => {
    const emu = await emulator();
    const proxy = await recordingProxy(emu.url);
    const result = await cdba(['clusters', 'get', 'seeded'], { env: digestEnv(proxy.url) });
    expect(result.exitCode, result.stderr).toBe(0);
    const signed = proxy.seen.filter((r) => r.authorization);
    expect(signed).toHaveLength(1);
    const { method, path, authorization } = signed[0]!;
    expect(parseAuthorization(authorization)?.nc).toBe('00000001');
    // The eavesdropper sends the very same request again.
    const replay = await fetch(emu.url + path, { method, headers: { authorization: authorization!, accept: 'application/vnd.atlas.2023-02-01+json' } });
    expect(replay.status).toBe(401);
    const challenge = wwwAuthenticate(replay.headers);
    expect(challenge.length).toBeGreaterThan(0);
    expect(challenge.every((c) => /stale=false/.test(c))).toBe(true);
    expect(await replay.text()).not.toContain('"name"');
  });

  it('an expired nonce is renewed transparently during a watch', async () => {
    // The emulator's clock moves 400 ms per request it has answered, whatever the
    // real time: a nonce is stale at its third use (1.2 s > 1 s), yet fresh for the
    // retry that follows its challenge; the cluster is IDLE ten requests on.
    // (Real 150 ms nonces raced a slow machine: the retry's nonce was stale too.)
    const start = Date.now();
    let answered = (): number => 0;
    const emu = await emulator({ nonceTtlMs: 1000, transitionMs: 4000, clock: () => start + 400 * answered() });
    answered = () => emu.stats().total;
    const result = await cdba(['clusters', 'create', 'fresh', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], {
      env: { ...digestEnv(emu.url), CDBA_WATCH_INTERVAL_MS: '100' },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).stateName).toBe('IDLE');
    expect(result.stderr).not.toMatch(/401|unauthori[sz]ed|stale/i);
    const stats = emu.stats();
    // The first challenge, then at least one stale=true answered silently.
    expect(stats.challenges).toBeGreaterThanOrEqual(2);
    expect(stats.byStatus['401']).toBe(stats.challenges);
  });

  it('a wrong private key exits 3 with a hint, after at most three requests', async () => {
    const emu = await emulator();
    const result = await cdba(['clusters', 'list'], { env: digestEnv(emu.url, OWNER_PUBLIC, '00000000-0000-4000-8000-000000000000') });
    expectOneErrorLine(result, 3, /You are not authorized for this resource\. \(UNEXPECTED_ERROR, HTTP 401\); check CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY, set in the environment, which overrides the profile \(cdba profile show\)/);
    expect(emu.stats().total).toBeLessThanOrEqual(3);
  });

  it('an unknown public key exits 3 the same way', async () => {
    const emu = await emulator();
    const result = await cdba(['clusters', 'list'], { env: digestEnv(emu.url, 'nosuchky', 'whatever-secret-value') });
    expectOneErrorLine(result, 3, /HTTP 401\); check CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY, set in the environment/);
  });

  it('an access-list miss exits 3 and names the reason', async () => {
    const emu = await emulator();
    const result = await cdba(['clusters', 'list'], { env: digestEnv(emu.url, FENCED_PUBLIC, FENCED_PRIVATE) });
    expectOneErrorLine(
      result,
      3,
      /IP address 127\.0\.0\.1 is not allowed to access this resource\. \(IP_ADDRESS_NOT_ON_ACCESS_LIST, HTTP 403\); add this machine's IP address to the API access list/,
    );
  });
});
