import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader, newCnonce, parseChallenge } from '../../../src/auth/digest.js';
import type { DigestAlgorithm } from '../../../src/auth/digest.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { plainRequest, withEmulator, wwwAuthenticate } from '../../helpers/emulator.js';
import { REFERENCE_DIR } from '../../helpers/reference.js';
import { ACCOUNT, FENCED, LOOPBACK6, MANAGER, OWNER, PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

const clock = new TestClock();
let emu: RunningEmulator;
const listPath = `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`;

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, nonceTtlMs: 60_000 }));
});
afterAll(() => emu.stop());

/** One digest-signed request with full control over the header's parts. */
async function signed(challenge: { nonce: string; algorithm: DigestAlgorithm }, nc: number, key = OWNER, path = listPath) {
  const authorization = authorizationHeader({
    algorithm: challenge.algorithm,
    username: key.publicKey,
    password: key.privateKey,
    realm: 'MMS Public API',
    nonce: challenge.nonce,
    method: 'GET',
    uri: path,
    qop: 'auth',
    nc,
    cnonce: newCnonce(),
  });
  return plainRequest(emu.url, 'GET', path, { headers: { Authorization: authorization } });
}

async function freshChallenge() {
  const first = await plainRequest(emu.url, 'GET', listPath);
  return { response: first, challenge: parseChallenge(wwwAuthenticate(first.headers))! };
}

