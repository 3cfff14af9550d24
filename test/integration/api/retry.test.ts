// Retries through undici's retry interceptor: 429 for any method, 5xx and
// resets for idempotent ones, POST never replayed, and the budget.
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, ExitCode, NetworkError } from '../../../src/base/errors.js';
import type { ApiClient } from '../../../src/api/client.js';
import { createCluster } from '../../../src/api/resources/clusters.js';
import { waitFor } from '../../helpers/waitFor.js';
import { clientFor, digestGate, errorDoc, json, settingsFor, startServer, type Handler, type TestServer } from './servers.js';

let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

/** Answers with `failures` in turn, then 200. */
async function flaky(failures: Array<'429' | '503' | '502' | '504' | 'reset' | undefined>, retryAfter = '0') {
  const handler: Handler = (req, res, _body, index) => {
    const failure = failures[index];
    if (failure === 'reset') {
      req.socket.destroy();
      return;
    }
    if (failure) {
      json(res, Number(failure), errorDoc(Number(failure), failure === '429' ? 'RATE_LIMITED' : 'SERVICE_UNAVAILABLE', 'try later'), { 'retry-after': retryAfter });
      return;
    }
    json(res, req.method === 'POST' ? 201 : 200, { ok: true, attempt: index + 1 });
  };
  server = await startServer(handler);
  return server;
}

const call = (method: string, extra: Record<string, unknown> = {}) =>
  client!.request<{ attempt: number }>({ method, resource: 'clusters.get', path: '/groups/p/clusters/c', ...(method === 'GET' || method === 'DELETE' ? {} : { body: { a: 1 } }), ...extra });

