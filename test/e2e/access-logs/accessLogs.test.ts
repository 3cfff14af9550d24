// `cdba access-logs list` in process against an emulator: a cluster's history (its users'
// logins from the access list's addresses, and a seeded failure), by cluster and by host,
// the filters sent as the service's query, the table, and bad input refused before any
// request with one line (exit 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, SEEDED_CLUSTER, digestEnv, expectOneErrorLine, knownSeed } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
let clock = Date.UTC(2026, 7, 10, 9, 0, 0);
const requests = (): number => emu.stats().total;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const logsOf = (stdout: string): Array<Record<string, any>> => (JSON.parse(stdout) as { accessLogs: Array<Record<string, unknown>> }).accessLogs;

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({
      projects: [{ id: PROJECT_ID, name: 'reliability', ipAccessList: [{ ipAddress: '203.0.113.7' }] }],
      databaseUsers: [{ projectId: PROJECT_ID, user: { databaseName: 'admin', username: 'app', roles: [{ roleName: 'readWrite', databaseName: 'app' }] } }],
      accessLogs: [
        { groupId: PROJECT_ID, clusterName: SEEDED_CLUSTER, username: 'intruder', ipAddress: '192.0.2.9', timestamp: '2026-08-10T10:30:00Z', authResult: false },
        // The service writes an IPv6 address out in full, as its ipAddress pattern wants it.
        { groupId: PROJECT_ID, clusterName: SEEDED_CLUSTER, username: 'local', ipAddress: '0:0:0:0:0:0:0:1', timestamp: '2026-08-10T10:40:00Z', authResult: true },
      ],
    }),
    clock: () => clock,
  }));
  env = digestEnv(emu.url);
  // The seeded cluster's hosts have existed for three hours.
  clock += 3 * 3_600_000;
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('access-logs list', () => {
  it('--cluster: the service\'s document, newest first', async () => {
    const result = await cdba(['access-logs', 'list', '--cluster', SEEDED_CLUSTER, '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const logs = logsOf(result.stdout);
    expect(new Set(logs.map((l) => l.username))).toEqual(new Set(['app', 'intruder', 'local']));
    expect(logs.filter((l) => l.username === 'app').every((l) => l.ipAddress === '203.0.113.7' && l.authResult === true)).toBe(true);
  });

  it('the filters: --auth-result, --ip, --start/--end, --limit', async () => {
    const failures = logsOf((await cdba(['access-logs', 'list', '--cluster', SEEDED_CLUSTER, '--auth-result', 'failure', '-o', 'json'], { env })).stdout);
    expect(failures.map((l) => l.username)).toEqual(['intruder']);
    const fromIp = logsOf((await cdba(['access-logs', 'list', '--cluster', SEEDED_CLUSTER, '--ip', '192.0.2.9', '-o', 'json'], { env })).stdout);
    expect(fromIp.map((l) => l.username)).toEqual(['intruder']);
    const window = logsOf((await cdba(['access-logs', 'list', '--cluster', SEEDED_CLUSTER, '--start', '2026-08-10T10:29:00Z', '--end', '2026-08-10T10:31:00Z', '-o', 'json'], { env })).stdout);
    expect(window.map((l) => l.username)).toContain('intruder');
    expect(window.every((l) => l.timestamp >= '2026-08-10T10:29:00Z' && l.timestamp <= '2026-08-10T10:31:00Z')).toBe(true);
    expect(logsOf((await cdba(['access-logs', 'list', '--cluster', SEEDED_CLUSTER, '--limit', '1', '-o', 'json'], { env })).stdout)).toHaveLength(1);
  });

  it('--ip with an IPv6 address in any form: sent written out in full, the only form the service takes', async () => {
    for (const ip of ['::1', '0:0:0:0:0:0:0:1', '0000:0000:0000:0000:0000:0000:0000:0001', '::0:1']) {
      const result = await cdba(['access-logs', 'list', '--cluster', SEEDED_CLUSTER, '--ip', ip, '-o', 'json'], { env });
      expect(result.exitCode, `${ip}: ${result.stderr}`).toBe(0);
      expect(logsOf(result.stdout).map((l) => [l.username, l.ipAddress]), ip).toEqual([['local', '0:0:0:0:0:0:0:1']]);
    }
  });

  it('--host: that host\'s attempts; the table', async () => {
    const all = logsOf((await cdba(['access-logs', 'list', '--cluster', SEEDED_CLUSTER, '-o', 'json'], { env })).stdout);
    const host = all[0]!.hostname as string;
    const result = await cdba(['access-logs', 'list', '--host', host, '-o', 'table'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toBe('TIMESTAMP\tUSERNAME\tIP\tAUTH RESULT\tSOURCE\tHOSTNAME');
    expect(rows).toHaveLength(all.filter((l) => l.hostname === host).length);
    expect(rows.every((row) => row.endsWith(`\t${host}`))).toBe(true);
    expect(rows.some((row) => /\t(success|failure \(AuthenticationFailed\))\t/.test(row))).toBe(true);
    expectOneErrorLine(await cdba(['access-logs', 'list', '--host', 'nope.example.net'], { env }), 4, /HOST_NOT_FOUND/);
    expectOneErrorLine(await cdba(['access-logs', 'list', '--cluster', 'nope'], { env }), 4, /CLUSTER_NOT_FOUND/);
  });

  it('bad input: one line, exit 2, before any request', async () => {
    const before = requests();
    const cases: Array<[string[], RegExp]> = [
      [['access-logs', 'list'], /give one of --cluster <name> or --host <hostname>/],
      [['access-logs', 'list', '--cluster', 'c1', '--host', 'h.example.net'], /give one of --cluster/],
      [['access-logs', 'list', '--cluster', 'c1', '--auth-result', 'maybe'], /--auth-result/],
      [['access-logs', 'list', '--cluster', 'c1', '--ip', '300.1.1.1'], /invalid --ip "300\.1\.1\.1"/],
      [['access-logs', 'list', '--cluster', 'c1', '--end', '1h'], /--end needs --start/],
      [['access-logs', 'list', '--cluster', 'c1', '--start', '1h', '--end', '2h'], /--start 1h is after --end 2h/],
      [['access-logs', 'list', '--cluster', 'c1', '--start', 'soon'], /invalid --start "soon"/],
      [['access-logs', 'list', '--cluster', 'c1', '--limit', '20001'], /--limit/],
      [['access-logs', 'list', '--host', 'h.example.net:27017'], /invalid --host/],
      [['access-logs', 'list', '--cluster', 'c1', '--ip', 'fe80::1%eth0'], /invalid --ip "fe80::1%eth0": expected one IPv4 or IPv6 address/],
      [['access-logs', 'list', '--cluster', 'c1', '--ip', '203.0.113.007'], /invalid --ip "203\.0\.113\.007"/],
      [['access-logs', 'list', '--cluster', 'c1', '--start', '2000-01-01T00:00:00Z', '--end', '2000-01-02T00:00:00Z'], /invalid --start "2000-01-01T00:00:00Z": the service keeps no access history before 2008-01-01/],
      [['access-logs', 'list', '--cluster', 'c1', '--start', '2007-12-31T23:59:59Z'], /invalid --start "2007-12-31T23:59:59Z": .* before 2008-01-01/],
      [['access-logs', 'list', '--cluster', 'c1', '--start', '2099-01-01T00:00:00Z'], /--start 2099-01-01T00:00:00Z is in the future, and --start alone ends the window now/],
      [['access-logs', 'list', '--cluster', 'c1', '--start', '500d'], /invalid --start "500d": how long ago goes back at most 400 days/],
    ];
    for (const [args, pattern] of cases) expectOneErrorLine(await cdba(args, { env }), 2, pattern);
    expect(requests()).toBe(before);
  });
});
