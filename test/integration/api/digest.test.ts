// Digest authentication against a local verifying server (nonce expiry, nc replay rejection).
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, ExitCode } from '../../../src/base/errors.js';
import type { DigestAlgorithm } from '../../../src/auth/digest.js';
import type { ApiClient } from '../../../src/api/client.js';
import { clientFor, digestGate, json, settingsFor, startServer, type TestServer } from './servers.js';

const KEYS = { publicKey: 'abcdefgh', privateKey: '6e5d6c1a-1b2c-4d5e-8f90-0123456789ab' };
let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function digestServer(options: { algorithm?: DigestAlgorithm; password?: string; challengeHeader?: string } = {}) {
  const gate = digestGate({ username: KEYS.publicKey, password: options.password ?? KEYS.privateKey, ...options });
  server = await startServer((req, res, body) => {
    if (!gate.check(req, res)) return;
    json(res, req.method === 'POST' ? 201 : 200, { path: req.url, method: req.method, body: body ? JSON.parse(body) : null });
  });
  return { gate, server };
}

const get = (c: ApiClient, path = '/groups/p1/clusters') => c.request<{ path: string }>({ method: 'GET', resource: 'clusters.list', path });

describe('digest authentication', () => {
  test('only the first request pays the challenge; later ones sign up front with the next nc', async () => {
    const { gate } = await digestServer();
    ({ client } = clientFor(settingsFor(server!.url, KEYS)));
    for (let i = 0; i < 5; i++) expect((await get(client, `/groups/p1/clusters/c${i}`)).body.path).toBe(`/api/atlas/v2/groups/p1/clusters/c${i}`);
    expect(server!.received).toHaveLength(6);
    expect(gate.challenges).toBe(1);
    expect(server!.received[0]!.headers.authorization).toBeUndefined();
    const ncs = [...gate.ncSeen.values()][0];
    expect(ncs).toEqual(['00000001', '00000002', '00000003', '00000004', '00000005']);
  });

  test('concurrent first requests share one challenge, and concurrent requests get distinct nc values', async () => {
    const { gate } = await digestServer();
    ({ client } = clientFor(settingsFor(server!.url, KEYS)));
    const c = client;
    await Promise.all(Array.from({ length: 8 }, (_, i) => get(c, `/groups/p1/clusters/a${i}`)));
    await Promise.all(Array.from({ length: 8 }, (_, i) => get(c, `/groups/p1/clusters/b${i}`)));
    expect(gate.challenges).toBe(1);
    expect(server!.received).toHaveLength(17);
    const ncs = [...gate.ncSeen.values()][0]!;
    expect(new Set(ncs).size).toBe(16);
  });

  test('a stale nonce is re-answered silently, once', async () => {
    const { gate } = await digestServer();
    ({ client } = clientFor(settingsFor(server!.url, KEYS)));
    await get(client);
    gate.expireNonces();
    const response = await get(client);
    expect(response.status).toBe(200);
    expect(gate.challenges).toBe(2);
    expect(server!.received.map((r) => r.headers.authorization === undefined)).toEqual([true, false, false, false]);
  });

  test('a POST body is buffered and re-sent after the challenge', async () => {
    await digestServer();
    ({ client } = clientFor(settingsFor(server!.url, KEYS)));
    const response = await client.request<{ body: unknown }>({ method: 'POST', resource: 'clusters.create', path: '/groups/p1/clusters', body: { name: 'c1' } });
    expect(response.status).toBe(201);
    expect(response.body.body).toEqual({ name: 'c1' });
    expect(server!.received.map((r) => r.body)).toEqual(['{"name":"c1"}', '{"name":"c1"}']);
    expect(server!.received[1]!.headers['content-type']).toBe('application/vnd.atlas.2023-02-01+json');
  });

  test.each(['MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess'] as const)('%s', async (algorithm) => {
    const { gate } = await digestServer({ algorithm });
    ({ client } = clientFor(settingsFor(server!.url, KEYS)));
    await get(client);
    await get(client, '/groups/p1/clusters?pageNum=2&itemsPerPage=3');
    expect(gate.challenges).toBe(1);
    expect(server!.received[2]!.headers.authorization).toContain(`algorithm=${algorithm}`);
  });

  test('a wrong private key is a 401 ApiError with the profile hint (exit 3), after exactly one answer', async () => {
    await digestServer({ password: 'the-real-key' });
    ({ client } = clientFor(settingsFor(server!.url, KEYS)));
    const error = await get(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).exitCode).toBe(ExitCode.auth);
    expect((error as ApiError).message).toBe('You are not authorized for this resource. (UNEXPECTED_ERROR, HTTP 401)');
    expect((error as ApiError).remedy).toEqual({ setting: 'credentials', kind: 'apiKey' });
    expect(server!.received).toHaveLength(2);
  });

  test('a malformed challenge is a clear 401 error (exit 3)', async () => {
    await digestServer({ challengeHeader: 'Digest realm="MMS Public API", nonce="abc' });
    ({ client } = clientFor(settingsFor(server!.url, KEYS)));
    const error = (await get(client).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('the service sent a malformed digest challenge (unterminated quoted value for nonce) (HTTP 401)');
    expect(error.exitCode).toBe(ExitCode.auth);
    expect(server!.received).toHaveLength(1);
  });

  test('without credentials a 401 says none are set', async () => {
    await digestServer();
    ({ client } = clientFor(settingsFor(server!.url)));
    const error = (await get(client).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.remedy).toEqual({ setting: 'credentials', kind: 'none' });
    expect(server!.received).toHaveLength(1);
  });
});
