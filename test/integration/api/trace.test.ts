// The --debug trace: what it shows, and that no secret ever reaches it.
import { afterEach, expect, test } from 'vitest';
import type { ApiClient } from '../../../src/api/client.js';
import { createCluster, getCluster } from '../../../src/api/resources/clusters.js';
import { clientFor, digestGate, json, settingsFor, startServer, type TestServer } from './servers.js';

const KEYS = { publicKey: 'abcdefgh', privateKey: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0' };
let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

test('each wire attempt is traced with method, URL, status, timing, headers and body; secrets are redacted', async () => {
  const gate = digestGate({ username: KEYS.publicKey, password: KEYS.privateKey });
  server = await startServer((req, res, body) => {
    if (!gate.check(req, res)) return;
    // An answer that echoes a secret, as a misbehaving proxy might.
    json(res, req.method === 'POST' ? 201 : 200, { name: 'c1', echoed: KEYS.privateKey, sent: body, filler: 'y'.repeat(5000) });
  });
  let io;
  ({ client, io } = clientFor(settingsFor(server.url, KEYS), { debug: true }));
  await getCluster(client, 'p1', 'c1');
  await createCluster(client, 'p1', { name: 'c1', privateKey: KEYS.privateKey });
  const trace = io.stderr;
  const lines = trace.split('\n');
  expect(lines.filter((l) => l.startsWith('> GET '))).toEqual([
    `> GET ${server.url}/api/atlas/v2/groups/p1/clusters/c1`,
    `> GET ${server.url}/api/atlas/v2/groups/p1/clusters/c1`,
  ]);
  expect(lines.filter((l) => /^< HTTP \d+ \(\d+ ms\)$/.test(l)).map((l) => l.split(' ')[2])).toEqual(['401', '200', '201']);
  expect(trace).toContain('< www-authenticate: Digest realm="MMS Public API"');
  expect(trace).toContain('> authorization: Digest [REDACTED]');
  expect(trace).toContain('> {"name":"c1","privateKey":"[REDACTED]"}');
  expect(trace).toMatch(/yyyy… \(\d+ bytes in all\)/);
  expect(trace).not.toContain(KEYS.privateKey);
  // Long bodies are cut at about 2 KB.
  for (const line of lines) expect(line.length).toBeLessThan(2200);
});

test('without --debug nothing is written', async () => {
  server = await startServer((_req, res) => json(res, 200, {}));
  let io;
  ({ client, io } = clientFor(settingsFor(server.url)));
  await getCluster(client, 'p1', 'c1');
  expect(io.stderr).toBe('');
});

test('a tag\'s value shows in the trace, a Header\'s does not', async () => {
  const gate = digestGate({ username: KEYS.publicKey, password: KEYS.privateKey });
  server = await startServer((req, res) => {
    if (!gate.check(req, res)) return;
    json(res, 200, { tags: [{ key: 'env', value: 'prod' }], headers: [{ name: 'Authorization', value: 'Token t-0123456789' }] });
  });
  let io;
  ({ client, io } = clientFor(settingsFor(server.url, KEYS), { debug: true }));
  await createCluster(client, 'p1', { name: 'c1', tags: [{ key: 'team', value: 'db' }] });
  expect(io.stderr).toContain('> {"name":"c1","tags":[{"key":"team","value":"db"}]}');
  expect(io.stderr).toContain('< {"tags":[{"key":"env","value":"prod"}],"headers":[{"name":"Authorization","value":"[REDACTED]"}]}');
  expect(io.stderr).not.toContain('t-0123456789');
});
