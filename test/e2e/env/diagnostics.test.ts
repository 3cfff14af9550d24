// CI evidence (issue 45, item 8, its "Done means"): a cluster's life in the emulator, a
// `cdba run --diagnostics DIR` failed on purpose (CMD exits 3), and in DIR the events,
// the open alerts, each host's log and the slow queries, consistent with each other and
// with what was done. Then `env diagnose` on a live env, and the refusals before any request.
//
// No timing: the emulator's transitions take 0 ms, and its clock is the test's (an offset
// the test moves while CMD waits for the test's go): two hours of the seeded workload run
// between env up and CMD's failure, so slow queries exist in the window. (The service's
// clock stays two hours ahead of this machine's after it: later env ups ask --ttl 6h.)
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { waitFor } from '../../helpers/waitFor.js';
import { OWNER_PRIVATE, PROJECT_ID, digestEnv, knownSeed } from '../../reliability/support.js';

const ENV = 'diag-run';
const NAMESPACE = 'shop.orders';
const ALERT_ID = '6b0a75f402cfdb10b50b7a01';
const HOUR = 3_600_000;
let emu: RunningEmulator;
let env: Record<string, string>;
let offset = 0;
const requests = (): number => Object.values(emu.stats().byPath).reduce((sum, count) => sum + count, 0);

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({
      clusters: [],
      // An alert of a condition the emulator does not model, open on the env's cluster.
      alerts: [{ projectId: PROJECT_ID, eventTypeName: 'HOST_DOWN', id: ALERT_ID, clusterName: ENV }],
      // The workload the env's cluster will run once it is there: a slow query every 15 minutes.
      workload: [{ projectId: PROJECT_ID, cluster: ENV, namespace: NAMESPACE, queries: [{ filter: { status: 'A', customer: 'c1' }, sort: { at: -1 }, perDay: 96 }] }],
    }),
    clock: () => Date.now() + offset,
    transitionMs: 0,
  }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

// CMD: writes what it got to $MARK, waits for the test's $GO (the test acts meanwhile), exits 3.
const CMD = `
const fs = require('fs');
fs.writeFileSync(process.env.MARK + '.tmp', JSON.stringify({ user: process.env.MONGODB_USERNAME, password: process.env.MONGODB_PASSWORD }));
fs.renameSync(process.env.MARK + '.tmp', process.env.MARK);
const wait = () => (fs.existsSync(process.env.GO) ? process.exit(3) : setTimeout(wait, 20));
wait();
`;

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]))
    .sort();
}

