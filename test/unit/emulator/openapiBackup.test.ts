// The OpenAPI check of openapi.test.ts for cloud backup: every emulator answer of the
// backup operations, refusals included, validates against the description cut to them
// (admin-api-v2-2026-08-backup-subset.json), and each operation cdba serves answered a
// success at least once. One departure is the live service's and kept: an on-demand
// snapshot's frequencyType "ondemand" (LIVE_DEPARTURES).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { OPERATION_NAMES, OPERATIONS } from '../../../src/api/operations.js';
import { withEmulator, type DigestClient, type RequestOptions } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { BACKUP_SCHEMA_PATCHES, LIVE_DEPARTURES, backupValidator, isDeparture } from './backupOpenApi.js';
import { PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';
import type { OpenApiValidator } from './openapiValidator.js';

type Doc = Record<string, unknown>;

interface Seen {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

const TRANSITION = 10_000;
const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const flexBody = (name: string): Doc => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });

describe('OpenAPI conformance (2026-08 backup cut): snapshots, restore jobs, the schedule, flex backups', () => {
  let validator: OpenApiValidator;
  const clock = new TestClock();
  let emu: RunningEmulator;
  const seen: Seen[] = [];

  beforeAll(async () => {
    validator = backupValidator();
    const seed = testSeed({
      clusters: [
        { projectId: PROJECT_A, cluster: modernCreate('src', { backupEnabled: true, mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_A, cluster: modernCreate('dst', { mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_A, cluster: modernCreate('nobackup') },
        { projectId: PROJECT_B, cluster: modernCreate('old', { mongoDBMajorVersion: '7.0' }) },
      ],
      flexClusters: [{ projectId: PROJECT_A, cluster: flexBody('fsrc') }, { projectId: PROJECT_A, cluster: flexBody('fdst') }],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: TRANSITION }));
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function call(c: DigestClient, method: string, path: string, options: RequestOptions = {}): Promise<Doc> {
    const version = path.includes('/flexClusters/') ? '2024-11-13' : '2023-01-01';
    const response = await c.request(method, path, { ...options, headers: { ...v2(version), ...options.headers } });
    const openApiPath = validator.pathOf(path);
    expect(openApiPath, path).toBeDefined();
    seen.push({ method, path: openApiPath!, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json ?? response.text });
    return response.json as Doc;
  }

  let departures = 0;
  function problems(s: Seen): string[] {
    return validator.validate(s).filter((error) => {
      const departure = isDeparture(error, s.body);
      if (departure) departures += 1;
      return !departure;
    });
  }

  it('the description, patched as BACKUP_SCHEMA_PATCHES says, accepts the recorded live answers but the named departure (calibration)', () => {
    expect(BACKUP_SCHEMA_PATCHES.length).toBe(1);
    expect(LIVE_DEPARTURES).toEqual(['DiskBackupReplicaSet.frequencyType ondemand']);
    const recorded = readRecorded('recorded-backup').filter((r) => /backup_(snapshots|restoreJobs)/.test(r.file) && r.body.trim() !== '');
    expect(recorded.length).toBeGreaterThanOrEqual(20);
    let named = 0;
    for (const r of recorded) {
      const [, method, rest] = /__(GET|POST|DELETE)_api_atlas_v2_(.+)_\d+\.http$/.exec(r.file)!;
      const request = `/api/atlas/v2/${rest!.replace(/_/g, '/')}`;
      const path = validator.pathOf(request);
      expect(path, r.file).toBeDefined();
      const errors = validator.validate({ method: method!, path: path!, status: r.status, contentType: r.headers['content-type'] ?? '', body: JSON.parse(r.body) });
      named += errors.filter((e) => isDeparture(e, JSON.parse(r.body))).length;
      expect(errors.filter((e) => !isDeparture(e, JSON.parse(r.body))), r.file).toEqual([]);
    }
    expect(named).toBeGreaterThan(0);
  });

  it('is not vacuous: it refuses a snapshot status outside the enum and a job without deliveryType', () => {
    const snapshot = '/api/atlas/v2/groups/{groupId}/clusters/{clusterName}/backup/snapshots/{snapshotId}';
    expect(validator.validate({ method: 'GET', path: snapshot, status: 200, contentType: 'application/vnd.atlas.2023-01-01+json', body: { id: 'a'.repeat(24), status: 'DONE' } })).not.toEqual([]);
    const job = '/api/atlas/v2/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs/{restoreJobId}';
    expect(validator.validate({ method: 'GET', path: job, status: 200, contentType: 'application/vnd.atlas.2023-01-01+json', body: { id: 'a'.repeat(24) } })).not.toEqual([]);
  });

  it('exercises every operation, its refusals included', async () => {
    const c = client(emu);
    const reader = client(emu, READER);
    const backup = (cluster: string): string => `${group}/clusters/${cluster}/backup`;
    const flex = (cluster: string): string => `${group}/flexClusters/${cluster}/backup`;
    const taken = await call(c, 'POST', `${backup('src')}/snapshots`, { body: { description: 'golden', retentionInDays: 3 } });
    await call(c, 'POST', `${backup('src')}/snapshots`, { body: { description: 'again' } }); // 409: one on demand at a time
    await call(c, 'POST', `${backup('nobackup')}/snapshots`, { body: {} }); // 400: no cloud backup
    await call(c, 'POST', `${backup('src')}/snapshots`, { body: { retentionInDays: 0 } }); // 400
    await call(reader, 'POST', `${backup('src')}/snapshots`, { body: {} }); // 401
    await call(c, 'GET', `${backup('src')}/snapshots/${taken.id as string}`); // queued or inProgress
    clock.advance(TRANSITION * 0.6);
    await call(c, 'GET', `${backup('src')}/snapshots/${taken.id as string}`); // inProgress, mongodVersion
    clock.advance(TRANSITION);
    await call(c, 'GET', `${backup('src')}/snapshots/${taken.id as string}`); // completed
    const list = await call(c, 'GET', `${backup('src')}/snapshots`);
    expect((list.results as Doc[]).length).toBeGreaterThan(1); // the schedule's besides
    await call(c, 'GET', `${backup('src')}/snapshots/${'f'.repeat(24)}`); // 404
    await call(c, 'GET', `${backup('fsrc')}/snapshots`); // 400: a flex cluster in the clusters API
    await call(c, 'GET', `${backup('src')}/schedule`);
    await call(c, 'GET', `${backup('src')}/schedule`, { headers: v2('2024-08-05') });
    await call(c, 'GET', `${backup('nobackup')}/schedule`); // 400
    const automated = await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id, targetClusterName: 'dst', targetGroupId: PROJECT_A } });
    await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id, targetClusterName: 'dst', targetGroupId: PROJECT_A } }); // 409: one at a time
    await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id, targetClusterName: 'old', targetGroupId: PROJECT_B } }); // 400: older version
    await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id, targetClusterName: 'gone', targetGroupId: PROJECT_A } }); // 404
    await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id, targetClusterName: 'fdst', targetGroupId: PROJECT_A } }); // 400: dedicated into flex
    await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id } }); // 400 missing target
    const download = await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'download', snapshotId: taken.id } });
    await call(c, 'GET', `${backup('src')}/restoreJobs/${automated.id as string}`);
    clock.advance(TRANSITION);
    await call(c, 'GET', `${backup('src')}/restoreJobs/${automated.id as string}`); // finishedAt
    await call(c, 'GET', `${backup('src')}/restoreJobs/${download.id as string}`); // deliveryUrl
    await call(c, 'GET', `${backup('src')}/restoreJobs`);
    await call(c, 'DELETE', `${backup('src')}/restoreJobs/${automated.id as string}`); // 400: finished
    const again = await call(c, 'POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id, targetClusterName: 'dst', targetGroupId: PROJECT_A } });
    await call(c, 'DELETE', `${backup('src')}/restoreJobs/${again.id as string}`); // 204
    await call(c, 'GET', `${backup('src')}/restoreJobs/${again.id as string}`); // cancelled
    await call(c, 'GET', `${backup('src')}/restoreJobs/${'e'.repeat(24)}`); // 404
    await call(c, 'DELETE', `${backup('src')}/snapshots/${taken.id as string}`); // 204
    await call(c, 'DELETE', `${backup('src')}/snapshots/${taken.id as string}`); // 404
    const flexList = await call(c, 'GET', `${flex('fsrc')}/snapshots`);
    const flexSnapshot = (flexList.results as Doc[])[0]!;
    await call(c, 'GET', `${flex('fsrc')}/snapshots/${flexSnapshot.id as string}`);
    await call(c, 'GET', `${flex('src')}/snapshots`); // 400: not flex (recorded)
    const flexJob = await call(c, 'POST', `${flex('fsrc')}/restoreJobs`, { body: { snapshotId: flexSnapshot.id, targetDeploymentItemName: 'fdst', targetProjectId: PROJECT_A } });
    await call(c, 'POST', `${flex('fsrc')}/restoreJobs`, { body: { snapshotId: flexSnapshot.id, targetDeploymentItemName: 'fdst' } }); // 400 missing project
    await call(c, 'GET', `${flex('fsrc')}/restoreJobs/${flexJob.id as string}`);
    clock.advance(TRANSITION);
    await call(c, 'GET', `${flex('fsrc')}/restoreJobs`);
    await call(c, 'POST', `${flex('fsrc')}/restoreJobs`, { body: { snapshotId: flexSnapshot.id, targetDeploymentItemName: 'dst', targetProjectId: PROJECT_A } }); // flex into dedicated
    const statuses = [...new Set(seen.map((s) => s.status))].sort();
    expect(statuses).toEqual([200, 204, 400, 401, 404, 409]);
  });

  it('validates every answer against the description, frequencyType ondemand the one named departure', () => {
    expect(seen.length).toBeGreaterThanOrEqual(40);
    const found = seen.flatMap((s) => problems(s).map((e) => `${s.method} ${s.path} ${s.status}: ${e}`));
    expect(found).toEqual([]);
    expect(departures).toBeGreaterThan(0);
  });

  it('answered a success for every operation of the table it serves, at each version', () => {
    const covered = new Set(seen.filter((s) => s.status < 300).map((s) => `${s.method} ${s.path}`));
    const served = OPERATION_NAMES.filter((name) => OPERATIONS[name].resource === 'backups' || OPERATIONS[name].resource === 'flexBackups');
    expect(served.length).toBe(14);
    const missing = served.map((name) => `${OPERATIONS[name].method} /api/atlas/v2${OPERATIONS[name].path}`).filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });
});
