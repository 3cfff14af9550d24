// The emulator's cloud backup (issue 36): each recorded response (reference/recorded-backup)
// reproduced in shape by driving the emulator to the recorded situation; the schedule's
// snapshots (under --date too); restores and what they leave on the target; the refusals;
// flex clusters through their own backup API; seed, --state and GET /_emulator/state.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { startEmulator, STATE_PATH, type RunningEmulator, type SeedDocument } from '../../../src/emulator/index.js';
import { plainRequest, withEmulator, type DigestClient, type HttpResult, type RequestOptions } from '../../helpers/emulator.js';
import { readRecorded, type RecordedResponse } from '../../helpers/reference.js';
import { tempDir } from '../../helpers/cli.js';
import { PROJECT_A, PROJECT_B, TestClock, client, modernCreate, signature, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;
const sorted = (set: Set<string>): string[] => [...set].sort();

const TRANSITION = 60_000;
const HOUR = 3_600_000;
const group = (project = PROJECT_A): string => `/api/atlas/v2/groups/${project}`;
const clusterPath = (name: string, project = PROJECT_A): string => `${group(project)}/clusters/${name}`;
const backup = (name: string, project = PROJECT_A): string => `${clusterPath(name, project)}/backup`;
const flexBackup = (name: string): string => `${group()}/flexClusters/${name}/backup`;
const flexBody = (name: string): Doc => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });

function emulatorCalls(c: () => DigestClient) {
  return async (method: string, path: string, options: RequestOptions & { version?: string } = {}): Promise<HttpResult> => {
    const version = options.version ?? (path.includes('/flexClusters/') && path.includes('/backup') ? '2024-11-13' : path.includes('/backup') ? '2023-01-01' : '2024-10-23');
    return c().request(method, path, { ...options, headers: { ...v2(version), ...options.headers } });
  };
}