describe('run --diagnostics', () => {
  it("a failed CMD: events, alerts, every host's log and the slow queries of the run's window, consistent with each other and with what was done; CMD's status kept, the env removed", async () => {
    const work = tempDir();
    const dir = join(work, 'evidence');
    const mark = join(work, 'mark');
    const go = join(work, 'go');
    const configDir = tempDir();
    const running = cdba(['run', '--name', ENV, '--tier', 'M10', '--ttl', '6h', '--diagnostics', dir, '--', process.execPath, '-e', CMD], { env: { ...env, MARK: mark, GO: go }, configDir });
    await waitFor('CMD to start', () => existsSync(mark));
    const got = readJson<{ user: string; password: string }>(mark);
    // Something done while the env is up: a user of the application's own.
    const added = await cdba(['dbusers', 'create', 'app-reader', '--role', 'read@shop', '--generate-password'], { env });
    expect(added.exitCode, added.stderr).toBe(0);
    // Two hours of the workload on the service's clock, then CMD fails.
    offset += 2 * HOUR;
    writeFileSync(go, '');
    const result = await running;

    expect(result.exitCode, result.stderr).toBe(3);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.filter((line) => line.includes(dir))).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`cdba: diagnostics of env ${ENV} \\(.+ to .+\\) written to ${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: events, alerts, 3 host logs, slow queries\\n`));
    expect(result.stderr).not.toMatch(/not collected/);
    // env down ran after: nothing of the env is left.
    const left = await cdba(['clusters', 'get', ENV, '-o', 'json', '--query', 'stateName'], { env });
    expect(left.exitCode === 4 || left.stdout.includes('DELETING'), left.stdout + left.stderr).toBe(true);

    // The directory: made private, holding what the manifest says, nothing else.
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const manifest = readJson<{ env: string; cluster: string; window: { since: string; until: string }; command: { status: number }; collected: Array<{ part: string; file: string }>; failed: unknown[] }>(join(dir, 'manifest.json'));
    expect(manifest.env).toBe(ENV);
    expect(manifest.command.status).toBe(3);
    expect(manifest.failed).toEqual([]);
    expect(filesUnder(dir)).toEqual(['manifest.json', ...manifest.collected.map((c) => c.file)].sort()); // no host's log was empty
    for (const file of filesUnder(dir)) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
    const since = Date.parse(manifest.window.since);
    const until = Date.parse(manifest.window.until);
    expect(until - since).toBeGreaterThanOrEqual(2 * HOUR);

    // Events: the cluster's create under the env's name, the env's user and the app's, all in the window; no other cluster's;
    // the journal's events of the window, as `events list` gives them (env down's, later, left out).
    const events = readJson<{ results: Array<{ id: string; eventTypeName: string; clusterName?: string; dbUserUsername?: string; created: string }> }>(join(dir, 'events.json')).results;
    const types = events.map((e) => `${e.eventTypeName}${e.clusterName ? `:${e.clusterName}` : ''}`);
    expect(types).toContain(`CLUSTER_CREATED:${ENV}`);
    expect(types).toContain('NETWORK_PERMISSION_ENTRY_ADDED');
    expect(events.filter((e) => e.eventTypeName === 'MONGODB_USER_ADDED').map((e) => e.dbUserUsername).sort()).toEqual(['app-reader', got.user].sort());
    const journal = await cdba(['events', 'list', '--all', '--since', manifest.window.since, '--until', manifest.window.until, '-o', 'json', '--query', 'results[].id'], { env });
    // (Those written after the collection, env down's, in its last second, left out: ids grow with time.)
    const last = events.map((e) => e.id).sort().at(-1)!;
    expect(events.map((e) => e.id)).toEqual((JSON.parse(journal.stdout) as string[]).filter((id) => id <= last));
    for (const event of events) {
      expect(event.clusterName === undefined || event.clusterName === ENV).toBe(true);
      expect(Date.parse(event.created)).toBeGreaterThanOrEqual(since);
      expect(Date.parse(event.created)).toBeLessThanOrEqual(until);
    }

    // Alerts: the project's open alerts, as `alerts list` has them; the seeded one among them.
    const alerts = readJson<{ results: Array<{ id: string; status: string }> }>(join(dir, 'alerts.json')).results;
    const listed = await cdba(['alerts', 'list', '--status', 'OPEN', '-o', 'json', '--query', 'results[].id'], { env });
    expect(alerts.map((a) => a.id).sort()).toEqual((JSON.parse(listed.stdout) as string[]).sort());
    expect(alerts.map((a) => a.id)).toContain(ALERT_ID);
    expect(alerts.every((a) => a.status === 'OPEN')).toBe(true);

    // Logs: one file per host of the cluster's processes, as processes list had them while the env was up.
    const slow = readJson<Array<{ process: string; slowQueries: Array<{ line: string; namespace: string }> }>>(join(dir, 'slow-queries.json'));
    const hosts = slow.map((s) => s.process.replace(/:\d+$/, ''));
    expect(hosts).toHaveLength(3);
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual(hosts.map((h) => `${h}.log`).sort());
    for (const host of hosts) {
      expect(host).toMatch(/^atlas-[a-z0-9]{6}-shard-00-0[0-2]\./);
      const log = readFileSync(join(dir, 'logs', `${host}.log`), 'utf8').trimEnd().split('\n');
      // mongod's JSON lines, of the window, the startup of the host among them.
      for (const line of log) {
        const at = Date.parse((JSON.parse(line) as { t: { $date: string } }).t.$date);
        expect(at).toBeGreaterThanOrEqual(since);
        expect(at).toBeLessThan(until);
      }
      expect(log.some((line) => line.includes('startup complete'))).toBe(true);
    }

    // Slow queries: the workload's, on the namespace it names; each one's line is in its host's log.
    const queries = slow.flatMap((s) => s.slowQueries.map((q) => ({ ...q, host: s.process.replace(/:\d+$/, '') })));
    expect(queries.length).toBeGreaterThanOrEqual(6);
    for (const query of queries) {
      expect(query.namespace).toBe(NAMESPACE);
      expect(readFileSync(join(dir, 'logs', `${query.host}.log`), 'utf8')).toContain(query.line);
    }

    // No password nor key in the evidence: the run's user's password, the API's private key.
    for (const file of filesUnder(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toContain(got.password);
      expect(text, file).not.toContain(OWNER_PRIVATE);
    }
  });

  it('a CMD that succeeds writes nothing: the directory is not even made', async () => {
    const dir = join(tempDir(), 'evidence');
    const result = await cdba(['run', '--name', 'diag-ok', '--ttl', '6h', '--diagnostics', dir, '--', process.execPath, '-e', 'process.exit(0)'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(existsSync(dir)).toBe(false);
    expect(result.stderr).not.toMatch(/diagnostics/);
  });

  it('a part that cannot be collected (a flex cluster shows no processes) does not hide the status: the rest is written, the manifest says so', async () => {
    const dir = join(tempDir(), 'evidence');
    const result = await cdba(['run', '--name', 'diag-flex', '--ttl', '6h', '--diagnostics', dir, '--', process.execPath, '-e', 'process.exit(4)'], { env });
    expect(result.exitCode, result.stderr).toBe(4);
    expect(result.stderr).toMatch(/written to .*: events, alerts \(no logs nor slow queries: diag-flex has no processes the service shows\)/);
    const manifest = readJson<{ skipped: Array<{ part: string; reason: string }>; failed: unknown[] }>(join(dir, 'manifest.json'));
    expect(manifest.skipped.map((s) => s.part)).toEqual(['logs', 'slow queries']);
    expect(manifest.failed).toEqual([]);
    expect(filesUnder(dir)).toEqual(['alerts.json', 'events.json', 'manifest.json']);
  });

  it('refuses a DIR that is a file, a link or a directory with anything in it, before any request (exit 2, one line); nothing is made', async () => {
    const work = tempDir();
    writeFileSync(join(work, 'file'), 'x');
    mkdirSync(join(work, 'full'));
    writeFileSync(join(work, 'full', 'old.json'), '{}');
    mkdirSync(join(work, 'empty'));
    symlinkSync(join(work, 'empty'), join(work, 'link'));
    const before = requests();
    for (const [dir, why] of [['file', /is not a directory/], ['link', /is a symbolic link/], ['full', /is not empty/]] as const) {
      const result = await cdba(['run', '--name', 'diag-refused', '--diagnostics', join(work, dir), '--', process.execPath, '-e', 'process.exit(3)'], { env });
      expect(result.exitCode, dir).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), dir).toHaveLength(1);
      expect(result.stderr).toMatch(why);
    }
    const diagnose = await cdba(['env', 'diagnose', 'diag-refused', '--dir', join(work, 'full'), '--since', '1h'], { env });
    expect(diagnose.exitCode).toBe(2);
    expect(requests()).toBe(before);
    expect(lstatSync(join(work, 'link')).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(work, 'empty'))).toEqual([]);
  });
});

