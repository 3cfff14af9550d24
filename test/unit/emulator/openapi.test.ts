// Every response of every endpoint and version validates against the published
// OpenAPI description (test/fixtures/reference/openapi), with ajv.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { plainRequest, withEmulator } from '../../helpers/emulator.js';
import type { DigestClient, HttpResult, RequestOptions } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { OWNER, PROJECT_A, PROJECT_B, READER, TestClock, client, legacyCreate, modernCreate, shardedCreate, tenantCreate, testSeed, v2 } from './fixtures.js';
import { OpenApiValidator, SCHEMA_PATCHES } from './openapiValidator.js';
import { convertClusterBody } from '../../../src/model/cluster.js';
import { operationFor } from '../../../src/api/operations.js';

/** A 2023-02-01 fixture body in the 2024-08-05 shape (one spec per shard, disk in the specs). */
const perShard = (body: Record<string, unknown>): Record<string, unknown> => convertClusterBody(body, 'modern', 'perShard').body;

interface Seen {
  method: string;
  path: string;
  version: string;
  status: number;
  contentType: string;
  body: unknown;
}

describe('OpenAPI conformance', () => {
  let validator: OpenApiValidator;
  beforeAll(() => {
    validator = new OpenApiValidator();
  });

  it('the patched description accepts the recorded live responses (calibration)', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const recorded of readRecorded()) {
      const match = /__(GET|POST|PATCH|DELETE)_api_atlas_(v1\.0|v2)_groups_[0-9a-f]{24}_clusters(_.+?)?_\d+\.http$/.exec(recorded.file);
      if (!match) continue;
      const path = `/api/atlas/${match[2]}/groups/{groupId}/clusters${match[3] ? '/{clusterName}' : ''}`;
      const body: unknown = JSON.parse(recorded.body);
      const errors = validator.validate({ method: match[1]!, path, status: recorded.status, contentType: recorded.headers['content-type'] ?? '', body });
      checked += 1;
      if (errors.length > 0) failures.push(recorded.file);
    }
    expect(checked).toBeGreaterThan(60);
    // Live v1.0 shared-tier clusters send providerSettings.autoScaling.compute.{min,max}InstanceSize: null,
    // which the description does not allow (patch 9); the emulator sends the same.
    expect(failures).toEqual([]);
    expect(SCHEMA_PATCHES.length).toBe(9);
  });

  it('is not vacuous: it rejects a wrong state, a shared tier in dedicated specs and a missing errorCode', () => {
    const cluster = { name: 'x', stateName: 'SLEEPING' };
    expect(validator.validate({ method: 'GET', path: '/api/atlas/v1.0/groups/{groupId}/clusters/{clusterName}', status: 200, contentType: 'application/json', body: cluster })).not.toEqual([]);
    const region = { providerName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M10' }, readOnlySpecs: { instanceSize: 'M0' } };
    const modern = { name: 'x', replicationSpecs: [{ regionConfigs: [region] }] };
    const path = '/api/atlas/v2/groups/{groupId}/clusters/{clusterName}';
    expect(validator.validate({ method: 'GET', path, status: 200, contentType: 'application/vnd.atlas.2023-02-01+json', body: modern })).not.toEqual([]);
    expect(validator.validate({ method: 'GET', path, status: 404, contentType: 'application/json', body: { error: 404 } })).not.toEqual([]);
  });

  describe('every emulator response', () => {
    const clock = new TestClock();
    let emu: RunningEmulator;
    let limited: RunningEmulator;
    let gone: RunningEmulator;
    const seen: Seen[] = [];

    beforeAll(async () => {
      const seed = testSeed({
        projects: [
          { id: PROJECT_A, name: 'alpha', peering: true, privateEndpoints: [{ provider: 'AWS', region: 'us-east-1', endpointId: 'vpce-0a1b2c3d4e5f60718', regionalized: false }] },
          { id: PROJECT_B, name: 'beta', privateEndpoints: [{ provider: 'AZURE', region: 'eastus2', endpointId: '/subscriptions/4e133d35-e734-4380-a565-c0945535da37/resourceGroups/app/providers/Microsoft.Network/privateEndpoints/pe-azure', regionalized: true }] },
        ],
        clusters: [{ projectId: PROJECT_A, cluster: legacyCreate('seeded-legacy'), legacyStrings: true }],
      });
      ({ emu } = await withEmulator({ seed, clock: clock.read, rateLimitPerMinute: 10_000 }));
      ({ emu: limited } = await withEmulator({ seed: testSeed(), clock: clock.read, rateLimitPerMinute: 1 }));
      ({ emu: gone } = await withEmulator({ seed: testSeed(), removedVersions: ['2023-01-01'] }));
    });
    afterAll(async () => {
      await emu.stop();
      await limited.stop();
      await gone.stop();
    });

    async function call(c: DigestClient, method: string, path: string, version: string, options: RequestOptions = {}): Promise<HttpResult> {
      const headers = version === 'v1.0' ? { ...options.headers } : { ...v2(version), ...options.headers };
      const response = await c.request(method, path, { ...options, headers });
      if (method !== 'HEAD') {
        seen.push({ method, path: validator.pathOf(path) ?? path, version, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json ?? response.text });
      }
      return response;
    }

    it('exercises every endpoint in v1.0 and every version of v2', async () => {
      const c = client(emu, OWNER);
      const reader = client(emu, READER);
      const flavours: Array<{ base: string; clusterVersion: string; readVersion?: string; otherVersion: string; legacy: boolean; perShard?: boolean }> = [
        { base: '/api/atlas/v1.0', clusterVersion: 'v1.0', otherVersion: 'v1.0', legacy: true },
        { base: '/api/atlas/v2', clusterVersion: '2023-01-01', otherVersion: '2023-01-01', legacy: true },
        { base: '/api/atlas/v2', clusterVersion: '2023-02-01', otherVersion: '2023-01-01', legacy: false },
        // 2024-08-05 serves every clusters operation but delete; 2024-10-23 create and patch (reads then at 2024-08-05).
        { base: '/api/atlas/v2', clusterVersion: '2024-08-05', otherVersion: '2023-01-01', legacy: false, perShard: true },
        { base: '/api/atlas/v2', clusterVersion: '2024-10-23', readVersion: '2024-08-05', otherVersion: '2023-01-01', legacy: false, perShard: true },
      ];
      for (const [i, f] of flavours.entries()) {
        const clusters = `${f.base}/groups/${PROJECT_A}/clusters`;
        const name = `c${i}`;
        const bodyFor = (n: string) => (f.legacy ? legacyCreate(n) : f.perShard ? perShard(modernCreate(n)) : modernCreate(n));
        const read = f.readVersion ?? f.clusterVersion;
        const remove = f.perShard ? '2023-02-01' : f.clusterVersion; // delete has no 2024 version
        await call(c, 'GET', f.base, f.otherVersion);
        await call(c, 'DELETE', f.base, f.otherVersion);
        await call(c, 'GET', `${f.base}/groups/${PROJECT_B}/clusters`, read); // empty list
        await call(c, 'POST', clusters, f.clusterVersion, { body: bodyFor(name) });
        await call(c, 'POST', clusters, f.clusterVersion, { body: f.legacy ? { ...legacyCreate(`t${i}`), providerSettings: { providerName: 'TENANT', backingProviderName: 'AWS', instanceSizeName: 'M0', regionName: 'US_EAST_1' } } : f.perShard ? perShard(tenantCreate(`t${i}`)) : tenantCreate(`t${i}`) });
        await call(c, 'POST', clusters, f.clusterVersion, { body: f.legacy ? { ...legacyCreate(`s${i}`), clusterType: 'SHARDED', numShards: 2, mongoDBMajorVersion: '8.0' } : f.perShard ? perShard(shardedCreate(`s${i}`)) : shardedCreate(`s${i}`) });
        await call(c, 'POST', clusters, f.clusterVersion, { body: bodyFor(name) }); // 409
        await call(c, 'POST', clusters, f.clusterVersion, { body: bodyFor('bad_name') }); // 400
        await call(c, 'POST', clusters, f.clusterVersion, { body: { ...bodyFor('x1'), bogus: 1 } }); // 400
        await call(c, 'POST', clusters, f.clusterVersion, { body: 'nope', headers: { 'Content-Type': 'text/plain' } }); // 415
        await call(reader, 'POST', clusters, f.clusterVersion, { body: bodyFor('x2') }); // 403
        await call(c, 'GET', `${clusters}/${name}`, read); // CREATING
        await call(c, 'GET', clusters, read);
        clock.advance(2000);
        await call(c, 'GET', `${clusters}/${name}`, read); // IDLE, with strings
        await call(c, 'GET', `${clusters}/s${i}`, read);
        await call(c, 'GET', `${clusters}/t${i}`, read);
        await call(c, 'GET', `${clusters}/seeded-legacy`, read);
        await call(c, 'GET', `${clusters}?itemsPerPage=2&pageNum=2`, read);
        await call(c, 'GET', `${clusters}?itemsPerPage=0`, read); // 400
        const disk = f.perShard ? { replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3, diskSizeGB: 20 } }] }] } : { diskSizeGB: 20 };
        await call(c, 'PATCH', `${clusters}/${name}`, f.clusterVersion, { body: { ...disk, terminationProtectionEnabled: true } });
        await call(c, 'PATCH', `${clusters}/${name}`, f.clusterVersion, { body: { id: 'x' } }); // 400 read-only
        await call(c, 'DELETE', `${clusters}/${name}`, remove); // 400 protected
        await call(c, 'PATCH', `${clusters}/${name}`, f.clusterVersion, { body: { terminationProtectionEnabled: false } });
        await call(c, 'DELETE', `${clusters}/${name}`, remove); // 202
        clock.advance(2000);
        await call(c, 'GET', `${clusters}/${name}`, read); // 404
        await call(c, 'DELETE', `${clusters}/${name}`, remove); // 404
        await call(c, 'GET', `${f.base}/groups/${'f'.repeat(24)}/clusters`, read); // 404 group
        await call(c, 'GET', `${f.base}/groups/${PROJECT_A}/privateIpMode`, f.otherVersion);
        await call(c, 'PATCH', `${f.base}/groups/${PROJECT_A}/privateIpMode`, f.otherVersion, { body: { enabled: false } });
        await call(c, 'PATCH', `${f.base}/groups/${PROJECT_A}/privateIpMode`, f.otherVersion, { body: { enabled: true } }); // 400 dedicated
        await call(c, 'PATCH', `${f.base}/groups/${PROJECT_B}/privateIpMode`, f.otherVersion, { body: { enabled: true } });
        await call(c, 'HEAD', `${clusters}/s${i}`, read);
      }
      // The resources served at one version each, only in the versioned API (2026-08 description):
      // a success of every operation. Their refusals are covered beside them (flexClusters.test.ts,
      // databaseUsers.test.ts, openapiProjectsAccessList.test.ts).
      const flex = `/api/atlas/v2/groups/${PROJECT_A}/flexClusters`;
      await call(c, 'POST', flex, '2024-11-13', { body: { name: 'f1', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } });
      await call(c, 'GET', flex, '2024-11-13');
      await call(c, 'GET', `${flex}/f1`, '2024-11-13');
      await call(c, 'PATCH', `${flex}/f1`, '2024-11-13', { body: { tags: [{ key: 'env', value: 'ci' }] } });
      await call(c, 'DELETE', `${flex}/f1`, '2024-11-13');
      const users = `/api/atlas/v2/groups/${PROJECT_A}/databaseUsers`;
      const user = { databaseName: 'admin', groupId: PROJECT_A, username: 'app', password: 'a-long-enough-password', roles: [{ databaseName: 'app', roleName: 'readWrite' }] };
      await call(c, 'POST', users, '2023-01-01', { body: user });
      await call(c, 'GET', users, '2023-01-01');
      await call(c, 'GET', `${users}/admin/app`, '2023-01-01');
      await call(c, 'PATCH', `${users}/admin/app`, '2023-01-01', { body: { roles: [{ databaseName: 'app', roleName: 'read' }] } });
      await call(c, 'DELETE', `${users}/admin/app`, '2023-01-01');
      await call(c, 'GET', '/api/atlas/v2/orgs', '2023-01-01');
      await call(c, 'GET', '/api/atlas/v2/groups', '2023-01-01');
      await call(c, 'GET', `/api/atlas/v2/groups/${PROJECT_A}`, '2023-01-01');
      await call(c, 'GET', '/api/atlas/v2/groups/byName/beta', '2023-01-01');
      const orgId = (await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}`, { headers: v2('2023-01-01') })).json.orgId as string;
      const gamma = (await call(c, 'POST', '/api/atlas/v2/groups', '2023-01-01', { body: { name: 'gamma', orgId } })).json.id as string;
      await call(c, 'DELETE', `/api/atlas/v2/groups/${gamma}`, '2023-01-01');
      const accessList = `/api/atlas/v2/groups/${PROJECT_A}/accessList`;
      await call(c, 'POST', accessList, '2023-01-01', { body: [{ cidrBlock: '10.0.0.0/8', comment: 'office' }] });
      await call(c, 'GET', accessList, '2023-01-01');
      await call(c, 'GET', `${accessList}/10.0.0.0%2F8`, '2023-01-01');
      await call(c, 'GET', `${accessList}/10.0.0.0%2F8/status`, '2023-01-01');
      await call(c, 'DELETE', `${accessList}/10.0.0.0%2F8`, '2023-01-01');
      // Every cluster the caller can see, across projects (and a reader sees only its projects').
      await call(c, 'GET', '/api/atlas/v2/clusters', '2023-01-01');
      await call(reader, 'GET', '/api/atlas/v2/clusters?itemsPerPage=1', '2025-03-12');
      // Shards of different sizes: served per shard, refused (400 ASYMMETRIC_SHARD_UNSUPPORTED) at the older versions.
      const lopsided = perShard(shardedCreate('lopsided'));
      const specs = lopsided.replicationSpecs as Array<{ regionConfigs: Array<{ electableSpecs: Record<string, unknown> }> }>;
      specs.push(structuredClone(specs[0]!));
      specs[1]!.regionConfigs[0]!.electableSpecs.instanceSize = 'M40';
      const betaClusters = `/api/atlas/v2/groups/${PROJECT_B}/clusters`;
      await call(c, 'POST', betaClusters, '2024-10-23', { body: lopsided });
      await call(c, 'GET', `${betaClusters}/lopsided`, '2024-08-05');
      await call(c, 'GET', `${betaClusters}/lopsided`, '2023-02-01');
      await call(c, 'GET', `/api/atlas/v1.0/groups/${PROJECT_B}/clusters`, 'v1.0');
      // Version errors, rate limit and faults.
      await call(c, 'GET', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, '2022-12-31'); // 406: before the first version
      await call(c, 'DELETE', `/api/atlas/v2/groups/${PROJECT_A}/clusters/nope`, '2025-03-12'); // negotiated to 2023-02-01: 404
      await call(client(gone), 'GET', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, '2023-01-01'); // 410
      const l = client(limited);
      await call(l, 'GET', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, '2023-02-01');
      await call(l, 'GET', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, '2023-02-01'); // 429
      emu.setFaults({ failRate: 1 });
      await call(c, 'GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`, 'v1.0'); // 503
      emu.setFaults({ failRate: 0 });
      const unauth = await plainRequest(emu.url, 'GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`);
      seen.push({ method: 'GET', path: `/api/atlas/v1.0/groups/{groupId}/clusters`, version: 'v1.0', status: 401, contentType: 'application/json', body: unauth.json });

      const statuses = new Set(seen.map((s) => s.status));
      // A role that does not permit the method now answers 401 (seed); 403 is for access-list misses (auth.test.ts).
      expect([...statuses].sort()).toEqual([200, 201, 202, 204, 400, 401, 404, 405, 406, 409, 410, 415, 429, 503]);
      const codes = seen.map((s) => (s.body as { errorCode?: string } | undefined)?.errorCode);
      expect(codes.filter((code) => code === 'ASYMMETRIC_SHARD_UNSUPPORTED')).toHaveLength(2);
      expect(emu.unexpectedErrors()).toEqual([]);
    });

    it('validates them all, each against the schema of the version it claims to serve', () => {
      expect(seen.length).toBeGreaterThan(90);
      const problems = seen.flatMap((s) =>
        validator.validate({ method: s.method, path: s.path, status: s.status, contentType: s.contentType, body: s.body }).map((e) => `${s.method} ${s.path} ${s.version} ${s.status}: ${e}`),
      );
      expect(problems).toEqual([]);
    });

    it('covered every operation of the table (the ones the emulator serves) with a success in each version the description gives it', () => {
      const covered = new Set(seen.filter((s) => s.status < 300).map((s) => `${s.method} ${s.path} ${s.contentType.split(';')[0]}`));
      const served = (method: string, path: string): boolean => operationFor(method, path.replace(/^\/api\/atlas\/(v1\.0|v2)/, '')) !== undefined;
      const expected = validator
        .operations()
        .filter(({ method, path }) => served(method, path))
        .flatMap(({ method, path, mediaTypes }) =>
          mediaTypes.map((type) => `${method} ${path} ${type}`), // every version of every operation, 2024-* included
        );
      expect(expected.length).toBeGreaterThan(20);
      const missing = expected.filter((key) => !covered.has(key));
      expect(missing).toEqual([]);
    });
  });
});