describe('retries', () => {
  test('429 is retried after Retry-After, with one stderr line per wait', async () => {
    await flaky(['429', '429'], '1');
    let io;
    ({ client, io } = clientFor(settingsFor(server!.url)));
    const response = await call('GET');
    expect(response.body.attempt).toBe(3);
    expect(server!.received).toHaveLength(3);
    expect(io.stderr).toBe('cdba: rate limited (429); retrying in 1s\ncdba: rate limited (429); retrying in 1s\n');
  });

  test('a Retry-After longer than the timeout is waited out and the request retried, with a new deadline', async () => {
    // The wait (1 s) is twice the per-attempt deadline: it is not the server's to meet.
    await flaky(['429'], '1');
    let io;
    ({ client, io } = clientFor(settingsFor(server!.url), { timeoutMs: 500 }));
    const response = await call('GET');
    expect(response.body.attempt).toBe(2);
    expect(server!.received).toHaveLength(2);
    expect(io.stderr).toBe('cdba: rate limited (429); retrying in 1s\n');
  });

  test('on a TTY the wait is an ora spinner', async () => {
    await flaky(['429'], '1');
    const { IO } = await import('../../../src/base/io.js');
    let io;
    ({ client, io } = clientFor(settingsFor(server!.url), { io: IO.test({ errIsTTY: true }) }));
    expect((await call('GET')).body.attempt).toBe(2);
    // ora is loaded on first use: the spinner may draw after the call returned.
    await waitFor('the spinner', () => io.stderr.includes('rate limited (429); retrying in 1s'));
    expect(io.stderr).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] cdba: rate limited/); // drawn by ora, not a plain line
  });

  test('429 is retried for POST too: the request was refused, not applied', async () => {
    await flaky(['429']);
    ({ client } = clientFor(settingsFor(server!.url)));
    expect((await call('POST')).status).toBe(201);
    expect(server!.received.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(server!.received[1]!.body).toBe('{"a":1}');
  });

  test.each(['502', '503', '504'] as const)('%s is retried for GET, PUT and DELETE', async (status) => {
    await flaky([status, status, status, status]);
    let io;
    ({ client, io } = clientFor(settingsFor(server!.url)));
    expect((await call('GET')).body.attempt).toBe(5);
    expect(io.stderr).toContain(`(${status}); retrying in 0s`);
  });

  test('PUT and DELETE retry on 503', async () => {
    await flaky(['503', undefined, '503']);
    ({ client } = clientFor(settingsFor(server!.url)));
    expect((await call('PUT')).status).toBe(200);
    expect((await call('DELETE')).status).toBe(200);
    expect(server!.received.map((r) => r.method)).toEqual(['PUT', 'PUT', 'DELETE', 'DELETE']);
  });

  test('503 on POST is not retried', async () => {
    await flaky(['503']);
    ({ client } = clientFor(settingsFor(server!.url)));
    const error = (await call('POST').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.exitCode).toBe(ExitCode.server);
    expect(server!.received).toHaveLength(1);
  });

  test('PATCH retries on 503 only when marked idempotent', async () => {
    await flaky(['503', '503']);
    ({ client } = clientFor(settingsFor(server!.url)));
    expect(((await call('PATCH').catch((e: unknown) => e)) as ApiError).status).toBe(503);
    expect((await call('PATCH', { idempotent: true })).status).toBe(200);
    expect(server!.received).toHaveLength(3);
  });

  test('a connection reset is retried for GET', async () => {
    await flaky(['reset']);
    ({ client } = clientFor(settingsFor(server!.url)));
    expect((await call('GET')).body.attempt).toBe(2);
  });

  test('a POST whose connection breaks is not replayed, and the error says to check', async () => {
    await flaky(['reset']);
    ({ client } = clientFor(settingsFor(server!.url)));
    const error = (await createCluster(client, 'p', { name: 'c1' }).catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(ExitCode.server);
    expect(error.message).toMatch(/^the connection to 127\.0\.0\.1:\d+ broke before a complete response \(POST /);
    expect(error.hint).toBe('the cluster may have been created; check that it exists before trying again');
    expect(server!.received).toHaveLength(1);
  });

  test('when the attempts run out, the last 429 is the error (exit 6)', async () => {
    await flaky(['429', '429', '429', '429']);
    ({ client } = clientFor(settingsFor(server!.url), { retry: { maxAttempts: 3 } }));
    const error = (await call('GET').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.exitCode).toBe(ExitCode.rateLimited);
    expect(error.message).toBe('try later (RATE_LIMITED, HTTP 429)');
    expect(error.hint).toMatch(/^gave up after 3 attempts/);
    expect(server!.received).toHaveLength(3);
  });

  test('a wait longer than the wait budget is not started', async () => {
    await flaky(['429'], '30');
    let io;
    ({ client, io } = clientFor(settingsFor(server!.url), { retry: { maxWaitMs: 10_000 } }));
    const error = (await call('GET').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.hint).toMatch(/^gave up: waiting again would pass the 10s retry budget/);
    expect(server!.received).toHaveLength(1);
    expect(io.stderr).toBe('');
  });

  test.each(['502', 'reset'] as const)('a DELETE applied by an attempt whose answer was lost (%s) is done when its retry finds nothing', async (lost) => {
    let exists = true;
    server = await startServer((req, res) => {
      if (!exists) return json(res, 404, errorDoc(404, 'USERNAME_NOT_FOUND', 'No user with username ruser exists.'));
      exists = false; // applied, and then the answer is lost
      if (lost === 'reset') return void req.socket.destroy();
      json(res, 502, errorDoc(502, 'BAD_GATEWAY', 'bad gateway'));
    });
    let io;
    ({ client, io } = clientFor(settingsFor(server.url)));
    const response = await client.call('databaseUsers.delete', { groupId: 'p', databaseName: 'admin', username: 'ruser' });
    expect(response.status).toBe(204);
    expect(server.received.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    expect(io.stderr).toContain("cdba: warning: an earlier attempt's answer was lost, and the resource is gone now: that attempt deleted it\n");
  });

  test('a DELETE that was only rate limited and then finds nothing is not found (exit 4)', async () => {
    server = await startServer((_req, res, _body, index) => {
      if (index === 0) return json(res, 429, errorDoc(429, 'RATE_LIMITED', 'slow down'), { 'retry-after': '0' });
      json(res, 404, errorDoc(404, 'USERNAME_NOT_FOUND', 'No user with username ruser exists.'));
    });
    ({ client } = clientFor(settingsFor(server.url)));
    const error = (await client.call('databaseUsers.delete', { groupId: 'p', databaseName: 'admin', username: 'ruser' }).catch((e: unknown) => e)) as ApiError;
    expect(error.exitCode).toBe(ExitCode.notFound);
    expect(server.received).toHaveLength(2);
  });

  test('a retried digest request is signed again with the next nc (servers reject replayed nc)', async () => {
    const gate = digestGate({ username: 'pub', password: 'priv' });
    let limited = false;
    server = await startServer((req, res, _b, index) => {
      if (!gate.check(req, res)) return;
      if (index === 2 && !limited) {
        limited = true;
        json(res, 429, errorDoc(429, 'RATE_LIMITED', 'slow down'), { 'retry-after': '0' });
        return;
      }
      json(res, 200, { attempt: index + 1 });
    });
    ({ client } = clientFor(settingsFor(server.url, { publicKey: 'pub', privateKey: 'priv' })));
    await call('GET');
    expect((await call('GET')).body.attempt).toBe(4);
    expect(gate.challenges).toBe(1);
    expect([...gate.ncSeen.values()][0]).toEqual(['00000001', '00000002', '00000003']);
  });
});
