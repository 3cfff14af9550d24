// The emulator's alerts and alert configurations (issue 45, item 2): each recorded
// response (reference/recorded-diagnostics TestAlerts__*, TestAlertConfig__*) reproduced
// in shape, version and RateLimit-Limit; acknowledge and unacknowledge as recorded; a PUT
// replaces the whole configuration; a new project's default configurations; seeded and
// raised alerts; the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { DEFAULT_ALERT_CONFIGS } from '../../../src/emulator/resources/alerts/defaults.js';
import { withEmulator, type DigestClient, type HttpResult, type RequestOptions } from '../../helpers/emulator.js';
import { readRecorded, type RecordedResponse } from '../../helpers/reference.js';
import { OWNER, PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, signature, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;

const TRANSITION = 60_000;
const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const OPEN_ID = '6a6eaaf6544abebef9604046';
const CLOSED_ID = '5efdb5dd5b306e51e2e9b05b';

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;

async function call(method: string, path: string, options: RequestOptions & { version?: string; as?: DigestClient } = {}): Promise<HttpResult> {
  const version = options.version ?? (method === 'PATCH' && path.includes('/alerts/') ? '2024-05-30' : '2023-01-01');
  return (options.as ?? c).request(method, path, { ...options, headers: { ...v2(version), ...options.headers } });
}

const recorded = readRecorded('recorded-diagnostics').filter((r) => /^TestAlert(s|Config)__/.test(r.file));
const named = (part: string): RecordedResponse => {
  const found = recorded.find((r) => r.file.includes(part));
  if (!found) throw new Error(`no recording ${part}`);
  return found;
};
const bodyOf = (r: RecordedResponse): unknown => JSON.parse(r.body);
/** The recorded body's shape, each array item's shape merged, as signature() compares. */
const shapeOf = (value: unknown): string[] => [...signature(value)].sort();

beforeAll(async () => {
  const seed = testSeed({
    clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }],
    alerts: [
      { projectId: PROJECT_A, id: CLOSED_ID, eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH', status: 'CLOSED', created: '2020-07-02T10:24:29Z', resolved: '2022-03-16T18:39:26Z' },
      { projectId: PROJECT_A, id: OPEN_ID, eventTypeName: 'DAILY_BILL_OVER_THRESHOLD', created: '2026-08-02T02:27:02Z' },
      { projectId: PROJECT_A, eventTypeName: 'REPLICATION_OPLOG_WINDOW_RUNNING_OUT', status: 'CLOSED', created: '2021-06-02T19:43:35Z', replicaSetName: 'atlas-1om9fa-shard-0' },
    ],
  });
  ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: TRANSITION }));
  c = client(emu, OWNER);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('recorded alerts reproduced', () => {
  it('every TestAlerts__/TestAlertConfig__ recording is one this file answers (12 and more)', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(15);
  });

  it('a list without status holds OPEN and CLOSED, oldest first; items link only to themselves', async () => {
    const r = await call('GET', `${group}/alerts`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(named('TestAlerts__List_with_no_status').headers['content-type']);
    expect(r.headers.get('ratelimit-limit')).toBe(named('TestAlerts__List_with_no_status').headers['ratelimit-limit']);
    expect(r.json.totalCount).toBe(3);
    expect(new Set(r.json.results.map((a: Doc) => a.status))).toEqual(new Set(['OPEN', 'CLOSED']));
    expect(r.json.results.map((a: Doc) => a.created)).toEqual(['2020-07-02T10:24:29Z', '2021-06-02T19:43:35Z', '2026-08-02T02:27:02Z']);
    for (const item of r.json.results as Doc[]) expect(item.links).toEqual([{ href: `${emu.url}${group}/alerts/${String(item.id)}`, rel: 'self' }]);
    // Every field of the recorded list's items is one the emulator's items may carry.
    const recordedShape = shapeOf(bodyOf(named('TestAlerts__List_with_no_status')));
    expect(shapeOf(r.json).filter((s) => !recordedShape.includes(s))).toEqual([]);
  });

  it('status filters, and the links repeat it where the service puts it', async () => {
    const open = await call('GET', `${group}/alerts?status=OPEN`);
    expect(open.json.results.map((a: Doc) => a.id)).toEqual([OPEN_ID]);
    expect(shapeOf(open.json)).toEqual(shapeOf(bodyOf(named('TestAlerts__List_with_status_OPEN'))));
    const closed = await call('GET', `${group}/alerts?status=CLOSED&itemsPerPage=1`);
    expect(closed.json.totalCount).toBe(2);
    const next = (closed.json.links as Doc[]).find((l) => l.rel === 'next')!;
    expect(next.href).toBe(`${emu.url}${group}/alerts?includeCount=true&status=CLOSED&itemsPerPage=1&pageNum=2`);
    const bad = await call('GET', `${group}/alerts?status=open`);
    expect([bad.status, bad.json.errorCode]).toEqual([400, 'INVALID_QUERY_PARAMETER']);
  });

  it('describe: three links, rels from the emulator\'s own base URL, the recorded shape', async () => {
    const r = await call('GET', `${group}/alerts/${CLOSED_ID}`);
    expect(r.status).toBe(200);
    const rec = bodyOf(named('TestAlerts__Describe')) as Doc;
    expect(Object.keys(r.json)).toEqual(Object.keys(rec));
    expect(shapeOf(r.json)).toEqual(shapeOf(rec));
    expect(r.json.links.map((l: Doc) => l.rel)).toEqual(['self', `${emu.url}/alertConfig`, `${emu.url}/alertConfigs`]);
    expect(r.json.links[1].href).toBe(`${emu.url}${group}/alertConfigs/${String(r.json.alertConfigId)}`);
    const configs = await call('GET', `${group}/alerts/${CLOSED_ID}/alertConfigs`);
    expect(configs.json.results.map((x: Doc) => x.id)).toEqual([r.json.alertConfigId]);
    const missing = await call('GET', `${group}/alerts/${'0'.repeat(24)}`);
    expect([missing.status, missing.json.errorCode]).toEqual([404, 'ALERT_NOT_FOUND']);
  });

  it('acknowledge: 200 at 2024-05-30 with the whole alert, the caller\'s public key, lastNotified and updated now, still CLOSED', async () => {
    clock.advance(1000);
    const now = new Date(clock.now).toISOString().replace('.000Z', 'Z');
    const r = await call('PATCH', `${group}/alerts/${CLOSED_ID}`, { body: { acknowledgedUntil: '2126-09-11T03:03:06Z', acknowledgementComment: '' } });
    expect(r.status).toBe(200);
    const rec = named('TestAlerts__Acknowledge_Forever');
    expect(r.headers.get('content-type')).toBe(rec.headers['content-type']);
    expect(Object.keys(r.json)).toEqual(Object.keys(bodyOf(rec) as Doc));
    expect(r.json).toMatchObject({ acknowledgedUntil: '2126-09-11T03:03:06Z', acknowledgingUsername: OWNER.publicKey, status: 'CLOSED', lastNotified: now, updated: now });
    expect(r.json.acknowledgementComment).toBeUndefined();
    const commented = await call('PATCH', `${group}/alerts/${OPEN_ID}`, { body: { acknowledgedUntil: '2026-09-01T00:00:00Z', acknowledgementComment: 'on it' } });
    expect(commented.json).toMatchObject({ acknowledgementComment: 'on it', status: 'OPEN' });
    const old = await call('PATCH', `${group}/alerts/${OPEN_ID}`, { version: '2023-01-01', body: { acknowledgedUntil: '2026-09-02T00:00:00Z' } });
    expect([old.status, old.headers.get('deprecation'), old.headers.get('sunset')]).toEqual([200, 'Thu, 30 May 2024 00:00:00 GMT', 'Thu, 1 Jul 2027 00:00:00 GMT']);
  });

  it('unacknowledge: the two fields go, updated becomes now, lastNotified stays (recorded)', async () => {
    const before = (await call('GET', `${group}/alerts/${CLOSED_ID}`)).json as Doc;
    clock.advance(3000);
    const r = await call('PATCH', `${group}/alerts/${CLOSED_ID}`, { body: { acknowledgementComment: '', unacknowledgeAlert: true } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(Object.keys(bodyOf(named('TestAlerts__UnAcknowledge')) as Doc));
    expect(r.json.lastNotified).toBe(before.lastNotified);
    expect(r.json.updated).not.toBe(before.updated);
  });

  it('refuses bad acknowledgements naming the field, and a reader', async () => {
    const cases: Array<[Doc, string, string]> = [
      [{}, 'MISSING_ATTRIBUTE', 'acknowledgedUntil'],
      [{ acknowledgedUntil: 'tomorrow' }, 'INVALID_ATTRIBUTE', 'acknowledgedUntil'],
      [{ acknowledgedUntil: '2027-01-01T00:00:00Z', acknowledgementComment: 'x'.repeat(201) }, 'INVALID_ATTRIBUTE', 'acknowledgementComment'],
      [{ acknowledgedUntil: '2027-01-01T00:00:00Z', snooze: true }, 'INVALID_ATTRIBUTE', 'snooze'],
    ];
    for (const [body, code, field] of cases) {
      const r = await call('PATCH', `${group}/alerts/${OPEN_ID}`, { body });
      expect([r.status, r.json.errorCode, r.json.parameters]).toEqual([400, code, [field]]);
    }
    const reader = await call('PATCH', `${group}/alerts/${OPEN_ID}`, { as: client(emu, READER), body: { acknowledgedUntil: '2027-01-01T00:00:00Z' } });
    expect([reader.status, reader.json.errorCode], JSON.stringify(reader.json)).toEqual([401, 'USER_UNAUTHORIZED']);
  });
});

describe('recorded alert configurations reproduced', () => {
  let id = '';
  const create = { eventTypeName: 'NO_PRIMARY', enabled: true, notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, emailEnabled: true, smsEnabled: false }] };

  it('create: 201, a Location, matchers [] and a server-made notifierId, as recorded', async () => {
    const r = await call('POST', `${group}/alertConfigs`, { body: create });
    const rec = named('TestAlertConfig__Create');
    expect(r.status).toBe(rec.status);
    id = r.json.id as string;
    expect(r.headers.get('location')).toBe(`${emu.url}${group}/alertConfigs/${id}`);
    expect(r.headers.get('ratelimit-limit')).toBe(rec.headers['ratelimit-limit']);
    expect(Object.keys(r.json)).toEqual(Object.keys(bodyOf(rec) as Doc));
    expect(shapeOf(r.json)).toEqual(shapeOf(bodyOf(rec)));
    expect(r.json.matchers).toEqual([]);
    expect(r.json.notifications[0].notifierId).toMatch(/^[a-f0-9]{24}$/);
    expect(r.json.links.map((l: Doc) => l.rel)).toEqual(['self', `${emu.url}/alerts`]);
  });

  it('describe answers what create did', async () => {
    const r = await call('GET', `${group}/alertConfigs/${id}`);
    expect(shapeOf(r.json)).toEqual(shapeOf(bodyOf(named('TestAlertConfig__Describe'))));
    expect(r.json.notifications[0].notifierId).toBeDefined();
  });

  it('update is a PUT that replaces: enabled left out is false, a new notifierId each time', async () => {
    const before = (await call('GET', `${group}/alertConfigs/${id}`)).json as Doc;
    const { enabled: _enabled, ...rest } = create;
    const r = await call('PUT', `${group}/alertConfigs/${id}`, { body: { ...rest, notifications: [{ ...create.notifications[0], smsEnabled: true }] } });
    expect(r.status).toBe(200);
    expect(shapeOf(r.json)).toEqual(shapeOf(bodyOf(named('TestAlertConfig__Update__PUT'))));
    expect(r.json).toMatchObject({ enabled: false, created: before.created });
    expect(r.json.notifications[0].notifierId).not.toBe((before.notifications as Doc[])[0]!.notifierId);
    // A GET's document sent back whole is taken (its read-only fields echo what is held).
    const again = await call('PUT', `${group}/alertConfigs/${id}`, { body: r.json });
    expect([again.status, again.json.enabled]).toEqual([200, false]);
  });

  it('toggle (PATCH) changes enabled alone', async () => {
    const r = await call('PATCH', `${group}/alertConfigs/${id}`, { body: { enabled: true } });
    expect([r.status, r.json.enabled, r.json.eventTypeName]).toEqual([200, true, 'NO_PRIMARY']);
    const bad = await call('PATCH', `${group}/alertConfigs/${id}`, { body: { enabled: 'yes' } });
    expect([bad.status, bad.json.errorCode]).toEqual([400, 'INVALID_ATTRIBUTE']);
  });

  it('the list: the project\'s defaults then its own, items linking only to themselves', async () => {
    const r = await call('GET', `${group}/alertConfigs?itemsPerPage=500`);
    expect(r.json.totalCount).toBe(DEFAULT_ALERT_CONFIGS.length + 3); // the seed's two event types without a default, and the create
    for (const item of r.json.results as Doc[]) expect((item.links as Doc[]).map((l) => l.rel)).toEqual(['self']);
    const recordedShape = shapeOf(bodyOf(named('TestAlertConfig__List__GET')));
    expect(shapeOf(r.json).filter((s) => !recordedShape.includes(s))).toEqual([]);
  });

  it('the alerts of a configuration', async () => {
    const alert = (await call('GET', `${group}/alerts/${OPEN_ID}`)).json as Doc;
    const r = await call('GET', `${group}/alertConfigs/${String(alert.alertConfigId)}/alerts`);
    expect(r.json.results.map((a: Doc) => a.id)).toEqual([OPEN_ID]);
  });

  it('delete: 204 with no body, then 404 ALERT_CONFIG_NOT_FOUND', async () => {
    const r = await call('DELETE', `${group}/alertConfigs/${id}`);
    expect([r.status, r.text]).toEqual([named('TestAlertConfig__Delete').status, '']);
    const gone = await call('GET', `${group}/alertConfigs/${id}`);
    expect([gone.status, gone.json.errorCode]).toEqual([404, 'ALERT_CONFIG_NOT_FOUND']);
  });

  it('matcher field names: a bare array in the recorded order, RateLimit-Limit 300', async () => {
    const rec = named('TestAlertConfig__List_Matcher_Fields');
    const r = await call('GET', '/api/atlas/v2/alertConfigs/matchers/fieldNames');
    expect(r.json).toEqual(bodyOf(rec));
    expect(r.headers.get('ratelimit-limit')).toBe('300');
    expect(Number(r.headers.get('ratelimit-remaining'))).toBeLessThan(300);
  });

  it('refuses bodies the service refuses, naming the field with its code', async () => {
    const cases: Array<[Doc, string, string]> = [
      [{ notifications: create.notifications }, 'MISSING_ATTRIBUTE', 'eventTypeName'],
      [{ eventTypeName: 'NOPE', notifications: create.notifications }, 'INVALID_ATTRIBUTE', 'eventTypeName'],
      [{ eventTypeName: 'NO_PRIMARY' }, 'MISSING_ATTRIBUTE', 'notifications'],
      [{ ...create, notifications: [{ typeName: 'GROUP', intervalMin: 1 }] }, 'INVALID_ATTRIBUTE', 'notifications[0].intervalMin'],
      [{ ...create, notifications: [{ typeName: 'EMAIL' }] }, 'MISSING_ATTRIBUTE', 'notifications[0].emailAddress'],
      [{ ...create, eventTypeName: 'OUTSIDE_METRIC_THRESHOLD' }, 'MISSING_ATTRIBUTE', 'metricThreshold'],
      [{ ...create, matchers: [{ fieldName: 'CLUSTER_NAME', operator: 'LIKE', value: 'c1' }] }, 'INVALID_ATTRIBUTE', 'matchers[0].operator'],
      [{ ...create, id: '0'.repeat(24) }, 'ATTRIBUTE_READ_ONLY', 'id'],
    ];
    for (const [body, code, field] of cases) {
      const r = await call('POST', `${group}/alertConfigs`, { body });
      expect([r.status, r.json.errorCode, r.json.parameters], JSON.stringify(body)).toEqual([400, code, [field]]);
    }
  });
});

