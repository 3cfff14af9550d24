// `cdba alerts ...` in process against an emulator: list, get, ack and unack of seeded
// alerts; settings create, get, update (a PUT of the whole configuration, read first when
// only flags are given), enable, disable, delete and fields; and every bad input refused
// with its exit code before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/cli.js';
import { digestEnv, expectOneErrorLine, knownSeed, OWNER_PUBLIC, PROJECT_ID } from '../../reliability/support.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Doc = Record<string, unknown>;
const OPEN_ID = '6a6eaaf6544abebef9604046';
const CLOSED_ID = '5efdb5dd5b306e51e2e9b05b';

let emu: RunningEmulator;
let env: Record<string, string>;
const requests = (): number => Object.values(emu.stats().byPath).reduce((a, b) => a + b, 0);
const json = (text: string): Doc => JSON.parse(text) as Doc;

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({
      alerts: [
        { projectId: PROJECT_ID, id: CLOSED_ID, eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH', status: 'CLOSED', created: '2020-07-02T10:24:29Z' },
        { projectId: PROJECT_ID, id: OPEN_ID, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', created: '2026-08-02T02:27:02Z', hostnameAndPort: 'atlas-abc123-shard-00-00.x1y2z3.mongodb.net:27017', metricName: 'CONNECTIONS_PERCENT' },
      ],
    }),
  }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('alerts list, get, ack, unack', () => {
  it('list: a table with the alerts, oldest first; --status filters; -o json is the list document', async () => {
    const table = await cdba(['alerts', 'list', '-o', 'table'], { env });
    expect(table.exitCode).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\tEVENT TYPE\tSTATUS\tCREATED\tACKNOWLEDGED UNTIL\tCLUSTER\/HOST$/);
    expect(lines.slice(1).map((l) => l.split('\t')[0])).toEqual([CLOSED_ID, OPEN_ID]);
    expect(lines[2]).toContain('atlas-abc123-shard-00-00.x1y2z3.mongodb.net:27017');
    const open = json((await cdba(['alerts', 'list', '--status', 'open', '-o', 'json'], { env })).stdout);
    expect((open.results as Doc[]).map((a) => a.id)).toEqual([OPEN_ID]);
    const all = json((await cdba(['alerts', 'list', '--all', '-o', 'json'], { env })).stdout);
    expect(all.totalCount).toBe(2);
  });

  it('get prints one alert', async () => {
    const r = await cdba(['alerts', 'get', OPEN_ID, '-o', 'json'], { env });
    expect(json(r.stdout)).toMatchObject({ id: OPEN_ID, status: 'OPEN', eventTypeName: 'OUTSIDE_METRIC_THRESHOLD' });
  });

  it('ack --until a duration, --forever, then unack', async () => {
    const before = Date.now();
    const r = await cdba(['alerts', 'ack', OPEN_ID, '--until', '2h', '--comment', 'resizing', '-o', 'json'], { env });
    expect(r.exitCode).toBe(0);
    const acked = json(r.stdout);
    expect(acked).toMatchObject({ acknowledgingUsername: OWNER_PUBLIC, acknowledgementComment: 'resizing', status: 'OPEN' });
    const until = Date.parse(String(acked.acknowledgedUntil));
    expect(until).toBeGreaterThan(before + 2 * 3_600_000 - 2000);
    expect(r.stderr).toMatch(/^cdba: alert 6a6eaaf6544abebef9604046 acknowledged until \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\n$/);
    const forever = json((await cdba(['alerts', 'ack', CLOSED_ID, '--forever', '-o', 'json'], { env })).stdout);
    expect(new Date(String(forever.acknowledgedUntil)).getUTCFullYear()).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 100);
    expect(forever.status).toBe('CLOSED');
    const un = json((await cdba(['alerts', 'unack', OPEN_ID, '-o', 'json'], { env })).stdout);
    expect(un.acknowledgedUntil).toBeUndefined();
    expect(un.acknowledgingUsername).toBeUndefined();
  });

  it('refuses bad input before any request, with exit 2', async () => {
    const before = requests();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const cases: Array<[string[], RegExp]> = [
      [['alerts', 'ack', OPEN_ID], /needs --until <time> or --forever/],
      [['alerts', 'ack', OPEN_ID, '--until', past], /is not in the future/],
      [['alerts', 'ack', OPEN_ID, '--until', 'soon'], /invalid --until "soon"/],
      [['alerts', 'ack', OPEN_ID, '--until', '1h', '--forever'], /cannot be used with/],
      [['alerts', 'ack', OPEN_ID, '--forever', '--comment', 'x'.repeat(201)], /at most 200/],
      [['alerts', 'get', 'nope'], /invalid alert ID "nope"/],
      [['alerts', 'list', '--status', 'SNOOZED'], /expected one of OPEN, TRACKING, CLOSED/],
      [['alerts', 'settings', 'create'], /needs --file or flags/],
      [['alerts', 'settings', 'create', '--event', 'NO_PRIMARY'], /the flags: \$\.notifications: required/],
      [['alerts', 'settings', 'create', '--event', 'NOT_AN_EVENT', '--notification-type', 'GROUP'], /\$\.eventTypeName: must be one of/],
      [['alerts', 'settings', 'create', '--event', 'NO_PRIMARY', '--notification-type', 'EMAIL'], /\$\.notifications\[0\]\.emailAddress: required/],
      [['alerts', 'settings', 'create', '--event', 'NO_PRIMARY', '--notification-interval-min', '2'], /must be between 5/],
      [['alerts', 'settings', 'create', '--event', 'NO_PRIMARY', '--notification-type', 'GROUP', '--matcher-value', 'c1'], /--matcher-field-name, --matcher-operator and --matcher-value together/],
      [['alerts', 'settings', 'create', '--event', 'OUTSIDE_METRIC_THRESHOLD', '--notification-type', 'GROUP'], /\$\.metricThreshold: required/],
      [['alerts', 'settings', 'update', '6a793faec0eb9e7a177175e1'], /needs --file or a flag/],
      [['alerts', 'settings', 'delete', '6a793faec0eb9e7a177175e1'], /pass --yes when not on a terminal/],
    ];
    for (const [args, pattern] of cases) expectOneErrorLine(await cdba(args, { env }), 2, pattern);
    expect(requests()).toBe(before);
  });

  it('a file with a mistake is refused naming the file and the JSON path', async () => {
    const dir = tempDir();
    const file = join(dir, 'alert.json');
    writeFileSync(file, JSON.stringify({ eventTypeName: 'NO_PRIMARY', notifications: [{ typeName: 'GROUP', intervalMin: 'often' }] }));
    const before = requests();
    expectOneErrorLine(await cdba(['alerts', 'settings', 'create', '--file', file], { env }), 2, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: \\$\\.notifications\\[0\\]\\.intervalMin: must be a whole number`));
    expect(requests()).toBe(before);
  });

  it('an alert that does not exist is exit 4', async () => {
    expectOneErrorLine(await cdba(['alerts', 'get', '0'.repeat(24)], { env }), 4, /ALERT_NOT_FOUND/);
  });
});

describe('alerts settings', () => {
  let id = '';

  it('list shows the project\'s default configurations', async () => {
    const r = await cdba(['alerts', 'settings', 'list', '--all', '-o', 'table'], { env });
    expect(r.stdout.split('\n')[0]).toBe('ID\tEVENT TYPE\tENABLED\tNOTIFICATIONS');
    expect(r.stdout).toMatch(/\tNO_PRIMARY\tyes\tGROUP\n/);
  });

  it('create from flags (enabled unless --no-enabled), get it back', async () => {
    const r = await cdba(['alerts', 'settings', 'create', '--event', 'outside_metric_threshold', '--metric-name', 'CONNECTIONS_PERCENT', '--metric-operator', 'GREATER_THAN', '--metric-threshold', '80', '--metric-units', 'RAW', '--notification-type', 'EMAIL', '--notification-email-address', 'ops@example.com', '--notification-interval-min', '5', '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const created = json(r.stdout);
    id = String(created.id);
    expect(created).toMatchObject({ enabled: true, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', metricThreshold: { metricName: 'CONNECTIONS_PERCENT', operator: 'GREATER_THAN', threshold: 80, units: 'RAW', mode: 'AVERAGE' } });
    expect((created.notifications as Doc[])[0]).toMatchObject({ typeName: 'EMAIL', emailAddress: 'ops@example.com', intervalMin: 5 });
    expect(json((await cdba(['alerts', 'settings', 'get', id, '-o', 'json'], { env })).stdout).id).toBe(id);
  });

  it('update with flags alone reads the current configuration and keeps what the flags do not change', async () => {
    const r = await cdba(['alerts', 'settings', 'update', id, '--notification-interval-min', '15', '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const updated = json(r.stdout);
    expect(updated).toMatchObject({ enabled: true, metricThreshold: { threshold: 80 } });
    expect((updated.notifications as Doc[])[0]).toMatchObject({ typeName: 'EMAIL', emailAddress: 'ops@example.com', intervalMin: 15 });
  });

  it('update --file replaces: the file of a get, edited, sent back', async () => {
    const doc = json((await cdba(['alerts', 'settings', 'get', id, '-o', 'json'], { env })).stdout);
    const file = join(tempDir(), 'edit.json');
    const { enabled: _enabled, ...rest } = doc;
    writeFileSync(file, JSON.stringify(rest));
    const updated = json((await cdba(['alerts', 'settings', 'update', id, '--file', file, '-o', 'json'], { env })).stdout);
    expect(updated.enabled).toBe(false); // a PUT that leaves enabled out turns it off, as the service does
  });

  it('enable and disable toggle it', async () => {
    expect(json((await cdba(['alerts', 'settings', 'enable', id, '-o', 'json'], { env })).stdout).enabled).toBe(true);
    expect(json((await cdba(['alerts', 'settings', 'disable', id, '-o', 'json'], { env })).stdout).enabled).toBe(false);
  });

  it('fields: the matcher field names, one a line', async () => {
    const r = await cdba(['alerts', 'settings', 'fields', '-o', 'table'], { env });
    expect(r.stdout.trimEnd().split('\n')).toEqual(['FIELD NAME', 'ATLAS_NODE_TYPE', 'CLUSTER_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'APPLICATION_ID', 'REPLICA_SET_NAME', 'TYPE_NAME', 'SHARD_NAME']);
  });

  it('delete --yes, then get is exit 4', async () => {
    const r = await cdba(['alerts', 'settings', 'delete', id, '--yes'], { env });
    expect([r.exitCode, r.stderr]).toEqual([0, `cdba: alert configuration ${id} deleted\n`]);
    expectOneErrorLine(await cdba(['alerts', 'settings', 'get', id], { env }), 4, /ALERT_CONFIG_NOT_FOUND/);
  });
});
