import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../../src/api/operations.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { matchRoute } from '../../../src/emulator/routes.js';
import { plainRequest, withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
import { PROJECT_A, PROJECT_B, TestClock, client, legacyCreate, modernCreate, tenantCreate, testSeed, v2 } from './fixtures.js';

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const v1 = `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`;
const v2p = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const NEW = v2('2023-02-01');
const OLD = v2('2023-01-01');

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, transitionMs: 2000, removedVersions: [] }));
  c = client(emu);
});
afterAll(() => emu.stop());

describe('cluster life', () => {
  it('create 201 CREATING -> IDLE after transitionMs; PATCH UPDATING -> IDLE; DELETE 202 {} -> DELETING -> 404', async () => {
    const created = await c.request('POST', v2p, { headers: NEW, body: modernCreate('life') });
    expect(created.status).toBe(201);
    expect(created.json.stateName).toBe('CREATING');
    expect(created.json.connectionStrings).toEqual({});
    expect(created.json.createDate).toBe('2026-08-10T09:00:00Z');
    expect(created.json.mongoDBVersion).toBe('7.0.40');

    clock.advance(1999);
    expect((await c.request('GET', `${v2p}/life`, { headers: NEW })).json.stateName).toBe('CREATING');
    clock.advance(1);
    const idle = await c.request('GET', `${v2p}/life`, { headers: NEW });
    expect(idle.json.stateName).toBe('IDLE');
    expect(idle.json.connectionStrings.standardSrv).toMatch(/^mongodb\+srv:\/\/life\.[a-z0-9]+\.mongodb\.net$/);

    const patched = await c.request('PATCH', `${v2p}/life`, { headers: NEW, body: { mongoDBMajorVersion: '8.0' } });
    expect(patched.status).toBe(200);
    expect(patched.json.stateName).toBe('UPDATING');
    expect(patched.json.mongoDBVersion).toBe('8.0.29');
    clock.advance(2000);
    expect((await c.request('GET', `${v2p}/life`, { headers: NEW })).json.stateName).toBe('IDLE');

    const deleted = await c.request('DELETE', `${v2p}/life`, { headers: NEW });
    expect(deleted.status).toBe(202);
    expect(deleted.text).toBe('{}');
    expect(deleted.headers.get('content-type')).toBe('application/vnd.atlas.2023-02-01+json;charset=utf-8');
    expect((await c.request('GET', `${v2p}/life`, { headers: NEW })).json.stateName).toBe('DELETING');
    expect((await c.request('DELETE', `${v2p}/life`, { headers: NEW })).json.errorCode).toBe('CLUSTER_ALREADY_REQUESTED_DELETION');
    clock.advance(2000);
    const gone = await c.request('GET', `${v2p}/life`, { headers: NEW });
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({
      detail: `No cluster named life exists in group ${PROJECT_A}.`,
      error: 404,
      errorCode: 'CLUSTER_NOT_FOUND',
      parameters: ['life', PROJECT_A],
      reason: 'Not Found',
    });
    expect(gone.headers.get('x-error-code')).toBe('CLUSTER_NOT_FOUND');
    expect(gone.headers.get('content-type')).toBe('application/json');
  });

  it('a PATCH that changes nothing leaves the cluster IDLE', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('steady') });
    clock.advance(2000);
    const same = await c.request('PATCH', `${v2p}/steady`, { headers: NEW, body: { mongoDBMajorVersion: '7.0' } });
    expect(same.json.stateName).toBe('IDLE');
  });

  it('termination protection blocks delete with 400, as recorded', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('guarded', { terminationProtectionEnabled: true }) });
    const refused = await c.request('DELETE', `${v2p}/guarded`, { headers: NEW });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      detail: 'Cannot terminate a cluster when termination protection is enabled. Disable termination protection and try again.',
      error: 400,
      errorCode: 'CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED',
      parameters: [
        `Cannot terminate cluster guarded in group ${PROJECT_A} because termination protection is enabled. Disable termination protection and try again.`,
      ],
      reason: 'Bad Request',
    });
    clock.advance(2000);
    await c.request('PATCH', `${v2p}/guarded`, { headers: NEW, body: { terminationProtectionEnabled: false } });
    expect((await c.request('DELETE', `${v2p}/guarded`, { headers: NEW })).status).toBe(202);
  });

  it('a paused cluster refuses other changes with 409 until resumed', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('sleepy') });
    clock.advance(2000);
    expect((await c.request('PATCH', `${v2p}/sleepy`, { headers: NEW, body: { paused: true } })).json.paused).toBe(true);
    const refused = await c.request('PATCH', `${v2p}/sleepy`, { headers: NEW, body: { mongoDBMajorVersion: '8.0' } });
    expect(refused.status).toBe(409);
    expect(refused.json.errorCode).toBe('CANNOT_UPDATE_PAUSED_CLUSTER');
    expect((await c.request('PATCH', `${v2p}/sleepy`, { headers: NEW, body: { paused: false } })).json.paused).toBe(false);
  });

  it('keeps the exact request bodies received per cluster in state()', async () => {
    const raw = '{"name":"recorded","replicationSpecs":[{"regionConfigs":[{"providerName":"AWS","regionName":"US_EAST_1","priority":7,"electableSpecs":{"instanceSize":"M10","nodeCount":3}}]}]}';
    await c.request('POST', v2p, { headers: { ...NEW, 'Content-Type': 'application/json' }, body: raw });
    await c.request('PATCH', `${v1}/recorded`, { body: { diskSizeGB: 20 } });
    const snapshot = emu.state().clusters.find((cl) => cl.name === 'recorded')!;
    expect(snapshot.requests.map((r) => [r.method, r.raw])).toEqual([
      ['POST', raw],
      ['PATCH', '{"diskSizeGB":20}'],
    ]);
    expect(snapshot.lastRequestBody).toEqual({ diskSizeGB: 20 });
    expect(snapshot.model.diskSizeGB).toBe(20);
    expect(Object.isFrozen(snapshot)).toBe(true);
  });
});

