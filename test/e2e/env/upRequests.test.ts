// env up's round trips (issue 38): the address and the project's users (who holds the
// env, issue 43) are read at once; a new env's user is taken first (the claim two runs
// of one name race for), then the cluster and the entry are asked for at once, each in
// the order that costs the fewest requests. A proxy in front of the emulator holds the
// cluster's create and the entry's look until both have arrived: one after the other,
// they never would, and the test would fail.
// The counts are the figures test/bench/RESULTS.md records (npm run bench, figure 8).
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000006e';
let emu: RunningEmulator;
let proxy: Server;
let proxyUrl: string;
/** Requests the proxy holds until every one of them has arrived; empty: none held. */
let together: RegExp[] = [];
let held: Array<{ matched: RegExp; release: () => void }> = [];

function forward(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const target = new URL(emu.url);
  const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.end(body);
}

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'round-trips' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const line = `${req.method} ${req.url}`;
      const matched = together.find((pattern) => pattern.test(line) && !held.some((h) => h.matched === pattern));
      // A digest challenge's first try carries no credentials: it passes.
      if (!matched || req.headers.authorization === undefined) return forward(req, res, body);
      held.push({ matched, release: () => forward(req, res, body) });
      // Only to end a test whose requests come one at a time (the assertion then fails): never reached otherwise.
      if (held.length === 1) setTimeout(() => held.splice(0).forEach((h) => h.release()), 20_000).unref();
      if (held.length === together.length) {
        for (const h of held) h.release();
        held = [];
        together = [];
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await new Promise((resolve) => proxy.close(resolve));
  await emu.stop();
});

const requestsOf = async (run: () => Promise<{ exitCode: number; stderr: string }>): Promise<Record<string, number>> => {
  emu.resetStats();
  const result = await run();
  expect(result.exitCode, result.stderr).toBe(0);
  const stats = emu.stats();
  return { total: stats.total - stats.challenges, ...stats.byPath };
};

describe('env up round trips', () => {
  it('a new env: the users read, the user taken, then the cluster and the entry at once, 8 requests in all', async () => {
    const configDir = tempDir();
    together = [/^POST \S+\/flexClusters$/, /^GET \S+\/accessList\/127\.0\.0\.1$/];
    const counts = await requestsOf(() => cdba(['env', 'up', 'rt-1', '-o', 'json'], { env: ownerEnv(proxyUrl, PROJECT), configDir }));
    expect(together).toEqual([]); // both arrived before either was answered
    // The address and the users, the user's create, the cluster's create, the entry's look and add, then one look at the entry's status and the cluster.
    expect(counts.total, JSON.stringify(counts)).toBe(8);
    expect(counts['GET /api/atlas/v2/groups/{groupId}/databaseUsers']).toBeGreaterThanOrEqual(1); // (a digest challenge counts here too)
    expect(counts['GET /api/atlas/v2/groups/{groupId}/clusters/{clusterName}']).toBeUndefined(); // no look before the create

    // The same env again on this runner (its state file there, so its user is this run's), with a
    // longer ttl: the cluster read and the user updated at once; its expiry moves (the cluster's PATCH).
    const again = await requestsOf(() => cdba(['env', 'up', 'rt-1', '--ttl', '3h', '-o', 'json'], { env: ownerEnv(proxyUrl, PROJECT), configDir }));
    expect(again.total, JSON.stringify(again)).toBe(8);
    expect(again['POST /api/atlas/v2/groups/{groupId}/databaseUsers']).toBeUndefined();
    expect(again['POST /api/atlas/v2/groups/{groupId}/flexClusters']).toBeUndefined();
  });

  it('the same env from another runner (no state file): refused after two reads, nothing written; with --share a user of its own, the cluster reused', async () => {
    const firstDir = tempDir();
    const first = await cdba(['env', 'up', 'rt-2', '-o', 'json'], { env: ownerEnv(emu.url, PROJECT), configDir: firstDir });
    expect(first.exitCode).toBe(0);
    emu.resetStats();
    const second = await cdba(['env', 'up', 'rt-2', '-o', 'json'], { env: ownerEnv(emu.url, PROJECT), configDir: tempDir() });
    expect(second.exitCode, second.stderr).toBe(16);
    const stats = emu.stats();
    expect(stats.total - stats.challenges, JSON.stringify(stats.byPath)).toBe(2); // the address and the users
    const shared = await requestsOf(() => cdba(['env', 'up', 'rt-2', '--share', '-o', 'json'], { env: ownerEnv(emu.url, PROJECT), configDir: tempDir() }));
    expect(shared['POST /api/atlas/v2/groups/{groupId}/databaseUsers']).toBe(1);
    expect(shared['PATCH /api/atlas/v2/groups/{groupId}/databaseUsers/{databaseName}/{username}']).toBeUndefined(); // the first run's password stays
    const down = await cdba(['env', 'down', 'rt-2'], { env: ownerEnv(emu.url, PROJECT), configDir: firstDir });
    expect(down.stderr).toContain('kept cluster rt-2 for');
  });
});
