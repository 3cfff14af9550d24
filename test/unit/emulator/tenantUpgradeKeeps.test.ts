// What a tenant upgrade keeps (issue 46): after an M0 -> M10 and a flex -> M10 upgrade, the
// cluster's snapshots, the project's database users and the cluster's search indexes (and the
// collections they index) are still there, under the same name, though the cluster has a new
// id; and the old kind's API answers for it as the service does (the flex API refuses the name
// of a cluster of another kind, CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API; the clusters API
// serves it). Transitions are driven by the test clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient, HttpResult, RequestOptions } from '../../helpers/emulator.js';
import { backupValidator } from './backupOpenApi.js';
import { PROJECT_A, TestClock, client, tenantCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const SNAPSHOT = '6a7944f22c88faeba59d3572';
const index = (name: string): Doc => ({ database: 'app', collectionName: 'items', name, type: 'search', definition: { mappings: { dynamic: true } } });
const perShardBody = (name: string): Doc => ({
  name,
  clusterType: 'REPLICASET',
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
});

const call = (method: string, path: string, version: string, options: RequestOptions = {}): Promise<HttpResult> => c.request(method, `${group}${path}`, { ...options, headers: v2(version) });
const ok = async (method: string, path: string, version: string, options: RequestOptions = {}): Promise<Doc> => {
  const answer = await call(method, path, version, options);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json as Doc;
};
const ids = (doc: Doc): string[] => ((doc.results ?? doc) as Doc[]).map((r) => String(r.id ?? r.indexID)).sort();
const users = async (): Promise<string[]> => ((await ok('GET', '/databaseUsers', '2023-01-01')).results as Doc[]).map((u) => String(u.username)).sort();

beforeAll(async () => {
  const seed = testSeed({
    clusters: [{ projectId: PROJECT_A, cluster: tenantCreate('free-k') }],
    flexClusters: [{ projectId: PROJECT_A, cluster: { name: 'flex-k', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
    backups: [{ projectId: PROJECT_A, clusterName: 'flex-k', snapshots: [{ id: SNAPSHOT }] }],
    clusterData: ['free-k', 'flex-k'].map((clusterName) => ({ projectId: PROJECT_A, clusterName, collections: ['app.items'] })),
    searchIndexes: ['free-k', 'flex-k'].map((clusterName) => ({ projectId: PROJECT_A, clusterName, index: index(`${clusterName}-idx`) })),
  });
  ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000, rateLimitPerMinute: 10_000 }));
  c = client(emu);
  await ok('POST', '/databaseUsers', '2023-01-01', { body: { databaseName: 'admin', username: 'app-user', password: 'a-long-password-1', roles: [{ databaseName: 'admin', roleName: 'readWriteAnyDatabase' }], groupId: PROJECT_A } });
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('a flex cluster upgraded to M10', () => {
  it('keeps its snapshots, its search indexes and the project\'s users; the flex API refuses its name, the clusters API serves it', async () => {
    const snapshots = ids(await ok('GET', '/flexClusters/flex-k/backup/snapshots', '2024-11-13'));
    expect(snapshots).toContain(SNAPSHOT);
    const indexes = ids(await ok('GET', '/clusters/flex-k/search/indexes', '2024-05-30'));
    expect(indexes).toHaveLength(1);
    const before = (await ok('GET', '/flexClusters/flex-k', '2024-11-13')).id;
    const usersBefore = await users();

    await ok('POST', '/flexClusters:tenantUpgrade', '2024-11-13', { body: perShardBody('flex-k') });
    clock.advance(1000);
    const cluster = await ok('GET', '/clusters/flex-k', '2024-08-05');
    expect(cluster).toMatchObject({ name: 'flex-k', stateName: 'IDLE' });
    expect(cluster.id).not.toBe(before);

    const old = await call('GET', '/flexClusters/flex-k', '2024-11-13');
    expect([old.status, old.json.errorCode]).toEqual([400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API']);
    const oldBackups = await call('GET', '/flexClusters/flex-k/backup/snapshots', '2024-11-13');
    expect([oldBackups.status, oldBackups.json.errorCode]).toEqual([400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API']);

    // Its snapshots are the dedicated cluster's now, by the same IDs; its own schedule starts with it (none older).
    expect(ids(await ok('GET', '/clusters/flex-k/backup/snapshots', '2023-01-01'))).toEqual(snapshots);
    const kept = await call('GET', `/clusters/flex-k/backup/snapshots/${SNAPSHOT}`, '2023-01-01');
    expect(kept.json).toMatchObject({ id: SNAPSHOT, status: 'completed' });
    // A daily one of the dedicated cluster's API, valid against the description.
    const daily = await call('GET', '/clusters/flex-k/backup/snapshots', '2023-01-01');
    const validator = backupValidator();
    for (const [answer, path] of [[kept, '/snapshots/{snapshotId}'], [daily, '/snapshots']] as const) {
      const check = { method: 'GET', path: `/api/atlas/v2/groups/{groupId}/clusters/{clusterName}/backup${path}`, status: answer.status, contentType: answer.headers.get('content-type') ?? '', body: answer.json };
      expect(validator.validate(check), path).toEqual([]);
    }
    expect(((daily.json as Doc).results as Doc[]).filter((s) => snapshots.includes(String(s.id))).every((s) => s.frequencyType === 'daily')).toBe(true);
    expect(ids(await ok('GET', '/clusters/flex-k/search/indexes', '2024-05-30'))).toEqual(indexes);
    expect(await users()).toEqual(usersBefore);
  });
});

describe('an M0 upgraded to M10', () => {
  it('keeps its search indexes and the project\'s users (an M0 has no cloud backup to keep)', async () => {
    const indexes = ids(await ok('GET', '/clusters/free-k/search/indexes', '2024-05-30'));
    expect(indexes).toHaveLength(1);
    const usersBefore = await users();
    const before = (await ok('GET', '/clusters/free-k', '2024-08-05')).id;
    await ok('POST', '/clusters/tenantUpgrade', '2023-01-01', { body: { name: 'free-k', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' } } });
    expect(ids(await ok('GET', '/clusters/free-k/search/indexes', '2024-05-30'))).toEqual(indexes);
    clock.advance(1000);
    const cluster = await ok('GET', '/clusters/free-k', '2024-08-05');
    expect(cluster).toMatchObject({ name: 'free-k', stateName: 'IDLE' });
    expect(cluster.id).not.toBe(before);
    expect(ids(await ok('GET', '/clusters/free-k/search/indexes', '2024-05-30'))).toEqual(indexes);
    expect(await users()).toEqual(usersBefore);
    // The flex API answers it as a cluster of another kind, as before.
    const flexApi = await call('GET', '/flexClusters/free-k', '2024-11-13');
    expect([flexApi.status, flexApi.json.errorCode]).toEqual([400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API']);
  });
});