describe('cross-version reads', () => {
  it('a cluster created in v1.0 reads correctly at 2023-02-01 and at 2023-01-01, and back', async () => {
    const created = await c.request('POST', v1, { body: legacyCreate('from-legacy', { diskSizeGB: 40, providerBackupEnabled: true }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/json');
    expect(created.json.providerSettings).toMatchObject({ providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' });

    const modern = await c.request('GET', `${v2p}/from-legacy`, { headers: NEW });
    expect(modern.json.replicationSpecs[0].regionConfigs[0]).toMatchObject({
      providerName: 'AWS',
      regionName: 'US_EAST_1',
      electableSpecs: { instanceSize: 'M10', nodeCount: 3 },
    });
    expect(modern.json.backupEnabled).toBe(true);
    expect(modern.json.diskSizeGB).toBe(40);
    for (const field of ['providerSettings', 'numShards', 'replicationFactor', 'providerBackupEnabled', 'autoScaling']) {
      expect(modern.json).not.toHaveProperty(field);
    }

    const legacyV2 = await c.request('GET', `${v2p}/from-legacy`, { headers: OLD });
    expect(legacyV2.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
    expect(legacyV2.json.providerSettings.instanceSizeName).toBe('M10');
    expect(legacyV2.json.replicationSpecs[0].regionsConfig.US_EAST_1.electableNodes).toBe(3);
    expect(legacyV2.json.id).toBe(modern.json.id);
  });

  it('a cluster created and patched at 2023-02-01 reads correctly in v1.0', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('from-modern', { backupEnabled: true }) });
    clock.advance(2000);
    const spec = (await c.request('GET', `${v2p}/from-modern`, { headers: NEW })).json.replicationSpecs[0];
    const region = spec.regionConfigs[0];
    const patched = await c.request('PATCH', `${v2p}/from-modern`, {
      headers: NEW,
      body: { replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: region.regionName, priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 5 } }] }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.replicationSpecs[0].id).toBe(spec.id);
    clock.advance(2000);
    const legacy = await c.request('GET', `${v1}/from-modern`);
    expect(legacy.json.providerSettings.instanceSizeName).toBe('M30');
    expect(legacy.json.replicationFactor).toBe(5);
    expect(legacy.json.providerBackupEnabled).toBe(true);
    expect(legacy.json.mongoURI).toMatch(/^mongodb:\/\/from-modern-shard-00-00\./);
    expect(legacy.json.srvAddress).toBe(legacy.json.connectionStrings.standardSrv);
    const legacyPatch = await c.request('PATCH', `${v1}/from-modern`, { body: { providerSettings: { instanceSizeName: 'M40' } } });
    expect(legacyPatch.json.providerSettings.instanceSizeName).toBe('M40');
    expect((await c.request('GET', `${v2p}/from-modern`, { headers: NEW })).json.replicationSpecs[0].regionConfigs[0].electableSpecs).toMatchObject({
      instanceSize: 'M40',
      nodeCount: 5,
    });
  });

  it('shared-tier clusters render with backingProviderName in 2023-02-01 and providerName TENANT in legacy', async () => {
    await c.request('POST', v2p, { headers: NEW, body: tenantCreate('free') });
    const modern = await c.request('GET', `${v2p}/free`, { headers: NEW });
    expect(modern.json.replicationSpecs[0].regionConfigs[0]).toEqual({
      backingProviderName: 'AWS',
      electableSpecs: { effectiveInstanceSize: 'M0', instanceSize: 'M0' },
      priority: 7,
      providerName: 'TENANT',
      regionName: 'US_EAST_1',
    });
    expect(modern.json.diskSizeGB).toBe(0.5);
    const legacy = await c.request('GET', `${v1}/free`);
    expect(legacy.json.providerSettings).toMatchObject({ providerName: 'TENANT', backingProviderName: 'AWS', instanceSizeName: 'M0', effectiveInstanceSizeName: 'M0' });
  });
});

describe('shared tier upgrade', () => {
  it('upgrades an M0 to a dedicated tier through 2023-02-01 or through v1.0', async () => {
    for (const [name, upgrade] of [
      ['up-modern', (n: string) => c.request('PATCH', `${v2p}/${n}`, { headers: NEW, body: { replicationSpecs: modernCreate(n).replicationSpecs } })],
      ['up-legacy', (n: string) => c.request('PATCH', `${v1}/${n}`, { body: { providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' } } })],
    ] as const) {
      await c.request('POST', v2p, { headers: NEW, body: tenantCreate(name) });
      clock.advance(2000);
      const upgraded = await upgrade(name);
      expect(upgraded.status).toBe(200);
      expect(upgraded.json.stateName).toBe('UPDATING');
      const modern = await c.request('GET', `${v2p}/${name}`, { headers: NEW });
      expect(modern.json.replicationSpecs[0].regionConfigs[0]).toMatchObject({ providerName: 'AWS', electableSpecs: { instanceSize: 'M10', nodeCount: 3 } });
      expect(modern.json.replicationSpecs[0].regionConfigs[0]).not.toHaveProperty('backingProviderName');
      expect(modern.json.diskSizeGB).toBe(10);
      expect(modern.json.advancedConfiguration.minimumEnabledTlsProtocol).toBe('TLS1_2');
    }
  });
});

describe('request errors', () => {
  const error = async (method: string, path: string, body: unknown, headers: Record<string, string> = NEW) => {
    const response = await c.request(method, path, { headers, body });
    return { status: response.status, code: response.json?.errorCode as string, detail: response.json?.detail as string, response };
  };

  it('400 CLUSTER_NAME_INVALID for bad names, 409 DUPLICATE_CLUSTER_NAME for a taken one', async () => {
    for (const name of ['bad_name', '-lead', 'trail-', 'x'.repeat(65)]) {
      const result = await error('POST', v2p, modernCreate(name));
      expect([result.status, result.code]).toEqual([400, 'CLUSTER_NAME_INVALID']);
    }
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('twin') });
    const dup = await error('POST', v1, legacyCreate('twin'), {});
    expect([dup.status, dup.code, dup.detail]).toEqual([409, 'DUPLICATE_CLUSTER_NAME', `A cluster named twin is already present in group ${PROJECT_A}.`]);
  });

  it('400 INVALID_ATTRIBUTE for unknown fields and for legacy fields sent to 2023-02-01, naming the field', async () => {
    const unknown = await error('POST', v2p, modernCreate('u1', { colour: 'blue' }));
    expect([unknown.status, unknown.code, unknown.detail]).toEqual([400, 'INVALID_ATTRIBUTE', 'Invalid attribute colour specified.']);
    for (const field of ['providerSettings', 'numShards', 'replicationFactor', 'autoScaling', 'providerBackupEnabled', 'replicationSpec']) {
      const value = field === 'numShards' || field === 'replicationFactor' ? 3 : field === 'providerBackupEnabled' ? true : {};
      const removed = await error('POST', v2p, modernCreate('u2', { [field]: value }));
      expect([removed.status, removed.code, removed.response.json.parameters]).toEqual([400, 'INVALID_ATTRIBUTE', [field]]);
    }
    const nested = await error('POST', v2p, { name: 'u3', replicationSpecs: [{ regionsConfig: { US_EAST_1: {} } }] });
    expect(nested.detail).toBe('Invalid attribute replicationSpecs.regionsConfig specified.');
    // The same legacy fields are fine at 2023-01-01.
    expect((await c.request('POST', v2p, { headers: OLD, body: legacyCreate('old-ok') })).status).toBe(201);
  });

  it('400 ATTRIBUTE_READ_ONLY for read-only fields, 400 MISSING_ATTRIBUTE for required ones', async () => {
    const readOnly = await error('POST', v2p, modernCreate('r1', { stateName: 'IDLE' }));
    expect([readOnly.status, readOnly.code, readOnly.detail]).toEqual([
      400,
      'ATTRIBUTE_READ_ONLY',
      'The attribute stateName is read-only and cannot be changed by the user.',
    ]);
    const uri = await error('PATCH', `${v1}/twin`, { mongoURI: 'mongodb://x' }, {});
    expect([uri.code, uri.response.json.parameters]).toEqual(['ATTRIBUTE_READ_ONLY', ['mongoURI']]);
    const missing = await error('POST', v2p, { name: 'm1' });
    expect([missing.status, missing.code, missing.detail]).toEqual([400, 'MISSING_ATTRIBUTE', 'The required attribute replicationSpecs was not specified.']);
    const legacyMissing = await error('POST', v1, { name: 'm2' }, {});
    expect(legacyMissing.response.json.parameters).toEqual(['providerSettings']);
  });

  it('400 MALFORMED_JSON, 400 INVALID_JSON for a non-object, 415 without a JSON content type', async () => {
    const malformed = await error('POST', v2p, '{"name": ', { ...NEW, 'Content-Type': 'application/json' });
    expect([malformed.status, malformed.code]).toEqual([400, 'MALFORMED_JSON']);
    const array = await error('POST', v2p, '[1]', { ...NEW, 'Content-Type': 'application/json' });
    expect([array.status, array.code]).toEqual([400, 'INVALID_JSON']);
    const text = await error('POST', v2p, 'name=x', { ...NEW, 'Content-Type': 'text/plain' });
    expect([text.status, text.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const versioned = await c.request('POST', v2p, {
      headers: { ...NEW, 'Content-Type': 'application/vnd.atlas.2023-02-01+json' },
      body: JSON.stringify(modernCreate('ct-versioned')),
    });
    expect(versioned.status).toBe(201);
    const wrongDate = await error('POST', v2p, JSON.stringify(modernCreate('ct-other')), { ...NEW, 'Content-Type': 'application/vnd.atlas.2023-01-01+json' });
    expect(wrongDate.status).toBe(415);
    const v1Versioned = await error('POST', v1, JSON.stringify(legacyCreate('ct-v1')), { 'Content-Type': 'application/vnd.atlas.2023-02-01+json' });
    expect(v1Versioned.status).toBe(415);
  });

  it('400 INVALID_ATTRIBUTE for a tier or region the provider does not offer', async () => {
    const tier = await error('POST', v1, legacyCreate('t1', { providerSettings: { providerName: 'AWS', instanceSizeName: 'M90', regionName: 'US_EAST_1' } }), {});
    expect([tier.code, tier.response.json.parameters]).toEqual(['INVALID_ATTRIBUTE', ['providerSettings.instanceSizeName']]);
  });

  it('404 GROUP_NOT_FOUND for a missing project; 200 with results [] for an empty one', async () => {
    const missing = await c.request('GET', `/api/atlas/v2/groups/${'0'.repeat(24)}/clusters`, { headers: NEW });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ errorCode: 'GROUP_NOT_FOUND', detail: `No group with ID ${'0'.repeat(24)} exists.` });
    const empty = await c.request('GET', `/api/atlas/v2/groups/${PROJECT_B}/clusters`, { headers: NEW });
    expect(empty.status).toBe(200);
    expect(empty.json.results).toEqual([]);
    expect(empty.json.totalCount).toBe(0);
  });

  it('404 RESOURCE_NOT_FOUND for unknown paths, with the path in detail and parameters; 405 for DELETE on the root', async () => {
    const unknown = await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/nothing`, { headers: NEW });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      errorCode: 'RESOURCE_NOT_FOUND',
      detail: `Cannot find resource /api/atlas/v2/groups/${PROJECT_A}/nothing.`,
      parameters: [`/api/atlas/v2/groups/${PROJECT_A}/nothing`],
    });
    const outside = await plainRequest(emu.url, 'GET', '/nowhere');
    expect([outside.status, outside.json.errorCode]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const root = await c.request('DELETE', '/api/atlas/v1.0');
    expect([root.status, root.json.errorCode]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(root.headers.get('allow')).toBe('GET, HEAD');
    const put = await c.request('PUT', `${v1}/twin`, { body: {} });
    expect(put.status).toBe(405);
  });
});

describe('a cluster named like a literal path', () => {
  // /clusters/tenantUpgrade is also the path of the tenant upgrade (POST only); the other methods are the cluster's.
  it('GET, PATCH and DELETE of …/clusters/tenantUpgrade address the cluster of that name; missing, it is 404 CLUSTER_NOT_FOUND', async () => {
    const path = `${v2p}/tenantUpgrade`;
    const missing = await c.request('GET', path, { headers: NEW });
    expect([missing.status, missing.json.errorCode, missing.json.detail]).toEqual([
      404,
      'CLUSTER_NOT_FOUND',
      `No cluster named tenantUpgrade exists in group ${PROJECT_A}.`,
    ]);
    expect((await c.request('POST', v2p, { headers: NEW, body: modernCreate('tenantUpgrade') })).status).toBe(201);
    clock.advance(2000);
    const got = await c.request('GET', path, { headers: NEW });
    expect([got.status, got.json.name, got.json.stateName]).toEqual([200, 'tenantUpgrade', 'IDLE']);
    expect((await c.request('GET', `${v1}/tenantUpgrade`)).json.name).toBe('tenantUpgrade');
    const patched = await c.request('PATCH', path, { headers: NEW, body: { mongoDBMajorVersion: '8.0' } });
    expect([patched.status, patched.json.name, patched.json.mongoDBVersion]).toEqual([200, 'tenantUpgrade', '8.0.29']);
    clock.advance(2000);
    const deleted = await c.request('DELETE', path, { headers: NEW });
    expect([deleted.status, deleted.text]).toEqual([202, '{}']);
    clock.advance(2000);
    expect((await c.request('GET', path, { headers: NEW })).json.errorCode).toBe('CLUSTER_NOT_FOUND');
    // A method no route of the path serves: 405, with the methods of both routes.
    const put = await c.request('PUT', `${v1}/tenantUpgrade`, { body: {} });
    expect([put.status, put.json.errorCode]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(put.headers.get('allow')).toBe('POST, GET, PATCH, DELETE, HEAD');
  });

  it('every literal segment of the table gives way, for the methods it does not serve, to the {placeholder} route it shadows', () => {
    const literal = (segment: string) => !segment.includes('{');
    const routesOf = new Map<string, Record<string, OperationName>>();
    for (const name of OPERATION_NAMES) {
      const { path, method } = OPERATIONS[name];
      routesOf.set(path, { ...routesOf.get(path), [method]: name });
    }
    let pairs = 0;
    for (const [fixed, fixedMethods] of routesOf) {
      for (const [templated, templatedMethods] of routesOf) {
        const a = fixed.split('/');
        const b = templated.split('/');
        if (fixed === templated || a.length !== b.length) continue;
        const shadows = a.every((segment, i) => segment === b[i] || (literal(segment) && b[i]!.startsWith('{') && b[i]!.endsWith('}')));
        if (!shadows || a.every((segment, i) => segment === b[i] || !literal(segment))) continue;
        pairs++;
        const concrete = `/api/atlas/v2${fixed.replace(/\{[^}]+\}/g, 'x1')}`;
        for (const [method, name] of Object.entries({ ...templatedMethods, ...fixedMethods })) {
          expect([fixed, method, matchRoute(concrete, method)?.operation?.name]).toEqual([fixed, method, name]);
        }
        expect(matchRoute(concrete, 'HEAD')?.operation?.name).toBe(fixedMethods.GET ?? templatedMethods.GET);
      }
    }
    expect(pairs).toBeGreaterThanOrEqual(2); // /clusters/tenantUpgrade and /containers/all, at least
  });
});

describe('versions', () => {
  it('406 INVALID_VERSION_DATE for a missing version or a date before the first, per resource; a later date is negotiated (negotiation.test.ts)', async () => {
    const missing = await c.request('GET', v2p);
    expect([missing.status, missing.json.errorCode]).toEqual([406, 'INVALID_VERSION_DATE']);
    const early = await c.request('GET', v2p, { headers: v2('2022-12-31') });
    expect(early.status).toBe(406);
    // privateIpMode has only 2023-01-01: a later date is served there.
    const ipMode = await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/privateIpMode`, { headers: NEW });
    expect([ipMode.status, ipMode.headers.get('content-type')]).toEqual([200, 'application/vnd.atlas.2023-01-01+json;charset=utf-8']);
    expect((await c.request('GET', '/api/atlas/v2', { headers: OLD })).status).toBe(200);
  });

  it('2023-01-01 and 2023-02-01 clusters reads carry Deprecation and Sunset, byte for byte as recorded; 2024-08-05 does not', async () => {
    const old = await c.request('GET', v2p, { headers: OLD });
    expect(old.headers.get('deprecation')).toBe('Wed, 1 Feb 2023 00:00:00 GMT');
    expect(old.headers.get('sunset')).toBe('Thu, 1 Jul 2027 00:00:00 GMT');
    const superseded = await c.request('GET', v2p, { headers: NEW });
    expect(superseded.headers.get('deprecation')).toBe('Mon, 5 Aug 2024 00:00:00 GMT');
    expect(superseded.headers.get('sunset')).toBe('Thu, 1 Jul 2027 00:00:00 GMT');
    const current = await c.request('GET', v2p, { headers: v2('2024-08-05') });
    expect(current.headers.get('deprecation')).toBeNull();
    expect(current.headers.get('content-type')).toBe('application/vnd.atlas.2024-08-05+json;charset=utf-8');
  });

  it('410 VERSION_GONE for a version configured as removed', async () => {
    const { emu: gone } = await withEmulator({ seed: testSeed(), removedVersions: ['2023-01-01'] });
    try {
      const response = await client(gone).request('GET', v2p, { headers: OLD });
      expect(response.status).toBe(410);
      expect(response.json.errorCode).toBe('VERSION_GONE');
      expect(response.json.detail).toBe(`Version 2023-01-01 of ${v2p.slice(1)} is no longer available.`);
      expect((await client(gone).request('GET', v2p, { headers: NEW })).status).toBe(200);
    } finally {
      await gone.stop();
    }
  });
});

describe('conventions', () => {
  it('pagination: itemsPerPage 1..500, pageNum >= 1, includeCount, links repeating the query', async () => {
    const list = (query: string) => c.request('GET', `/api/atlas/v2/groups/${PROJECT_B}/clusters${query}`, { headers: NEW });
    for (const name of ['p1', 'p2', 'p3']) await c.request('POST', `/api/atlas/v2/groups/${PROJECT_B}/clusters`, { headers: NEW, body: modernCreate(name) });
    const page2 = await list('?itemsPerPage=1&pageNum=2');
    const base = `${emu.url}/api/atlas/v2/groups/${PROJECT_B}/clusters`;
    // As the service writes them: self pageNum first, the other pages itemsPerPage first (pagination.ts).
    expect(page2.json.links).toEqual([
      { href: `${base}?includeCount=true&pageNum=2&itemsPerPage=1`, rel: 'self' },
      { href: `${base}?includeCount=true&itemsPerPage=1&pageNum=3`, rel: 'next' },
      { href: `${base}?includeCount=true&itemsPerPage=1&pageNum=1`, rel: 'previous' },
    ]);
    // The request's other parameters are repeated, sorted by name with includeCount (recorded: clusters list).
    const other = await list('?pageNum=2&includeDeletedWithRetainedBackups=false&itemsPerPage=1');
    expect(other.json.links.find((l: { rel: string }) => l.rel === 'self').href).toBe(`${base}?includeCount=true&includeDeletedWithRetainedBackups=false&pageNum=2&itemsPerPage=1`);
    expect(other.json.links.find((l: { rel: string }) => l.rel === 'next').href).toBe(`${base}?includeCount=true&includeDeletedWithRetainedBackups=false&itemsPerPage=1&pageNum=3`);
    expect(page2.json.results.map((r: { name: string }) => r.name)).toEqual(['p2']);
    expect(page2.json.totalCount).toBe(3);
    // List items carry only self.
    expect(page2.json.results[0].links).toEqual([{ href: `${base}/p2`, rel: 'self' }]);
    const first = await list('');
    expect(first.json.links).toEqual([{ href: `${base}?includeCount=true&pageNum=1&itemsPerPage=100`, rel: 'self' }]);
    const noCount = await list('?includeCount=false');
    expect(noCount.json).not.toHaveProperty('totalCount');
    for (const query of ['?itemsPerPage=0', '?itemsPerPage=501', '?itemsPerPage=abc', '?pageNum=0', '?includeCount=maybe']) {
      const bad = await list(query);
      expect([bad.status, bad.json.errorCode]).toEqual([400, 'INVALID_QUERY_PARAMETER']);
    }
    expect((await list('?itemsPerPage=500')).status).toBe(200);
  });

  it('envelope=true wraps an entity as {status, content} and adds status to a list; pretty=true indents', async () => {
    const one = await c.request('GET', `${v2p}/twin?envelope=true`, { headers: NEW });
    expect(one.status).toBe(200);
    expect(Object.keys(one.json).sort()).toEqual(['content', 'status']);
    expect(one.json.status).toBe(200);
    expect(one.json.content.name).toBe('twin');
    const list = await c.request('GET', `${v2p}?envelope=true`, { headers: NEW });
    expect(list.json.status).toBe(200);
    expect(Array.isArray(list.json.results)).toBe(true);
    const pretty = await c.request('GET', `${v1}/twin?pretty=true`);
    expect(pretty.text).toMatch(/^\{\n {2}"/);
    expect((await c.request('GET', `${v1}/twin`)).text).not.toContain('\n');
  });

  it('HEAD is answered wherever GET is, with headers and no body', async () => {
    const head = await c.request('HEAD', `${v2p}/twin`, { headers: NEW });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect((await c.request('HEAD', '/api/atlas/v1.0')).status).toBe(200);
  });

  it('the root links to the resources the caller can reach', async () => {
    const root = await c.request('GET', '/api/atlas/v1.0');
    const rels = root.json.links.map((l: { rel: string; href: string }) => `${l.rel} ${l.href.replace(emu.url, '')}`);
    expect(rels).toContain('self /api/atlas/v1.0');
    expect(rels).toContain(`https://cloud.mongodb.com/clusters /api/atlas/v1.0/groups/${PROJECT_A}/clusters`);
    expect(root.json).toMatchObject({ appName: 'MongoDB Atlas', throttling: false, apiKey: { publicKey: 'ownerkey' } });
    expect(root.json.build).toMatch(/^[0-9a-f]{40}$/);
  });

  it('dates are ISO-8601 UTC from the injected clock', async () => {
    const response = await c.request('GET', `${v2p}/twin`, { headers: NEW });
    expect(response.json.createDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(response.headers.get('date')).toBe(new Date(clock.now).toUTCString());
  });
});

describe('privateIpMode', () => {
  const path = `/api/atlas/v1.0/groups/${PROJECT_B}/privateIpMode`;

  it('GET gives {enabled}; PATCH answers the resulting setting; enabling is refused with dedicated clusters', async () => {
    const { emu: fresh } = await withEmulator({ seed: testSeed({ projects: [{ id: PROJECT_A, name: 'a', privateIpMode: true }, { id: PROJECT_B, name: 'b' }] }) });
    try {
      const owner = client(fresh, { publicKey: 'ownerkey', privateKey: '11111111-1111-4111-8111-111111111111' });
      const ip = `/api/atlas/v1.0/groups/${PROJECT_A}/privateIpMode`;
      expect((await owner.request('GET', ip)).json.enabled).toBe(true);
      const off = await owner.request('PATCH', ip, { body: { enabled: false } });
      expect(off.status).toBe(200);
      expect(off.json.enabled).toBe(false);
      expect((await owner.request('GET', ip)).json.enabled).toBe(false);
      // No dedicated cluster yet: enabling works; a shared-tier cluster does not block it.
      await owner.request('POST', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, { headers: NEW, body: tenantCreate('shared') });
      expect((await owner.request('PATCH', ip, { body: { enabled: true } })).json.enabled).toBe(true);
      await owner.request('PATCH', ip, { body: { enabled: false } });
      await owner.request('POST', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, { headers: NEW, body: modernCreate('dedicated') });
      const refused = await owner.request('PATCH', ip, { body: { enabled: true } });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        errorCode: 'CANNOT_UPDATE_PRIVATE_IP_MODE',
        detail: `Group ${PROJECT_A} has dedicated clusters, so private IP mode cannot be updated.`,
      });
    } finally {
      await fresh.stop();
    }
  });

  it('validates the PATCH body: enabled required and boolean, nothing else', async () => {
    expect((await c.request('PATCH', path, { body: {} })).json.errorCode).toBe('MISSING_ATTRIBUTE');
    expect((await c.request('PATCH', path, { body: { enabled: 'yes' } })).json.errorCode).toBe('INVALID_ATTRIBUTE');
    expect((await c.request('PATCH', path, { body: { enabled: false, extra: 1 } })).json.parameters).toEqual(['extra']);
    const v2Patch = await c.request('PATCH', `/api/atlas/v2/groups/${PROJECT_B}/privateIpMode`, { headers: OLD, body: { enabled: false } });
    expect(v2Patch.status).toBe(200);
    expect(v2Patch.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
  });
});