describe('alerts from the emulator\'s own state, and new projects', () => {
  it('a search index whose build FAILED opens FTS_INDEX_BUILD_FAILED; deleting it closes the alert', async () => {
    const made = await call('POST', `${group}/clusters/c1/search/indexes`, { version: '2024-05-30', body: { database: 'nodb', collectionName: 'nothing', name: 'broken', definition: { mappings: { dynamic: true } } } });
    expect(made.status).toBe(201);
    clock.advance(TRANSITION + 1000);
    const open = await call('GET', `${group}/alerts?status=OPEN`);
    const raised = (open.json.results as Doc[]).filter((a) => a.eventTypeName === 'FTS_INDEX_BUILD_FAILED');
    expect(raised).toHaveLength(1);
    const again = await call('GET', `${group}/alerts?status=OPEN`);
    expect((again.json.results as Doc[]).filter((a) => a.eventTypeName === 'FTS_INDEX_BUILD_FAILED')).toHaveLength(1);
    expect((await call('DELETE', `${group}/clusters/c1/search/indexes/${String(made.json.indexID)}`, { version: '2024-05-30' })).status).toBe(204);
    clock.advance(TRANSITION + 1000);
    const closed = await call('GET', `${group}/alerts/${String(raised[0]!.id)}`);
    expect(closed.json.status).toBe('CLOSED');
    expect(closed.json.resolved).toMatch(/Z$/);
  });

  it('a project made through the API has the default configurations; one made without them has none', async () => {
    const orgId = ((await call('GET', `/api/atlas/v2/groups/${PROJECT_B}`)).json as Doc).orgId;
    const withDefaults = await call('POST', '/api/atlas/v2/groups', { body: { name: 'fresh', orgId } });
    expect(withDefaults.status).toBe(201);
    const configs = await call('GET', `/api/atlas/v2/groups/${String(withDefaults.json.id)}/alertConfigs?itemsPerPage=500`);
    expect(configs.json.results.map((x: Doc) => x.eventTypeName)).toEqual(DEFAULT_ALERT_CONFIGS.map((x) => x.eventTypeName));
    expect(configs.json.results.every((x: Doc) => x.created === withDefaults.json.created)).toBe(true);
    const without = await call('POST', '/api/atlas/v2/groups', { body: { name: 'bare', orgId, withDefaultAlertsSettings: false } });
    const none = await call('GET', `/api/atlas/v2/groups/${String(without.json.id)}/alertConfigs`);
    expect(none.json.totalCount).toBe(0);
  });

  it('the alerts resource is versioned-API only', async () => {
    const r = await c.request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/alerts`);
    expect(r.status).toBe(404);
  });
});
