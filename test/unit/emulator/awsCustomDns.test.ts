// The project's custom DNS for AWS peering (getAwsCustomDns, toggleAwsCustomDns at
// /groups/{groupId}/awsCustomDNS, 2023-01-01, body AWSCustomDNSEnabledView {enabled}):
// served, off for a new project, refused as the service refuses, and read by the clusters'
// connection strings (an AWS cluster with an AVAILABLE AWS peer has its private strings
// only with it on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { MANAGER, OWNER, PROJECT_A, PROJECT_B, READER, client, modernCreate, testSeed, v2 } from './fixtures.js';

const V = v2('2023-01-01');
const ORG = '6a799efbc0eb9e7a177d7e00';
const dns = (projectId: string, api = 'v2') => `/api/atlas/${api}/groups/${projectId}/awsCustomDNS`;

describe('awsCustomDNS', () => {
  let emu: RunningEmulator;
  let c: DigestClient;
  beforeAll(async () => {
    ({ emu } = await withEmulator({
      seed: testSeed({
        orgs: [{ id: ORG, name: 'acme' }],
        projects: [
          { id: PROJECT_A, name: 'alpha', peering: true },
          { id: PROJECT_B, name: 'beta', awsCustomDns: true },
        ],
        clusters: [{ projectId: PROJECT_A, cluster: modernCreate('aws1') }],
      }),
      transitionMs: 0,
    }));
    c = client(emu, OWNER);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('GET: {enabled: false} for a new project, at 2023-01-01 (a seed may turn it on)', async () => {
    const got = await c.request('GET', dns(PROJECT_A), { headers: V });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
    expect(got.json).toEqual({ enabled: false });
    // A later date is served at the one version there is.
    const later = await c.request('GET', dns(PROJECT_A), { headers: v2('2025-03-12') });
    expect(later.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
    expect((await c.request('GET', dns(PROJECT_B), { headers: V })).json).toEqual({ enabled: true });
    // A project made through the API starts with it off.
    const made = await c.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'gamma', orgId: ORG } });
    expect(made.status).toBe(201);
    expect((await c.request('GET', dns(made.json.id as string), { headers: V })).json).toEqual({ enabled: false });
  });

  it('PATCH answers the resulting setting, which GET then gives; the legacy API answers it too', async () => {
    const on = await c.request('PATCH', dns(PROJECT_A), { headers: V, body: { enabled: true } });
    expect(on.status).toBe(200);
    expect(on.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
    expect(on.json).toEqual({ enabled: true });
    expect((await c.request('GET', dns(PROJECT_A), { headers: V })).json).toEqual({ enabled: true });
    expect((await c.request('PATCH', dns(PROJECT_A), { headers: V, body: { enabled: true } })).json).toEqual({ enabled: true }); // unchanged
    const legacy = await c.request('GET', dns(PROJECT_A, 'v1.0'));
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual({ enabled: true });
    expect((await c.request('PATCH', dns(PROJECT_A), { headers: V, body: { enabled: false } })).json).toEqual({ enabled: false });
    expect((await c.request('GET', dns(PROJECT_A), { headers: V })).json).toEqual({ enabled: false });
  });

  it('refuses a bad body with the service\'s error document: enabled required and boolean, nothing else', async () => {
    const cases: Array<[unknown, string, string[]]> = [
      [{}, 'MISSING_ATTRIBUTE', ['enabled']],
      [{ enabled: null }, 'MISSING_ATTRIBUTE', ['enabled']],
      [{ enabled: 'true' }, 'INVALID_ATTRIBUTE', ['enabled']],
      [{ enabled: 1 }, 'INVALID_ATTRIBUTE', ['enabled']],
      [{ enabled: true, links: [] }, 'INVALID_ATTRIBUTE', ['links']],
    ];
    for (const [body, errorCode, parameters] of cases) {
      const refused = await c.request('PATCH', dns(PROJECT_A), { headers: V, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(refused.headers.get('x-error-code')).toBe(errorCode);
      expect(refused.json).toMatchObject({ error: 400, errorCode, parameters, reason: 'Bad Request' });
      expect(refused.json.detail).toEqual(expect.any(String));
    }
    expect((await c.request('PATCH', dns(PROJECT_A), { headers: { ...V, 'Content-Type': 'application/json' }, body: '{"enabled":' })).json.errorCode).toBe('MALFORMED_JSON');
    expect((await c.request('PATCH', dns(PROJECT_A), { headers: V, body: [{ enabled: true }] })).status).toBe(400);
    expect((await c.request('GET', dns(PROJECT_A), { headers: V })).json).toEqual({ enabled: false }); // none of them changed it
  });

  it('an unknown project is 404 GROUP_NOT_FOUND; a read-only key or a cluster manager may read but not change it (401)', async () => {
    const missing = await c.request('GET', dns('f'.repeat(24)), { headers: V });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ errorCode: 'GROUP_NOT_FOUND', parameters: ['f'.repeat(24)] });
    expect((await c.request('PATCH', dns('f'.repeat(24)), { headers: V, body: { enabled: true } })).status).toBe(404);
    for (const key of [READER, MANAGER]) {
      const other = client(emu, key);
      expect((await other.request('GET', dns(PROJECT_A), { headers: V })).json).toEqual({ enabled: false });
      const denied = await other.request('PATCH', dns(PROJECT_A), { headers: V, body: { enabled: true } });
      expect(denied.status).toBe(401);
      expect(denied.json.errorCode).toBe('USER_UNAUTHORIZED');
    }
    expect((await c.request('GET', dns(PROJECT_A), { headers: V })).json).toEqual({ enabled: false });
  });

  it('an AWS cluster with an AVAILABLE AWS peer has its private strings only while it is on', async () => {
    const cluster = `/api/atlas/v2/groups/${PROJECT_A}/clusters/aws1`;
    const strings = async () => (await c.request('GET', cluster, { headers: v2('2024-08-05') })).json.connectionStrings as Record<string, unknown>;
    const before = await strings();
    expect(before.private).toBeUndefined();
    expect(before.privateSrv).toBeUndefined();
    await c.request('PATCH', dns(PROJECT_A), { headers: V, body: { enabled: true } });
    const after = await strings();
    expect(after.private).toMatch(/^mongodb:\/\/aws1-shard-00-00-pri\./);
    expect(after.privateSrv).toMatch(/^mongodb\+srv:\/\/aws1-pri\.[a-z0-9]+\.mongodb\.net$/);
    await c.request('PATCH', dns(PROJECT_A), { headers: V, body: { enabled: false } });
    expect((await strings()).privateSrv).toBeUndefined();
  });
});