describe('the recorded backup flow, reproduced in shape', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  const call = emulatorCalls(() => c);
  const files: RecordedResponse[] = readRecorded('recorded-backup');
  const pick = (part: string): RecordedResponse => {
    const found = files.find((f) => f.file.includes(part));
    if (!found) throw new Error(`no recording ${part}`);
    return found;
  };
  const body = (r: RecordedResponse): unknown => JSON.parse(r.body);
  const sameShape = (got: HttpResult, recorded: RecordedResponse): void => {
    expect(got.status, recorded.file).toBe(recorded.status);
    expect(got.headers.get('content-type'), recorded.file).toBe(recorded.headers['content-type']);
    expect(got.headers.get('ratelimit-limit') ?? undefined, recorded.file).toBe(recorded.headers['ratelimit-limit']);
    expect(got.headers.get('x-error-code') ?? undefined, recorded.file).toBe(recorded.headers['x-error-code']);
    if (recorded.body.trim() !== '') expect(sorted(signature(got.json)), recorded.file).toEqual(sorted(signature(body(recorded))));
    else expect(got.text, recorded.file).toBe('');
  };
  let snapshotId = '';
  let automatedId = '';
  let downloadId = '';

  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, transitionMs: TRANSITION }));
    c = client(emu);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  /**
   * A cluster made with cloud backup, IDLE, whose schedule's next slot is hours away: the
   * recorded flow (27 minutes) saw no scheduled snapshot. Its reference hour is its own (drawn
   * from its id), so another name is tried while the slot is too near.
   */
  async function freshCluster(base: string, project = PROJECT_A): Promise<string> {
    for (let i = 0; i < 20; i++) {
      const name = `${base}-${i}`;
      const made = await call('POST', `${group(project)}/clusters`, { body: modernCreate(name, { backupEnabled: true, mongoDBMajorVersion: '8.0' }) });
      expect(made.status).toBe(201);
      clock.advance(TRANSITION);
      const schedule = (await call('GET', `${backup(name, project)}/schedule`)).json as Doc;
      if (Date.parse(schedule.nextSnapshot as string) - clock.now > 2 * HOUR) return name;
    }
    throw new Error('no cluster with a distant slot');
  }

  it('takes a snapshot: 200, queued (TestSnapshots and TestRestores)', async () => {
    const name = await freshCluster('cluster-209');
    const taken = await call('POST', `${backup(name)}/snapshots`, { body: { description: 'test-snapshot', retentionInDays: 1 } });
    sameShape(taken, pick('TestSnapshots__Create_snapshot__POST'));
    sameShape(taken, pick('TestRestores__Create_snapshot__POST'));
    expect(taken.json).toMatchObject({ status: 'queued', frequencyType: 'ondemand', snapshotType: 'onDemand', description: 'test-snapshot', storageSizeBytes: 0, replicaSetName: name });
    expect(Date.parse(taken.json.expiresAt) - clock.now).toBeGreaterThan(23 * HOUR);
    snapshotId = taken.json.id;
    // The flex backup API refuses a dedicated cluster's name (recorded).
    sameShape(await call('GET', `${group()}/flexClusters/${name}/backup/snapshots/${snapshotId}`), pick('TestSnapshots__Watch_creation__GET_api_atlas_v2_groups_b0123456789abcdef012345b_flexClusters'));
    // Watched: inProgress bare, then with mongodVersion, then with cloudProvider, then completed.
    for (const [step, part] of [
      [0.3, 'snapshots_6a7944f22c88faeba59d3572_1'],
      [0.25, 'snapshots_6a7944f22c88faeba59d3572_2'],
      [0.25, 'snapshots_6a7944f22c88faeba59d3572_3'],
      [0.25, 'snapshots_6a7944f22c88faeba59d3572_4'],
    ] as const) {
      clock.advance(TRANSITION * step);
      sameShape(await call('GET', `${backup(name)}/snapshots/${snapshotId}`), pick(`TestSnapshots__Watch_creation__GET_api_atlas_v2_groups_b0123456789abcdef012345b_clusters_cluster-209_backup_${part}`));
    }
    const done = (await call('GET', `${backup(name)}/snapshots/${snapshotId}`)).json as Doc;
    expect(done.status).toBe('completed');
    // Its retention counts again from the completion (recorded).
    expect(Date.parse(done.expiresAt as string)).toBeGreaterThan(Date.parse(taken.json.expiresAt));
    sameShape(await call('GET', `${backup(name)}/snapshots/${snapshotId}`), pick('TestSnapshots__Describe__GET_api_atlas_v2_groups_b0123456789abcdef012345b_clusters'));
    sameShape(await call('GET', `${backup(name)}/snapshots`), pick('TestSnapshots__List__GET_api_atlas_v2_groups_b0123456789abcdef012345b_clusters'));
    sameShape(await call('GET', `${group()}/flexClusters/${name}/backup/snapshots`), pick('TestSnapshots__List__GET_api_atlas_v2_groups_b0123456789abcdef012345b_flexClusters'));
    sameShape(await call('DELETE', `${backup(name)}/snapshots/${snapshotId}`), pick('TestSnapshots__Delete__DELETE'));
    expect((await call('GET', `${backup(name)}/snapshots/${snapshotId}`)).status).toBe(404);
  });

  it('restores into a cluster of another project, automated, then by download (TestRestores)', async () => {
    const source = await freshCluster('backupRestores');
    const target = await freshCluster('backupRestores2', PROJECT_B);
    const taken = await call('POST', `${backup(source)}/snapshots`, { body: { description: 'test-snapshot' } });
    snapshotId = taken.json.id;
    for (const [step, n] of [[0.3, 1], [0.25, 2], [0.25, 3], [0.25, 4]] as const) {
      clock.advance(TRANSITION * step);
      sameShape(await call('GET', `${backup(source)}/snapshots/${snapshotId}`), pick(`TestRestores__Watch_snapshot_creation__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_clusters_backupRestores-305_backup_snapshots_6a79468a2c88faeba59de489_${n}`));
    }
    const automated = await call('POST', `${backup(source)}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId, targetClusterName: target, targetGroupId: PROJECT_B } });
    sameShape(automated, pick('Restores_Create_-_Automated__POST'));
    automatedId = automated.json.id;
    // The target is being overwritten.
    expect(((await call('GET', clusterPath(target, PROJECT_B))).json as Doc).stateName).toBe('UPDATING');
    sameShape(await call('GET', `${backup(source)}/restoreJobs/${automatedId}`), pick('Restores_Watch__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_clusters_backupRestores-305_backup_restoreJobs_6a794733c0eb9e7a17740663_1'));
    sameShape(await call('GET', `${group()}/flexClusters/${source}/backup/restoreJobs/${automatedId}`), pick('Restores_Watch__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_flexClusters'));
    clock.advance(TRANSITION);
    const finished = await call('GET', `${backup(source)}/restoreJobs/${automatedId}`);
    sameShape(finished, pick('Restores_Watch__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_clusters_backupRestores-305_backup_restoreJobs_6a794733c0eb9e7a17740663_2'));
    expect(finished.json).toMatchObject({ cancelled: false, failed: false, expired: false, targetClusterName: target, targetGroupId: PROJECT_B, snapshotId });
    expect(((await call('GET', clusterPath(target, PROJECT_B))).json as Doc).stateName).toBe('IDLE');
    // The emulator holds no data: the target says where its data came from.
    expect(emu.state().backups.find((b) => b.clusterName === target)?.restoredFrom).toMatchObject({ projectId: PROJECT_A, clusterName: source, snapshotId, restoreJobId: automatedId });
    sameShape(await call('GET', `${backup(source)}/restoreJobs/${automatedId}`), pick('Restores_Describe__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_clusters'));
    sameShape(await call('GET', `${backup(source)}/restoreJobs`), pick('Restores_List__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_clusters'));
    sameShape(await call('GET', `${group()}/flexClusters/${source}/backup/restoreJobs`), pick('Restores_List__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_flexClusters'));
    sameShape(await call('GET', `${group()}/flexClusters/${source}/backup/restoreJobs/${automatedId}`), pick('Restores_Describe__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_flexClusters'));

    const download = await call('POST', `${backup(source)}/restoreJobs`, { body: { deliveryType: 'download', snapshotId } });
    sameShape(download, pick('Restores_Create_-_Download__POST'));
    downloadId = download.json.id;
    sameShape(await call('GET', `${backup(source)}/restoreJobs/${downloadId}`), pick('Restores_Watch_-_Download__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_clusters_backupRestores-305_backup_restoreJobs_6a7948342c88faeba59eb866_1'));
    sameShape(await call('GET', `${group()}/flexClusters/${source}/backup/restoreJobs/${downloadId}`), pick('Restores_Watch_-_Download__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_flexClusters'));
    clock.advance(TRANSITION);
    const ready = await call('GET', `${backup(source)}/restoreJobs/${downloadId}`);
    sameShape(ready, pick('Restores_Watch_-_Download__GET_api_atlas_v2_groups_6a793f6b2c88faeba59bae37_clusters_backupRestores-305_backup_restoreJobs_6a7948342c88faeba59eb866_2'));
    expect(ready.json.deliveryUrl[0]).toMatch(new RegExp(`^https://restore-${downloadId}\\.[a-z0-9]+\\.mongodb\\.net:27017/.+/restore-${snapshotId}\\.tar\\.gz$`));
    sameShape(await call('DELETE', `${backup(source)}/snapshots/${snapshotId}`), pick('TestRestores__Delete_snapshot__DELETE'));
  });
});

