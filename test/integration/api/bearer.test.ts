// Service accounts: the client-credentials exchange, the token cache shared
// between clients (as between processes), refresh on 401, and redaction.
import { statSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, ExitCode } from '../../../src/base/errors.js';
import type { ApiClient } from '../../../src/api/client.js';
import { getCluster } from '../../../src/api/resources/clusters.js';
import { TokenFileCache } from '../../../src/auth/serviceAccount.js';
import { tempDir } from '../../helpers/cli.js';
import { clientFor, errorDoc, json, settingsFor, startServer, type TestServer } from './servers.js';

const SA = { clientId: 'mdb_sa_id_0123456789abcdef', clientSecret: 'mdb_sa_sk_s3cr3t-value-never-shown' };
let server: TestServer | undefined;
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
  server = undefined;
});

/** A token endpoint plus an API that accepts only the newest token. */
async function tokenServer() {
  const state = { issued: 0, current: '', revoked: false };
  server = await startServer((req, res, body) => {
    if (req.url === '/api/oauth/token') {
      const expected = `Basic ${Buffer.from(`${SA.clientId}:${SA.clientSecret}`).toString('base64')}`;
      if (req.method !== 'POST' || req.headers.authorization !== expected || body !== 'grant_type=client_credentials' || req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        json(res, 401, errorDoc(401, 'INVALID_CLIENT', 'Invalid client credentials.'));
        return;
      }
      state.issued++;
      state.current = `tok-${state.issued}-${'x'.repeat(20)}`;
      json(res, 200, { access_token: state.current, token_type: 'Bearer', expires_in: 3600 });
      return;
    }
    if (req.headers.authorization !== `Bearer ${state.current}`) {
      json(res, 401, errorDoc(401, 'USER_UNAUTHORIZED', 'Unauthorized.'));
      return;
    }
    json(res, 200, { name: 'c1', token: 'not-a-secret-field-value' });
  });
  return state;
}

function make(configDir: string, extra: Record<string, string> = {}, debug = false) {
  const made = clientFor(settingsFor(server!.url, { ...SA, ...extra }), { configDir, debug });
  clients.push(made.client);
  return made;
}

describe('service accounts', () => {
  test('a token is fetched once and reused by a second client on the same config dir', async () => {
    const state = await tokenServer();
    const configDir = tempDir();
    const first = make(configDir);
    expect(first.client.authMethod).toBe('bearer');
    await getCluster(first.client, 'p', 'c1');
    await getCluster(first.client, 'p', 'c1');
    const second = make(configDir);
    await getCluster(second.client, 'p', 'c1');
    expect(state.issued).toBe(1);
    expect(server!.received.filter((r) => r.url === '/api/oauth/token')).toHaveLength(1);
    const file = new TokenFileCache(configDir, server!.url, SA.clientId, SA.clientSecret).file;
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('a 401 on a cached token fetches a new one once and succeeds', async () => {
    const state = await tokenServer();
    const configDir = tempDir();
    await getCluster(make(configDir).client, 'p', 'c1');
    state.current = 'revoked-on-the-server';
    const response = await getCluster(make(configDir).client, 'p', 'c1');
    expect(response.status).toBe(200);
    expect(state.issued).toBe(2);
  });

  test('a wrong secret fails at the token endpoint with the service-account hint (exit 3)', async () => {
    await tokenServer();
    const { client } = make(tempDir(), { clientSecret: 'wrong' });
    const error = (await getCluster(client, 'p', 'c1').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Invalid client credentials. (INVALID_CLIENT, HTTP 401)');
    expect(error.exitCode).toBe(ExitCode.auth);
    expect(error.remedy).toEqual({ setting: 'credentials', kind: 'serviceAccount' });
  });

  test('with API keys set as well, the service account is used', async () => {
    await tokenServer();
    const { client } = make(tempDir(), { publicKey: 'pub', privateKey: 'priv' });
    expect(client.authMethod).toBe('bearer');
    await getCluster(client, 'p', 'c1');
    expect(server!.received.at(-1)!.headers.authorization).toMatch(/^Bearer tok-1/);
  });

  test('--debug shows the exchange but never the secret or the token', async () => {
    await tokenServer();
    const { client, io } = make(tempDir(), {}, true);
    await getCluster(client, 'p', 'c1');
    const trace = io.stderr;
    expect(trace).toContain('> POST ');
    expect(trace).toContain('/api/oauth/token');
    expect(trace).toContain('> authorization: Basic [REDACTED]');
    expect(trace).toContain('> authorization: Bearer [REDACTED]');
    expect(trace).toContain('"access_token":"[REDACTED]"');
    expect(trace).not.toContain(SA.clientSecret);
    expect(trace).not.toContain('tok-1');
    expect(trace).not.toContain(Buffer.from(`${SA.clientId}:${SA.clientSecret}`).toString('base64'));
  });
});
