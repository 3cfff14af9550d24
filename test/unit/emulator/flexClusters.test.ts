// Flex clusters in the emulator (issue 26): their own API at 2024-11-13 reproduces the
// recorded responses in shape (same key paths and JSON types), every answer validates
// against the 2026-08 description, the clusters API refuses a flex name with the
// recorded 400 and leaves flex clusters out of its list, and names are shared by both
// kinds. Transitions are driven by the test clock, never by elapsed time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSeed, type RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient, HttpResult, RequestOptions } from '../../helpers/emulator.js';
import { readRecorded, type RecordedResponse } from '../../helpers/reference.js';
import { PROJECT_A, PROJECT_B, TestClock, client, modernCreate, signature, testSeed, v2 } from './fixtures.js';
import { OpenApiValidator } from './openapiValidator.js';

type Doc = Record<string, unknown>;
const sorted = (set: Set<string>): string[] => [...set].sort();

const FLEX = '2024-11-13';
const flexBody = (name: string, extra: Doc = {}): Doc => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' }, ...extra });

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const flexPath = `/api/atlas/v2/groups/${PROJECT_A}/flexClusters`;
const clustersPath = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const seen: Array<{ method: string; path: string; status: number; contentType: string; body: unknown }> = [];

/** A call at the flex version (or the given one), kept for the OpenAPI check. */
async function call(method: string, path: string, options: RequestOptions & { version?: string } = {}): Promise<HttpResult> {
  const response = await c.request(method, path, { ...options, headers: { ...v2(options.version ?? FLEX), ...options.headers } });
  const template = path
    .split('?')[0]!
    .replace(/\/groups\/[^/]+/, '/groups/{groupId}')
    .replace(/\/flexClusters\/[^/]+$/, '/flexClusters/{name}')
    .replace(/\/clusters\/[^/]+$/, '/clusters/{clusterName}');
  seen.push({ method, path: template, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json });
  return response;
}

function recordedFlex(): Map<string, RecordedResponse> {
  const all = [...readRecorded('recorded-resources'), ...readRecorded('recorded')].filter((r) => r.file.startsWith('TestFlex'));
  return new Map(all.map((r) => [r.file, r]));
}
const pick = (files: Map<string, RecordedResponse>, part: string): RecordedResponse => {
  const found = [...files.entries()].find(([name]) => name.includes(part));
  if (!found) throw new Error(`no recording ${part}`);
  return found[1];
};

beforeAll(async () => {
  const seed = testSeed({
    flexClusters: [{ projectId: PROJECT_A, cluster: flexBody('seeded-flex', { terminationProtectionEnabled: true, tags: [{ key: 'env', value: 'ci' }] }) }],
  });
  ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000, rateLimitPerMinute: 10_000 }));
  c = client(emu);
});
afterAll(() => emu.stop());

