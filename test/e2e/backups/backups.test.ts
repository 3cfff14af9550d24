// `cdba backups snapshots|restores|schedule` in process against an emulator: what each
// sends and prints, bad input refused before any request with one line, --watch until
// the snapshot is completed and until the restore job and its target are done, the
// confirmation naming the target, flex clusters through the flex backup API, and hints
// that carry the invocation's flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { describe as describeTree, flatten } from '../../../src/cli/tree.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, start } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, digestEnv, expectOneErrorLine, knownSeed, modernBody } from '../../reliability/support.js';

const OTHER_PROJECT = '5e1ab0c0ffee0000deadbee2';
const flexBody = (name: string): Record<string, unknown> => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });

let emu: RunningEmulator;
let env: Record<string, string>;
/** Requests to the backup paths so far. */
const backupRequests = (): number =>
  Object.entries(emu.stats().byPath)
    .filter(([key]) => key.includes('/backup/'))
    .reduce((sum, [, count]) => sum + count, 0);
const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
const fast = { watchIntervalMs: 5 };

beforeAll(async () => {
  const seed = knownSeed({
    projects: [{ id: PROJECT_ID, name: 'reliability' }, { id: OTHER_PROJECT, name: 'other' }],
    apiKeys: [{ publicKey: OWNER_PUBLIC, privateKey: OWNER_PRIVATE, roles: [{ projectId: PROJECT_ID, roleName: 'GROUP_OWNER' }, { projectId: OTHER_PROJECT, roleName: 'GROUP_OWNER' }] }],
    clusters: [
      { projectId: PROJECT_ID, cluster: { ...modernBody('src'), backupEnabled: true } },
      { projectId: PROJECT_ID, cluster: modernBody('dst') },
      { projectId: PROJECT_ID, cluster: modernBody('nobackup') },
      { projectId: OTHER_PROJECT, cluster: modernBody('elsewhere') },
    ],
    flexClusters: [{ projectId: PROJECT_ID, cluster: flexBody('fsrc') }, { projectId: PROJECT_ID, cluster: flexBody('fdst') }],
  });
  ({ emu } = await withEmulator({ seed, transitionMs: 0 }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('backups snapshots', () => {
  let taken = '';

  it('take --watch waits until the snapshot is completed and prints it', async () => {
    const result = await cdba(['backups', 'snapshots', 'take', 'src', '--description', 'before the migration', '--retention', '2w', '--watch'], { env, ...fast });
    expect(result.exitCode, result.stderr).toBe(0);
    const snapshot = json(result.stdout);
    expect(snapshot).toMatchObject({ status: 'completed', description: 'before the migration', snapshotType: 'onDemand' });
    expect(result.stderr).toMatch(/^cdba: snapshot [0-9a-f]{24} of cluster src is queued\ncdba: snapshot [0-9a-f]{24} is completed \(waited /);
    // Two weeks: the service keeps it 14 days.
    const kept = Date.parse(snapshot.expiresAt as string) - Date.parse(snapshot.createdAt as string);
    expect(Math.round(kept / 86_400_000)).toBe(14);
    taken = snapshot.id as string;
  });

  it('refuses a retention beyond what the description allows, before any request', async () => {
    const before = backupRequests();
    for (const [value, pattern] of [
      ['0d', /invalid --retention "0d": at least 1 day \(1d\)/],
      ['0w', /invalid --retention "0w": at least 1 day \(1d\)/],
      ['2147483648d', /invalid --retention "2147483648d": at most 2147483647 days/],
      ['12h', /invalid --retention "12h": whole days or weeks, e.g. 7d or 2w/],
    ] as const) {
      expectOneErrorLine(await cdba(['backups', 'snapshots', 'take', 'src', '--retention', value], { env }), 2, pattern);
    }
    expect(backupRequests()).toBe(before);
  });

  it('list: a table, newest first, with the schedule\'s and the one taken', async () => {
    const table = await cdba(['backups', 'snapshots', 'list', 'src', '-o', 'table'], { env });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\tSTATUS\tKIND\tCREATED\tEXPIRES\tSIZE\tDESCRIPTION\n/);
    expect(table.stdout).toContain(`${taken}\tcompleted\tonDemand\t`);
    expect(table.stdout).toMatch(/\tcompleted\thourly\t/);
    const ids = JSON.parse((await cdba(['backups', 'snapshots', 'list', 'src', '--query', 'results[].id'], { env })).stdout) as string[];
    expect(ids).toContain(taken);
  });

  it('get: the document in a pipe, a readable view on a terminal; an unknown ID format is refused before any request', async () => {
    const doc = json((await cdba(['backups', 'snapshots', 'get', 'src', taken], { env })).stdout);
    expect(doc.id).toBe(taken);
    const view = await cdba(['backups', 'snapshots', 'get', 'src', taken], { env, tty: true });
    // eslint-disable-next-line no-control-regex -- the view's bold labels, taken off to read it
    const plain = view.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toMatch(new RegExp(`^ID:\\s+${taken}\\nStatus:\\s+completed\\nKind:\\s+onDemand\\nDescription:\\s+before the migration\\n`));
    const before = backupRequests();
    expectOneErrorLine(await cdba(['backups', 'snapshots', 'get', 'src', 'latest!'], { env }), 2, /invalid snapshot ID "latest!": 24 hexadecimal digits/);
    expectOneErrorLine(await cdba(['backups', 'snapshots', 'delete', 'src', '6A7944F22C88FAEBA59D3572', '--yes'], { env }), 2, /invalid snapshot ID/);
    expect(backupRequests()).toBe(before);
    expectOneErrorLine(await cdba(['backups', 'snapshots', 'get', 'src', 'f'.repeat(24)], { env }), 4, /SNAPSHOT_NOT_FOUND, HTTP 404/);
  });

  it('a cluster without cloud backup: the service\'s refusal, exit 1', async () => {
    expectOneErrorLine(await cdba(['backups', 'snapshots', 'take', 'nobackup'], { env }), 1, /Cloud backup is not enabled for cluster nobackup\. \(CLUSTER_BACKUP_NOT_ENABLED, HTTP 400\)/);
  });

  it('delete asks first: without a terminal it needs --yes, and sends nothing', async () => {
    const victim = json((await cdba(['backups', 'snapshots', 'take', 'src', '--watch'], { env, ...fast })).stdout).id as string;
    const before = backupRequests();
    expectOneErrorLine(await cdba(['backups', 'snapshots', 'delete', 'src', victim], { env }), 2, /pass --yes when not on a terminal/);
    expect(backupRequests()).toBe(before);
    const deleted = await cdba(['backups', 'snapshots', 'delete', 'src', victim, '--yes'], { env });
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stderr).toBe(`cdba: snapshot ${victim} of cluster src deleted\n`);
    expectOneErrorLine(await cdba(['backups', 'snapshots', 'get', 'src', victim], { env }), 4);
  });

  it('hints carry the invocation\'s --project-id', async () => {
    const result = await cdba(['--project-id', PROJECT_ID, 'backups', 'snapshots', 'take', 'src', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`follow it with \`cdba --project-id ${PROJECT_ID} backups snapshots get src [0-9a-f]{24}\``));
  });

  it('the legacy API has no backups: refused before any request', async () => {
    const before = backupRequests();
    expectOneErrorLine(await cdba(['--api-version', 'v1.0', 'backups', 'snapshots', 'list', 'src'], { env }), 2, /backups exists only in the versioned API/);
    expect(backupRequests()).toBe(before);
  });
});

describe('backups restores', () => {
  it('create refuses, before any request: no snapshot, the source itself, --to with --download, and no --yes without a terminal', async () => {
    const before = backupRequests();
    const cases: Array<[string[], RegExp]> = [
      [['--to', 'dst'], /give the snapshot to restore: --snapshot <id> or --snapshot latest/],
      [['--snapshot', 'latest', '--to', 'src', '--yes'], /--to src is the cluster the snapshot is of: restoring it into itself replaces the data it holds/],
      [['--snapshot', 'latest', '--to', 'dst', '--download'], /--download makes the snapshot's files downloadable; it restores into no cluster: drop --to/],
      [['--snapshot', 'latest'], /give the cluster to restore into with --to <cluster>, or --download/],
      [['--snapshot', 'nope', '--to', 'dst'], /invalid snapshot ID "nope"/],
      [['--snapshot', 'latest', '--to', 'dst'], /pass --yes when not on a terminal/],
      [['--snapshot', 'latest', '--to', 'bad_name', '--yes'], /invalid cluster name "bad_name"/],
    ];
    for (const [args, pattern] of cases) expectOneErrorLine(await cdba(['backups', 'restores', 'create', 'src', ...args], { env }), 2, pattern);
    expect(backupRequests()).toBe(before);
  });

  it('create --watch: the newest snapshot into another cluster, the job COMPLETED and the target IDLE; the target says its source', async () => {
    const latest = json((await cdba(['backups', 'snapshots', 'list', 'src', '--query', "results[?status=='completed'] | [0]"], { env })).stdout);
    const result = await cdba(['backups', 'restores', 'create', 'src', '--snapshot', 'latest', '--to', 'dst', '--watch', '--yes'], { env, ...fast });
    expect(result.exitCode, result.stderr).toBe(0);
    const job = json(result.stdout);
    expect(job).toMatchObject({ deliveryType: 'automated', snapshotId: latest.id, targetClusterName: 'dst', targetGroupId: PROJECT_ID, cancelled: false, failed: false });
    expect(job.finishedAt).toEqual(expect.any(String));
    expect(result.stderr).toMatch(/cdba: restore job [0-9a-f]{24} is COMPLETED \(waited [^)]+\)\ncdba: cluster dst is IDLE \(waited /);
    expect(emu.state().backups.find((b) => b.clusterName === 'dst')?.restoredFrom).toMatchObject({ projectId: PROJECT_ID, clusterName: 'src', snapshotId: latest.id, restoreJobId: job.id });
  });

  it('--to-project names the target\'s project by name; on a terminal the question names the target, and "n" sends nothing', async () => {
    const before = emu.stats().byMethod.POST ?? 0;
    const declined = await cdba(['backups', 'restores', 'create', 'src', '--snapshot', 'latest', '--to', 'elsewhere', '--to-project', 'other'], { env, tty: true, input: 'n\n' });
    expect(declined.exitCode).toBe(15);
    // eslint-disable-next-line no-control-regex -- the error line's colour, taken off to read it
    expect(declined.stderr.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(new RegExp(`^cdba: Restore snapshot [0-9a-f]{24} \\(taken \\S+Z\\) of cluster src into cluster elsewhere of project ${OTHER_PROJECT} \\(profile "default"\\)\\? All data on elsewhere is replaced\\. \\[y/N\\] cdba: cancelled; nothing was changed\\n$`));
    expect(emu.stats().byMethod.POST ?? 0).toBe(before);
    const result = await cdba(['backups', 'restores', 'create', 'src', '--snapshot', 'latest', '--to', 'elsewhere', '--to-project', 'other', '--yes', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(json(result.stdout)).toMatchObject({ targetClusterName: 'elsewhere', targetGroupId: OTHER_PROJECT });
    expect(result.stderr).toMatch(new RegExp(`follow it with \`cdba backups restores get src [0-9a-f]{24}\``));
  });

  it('--download prints the URL alone once ready; -o json the job', async () => {
    const result = await cdba(['backups', 'restores', 'create', 'src', '--snapshot', 'latest', '--download'], { env, ...fast });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^https:\/\/restore-[0-9a-f]{24}\.[a-z0-9]+\.mongodb\.net:27017\/[0-9a-f]+\/restore-[0-9a-f]{24}\.tar\.gz\n$/);
    const asJson = await cdba(['backups', 'restores', 'create', 'src', '--snapshot', 'latest', '--download', '-o', 'json'], { env, ...fast });
    expect(json(asJson.stdout)).toMatchObject({ deliveryType: 'download', deliveryUrl: [expect.stringMatching(/^https:/)] });
  });

  it('list, get, and cancel of a finished job (the service\'s refusal, exit 1)', async () => {
    const table = await cdba(['backups', 'restores', 'list', 'src', '-o', 'table'], { env });
    expect(table.stdout).toMatch(/^ID\tSTATE\tDELIVERY\tSNAPSHOT\tTARGET\tFINISHED\n/);
    expect(table.stdout).toMatch(/\tCOMPLETED\tautomated\t[0-9a-f]{24}\t5e1ab0c0ffee0000deadbeef\/dst\t/);
    expect(table.stdout).toMatch(/\tREADY\tdownload\t/);
    const id = (JSON.parse((await cdba(['backups', 'restores', 'list', 'src', '--query', "results[?targetClusterName=='dst'].id"], { env })).stdout) as string[])[0]!;
    const view = await cdba(['backups', 'restores', 'get', 'src', id], { env, tty: true });
    // eslint-disable-next-line no-control-regex -- the view's bold labels, taken off to read it
    expect(view.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(new RegExp(`^ID:\\s+${id}\\nState:\\s+COMPLETED\\nDelivery:\\s+automated\\n`));
    expectOneErrorLine(await cdba(['backups', 'restores', 'cancel', 'src', id], { env }), 1, /RESTORE_JOB_ALREADY_FINISHED, HTTP 400/);
    expectOneErrorLine(await cdba(['backups', 'restores', 'get', 'src', 'x'.repeat(24)], { env }), 2, /invalid restore job ID/);
  });

  it('latest of a cluster without a completed snapshot: refused before any write, naming what to do', async () => {
    const result = await cdba(['backups', 'restores', 'create', 'nobackup', '--snapshot', 'latest', '--to', 'dst', '--yes'], { env });
    expectOneErrorLine(result, 5, /cluster nobackup has no cloud backup, so no snapshot to restore: turn it on with `cdba clusters patch nobackup --backup`, then take one with `cdba backups snapshots take nobackup --watch`/);
  });
});

describe('flex clusters, through the flex backup API', () => {
  it('list, restore latest into another flex cluster --watch, list and get the job', async () => {
    const list = json((await cdba(['backups', 'snapshots', 'list', 'fsrc'], { env })).stdout);
    expect((list.results as unknown[]).length).toBe(8);
    const result = await cdba(['backups', 'restores', 'create', 'fsrc', '--snapshot', 'latest', '--to', 'fdst', '--watch', '--yes'], { env, ...fast });
    expect(result.exitCode, result.stderr).toBe(0);
    const job = json(result.stdout);
    expect(job).toMatchObject({ deliveryType: 'RESTORE', status: 'COMPLETED', instanceName: 'fsrc', targetDeploymentItemName: 'fdst' });
    expect(emu.state().backups.find((b) => b.clusterName === 'fdst')?.restoredFrom).toMatchObject({ clusterName: 'fsrc' });
    const got = json((await cdba(['backups', 'restores', 'get', 'fsrc', job.id as string], { env })).stdout);
    expect(got.status).toBe('COMPLETED');
    expect(Object.keys(emu.stats().byPath).some((key) => key.endsWith('/flexClusters/{name}/backup/restoreJobs'))).toBe(true);
  });

  // Issue 43, item 9: one form in tables, the service's own in -o json, and the help's --query for both.
  it('STATUS reads completed for a flex snapshot as for a dedicated one; -o json keeps COMPLETED; the help\'s --query example finds both', async () => {
    const row = (stdout: string): string[] => stdout.split('\n')[1]!.split('\t');
    for (const cluster of ['src', 'fsrc']) {
      const table = await cdba(['backups', 'snapshots', 'list', cluster, '-o', 'table'], { env });
      expect(table.exitCode, table.stderr).toBe(0);
      const statuses = new Set(table.stdout.trimEnd().split('\n').slice(1).map((line) => line.split('\t')[1]));
      expect([...statuses], cluster).toEqual(['completed']);
    }
    const flexId = row((await cdba(['backups', 'snapshots', 'list', 'fsrc', '-o', 'table'], { env })).stdout)[0]!;
    const view = await cdba(['backups', 'snapshots', 'get', 'fsrc', flexId, '--no-color'], { env, tty: true });
    expect(view.stdout).toMatch(/^Status:\s+completed$/m);
    const sent = json((await cdba(['backups', 'snapshots', 'list', 'fsrc', '-o', 'json'], { env })).stdout);
    expect(new Set((sent.results as Array<{ status: string }>).map((s) => s.status))).toEqual(new Set(['COMPLETED']));
    // The example as the help and the man page give it, on each kind of cluster.
    const tree = flatten(describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never));
    const examples = tree.find((c) => c.path.join(' ') === 'backups snapshots list')!.examples;
    const [, line] = examples.find(([what]) => what.startsWith('The ID of the newest completed snapshot'))!;
    const query = /--query "([^"]+)"/.exec(line)![1]!;
    for (const [cluster, kind] of [['src', 'dedicated'], ['fsrc', 'flex']] as const) {
      const result = await cdba(['backups', 'snapshots', 'list', cluster, '-o', 'json', '--query', query], { env });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout), kind).toMatch(/^[0-9a-f]{24}$/);
    }
    const help = await cdba(['backups', 'snapshots', 'list', '--help'], { env });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain("where a flex cluster's snapshots say QUEUED, RUNNING, COMPLETED or FAILED");
  });

  it('what flex clusters cannot do is refused once the service says the cluster is flex (exit 1)', async () => {
    for (const [args, pattern] of [
      [['snapshots', 'take', 'fsrc'], /cluster fsrc is a flex cluster: flex clusters take one snapshot a day themselves/],
      [['schedule', 'get', 'fsrc'], /cluster fsrc is a flex cluster: a flex cluster's backup schedule is fixed/],
      [['restores', 'create', 'fsrc', '--snapshot', 'latest', '--download'], /cluster fsrc is a flex cluster: a flex cluster's snapshots are restored into a cluster/],
      [['restores', 'cancel', 'fsrc', 'a'.repeat(24)], /cluster fsrc is a flex cluster: a flex cluster's restore jobs cannot be cancelled/],
    ] as const) {
      expectOneErrorLine(await cdba(['backups', ...args], { env }), 1, pattern);
    }
  });

  it('a dedicated cluster\'s snapshot into a flex cluster: the service\'s refusal', async () => {
    expectOneErrorLine(await cdba(['backups', 'restores', 'create', 'src', '--snapshot', 'latest', '--to', 'fdst', '--yes'], { env }), 1, /CANNOT_RESTORE_DEDICATED_SNAPSHOT_TO_FLEX, HTTP 400/);
  });
});

describe('an ID that is not the cluster\'s (issue 43, item 10)', () => {
  it('a snapshot or restore job not found names the list command, with the invocation\'s flags', async () => {
    const absent = 'ffffffffffffffffffffffff';
    const context = `cdba --project-id ${PROJECT_ID} --base-url ${emu.url}`;
    const snapshots = (cluster: string): string => `; see the cluster's snapshots with \`${context} backups snapshots list ${cluster}\`\n`;
    const restores = (cluster: string): string => `; see the cluster's restore jobs with \`${context} backups restores list ${cluster}\`\n`;
    const cases: Array<[string[], string]> = [
      [['snapshots', 'get', 'src', absent], snapshots('src')],
      [['snapshots', 'delete', 'src', absent, '--yes'], snapshots('src')],
      [['restores', 'create', 'src', '--snapshot', absent, '--to', 'dst', '--yes'], snapshots('src')],
      [['restores', 'get', 'src', absent], restores('src')],
      [['restores', 'cancel', 'src', absent], restores('src')],
      // A flex cluster's, through the flex backup API.
      [['snapshots', 'get', 'fsrc', absent], snapshots('fsrc')],
      [['restores', 'get', 'fsrc', absent], restores('fsrc')],
    ];
    for (const [args, hint] of cases) {
      const result = await cdba(['--project-id', PROJECT_ID, '--base-url', emu.url, 'backups', ...args], { env });
      expectOneErrorLine(result, 4, /\(\w+, HTTP 404\); see /);
      expect(result.stderr.endsWith(hint), result.stderr).toBe(true);
    }
    // The cluster itself missing is the cluster's answer, without a list of its snapshots.
    const cluster = await cdba(['backups', 'snapshots', 'get', 'gone', absent], { env });
    expectOneErrorLine(cluster, 4, /CLUSTER_NOT_FOUND/);
    expect(cluster.stderr).not.toContain('snapshots list');
  });
});

describe('backups schedule get', () => {
  it('the policy as a table in a pipe, a view on a terminal', async () => {
    const table = await cdba(['backups', 'schedule', 'get', 'src', '-o', 'table'], { env });
    expect(table.stdout).toBe('FREQUENCY\tEVERY\tKEPT\nhourly\t6 hours\t2 days\ndaily\tday\t7 days\nweekly\tSaturday\t4 weeks\nmonthly\tlast day of the month\t12 months\n');
    const view = await cdba(['backups', 'schedule', 'get', 'src'], { env, tty: true });
    // eslint-disable-next-line no-control-regex -- the view's bold labels, taken off to read it
    const plain = view.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^Cluster:\s+src\nReference time:\s+\d\d:\d\d UTC\nNext snapshot:\s+\S+Z\n/);
    expect(plain).toContain('  weekly     every Saturday');
    expectOneErrorLine(await cdba(['backups', 'schedule', 'get', 'nobackup'], { env }), 1, /CLUSTER_BACKUP_NOT_ENABLED/);
  });
});

describe('restores create --watch, the job cancelled meanwhile', () => {
  it('ends with exit 1 naming the job and how to see it', async () => {
    // A clock that stands still: the job runs until it is cancelled.
    const now = Date.now();
    const { emu: held } = await withEmulator({
      seed: knownSeed({
        clusters: [{ projectId: PROJECT_ID, cluster: { ...modernBody('src'), backupEnabled: true } }, { projectId: PROJECT_ID, cluster: modernBody('dst') }],
        backups: [{ projectId: PROJECT_ID, clusterName: 'src', snapshots: [{ id: '6a7944f22c88faeba59d3572' }] }],
      }),
      clock: () => now,
      transitionMs: 60_000,
    });
    try {
      const heldEnv = digestEnv(held.url);
      const run = start(['backups', 'restores', 'create', 'src', '--snapshot', '6a7944f22c88faeba59d3572', '--to', 'dst', '--watch', '--yes'], { env: heldEnv, watchIntervalMs: 5 });
      await run.seen(/cdba: restore job [0-9a-f]{24} into cluster dst is IN_PROGRESS\n/);
      const id = /restore job ([0-9a-f]{24})/.exec(run.stderr())![1]!;
      const cancel = await cdba(['backups', 'restores', 'cancel', 'src', id], { env: heldEnv });
      expect(cancel.exitCode, cancel.stderr).toBe(0);
      const result = await run.result;
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`cdba: restore job ${id} of cluster src is CANCELLED; see \`cdba backups restores get src ${id}\``);
    } finally {
      await held.stop();
    }
  });
});