describe('backup behaviour', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  const call = emulatorCalls(() => c);
  const seed = (): SeedDocument =>
    testSeed({
      clusters: [
        { projectId: PROJECT_A, cluster: modernCreate('src', { backupEnabled: true, mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_A, cluster: modernCreate('dst', { mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_A, cluster: modernCreate('off', { mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_A, cluster: modernCreate('old', { mongoDBMajorVersion: '7.0' }) },
        { projectId: PROJECT_A, cluster: modernCreate('napping', { mongoDBMajorVersion: '8.0', paused: true }) },
      ],
      flexClusters: [{ projectId: PROJECT_A, cluster: flexBody('fsrc') }, { projectId: PROJECT_A, cluster: flexBody('fdst') }],
      backups: [
        { projectId: PROJECT_A, clusterName: 'src', snapshots: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', description: 'golden', createdAt: '2026-08-09T00:00:00Z', retentionInDays: 30 }] },
        { projectId: PROJECT_A, clusterName: 'dst', restoredFrom: { projectId: PROJECT_B, clusterName: 'prod', snapshotId: 'bbbbbbbbbbbbbbbbbbbbbbbb' } },
      ],
    });

  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: seed(), clock: clock.read, transitionMs: TRANSITION }));
    c = client(emu);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('a seeded cluster has the schedule\'s snapshots from the start, of every kind the default policy keeps, besides the seed\'s', async () => {
    const list = (await call('GET', `${backup('src')}/snapshots?itemsPerPage=500`)).json as { results: Doc[]; totalCount: number };
    const kinds = new Set(list.results.map((s) => s.frequencyType));
    expect([...kinds].sort()).toEqual(['daily', 'hourly', 'monthly', 'ondemand', 'weekly']);
    expect(list.results.filter((s) => s.frequencyType === 'hourly').length).toBeGreaterThanOrEqual(5);
    expect(list.results.filter((s) => s.frequencyType === 'monthly').length).toBe(12);
    // All taken, but for one whose slot fell within the last transition (the schedule's minute
    // is drawn from the cluster's id, so now and then a slot is this very minute): the newest.
    expect(list.results.slice(1).every((s) => s.status === 'completed')).toBe(true);
    expect(['completed', 'inProgress']).toContain(list.results[0]!.status);
    // Newest first; the seed's one among them.
    const created = list.results.map((s) => Date.parse(s.createdAt as string));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(list.results.find((s) => s.id === 'aaaaaaaaaaaaaaaaaaaaaaaa')).toMatchObject({ description: 'golden', snapshotType: 'onDemand', createdAt: '2026-08-09T00:00:00Z' });
    // The schedule names the policy those come from.
    const schedule = (await call('GET', `${backup('src')}/schedule`)).json as Doc;
    const items = (schedule.policies as Array<{ policyItems: Doc[] }>)[0]!.policyItems;
    expect(items.map((i) => [i.frequencyType, i.frequencyInterval, i.retentionValue, i.retentionUnit])).toEqual([
      ['hourly', 6, 2, 'days'],
      ['daily', 1, 7, 'days'],
      ['weekly', 6, 4, 'weeks'],
      ['monthly', 40, 12, 'months'],
    ]);
    // The newest taken one: one still inProgress (its slot this very minute, above) has no createdAt yet.
    const hourly = list.results.find((s) => s.frequencyType === 'hourly' && s.status === 'completed')!;
    expect(hourly.policyItems).toEqual([items[0]!.id]);
    expect(new Date(hourly.createdAt as string).getUTCMinutes()).toBe(schedule.referenceMinuteOfHour);
  });

  it('a new slot of the schedule is a snapshot inProgress, completed on the transition time', async () => {
    const schedule = (await call('GET', `${backup('src')}/schedule`)).json as Doc;
    const next = Date.parse(schedule.nextSnapshot as string);
    const before = ((await call('GET', `${backup('src')}/snapshots`)).json as { totalCount: number }).totalCount;
    clock.now = next + 1000;
    const list = (await call('GET', `${backup('src')}/snapshots`)).json as { results: Doc[]; totalCount: number };
    expect(list.results[0]).toMatchObject({ status: 'inProgress', snapshotType: 'scheduled', storageSizeBytes: 0 });
    expect(list.totalCount).toBeGreaterThanOrEqual(before);
    clock.advance(TRANSITION);
    expect(((await call('GET', `${backup('src')}/snapshots/${list.results[0]!.id as string}`)).json as Doc).status).toBe('completed');
  });

  it('refuses a snapshot of a cluster without cloud backup, a bad retention, and a second one while one is on its way', async () => {
    const off = await call('POST', `${backup('off')}/snapshots`, { body: {} });
    expect([off.status, off.json.errorCode]).toEqual([400, 'CLUSTER_BACKUP_NOT_ENABLED']);
    expect((await call('GET', `${backup('off')}/snapshots`)).json.totalCount).toBe(0);
    for (const retentionInDays of [0, 1.5, 2 ** 31, '3']) {
      const bad = await call('POST', `${backup('src')}/snapshots`, { body: { retentionInDays } });
      expect([bad.status, bad.json.errorCode, bad.json.parameters]).toEqual([400, 'INVALID_ATTRIBUTE', ['retentionInDays']]);
    }
    const unknown = await call('POST', `${backup('src')}/snapshots`, { body: { retention: 2 } });
    expect([unknown.status, unknown.json.errorCode]).toEqual([400, 'INVALID_ATTRIBUTE']);
    const first = await call('POST', `${backup('src')}/snapshots`, { body: { description: 'one' } });
    expect(first.status).toBe(200);
    const second = await call('POST', `${backup('src')}/snapshots`, { body: { description: 'two' } });
    expect([second.status, second.json.errorCode]).toEqual([409, 'ON_DEMAND_SNAPSHOT_IN_PROGRESS']);
    clock.advance(TRANSITION);
    expect((await call('POST', `${backup('src')}/snapshots`, { body: { description: 'two' } })).status).toBe(200);
    clock.advance(TRANSITION);
  });

  it('refuses a restore into a paused, missing or older cluster, a flex cluster from a dedicated snapshot, and a second while one runs', async () => {
    const snapshot = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const into = (targetClusterName: string, targetGroupId = PROJECT_A): Promise<HttpResult> =>
      call('POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: snapshot, targetClusterName, targetGroupId } });
    const answers = async (name: string, project?: string): Promise<[number, string]> => {
      const answer = await into(name, project);
      return [answer.status, answer.json.errorCode];
    };
    expect(await answers('napping')).toEqual([409, 'CANNOT_UPDATE_PAUSED_CLUSTER']);
    expect(await answers('nowhere')).toEqual([404, 'CLUSTER_NOT_FOUND']);
    expect(await answers('nowhere', 'cccccccccccccccccccccccc')).toEqual([404, 'GROUP_NOT_FOUND']);
    expect(await answers('old')).toEqual([400, 'RESTORE_TARGET_VERSION_TOO_OLD']);
    expect((await into('old')).json.detail).toBe("Cluster old runs MongoDB 7.0, older than the snapshot's 8.0; restore into a cluster of 8.0 or newer.");
    expect(await answers('fdst')).toEqual([400, 'CANNOT_RESTORE_DEDICATED_SNAPSHOT_TO_FLEX']);
    const missing = await call('POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: 'dddddddddddddddddddddddd', targetClusterName: 'dst', targetGroupId: PROJECT_A } });
    expect([missing.status, missing.json.errorCode]).toEqual([404, 'SNAPSHOT_NOT_FOUND']);
    const started = await into('dst');
    expect(started.status).toBe(200);
    expect(await answers('dst')).toEqual([409, 'RESTORE_ALREADY_IN_PROGRESS']);
    // Cancelled: the target is no longer UPDATING, and says nothing new about its data.
    expect((await call('DELETE', `${backup('src')}/restoreJobs/${started.json.id as string}`)).status).toBe(204);
    expect(((await call('GET', `${backup('src')}/restoreJobs/${started.json.id as string}`)).json as Doc).cancelled).toBe(true);
    expect(((await call('GET', clusterPath('dst'))).json as Doc).stateName).toBe('IDLE');
    expect(emu.state().backups.find((b) => b.clusterName === 'dst')?.restoredFrom).toMatchObject({ projectId: PROJECT_B, clusterName: 'prod', snapshotId: 'bbbbbbbbbbbbbbbbbbbbbbbb' });
    const cancelledAgain = await call('DELETE', `${backup('src')}/restoreJobs/${started.json.id as string}`);
    expect([cancelledAgain.status, cancelledAgain.json.errorCode]).toEqual([400, 'RESTORE_JOB_ALREADY_FINISHED']);
  });

  it('flex clusters: daily snapshots kept 8 days, restored into a flex or a dedicated cluster', async () => {
    const list = (await call('GET', `${flexBackup('fsrc')}/snapshots`)).json as { results: Doc[] };
    expect(list.results.length).toBe(8);
    expect(list.results.every((s) => s.status === 'COMPLETED' && s.mongoDBVersion === '8.0.29')).toBe(true);
    const latest = list.results[0]!;
    expect(Date.parse(latest.expiration as string) - Date.parse(latest.scheduledTime as string)).toBe(8 * 24 * HOUR);
    const job = await call('POST', `${flexBackup('fsrc')}/restoreJobs`, { body: { snapshotId: latest.id, targetDeploymentItemName: 'fdst', targetProjectId: PROJECT_A } });
    expect(job.json).toMatchObject({ deliveryType: 'RESTORE', status: 'PENDING', instanceName: 'fsrc', projectId: PROJECT_A, targetDeploymentItemName: 'fdst', targetProjectId: PROJECT_A });
    expect(((await call('GET', `${group()}/flexClusters/fdst`, { version: '2024-11-13' })).json as Doc).stateName).toBe('UPDATING');
    clock.advance(TRANSITION / 2);
    expect(((await call('GET', `${flexBackup('fsrc')}/restoreJobs/${job.json.id as string}`)).json as Doc).status).toBe('RUNNING');
    clock.advance(TRANSITION / 2);
    const done = (await call('GET', `${flexBackup('fsrc')}/restoreJobs/${job.json.id as string}`)).json as Doc;
    expect(done.status).toBe('COMPLETED');
    expect(typeof done.restoreFinishedDate).toBe('string');
    expect(((await call('GET', `${group()}/flexClusters/fdst`, { version: '2024-11-13' })).json as Doc).stateName).toBe('IDLE');
    expect(emu.state().backups.find((b) => b.clusterName === 'fdst')?.restoredFrom).toMatchObject({ clusterName: 'fsrc', snapshotId: latest.id });
    const intoDedicated = await call('POST', `${flexBackup('fsrc')}/restoreJobs`, { body: { snapshotId: latest.id, targetDeploymentItemName: 'dst', targetProjectId: PROJECT_A } });
    expect(intoDedicated.status).toBe(200);
    const noProject = await call('POST', `${flexBackup('fsrc')}/restoreJobs`, { body: { snapshotId: latest.id, targetDeploymentItemName: 'fdst' } });
    expect([noProject.status, noProject.json.errorCode, noProject.json.parameters]).toEqual([400, 'MISSING_ATTRIBUTE', ['targetProjectId']]);
    // The clusters API refuses a flex name, the flex API a dedicated one (both recorded).
    expect((await call('GET', `${backup('fsrc')}/snapshots`)).json.errorCode).toBe('CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API');
    expect((await call('GET', `${flexBackup('src')}/snapshots`)).json.errorCode).toBe('CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API');
    clock.advance(TRANSITION);
  });

  it('GET /_emulator/state answers what state() does, without credentials', async () => {
    const answer = await plainRequest(emu.url, 'GET', STATE_PATH);
    expect(answer.status).toBe(200);
    expect(answer.json.backups).toEqual(JSON.parse(JSON.stringify(emu.state().backups)));
    expect(answer.json.backups.find((b: Doc) => b.clusterName === 'dst')).toMatchObject({ restoredFrom: { clusterName: 'fsrc' } });
  });
});

describe('backups under --date, in the seed and across --state', () => {
  it('under --date the schedule\'s snapshots are on that day, so @latest finds one at once', async () => {
    const clock = new TestClock();
    const seed = testSeed({ clusters: [{ projectId: PROJECT_A, cluster: modernCreate('src', { backupEnabled: true }) }], flexClusters: [{ projectId: PROJECT_A, cluster: flexBody('f') }] });
    const emu = await startEmulator({ seed, clock: clock.read, transitionMs: TRANSITION, date: '2027-03-15' });
    try {
      const call = emulatorCalls(() => client(emu));
      const newest = ((await call('GET', `${backup('src')}/snapshots?itemsPerPage=1`)).json as { results: Doc[] }).results[0]!;
      expect(newest.status).toBe('completed');
      expect(Date.parse('2027-03-15T09:00:00Z') - Date.parse(newest.createdAt as string)).toBeLessThanOrEqual(6 * HOUR);
      const flex = ((await call('GET', `${flexBackup('f')}/snapshots`)).json as { results: Doc[] }).results[0]!;
      expect(Date.parse('2027-03-15T09:00:00Z') - Date.parse(flex.scheduledTime as string)).toBeLessThanOrEqual(24 * HOUR);
    } finally {
      await emu.stop();
    }
  });

  it('refuses a seed entry naming no cluster, snapshots of a cluster without backup, and bad fields, each named', async () => {
    const seed = testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('off') }],
      backups: [
        { projectId: PROJECT_A, clusterName: 'ghost' },
        { projectId: PROJECT_A, clusterName: 'off', snapshots: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }] },
        { projectId: PROJECT_A, clusterName: 'off', restoredFrom: { projectId: 'x', clusterName: 'p', snapshotId: 'y' } },
      ] as never,
    });
    await expect(startEmulator({ seed })).rejects.toThrow(/backups\[0\]\.clusterName: "ghost" is not a cluster[\s\S]*backups\[1\]\.snapshots: cluster off has no cloud backup[\s\S]*backups\[2\]\.restoredFrom\.projectId[\s\S]*backups\[2\]\.restoredFrom\.snapshotId/);
  });

  it("refuses a seeded snapshot's createdAt that does not exist, or that is after the service's start, as the other seed errors", async () => {
    const clock = new TestClock(); // 2026-08-10T09:00:00Z
    const seedWith = (createdAt: string) => testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('src', { backupEnabled: true }) }],
      backups: [{ projectId: PROJECT_A, clusterName: 'src', snapshots: [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', createdAt }] }],
    });
    for (const impossible of ['2026-02-30T00:00:00Z', '2026-02-29T00:00:00Z', '2026-08-01T24:00:00Z']) {
      await expect(startEmulator({ seed: seedWith(impossible), clock: clock.read }), impossible).rejects.toThrow(UsageError);
      await expect(startEmulator({ seed: seedWith(impossible), clock: clock.read })).rejects.toThrow(/^seed is not a valid seed: backups\[0\]\.snapshots\[0\]\.createdAt: must be an ISO 8601 UTC date that exists/);
    }
    await expect(startEmulator({ seed: seedWith('2099-01-01T00:00:00Z'), clock: clock.read })).rejects.toThrow(
      /^seed backups\[0\]\.snapshots\[0\]\.createdAt: 2099-01-01T00:00:00Z is after the emulator's start \(2026-08-10T09:00:00Z\); a seeded snapshot was taken before it$/,
    );
    // Under --date the start is that day's: a snapshot of the day before is fine, one of the day after is not.
    await expect(startEmulator({ seed: seedWith('2027-03-16T00:00:00Z'), clock: clock.read, date: '2027-03-15' })).rejects.toThrow(/is after the emulator's start \(2027-03-15T/);
    const dated = await startEmulator({ seed: seedWith('2027-03-14T00:00:00Z'), clock: clock.read, date: '2027-03-15' });
    await dated.stop();
    // At the start itself: completed, and there.
    const atStart = await startEmulator({ seed: seedWith('2026-08-10T09:00:00Z'), clock: clock.read });
    try {
      const got = await client(atStart).request('GET', `/api/atlas/v2/groups/${PROJECT_A}/clusters/src/backup/snapshots/aaaaaaaaaaaaaaaaaaaaaaaa`, { headers: v2('2023-01-01') });
      expect([got.status, got.json.status]).toEqual([200, 'completed']);
    } finally {
      await atStart.stop();
    }
  });

  it('keeps snapshots taken, restore jobs and what a target was restored from across a restart with --state', async () => {
    const clock = new TestClock();
    const statePath = join(tempDir(), 'state.json');
    const seed = testSeed({ clusters: [{ projectId: PROJECT_A, cluster: modernCreate('src', { backupEnabled: true }) }, { projectId: PROJECT_A, cluster: modernCreate('dst') }] });
    const first = await startEmulator({ seed, statePath, clock: clock.read, transitionMs: 0 });
    const call = emulatorCalls(() => client(first));
    const taken = (await call('POST', `${backup('src')}/snapshots`, { body: { description: 'kept' } })).json as Doc;
    clock.advance(1);
    const job = (await call('POST', `${backup('src')}/restoreJobs`, { body: { deliveryType: 'automated', snapshotId: taken.id, targetClusterName: 'dst', targetGroupId: PROJECT_A } })).json as Doc;
    clock.advance(1);
    const before = first.state().backups;
    await first.stop();
    const second = await startEmulator({ seed, statePath, clock: clock.read, transitionMs: 0 });
    try {
      expect(second.state().backups).toEqual(before);
      expect(before.find((b) => b.clusterName === 'dst')?.restoredFrom).toMatchObject({ snapshotId: taken.id, restoreJobId: job.id });
      const again = emulatorCalls(() => client(second));
      expect(((await again('GET', `${backup('src')}/snapshots/${taken.id as string}`)).json as Doc).description).toBe('kept');
      expect(((await again('GET', `${backup('src')}/restoreJobs/${job.id as string}`)).json as Doc).finishedAt).toBeDefined();
    } finally {
      await second.stop();
    }
  });
});