describe('the recorded flex cluster responses, reproduced in shape', () => {
  const files = recordedFlex();

  it('create answers 201 CREATING with only the SRV string and no tags, as recorded', async () => {
    const recorded = pick(files, 'Create_flex_cluster__POST');
    const created = await call('POST', flexPath, { body: flexBody('cluster-83') });
    expect(created.status).toBe(recorded.status);
    expect(created.headers.get('content-type')).toBe(recorded.headers['content-type']);
    expect(sorted(signature(created.json))).toEqual(sorted(signature(JSON.parse(recorded.body))));
    expect(created.json.stateName).toBe('CREATING');
    expect(Object.keys(created.json.connectionStrings)).toEqual(['standardSrv']);
  });

  it('the clusters API refuses its name on GET, PATCH and DELETE with the recorded 400', async () => {
    const recorded = JSON.parse(pick(files, 'Get_flex_cluster__GET_api_atlas_v2_groups_b0123456789abcdef012345b_clusters_cluster-83').body) as Doc;
    for (const [method, version] of [['GET', '2024-08-05'], ['PATCH', '2024-10-23'], ['DELETE', '2023-02-01']] as const) {
      const refused = await call(method, `${clustersPath}/cluster-83`, { version, ...(method === 'PATCH' ? { body: { terminationProtectionEnabled: true } } : {}) });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('x-error-code')).toBe('CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API');
      expect(refused.json).toEqual(recorded);
    }
  });

  it('get (IDLE, both strings, tags []) and list reproduce the recorded documents', async () => {
    clock.advance(1000);
    const got = await call('GET', `${flexPath}/cluster-83`);
    const recorded = pick(files, 'Get_flex_cluster__GET_api_atlas_v2_groups_b0123456789abcdef012345b_flexClusters');
    expect(got.status).toBe(200);
    expect(sorted(signature(got.json))).toEqual(sorted(signature(JSON.parse(recorded.body))));
    expect(got.json).toMatchObject({ stateName: 'IDLE', tags: [], providerSettings: { backingProviderName: 'AWS', diskSizeGB: 5, providerName: 'FLEX', regionName: 'US_EAST_1' } });
    expect(got.json.connectionStrings.standard).toMatch(/^mongodb:\/\/ac-[a-z0-9]+-shard-00-00\.[a-z0-9]+\.mongodb\.net:27017,.*replicaSet=atlas-[a-z0-9]+-shard-0/);
    expect(got.json.connectionStrings.standardSrv).toMatch(/^mongodb\+srv:\/\/cluster-83\.[a-z0-9]+\.mongodb\.net$/);

    const list = await call('GET', `${flexPath}?includeCount=true&pageNum=1&itemsPerPage=100`);
    const recordedList = JSON.parse(pick(files, 'List_flex_cluster').body) as Doc;
    // The seeded cluster has tags, which the recorded list (all tags []) cannot show: their items are ResourceTags.
    const tagItems = ['.results[].tags[].key:string', '.results[].tags[].value:string'];
    expect(sorted(signature(list.json)).filter((s) => !tagItems.includes(s))).toEqual(sorted(signature(recordedList)));
    expect(list.json.results.map((r: Doc) => r.name)).toEqual(['seeded-flex', 'cluster-83']);
    expect(list.json.totalCount).toBe(2);
  });

  it('the clusters list leaves flex clusters out, as the service does', async () => {
    await call('POST', clustersPath, { version: '2024-10-23', body: modernCreate('dedicated1') });
    const list = await call('GET', clustersPath, { version: '2024-08-05' });
    expect(list.json.results.map((r: Doc) => r.name)).toEqual(['dedicated1']);
  });

  it('delete answers 204 with no body, then DELETING, then the recorded 404', async () => {
    const deleted = await call('DELETE', `${flexPath}/cluster-83`);
    expect(deleted.status).toBe(pick(files, 'Delete_flex_cluster__DELETE_api_atlas_v2_groups_b0123456789abcdef012345b_flexClusters').status);
    expect(deleted.text).toBe('');
    const deleting = await call('GET', `${flexPath}/cluster-83`);
    expect(deleting.json.stateName).toBe('DELETING');
    expect(sorted(signature(deleting.json))).toEqual(sorted(signature(JSON.parse(pick(files, 'GET_api_atlas_v2_groups_b0123456789abcdef012345b_flexClusters_cluster-83_1').body))));
    expect((await call('DELETE', `${flexPath}/cluster-83`)).json.errorCode).toBe('CLUSTER_ALREADY_REQUESTED_DELETION');
    clock.advance(1000);
    const gone = await call('GET', `${flexPath}/cluster-83`);
    const recorded = JSON.parse(pick(files, 'flexClusters_cluster-83_2').body) as Doc;
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ ...recorded, detail: `No cluster named cluster-83 exists in group ${PROJECT_A}.`, parameters: ['cluster-83', PROJECT_A] });
    // Gone from the flex API, the name means nothing to the clusters API either.
    expect((await call('GET', `${clustersPath}/cluster-83`, { version: '2024-08-05' })).status).toBe(404);
  });
});

