// The tenant upgrades in the emulator: POST /clusters/tenantUpgrade (2023-01-01) and
// POST /flexClusters:tenantUpgrade (2024-11-13), held against the live service's recordings of
// an M0 upgraded to M10 (reference/recorded/TestSharedClusterUpgrade__*: UPDATING still as the
// shared tier, then IDLE as M10 with a new id and createDate, the same name and connection
// strings) and the 2026-08 description's schemas (the diagnostics cut has both operations).
// Transitions are driven by the test clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient, HttpResult, RequestOptions } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { PROJECT_A, TestClock, client, signature, tenantCreate, testSeed, v2 } from './fixtures.js';
import { OpenApiValidator } from './openapiValidator.js';

type Doc = Record<string, unknown>;

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const clusters = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const upgrade = `${clusters}/tenantUpgrade`;
const flexUpgrade = `/api/atlas/v2/groups/${PROJECT_A}/flexClusters:tenantUpgrade`;
const validator = new OpenApiValidator({ v2: 'v2-2026-08-diagnostics' });
const seen: Array<{ method: string; path: string; status: number; contentType: string; body: unknown }> = [];

const legacyBody = (name: string, extra: Doc = {}): Doc => ({ name, providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' }, ...extra });
const perShardBody = (name: string, size = 'M10', provider = 'AWS', region = 'US_EAST_1'): Doc => ({
  name,
  clusterType: 'REPLICASET',
  replicationSpecs: [{ regionConfigs: [{ providerName: provider, regionName: region, priority: 7, electableSpecs: { instanceSize: size, nodeCount: 3 } }] }],
});

async function call(method: string, path: string, version: string, options: RequestOptions = {}): Promise<HttpResult> {
  const response = await c.request(method, path, { ...options, headers: v2(version) });
  const template = path.includes(':tenantUpgrade') || path.endsWith('/tenantUpgrade') ? path.replace(/\/groups\/[^/]+/, '/groups/{groupId}') : undefined;
  if (template) seen.push({ method, path: template, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json });
  return response;
}

const recorded = (part: string): { status: number; contentType: string; doc: Doc } => {
  const found = readRecorded('recorded').find((r) => r.file.startsWith(`TestSharedClusterUpgrade__${part}`));
  if (!found) throw new Error(`no recording ${part}`);
  return { status: found.status, contentType: found.headers['content-type']!, doc: JSON.parse(found.body) as Doc };
};

/** Field paths and types, links and connection strings aside (their values are the service's hosts). */
const shape = (doc: unknown): string[] => [...signature(doc)].filter((p) => !p.startsWith('.links') && !p.startsWith('.connectionStrings')).sort();

const lead = (doc: Doc): Doc => ((doc.replicationSpecs as Doc[])[0]!.regionConfigs as Doc[])[0]!;

beforeAll(async () => {
  const seed = testSeed({
    clusters: [{ projectId: PROJECT_A, cluster: tenantCreate('cluster-801') }, { projectId: PROJECT_A, cluster: tenantCreate('free-2') }],
    flexClusters: [{ projectId: PROJECT_A, cluster: { name: 'flex-1', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' }, tags: [{ key: 'a', value: 'b' }] } }],
  });
  ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000, rateLimitPerMinute: 10_000 }));
  c = client(emu);
});
afterAll(() => emu.stop());

describe('an M0 upgraded to M10, as recorded', () => {
  let before: Doc;

  it('before: the M0 reads as the recorded one at 2023-02-01', async () => {
    before = (await call('GET', `${clusters}/cluster-801`, '2023-02-01')).json as Doc;
    expect(shape(before)).toEqual(shape(recorded('GET_api_atlas_v2_groups_6a793f5f2c88faeba59ba565_clusters_cluster-801_1').doc));
  });

  it('the upgrade answers 200, the cluster in the legacy shape, UPDATING, still the shared tier, with the request\'s tags', async () => {
    clock.advance(5000); // the upgrade's time is the new cluster's createDate
    const answer = await call('POST', upgrade, '2023-01-01', { body: legacyBody('cluster-801', { tags: [{ key: 'env', value: 'e2e' }] }) });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
    expect(answer.json).toMatchObject({ name: 'cluster-801', stateName: 'UPDATING', providerSettings: { providerName: 'TENANT', instanceSizeName: 'M0' }, tags: [{ key: 'env', value: 'e2e' }] });
  });

  it('while UPDATING it reads as the recorded UPDATING M0, at 2023-02-01 and 2024-08-05', async () => {
    for (const [version, file] of [
      ['2023-02-01', 'Upgrade_to_dedicated_tier__GET_api_atlas_v2_groups_6a793f5f2c88faeba59ba565_clusters_cluster-801_1'],
      ['2024-08-05', 'Upgrade_to_dedicated_tier__GET_api_atlas_v2_groups_6a793f5f2c88faeba59ba565_clusters_cluster-801_2'],
    ] as const) {
      const want = recorded(file);
      const got = await call('GET', `${clusters}/cluster-801`, version);
      expect(got.headers.get('content-type')).toBe(want.contentType);
      expect(got.json).toMatchObject({ stateName: 'UPDATING', tags: want.doc.tags });
      expect(lead(got.json as Doc)).toMatchObject({ providerName: 'TENANT', electableSpecs: { instanceSize: 'M0' } });
      // The live service leaves diskWarmingMode and useAwsTimeBasedSnapshotCopyForFastInitialSync out of
      // some transient reads of this sequence (current.test.ts says the same of its 2024 reads).
      const extra = shape(got.json).filter((p) => !shape(want.doc).includes(p));
      expect(extra.every((p) => /^\.(diskWarmingMode|useAwsTimeBasedSnapshotCopyForFastInitialSync):/.test(p)), extra.join(' ')).toBe(true);
      expect(shape(want.doc).filter((p) => !shape(got.json).includes(p))).toEqual([]);
    }
  });

  it('once done: IDLE, M10 on AWS, a new id and createDate, the same name and connection strings, as the recorded end', async () => {
    clock.advance(1000);
    for (const [version, file] of [
      ['2024-08-05', 'Upgrade_to_dedicated_tier__GET_api_atlas_v2_groups_6a793f5f2c88faeba59ba565_clusters_cluster-801_8'],
      ['2023-02-01', 'Upgrade_to_dedicated_tier__GET_api_atlas_v2_groups_6a793f5f2c88faeba59ba565_clusters_cluster-801_9'],
    ] as const) {
      const want = recorded(file);
      const got = (await call('GET', `${clusters}/cluster-801`, version)).json as Doc;
      expect([got.name, got.stateName]).toEqual(['cluster-801', want.doc.stateName]);
      expect(lead(got)).toMatchObject({ providerName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M10', nodeCount: 3 } });
      expect(got.id).not.toBe(before.id);
      expect(got.createDate).not.toBe(before.createDate);
      expect(got.connectionStrings).toEqual(before.connectionStrings);
      expect(got.tags).toEqual(want.doc.tags);
      // The live upgraded cluster has advancedConfiguration (which no emulated cluster answers yet) and no diskWarmingMode.
      const missing = shape(want.doc).filter((p) => !shape(got).includes(p) && !p.startsWith('.advancedConfiguration'));
      const extra = shape(got).filter((p) => !shape(want.doc).includes(p) && !p.startsWith('.diskWarmingMode'));
      expect([missing, extra]).toEqual([[], []]);
    }
  });

  it('the v1.0 read of the upgraded cluster is the dedicated one too', async () => {
    const got = (await c.request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters/cluster-801`)).json as Doc;
    expect(got.providerSettings).toMatchObject({ providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' });
    expect(got.stateName).toBe('IDLE');
  });
});

describe('a flex cluster upgraded to M10', () => {
  it('answers the flex cluster UPDATING; the flex API then answers its name as another kind\'s, the clusters API serves it, then IDLE', async () => {
    const flexBefore = (await call('GET', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters/flex-1`, '2024-11-13')).json as Doc;
    const answer = await call('POST', flexUpgrade, '2024-11-13', { body: perShardBody('flex-1') });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.atlas.2024-11-13+json;charset=utf-8');
    expect(answer.json).toMatchObject({ name: 'flex-1', stateName: 'UPDATING', providerSettings: { providerName: 'FLEX' } });
    const gone = await call('GET', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters/flex-1`, '2024-11-13');
    expect([gone.status, gone.json.errorCode]).toEqual([400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API']);
    expect(gone.json.detail).toBe('Cannot use non-flex cluster flex-1 in the flex API.');
    for (const method of ['PATCH', 'DELETE']) {
      const other = await call(method, `/api/atlas/v2/groups/${PROJECT_A}/flexClusters/flex-1`, '2024-11-13', method === 'PATCH' ? { body: { tags: [] } } : {});
      expect([method, other.status, other.json.errorCode]).toEqual([method, 400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API']);
    }
    const listed = (await call('GET', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters`, '2024-11-13')).json as Doc;
    expect((listed.results as Doc[]).map((r) => r.name)).not.toContain('flex-1');
    const updating = (await call('GET', `${clusters}/flex-1`, '2024-08-05')).json as Doc;
    expect(updating).toMatchObject({ stateName: 'UPDATING', tags: [{ key: 'a', value: 'b' }] });
    expect(updating.connectionStrings).toEqual(flexBefore.connectionStrings);
    clock.advance(1000);
    const done = (await call('GET', `${clusters}/flex-1`, '2024-08-05')).json as Doc;
    expect(done.stateName).toBe('IDLE');
    expect(lead(done)).toMatchObject({ providerName: 'AWS', electableSpecs: { instanceSize: 'M10' } });
    expect(done.connectionStrings).toEqual(flexBefore.connectionStrings);
  });
});

describe('refusals, with the service\'s codes', () => {
  it.each([
    ['an unknown cluster', upgrade, '2023-01-01', legacyBody('nope'), 404, 'CLUSTER_NOT_FOUND'],
    ['a dedicated cluster (upgraded above)', upgrade, '2023-01-01', legacyBody('cluster-801'), 400, 'CLUSTER_NOT_TENANT'],
    ['a name no cluster of either kind has', upgrade, '2023-01-01', legacyBody('flex-missing'), 404, 'CLUSTER_NOT_FOUND'],
    ['no name', upgrade, '2023-01-01', { providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' } }, 400, 'MISSING_ATTRIBUTE'],
    ['a shared tier as target', upgrade, '2023-01-01', { name: 'free-2', providerSettings: { providerName: 'TENANT', backingProviderName: 'AWS', instanceSizeName: 'M2', regionName: 'US_EAST_1' } }, 400, 'INVALID_ATTRIBUTE'],
    ['a tier the provider lacks', upgrade, '2023-01-01', { name: 'free-2', providerSettings: { providerName: 'AWS', instanceSizeName: 'M90', regionName: 'US_EAST_1' } }, 400, 'INVALID_ATTRIBUTE'],
    ['a region the provider lacks', upgrade, '2023-01-01', { name: 'free-2', providerSettings: { providerName: 'GCP', instanceSizeName: 'M10', regionName: 'US_EAST_1' } }, 400, 'INVALID_ATTRIBUTE'],
    ['an unknown provider', upgrade, '2023-01-01', { name: 'free-2', providerSettings: { providerName: 'OCI', instanceSizeName: 'M10', regionName: 'US_EAST_1' } }, 400, 'INVALID_ATTRIBUTE'],
    ['a non-flex name in the flex API: its refusal of other kinds (recorded for the flex backup API)', flexUpgrade, '2024-11-13', perShardBody('free-2'), 400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API'],
    ['an unknown flex cluster', flexUpgrade, '2024-11-13', perShardBody('flex-x', 'M90'), 404, 'CLUSTER_NOT_FOUND'],
  ] as const)('%s', async (_what, path, version, body, status, code) => {
    const answer = await call('POST', path, version, { body });
    expect([answer.status, answer.json.errorCode], JSON.stringify(answer.json)).toEqual([status, code]);
    expect(answer.headers.get('x-error-code')).toBe(code);
  });

  it('a flex name in the clusters API gets the recorded refusal of flex names; a non-IDLE cluster 409', async () => {
    const made = await call('POST', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters`, '2024-11-13', { body: { name: 'flex-2', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } });
    expect(made.status).toBe(201);
    const inClustersApi = await call('POST', upgrade, '2023-01-01', { body: legacyBody('flex-2') });
    expect([inClustersApi.status, inClustersApi.json.errorCode]).toEqual([400, 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API']);
    const creating = await call('POST', flexUpgrade, '2024-11-13', { body: perShardBody('flex-2') });
    expect([creating.status, creating.json.errorCode]).toEqual([409, 'CANNOT_UPGRADE_CLUSTER_WITH_PENDING_CHANGES']);
    clock.advance(1000);
    const badTier = await call('POST', flexUpgrade, '2024-11-13', { body: perShardBody('flex-2', 'M90') });
    expect([badTier.status, badTier.json.errorCode]).toEqual([400, 'INVALID_ATTRIBUTE']);
    const badRegion = await call('POST', flexUpgrade, '2024-11-13', { body: perShardBody('flex-2', 'M10', 'AZURE', 'US_EAST_1') });
    expect([badRegion.status, badRegion.json.errorCode]).toEqual([400, 'INVALID_ATTRIBUTE']);
    const shared = await call('POST', flexUpgrade, '2024-11-13', { body: { name: 'flex-2', replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }] } });
    expect([shared.status, shared.json.errorCode]).toEqual([400, 'INVALID_ATTRIBUTE']);
    // Refused: still a flex cluster.
    expect((await call('GET', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters/flex-2`, '2024-11-13')).status).toBe(200);
    const first = await call('POST', upgrade, '2023-01-01', { body: legacyBody('free-2') });
    expect(first.status).toBe(200);
    const again = await call('POST', upgrade, '2023-01-01', { body: legacyBody('free-2') });
    expect([again.status, again.json.errorCode]).toEqual([409, 'CANNOT_UPGRADE_CLUSTER_WITH_PENDING_CHANGES']);
  });

  it('the flex upgrade is the versioned API\'s only: v1.0 answers 404 RESOURCE_NOT_FOUND', async () => {
    const answer = await c.request('POST', `/api/atlas/v1.0/groups/${PROJECT_A}/flexClusters:tenantUpgrade`, { body: perShardBody('flex-2') });
    expect(answer.status).toBe(404);
  });
});

describe('the description', () => {
  it('every answer above validates against the 2026-08 description (the diagnostics cut)', () => {
    expect(seen.filter((s) => s.status === 200).map((s) => s.path).sort()).toEqual(
      expect.arrayContaining(['/api/atlas/v2/groups/{groupId}/clusters/tenantUpgrade', '/api/atlas/v2/groups/{groupId}/flexClusters:tenantUpgrade']),
    );
    for (const check of seen) expect(validator.validate(check), `${check.method} ${check.path} ${check.status}`).toEqual([]);
  });
});