describe('env diagnose', () => {
  it("a live env's evidence on demand, from its env up as the state records it; again into the same directory is refused", async () => {
    const configDir = tempDir();
    const up = await cdba(['env', 'up', 'diag-live', '--tier', 'M10', '--ttl', '6h', '-o', 'json'], { env, configDir });
    expect(up.exitCode, up.stderr).toBe(0);
    // An hour of its life on the service's clock: its hosts have logged since they started.
    offset += HOUR;
    const dir = join(tempDir(), 'evidence');
    const result = await cdba(['env', 'diagnose', 'diag-live', '--dir', dir], { env, configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: diagnostics of env diag-live \(.+\) written to .+: events, alerts, 3 host logs, slow queries\n$/);
    const events = readJson<{ results: Array<{ eventTypeName: string; clusterName?: string }> }>(join(dir, 'events.json')).results;
    expect(events.some((e) => e.eventTypeName === 'CLUSTER_CREATED' && e.clusterName === 'diag-live')).toBe(true);
    expect(events.every((e) => e.clusterName === undefined || e.clusterName === 'diag-live')).toBe(true);
    expect(readdirSync(join(dir, 'logs'))).toHaveLength(3);
    const again = await cdba(['env', 'diagnose', 'diag-live', '--dir', dir], { env, configDir });
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/is not empty/);
    expect((await cdba(['env', 'down', 'diag-live'], { env, configDir })).exitCode).toBe(0);
  });

  it('without a record of the env on this runner it needs --since; a bad --since or name is refused; all before any request', async () => {
    const before = requests();
    const dir = join(tempDir(), 'evidence');
    const cases: Array<[string[], RegExp]> = [
      [['env', 'diagnose', 'never-up', '--dir', dir], /no record of when it came up.*give --since/],
      [['env', 'diagnose', 'never-up', '--dir', dir, '--since', 'yesterday'], /invalid --since "yesterday"/],
      [['env', 'diagnose', 'bad_name!', '--dir', dir, '--since', '1h'], /bad_name!/],
      [['env', 'diagnose', 'never-up', '--dir', '', '--since', '1h'], /empty value for --dir/],
      [['env', 'diagnose', 'never-up', '--since', '1h'], /--dir/],
    ];
    for (const [args, message] of cases) {
      const result = await cdba(args, { env });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
    expect(requests()).toBe(before);
    expect(existsSync(dir)).toBe(false);
  });

  it('--since: the window a user names; a flex env has no processes: events and alerts only, exit 0', async () => {
    const configDir = tempDir();
    expect((await cdba(['env', 'up', 'diag-flex2', '--ttl', '6h', '-o', 'json'], { env, configDir })).exitCode).toBe(0);
    const dir = join(tempDir(), 'evidence');
    const result = await cdba(['env', 'diagnose', 'diag-flex2', '--dir', dir, '--since', '30m'], { env, configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    const manifest = readJson<{ window: { since: string; until: string } }>(join(dir, 'manifest.json'));
    expect(Date.parse(manifest.window.until) - Date.parse(manifest.window.since)).toBeGreaterThanOrEqual(30 * 60_000 - 2000);
    expect(filesUnder(dir)).toEqual(['alerts.json', 'events.json', 'manifest.json']);
    expect((await cdba(['env', 'down', 'diag-flex2'], { env, configDir })).exitCode).toBe(0);
  });
});