describe('digest challenge', () => {
  it('offers one challenge, MD5 with realm "MMS Public API", qop auth and no opaque, as the service does', async () => {
    const { response, challenge } = await freshChallenge();
    expect(response.status).toBe(401);
    const values = wwwAuthenticate(response.headers);
    expect(values).toHaveLength(1);
    expect(values[0]).toMatch(/^Digest realm="MMS Public API", domain="", nonce="[^"]+", algorithm=MD5, qop="auth", stale=false$/);
    expect(values.join()).not.toMatch(/opaque/);
    expect(challenge.algorithm).toBe('MD5');
    expect(parseChallenge(response.headers.get('www-authenticate') ?? undefined)?.algorithm).toBe('MD5');
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('answers the 401 body byte for byte as the live service recorded it', async () => {
    const recorded = readFileSync(join(REFERENCE_DIR, 'recorded', 'TestSetupFailureFlow__Invalid_Public_Key__digest-challenge-401.http'), 'utf8');
    const body = recorded.replace(/\r\n/g, '\n').split('\n\n').slice(1).join('\n\n');
    const { response } = await freshChallenge();
    expect(response.text).toBe(body.trimEnd());
    expect(response.headers.get('content-length')).toBe('142');
  });

  it('accepts SHA-256 and MD5 responses with the right key', async () => {
    const { challenge } = await freshChallenge();
    expect((await signed({ nonce: challenge.nonce, algorithm: 'SHA-256' }, 1)).status).toBe(200);
    expect((await signed({ nonce: challenge.nonce, algorithm: 'MD5' }, 2)).status).toBe(200);
  });

  it('refuses a wrong private key or an unknown public key with a fresh, non-stale challenge', async () => {
    const { challenge } = await freshChallenge();
    const wrong = await signed(challenge, 1, { publicKey: OWNER.publicKey, privateKey: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: 401, reason: 'Unauthorized', detail: 'You are not authorized for this resource.', errorCode: 'UNEXPECTED_ERROR' });
    expect(parseChallenge(wwwAuthenticate(wrong.headers))!.stale).toBe(false);
    expect((await signed(challenge, 2, { publicKey: 'nobodyzz', privateKey: 'x' })).status).toBe(401);
  });

  it('rejects a replayed nc and accepts nc values out of order', async () => {
    const { challenge } = await freshChallenge();
    expect((await signed(challenge, 3)).status).toBe(200);
    expect((await signed(challenge, 1)).status).toBe(200); // out of order: concurrent requests share a nonce
    const replay = await signed(challenge, 3);
    expect(replay.status).toBe(401);
    expect(parseChallenge(wwwAuthenticate(replay.headers))!.stale).toBe(false);
    // Concurrent requests on one nonce all succeed.
    const results = await Promise.all([4, 5, 6, 7, 8].map((nc) => signed(challenge, nc)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('answers an expired nonce with stale=true, and the fresh nonce works', async () => {
    const { challenge } = await freshChallenge();
    expect((await signed(challenge, 1)).status).toBe(200);
    clock.advance(60_001);
    const stale = await signed(challenge, 2);
    expect(stale.status).toBe(401);
    const renewed = parseChallenge(wwwAuthenticate(stale.headers))!;
    expect(renewed.stale).toBe(true);
    expect(renewed.nonce).not.toBe(challenge.nonce);
    expect((await signed(renewed, 1)).status).toBe(200);
  });

  it('requires the uri parameter to be the request target', async () => {
    const { challenge } = await freshChallenge();
    const authorization = authorizationHeader({
      algorithm: 'SHA-256', username: OWNER.publicKey, password: OWNER.privateKey, realm: 'MMS Public API',
      nonce: challenge.nonce, method: 'GET', uri: '/api/atlas/v1.0', qop: 'auth', nc: 1, cnonce: newCnonce(),
    });
    const response = await plainRequest(emu.url, 'GET', listPath, { headers: { Authorization: authorization } });
    expect(response.status).toBe(401);
  });
});

describe('service accounts', () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  it('exchanges client credentials for a bearer token that works until it expires', async () => {
    const token = await plainRequest(emu.url, 'POST', '/api/oauth/token', {
      headers: { ...form, Authorization: basic(ACCOUNT.clientId, ACCOUNT.clientSecret) },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    expect(token.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    const bearer = { Authorization: `Bearer ${token.json.access_token}` };
    const list = await plainRequest(emu.url, 'GET', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, { headers: { ...bearer, ...v2('2023-02-01') } });
    expect(list.status).toBe(200);
    const root = await plainRequest(emu.url, 'GET', '/api/atlas/v1.0', { headers: bearer });
    expect(root.json.apiKey).toBeNull();
    clock.advance(3600 * 1000);
    const expired = await plainRequest(emu.url, 'GET', listPath, { headers: bearer });
    expect(expired.status).toBe(401);
    expect(expired.json.errorCode).toBe('USER_UNAUTHORIZED');
    expect(expired.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('refuses a wrong secret (401 invalid_client) and another grant type (400)', async () => {
    const wrong = await plainRequest(emu.url, 'POST', '/api/oauth/token', {
      headers: { ...form, Authorization: basic(ACCOUNT.clientId, 'nope') },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe('invalid_client');
    const grant = await plainRequest(emu.url, 'POST', '/api/oauth/token', {
      headers: { ...form, Authorization: basic(ACCOUNT.clientId, ACCOUNT.clientSecret) },
      body: 'grant_type=password',
    });
    expect(grant.status).toBe(400);
    expect(grant.json.error).toBe('unsupported_grant_type');
    expect(wrong.text).not.toContain(ACCOUNT.clientSecret);
  });

  it('POST /api/oauth/revoke (RFC 7009): 200, and the token no longer works; again 200; wrong client 401; no token 400', async () => {
    const credentials = { ...form, Authorization: basic(ACCOUNT.clientId, ACCOUNT.clientSecret) };
    const token = await plainRequest(emu.url, 'POST', '/api/oauth/token', { headers: credentials, body: 'grant_type=client_credentials' });
    const bearer = { Authorization: `Bearer ${token.json.access_token}`, ...v2('2023-02-01') };
    expect((await plainRequest(emu.url, 'GET', listPath, { headers: bearer })).status).toBe(200);
    const body = `token=${encodeURIComponent(token.json.access_token)}&token_type_hint=access_token`;
    const revoked = await plainRequest(emu.url, 'POST', '/api/oauth/revoke', { headers: credentials, body });
    expect(revoked.status).toBe(200);
    const after = await plainRequest(emu.url, 'GET', listPath, { headers: bearer });
    expect([after.status, after.json.errorCode]).toEqual([401, 'USER_UNAUTHORIZED']);
    // A token already gone, or never issued, is no error (RFC 7009 2.2).
    expect((await plainRequest(emu.url, 'POST', '/api/oauth/revoke', { headers: credentials, body })).status).toBe(200);
    const wrong = await plainRequest(emu.url, 'POST', '/api/oauth/revoke', { headers: { ...form, Authorization: basic(ACCOUNT.clientId, 'nope') }, body });
    expect([wrong.status, wrong.json.error]).toEqual([401, 'invalid_client']);
    const empty = await plainRequest(emu.url, 'POST', '/api/oauth/revoke', { headers: credentials, body: '' });
    expect([empty.status, empty.json.error]).toEqual([400, 'invalid_request']);
    expect((await plainRequest(emu.url, 'GET', '/api/oauth/revoke')).status).toBe(405);
  });

  it('unknown paths stay 404 RESOURCE_NOT_FOUND', async () => {
    for (const path of ['/api/oauth/introspect', '/api/atlas/v2/nothing', '/nothing']) {
      const response = await client(emu).request('GET', path, { headers: v2('2023-01-01') });
      expect([response.status, response.json.errorCode], path).toEqual([404, 'RESOURCE_NOT_FOUND']);
    }
  });
});

describe('access lists and roles', () => {
  it('answers 403 IP_ADDRESS_NOT_ON_ACCESS_LIST when the peer is outside the key\'s list', async () => {
    const response = await client(emu, FENCED).request('GET', listPath);
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ errorCode: 'IP_ADDRESS_NOT_ON_ACCESS_LIST', parameters: ['127.0.0.1'] });
    expect(response.headers.get('x-error-code')).toBe('IP_ADDRESS_NOT_ON_ACCESS_LIST');
  });

  it('matches IPv6 entries: a ::1/128-only key is refused over IPv4 and the IPv4 loopback entry admits it', async () => {
    const ipv6Only = await client(emu, LOOPBACK6).request('GET', listPath);
    expect(ipv6Only.status).toBe(403);
    expect((await client(emu, OWNER).request('GET', listPath)).status).toBe(200);
  });

  it('lets GROUP_READ_ONLY read but not write (401), and GROUP_CLUSTER_MANAGER write clusters but not privateIpMode', async () => {
    const reader = client(emu, READER);
    expect((await reader.request('GET', listPath)).status).toBe(200);
    const denied = await reader.request('POST', listPath, { body: { name: 'x' } });
    // seed: "a method not allowed for the resource gives 401".
    expect(denied.status).toBe(401);
    expect(denied.json.errorCode).toBe('USER_UNAUTHORIZED');
    expect(denied.json.detail).toBe('Current user is not authorized to perform this action.');

    const manager = client(emu, MANAGER);
    const created = await manager.request('POST', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, { headers: v2('2023-02-01'), body: modernCreate('by-manager') });
    expect(created.status).toBe(201);
    const ipMode = await manager.request('PATCH', `/api/atlas/v1.0/groups/${PROJECT_A}/privateIpMode`, { body: { enabled: false } });
    expect(ipMode.status).toBe(401);
  });

  it('refuses a project the key has no role in with 403, and a missing project with 404', async () => {
    const other = await client(emu, READER).request('GET', `/api/atlas/v1.0/groups/${PROJECT_B}/clusters`);
    expect(other.status).toBe(403);
    const missing = await client(emu, READER).request('GET', `/api/atlas/v1.0/groups/${'f'.repeat(24)}/clusters`);
    expect(missing.status).toBe(404);
    expect(missing.json.errorCode).toBe('GROUP_NOT_FOUND');
  });

  it('counts challenges in the stats', () => {
    const stats = emu.stats();
    expect(stats.challenges).toBeGreaterThan(5);
    expect(stats.byStatus['401']).toBeGreaterThanOrEqual(stats.challenges);
  });
});