describe('flex clusters: names, changes and refusals', () => {
  it('names are unique across both kinds: each create of a taken name is a 409', async () => {
    const dedicated = await call('POST', clustersPath, { version: '2024-10-23', body: modernCreate('seeded-flex') });
    expect([dedicated.status, dedicated.json.errorCode]).toEqual([409, 'DUPLICATE_CLUSTER_NAME']);
    await call('POST', clustersPath, { version: '2024-10-23', body: modernCreate('dedicated2') });
    const flex = await call('POST', flexPath, { body: flexBody('dedicated2') });
    expect([flex.status, flex.json.errorCode]).toEqual([409, 'DUPLICATE_CLUSTER_NAME']);
    // Another project may use the name.
    const elsewhere = await c.request('POST', `/api/atlas/v2/groups/${PROJECT_B}/flexClusters`, { headers: v2(FLEX), body: flexBody('dedicated2') });
    expect(elsewhere.status).toBe(201);
  });

  it('patch changes tags and termination protection at once; anything else is refused by name', async () => {
    const patched = await call('PATCH', `${flexPath}/seeded-flex`, { body: { tags: [{ key: 'team', value: 'search' }], terminationProtectionEnabled: false } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ stateName: 'IDLE', tags: [{ key: 'team', value: 'search' }], terminationProtectionEnabled: false });
    const readOnly = await call('PATCH', `${flexPath}/seeded-flex`, { body: { providerSettings: { regionName: 'US_WEST_2' } } });
    expect([readOnly.status, readOnly.json.errorCode, readOnly.json.parameters]).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['providerSettings']]);
    const unknown = await call('PATCH', `${flexPath}/seeded-flex`, { body: { paused: true } });
    expect([unknown.status, unknown.json.errorCode, unknown.json.parameters]).toEqual([400, 'INVALID_ATTRIBUTE', ['paused']]);
  });

  it('create refuses a missing backing provider, an unknown region and a name taken in no way', async () => {
    const missing = await call('POST', flexPath, { body: { name: 'f1', providerSettings: { regionName: 'US_EAST_1' } } });
    expect([missing.status, missing.json.errorCode, missing.json.parameters]).toEqual([400, 'MISSING_ATTRIBUTE', ['providerSettings.backingProviderName']]);
    const region = await call('POST', flexPath, { body: { name: 'f1', providerSettings: { backingProviderName: 'GCP', regionName: 'US_EAST_1' } } });
    expect([region.status, region.json.parameters]).toEqual([400, ['providerSettings.regionName']]);
    const tier = await call('POST', flexPath, { body: { ...flexBody('f1'), providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1', instanceSizeName: 'M0' } } });
    expect([tier.status, tier.json.parameters]).toEqual([400, ['providerSettings.instanceSizeName']]);
  });

  it('termination protection refuses a delete with the clusters API\'s error', async () => {
    await call('PATCH', `${flexPath}/seeded-flex`, { body: { terminationProtectionEnabled: true } });
    const refused = await call('DELETE', `${flexPath}/seeded-flex`);
    expect([refused.status, refused.json.errorCode]).toEqual([400, 'CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED']);
  });

  it('is not served in v1.0', async () => {
    const legacy = await c.request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/flexClusters`);
    expect(legacy.status).toBe(404);
  });

  it('every flex response validates against the 2026-08 description', () => {
    const validator = new OpenApiValidator();
    const flexSeen = seen.filter((s) => s.path.includes('/flexClusters'));
    expect(new Set(flexSeen.map((s) => `${s.method} ${s.status}`)).size).toBeGreaterThanOrEqual(9);
    const problems = seen.flatMap((s) => validator.validate(s).map((e) => `${s.method} ${s.path} ${s.status}: ${e}`));
    expect(problems).toEqual([]);
    expect(emu.unexpectedErrors()).toEqual([]);
  });
});

describe('flex clusters in the seed and the state file', () => {
  it('the seed refuses a flex name a dedicated cluster has, and a bad flex body, naming the entry', () => {
    expect(() =>
      validateSeed(testSeed({ clusters: [{ projectId: PROJECT_A, cluster: modernCreate('same') }], flexClusters: [{ projectId: PROJECT_A, cluster: flexBody('same') }] })),
    ).toThrow(/flexClusters\[0\]\.cluster\.name: duplicate cluster name same/);
    expect(() => validateSeed(testSeed({ flexClusters: [{ projectId: PROJECT_A, cluster: { name: 'x', providerSettings: {} } }] }))).toThrow(
      /flexClusters\[0\]\.cluster\.providerSettings\.backingProviderName: MISSING_ATTRIBUTE/,
    );
  });

  it('state() lists the flex clusters of every project, as they are now', async () => {
    const flexOf = () => emu.state().flexClusters.map((f) => `${f.projectId}/${f.name}:${f.model.stateName}`);
    expect(flexOf()).toContain(`${PROJECT_A}/seeded-flex:IDLE`);
    expect((await call('POST', flexPath, { body: flexBody('in-state') })).status).toBe(201);
    expect(flexOf()).toContain(`${PROJECT_A}/in-state:CREATING`);
    clock.advance(1000);
    expect(flexOf()).toContain(`${PROJECT_A}/in-state:IDLE`);
    expect(emu.state().clusters.map((cluster) => cluster.name)).not.toContain('in-state');
    expect((await call('DELETE', `${flexPath}/in-state`)).status).toBe(204);
    clock.advance(1000);
    expect(flexOf().filter((f) => f.includes('/in-state:'))).toEqual([]);
  });

  it('--state keeps flex clusters, their changes and their pending states across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdba-flex-state-'));
    const statePath = join(dir, 'state.json');
    const stateClock = new TestClock();
    try {
      const first = (await withEmulator({ seed: testSeed(), statePath, clock: stateClock.read, transitionMs: 1000 })).emu;
      const fc = client(first);
      expect((await fc.request('POST', flexPath, { headers: v2(FLEX), body: flexBody('kept', { tags: [{ key: 'a', value: 'b' }] }) })).status).toBe(201);
      expect(first.state().flexClusters.map((f) => f.name)).toEqual(['kept']);
      await first.stop();
      expect(JSON.parse(readFileSync(statePath, 'utf8')).world.flexClusters[0].model.name).toBe('kept');
      const second = (await withEmulator({ seed: testSeed(), statePath, clock: stateClock.read, transitionMs: 1000 })).emu;
      const sc = client(second);
      expect((await sc.request('GET', `${flexPath}/kept`, { headers: v2(FLEX) })).json).toMatchObject({ stateName: 'CREATING', tags: [{ key: 'a', value: 'b' }] });
      stateClock.advance(1000);
      expect((await sc.request('GET', `${flexPath}/kept`, { headers: v2(FLEX) })).json.stateName).toBe('IDLE');
      expect(second.state().flexClusters.map((f) => `${f.name}:${f.model.stateName}`)).toEqual(['kept:IDLE']);
      await second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
