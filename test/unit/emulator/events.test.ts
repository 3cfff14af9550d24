// The events modules against the recordings (recorded-diagnostics/TestEvents__*, README
// "Diagnostics facts" 7) and the description cut to diagnostics: what a change writes into
// the journal (the caller's events with the API key's fields, the system's without, dated
// when the clusters module's transition ends), newest first, includeCount=false's
// totalCount 0 and no next link, the self link's echo, RateLimit-Limit 300 and 500, the
// seed key, and every answer valid against the description.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { apiKeyId } from '../../../src/emulator/auth.js';
import { tempDir } from '../../helpers/inProcess.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { OpenApiValidator } from './openapiValidator.js';
import { OWNER, PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, signature, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ORG = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const OTHER_ORG = 'b2b2b2b2b2b2b2b2b2b2b2b2';
const TRANSITION = 60_000;
const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const V = v2('2023-01-01');

function recordedBody(name: string): Doc {
  const file = readRecorded('recorded-diagnostics').find((r) => r.file.startsWith(name))!;
  return JSON.parse(file.body) as Doc;
}

describe('events: the journal, as the service lists it', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let owner: DigestClient;
  let validator: OpenApiValidator;
  const answers: Array<{ method: string; path: string; status: number; contentType: string; body: unknown }> = [];

  beforeAll(async () => {
    validator = new OpenApiValidator({ v2: 'v2-2026-08-diagnostics' });
    const base = testSeed();
    const seed = testSeed({
      orgs: [{ id: ORG, name: 'acme' }, { id: OTHER_ORG, name: 'other' }],
      projects: [{ ...base.projects[0]!, orgId: ORG }, { ...base.projects[1]!, orgId: OTHER_ORG }],
      apiKeys: base.apiKeys!.map((key) => (key.publicKey === READER.publicKey ? key : key)),
      events: [{ groupId: PROJECT_A, eventTypeName: 'PROJECT_SCHEDULED_MAINTENANCE', created: '2026-08-01T00:00:00Z' }],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: TRANSITION }));
    owner = client(emu, OWNER);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function get(path: string, c: DigestClient = owner): Promise<{ status: number; body: Doc; headers: Headers }> {
    const response = await c.request('GET', path, { headers: V });
    const openApiPath = validator.pathOf(path.split('?')[0]!);
    expect(openApiPath, path).toBeDefined();
    answers.push({ method: 'GET', path: openApiPath!, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json });
    return { status: response.status, body: response.json as Doc, headers: response.headers };
  }

  it('the description accepts the recorded lists (calibration)', () => {
    for (const [name, path] of [['TestEvents__List_Project', '/api/atlas/v2/groups/{groupId}/events'], ['TestEvents__List_Organization', '/api/atlas/v2/orgs/{orgId}/events']] as const) {
      const body = recordedBody(name);
      expect(validator.validate({ method: 'GET', path, status: 200, contentType: 'application/vnd.atlas.2023-01-01+json', body })).toEqual([]);
    }
  });

  it('a seeded event is listed; a new project has no other', async () => {
    const { status, body, headers } = await get(`${group}/events`);
    expect(status).toBe(200);
    expect(headers.get('ratelimit-limit')).toBe('300');
    expect(headers.get('content-type')).toMatch(/^application\/vnd\.atlas\.2023-01-01\+json/);
    expect(body.results.map((e: Doc) => e.eventTypeName)).toEqual(['PROJECT_SCHEDULED_MAINTENANCE']);
    expect(Object.keys(body.results[0]).sort()).toEqual(['created', 'eventTypeName', 'groupId', 'id', 'isGlobalAdmin', 'links']);
    expect(body.results[0].id).toMatch(/^[a-f0-9]{24}$/);
  });

  it('each change is an event with the caller\'s fields; the end of a transition is the system\'s, dated when it ended', async () => {
    const created = await owner.request('POST', `${group}/clusters`, { headers: v2('2024-10-23'), body: modernCreate('c1') });
    expect(created.status).toBe(201);
    const user = await owner.request('POST', `${group}/databaseUsers`, { headers: V, body: { groupId: PROJECT_A, databaseName: 'admin', username: 'app', password: 'secret-password-1', roles: [{ roleName: 'readWrite', databaseName: 'app' }] } });
    expect(user.status, user.text).toBe(201);
    const entry = await owner.request('POST', `${group}/accessList`, { headers: V, body: [{ cidrBlock: '10.1.0.0/16' }] });
    expect(entry.status).toBe(201);
    // Before the transition ends: no CLUSTER_READY yet.
    let { body } = await get(`${group}/events`);
    expect(body.results.map((e: Doc) => e.eventTypeName)).toEqual(['NETWORK_PERMISSION_ENTRY_ADDED', 'MONGODB_USER_ADDED', 'CLUSTER_CREATED', 'PROJECT_SCHEDULED_MAINTENANCE']);
    const byCaller = body.results[2];
    expect(byCaller).toMatchObject({ clusterName: 'c1', apiKeyId: apiKeyId(OWNER.publicKey), publicKey: OWNER.publicKey, isGlobalAdmin: false, groupId: PROJECT_A });
    expect(byCaller.remoteAddress).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(body.results[1].dbUserUsername).toBe('app');
    expect(byCaller.links).toEqual([{ href: `${emu.url}${group}/events/${byCaller.id}`, rel: 'self' }]);

    clock.advance(TRANSITION + 5000);
    const update = await owner.request('PATCH', `${group}/clusters/c1`, { headers: v2('2023-02-01'), body: { diskSizeGB: 20 } });
    expect(update.status, update.text).toBe(200);
    ({ body } = await get(`${group}/events`));
    const types = body.results.map((e: Doc) => e.eventTypeName);
    expect(types.slice(0, 3)).toEqual(['CLUSTER_UPDATE_STARTED', 'CLUSTER_UPDATE_SUBMITTED', 'CLUSTER_READY']);
    const ready = body.results[2];
    // System events carry none of the caller's fields, and are dated when the transition ended.
    expect(Object.keys(ready).sort()).toEqual(['clusterName', 'created', 'eventTypeName', 'groupId', 'id', 'isGlobalAdmin', 'links']);
    expect(ready.created).toBe(new Date(Date.parse(byCaller.created) + TRANSITION).toISOString().replace('.000Z', 'Z'));
    expect(Object.keys(body.results[0]).sort()).toEqual(Object.keys(ready).sort());

    clock.advance(TRANSITION);
    const removed = await owner.request('DELETE', `${group}/clusters/c1`, { headers: v2('2023-02-01') });
    expect(removed.status).toBe(202);
    clock.advance(TRANSITION);
    ({ body } = await get(`${group}/events`));
    expect(body.results.slice(0, 3).map((e: Doc) => e.eventTypeName)).toEqual(['CLUSTER_DELETED', 'CLUSTER_DELETE_SUBMITTED', 'CLUSTER_UPDATE_COMPLETED']);
    expect(body.results[1].publicKey).toBe(OWNER.publicKey);
    expect(body.results[0].publicKey).toBeUndefined();
    // Newest first, by created.
    const times = body.results.map((e: Doc) => Date.parse(e.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('each event\'s fields are among those the recording shows for its type', () => {
    const recorded = new Map<string, Set<string>>();
    for (const e of recordedBody('TestEvents__List_Project').results as Doc[]) recorded.set(e.eventTypeName, signature(e));
    return get(`${group}/events`).then(({ body }) => {
      let compared = 0;
      for (const e of body.results as Doc[]) {
        const shape = recorded.get(e.eventTypeName);
        if (!shape) continue;
        compared += 1;
        expect([...signature(e)].sort(), e.eventTypeName).toEqual([...shape].sort());
      }
      expect(compared).toBeGreaterThanOrEqual(4); // CLUSTER_DELETED, _DELETE_SUBMITTED, _UPDATE_*, _READY, MONGODB_USER_ADDED, maintenance
    });
  });

  it('filters: eventType (repeated), clusterNames, minDate and maxDate, both ends included', async () => {
    const all = (await get(`${group}/events`)).body.results as Doc[];
    const { body } = await get(`${group}/events?eventType=CLUSTER_READY&eventType=CLUSTER_DELETED`);
    expect(body.results.map((e: Doc) => e.eventTypeName)).toEqual(['CLUSTER_DELETED', 'CLUSTER_READY']);
    expect((await get(`${group}/events?clusterNames=c1`)).body.results.every((e: Doc) => e.clusterName === 'c1')).toBe(true);
    const ready = all.find((e) => e.eventTypeName === 'CLUSTER_READY')!;
    const since = (await get(`${group}/events?minDate=${ready.created}`)).body.results as Doc[];
    expect(since.at(-1)!.created).toBe(ready.created);
    expect(since.every((e) => e.created >= ready.created)).toBe(true);
    const until = (await get(`${group}/events?maxDate=${ready.created}`)).body.results as Doc[];
    expect(until[0]!.created).toBe(ready.created);
    expect(since.length + until.length).toBe(all.length + all.filter((e) => e.created === ready.created).length);
    const refused = await get(`${group}/events?eventType=NOT_A_TYPE`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('INVALID_ENUM_VALUE');
    expect((await get(`${group}/events?minDate=yesterday`)).body.errorCode).toBe('INVALID_QUERY_PARAMETER');
  });

  it('includeCount=false: totalCount 0, and a full page has no next link; the self link echoes includeRaw and minDate in UTC Z', async () => {
    for (let i = 0; i < 100; i += 1) {
      await owner.request('POST', `${group}/accessList`, { headers: V, body: [{ ipAddress: `10.9.${Math.floor(i / 200)}.${i + 1}` }] });
    }
    const uncounted = await get(`${group}/events?includeCount=false&minDate=2026-08-10T11:00:00%2B02:00&pageNum=1&itemsPerPage=100`);
    expect(uncounted.body.totalCount).toBe(0);
    expect(uncounted.body.results).toHaveLength(100);
    expect(uncounted.body.links).toEqual([
      { href: `${emu.url}${group}/events?includeCount=false&includeRaw=false&minDate=2026-08-10T09%3A00%3A00Z&pageNum=1&itemsPerPage=100`, rel: 'self' },
    ]);
    const recorded = recordedBody('TestEvents__List_Project');
    expect(recorded.links.map((l: Doc) => l.rel)).toEqual(['self']);
    expect(recorded.results).toHaveLength(100);
    const counted = await get(`${group}/events?pageNum=1&itemsPerPage=100`);
    expect(counted.body.totalCount).toBeGreaterThan(100);
    expect(counted.body.links.map((l: Doc) => l.rel)).toEqual(['self', 'next']);
    expect(counted.body.links.map((l: Doc) => l.href)).toEqual([
      `${emu.url}${group}/events?includeCount=true&includeRaw=false&pageNum=1&itemsPerPage=100`,
      `${emu.url}${group}/events?includeCount=true&includeRaw=false&itemsPerPage=100&pageNum=2`,
    ]);
    const second = await get(`${group}/events?pageNum=2&itemsPerPage=100`);
    expect(second.body.links.map((l: Doc) => l.rel)).toEqual(['self', 'previous']);
    expect(second.body.results[0].id).not.toBe(counted.body.results[99].id);
  });

  it('one event by id; another project\'s or an unknown id is 404, a malformed one 400', async () => {
    const [first] = (await get(`${group}/events?itemsPerPage=1`)).body.results as Doc[];
    const one = await get(`${group}/events/${first!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
    expect((await get(`/api/atlas/v2/groups/${PROJECT_B}/events/${first!.id}`)).status).toBe(404);
    expect((await get(`${group}/events/0123456789abcdef01234567`)).body.errorCode).toBe('EVENT_NOT_FOUND');
    expect((await get(`${group}/events/nothex`)).status).toBe(400);
  });

  it('an organization\'s events: a project made is GROUP_CREATED there, with groupId and orgId; RateLimit-Limit 500; members only', async () => {
    const made = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'gamma', orgId: ORG } });
    expect(made.status).toBe(201);
    const { status, body, headers } = await get(`/api/atlas/v2/orgs/${ORG}/events?includeCount=false`);
    expect(status).toBe(200);
    expect(headers.get('ratelimit-limit')).toBe('500');
    expect(body.results[0]).toMatchObject({ eventTypeName: 'GROUP_CREATED', groupId: made.json.id, orgId: ORG, publicKey: OWNER.publicKey });
    const recordedShape = signature((recordedBody('TestEvents__List_Organization').results as Doc[]).find((e) => e.eventTypeName === 'GROUP_CREATED'));
    expect([...signature(body.results[0])].sort()).toEqual([...recordedShape].sort());
    expect((await get(`/api/atlas/v2/orgs/${ORG}/events/${body.results[0].id}`)).body.id).toBe(body.results[0].id);
    // The project's list does not show the organization's events.
    expect(((await get(`/api/atlas/v2/groups/${made.json.id}/events`)).body.results as Doc[]).some((e) => e.eventTypeName === 'GROUP_CREATED')).toBe(false);
    expect((await get('/api/atlas/v2/orgs/0123456789abcdef01234567/events')).body.errorCode).toBe('ORG_NOT_FOUND');
    expect((await get(`/api/atlas/v2/orgs/${OTHER_ORG}/events`, client(emu, READER))).status).toBe(403);
  });

  it('every answer validates against the description cut to diagnostics', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(validator.validate(answer), `${answer.path} ${answer.status}`).toEqual([]);
  });
});

describe('events: alert acknowledgements and alert configuration changes, as recorded', () => {
  const ALERT = '5efdb5dd5b306e51e2e9b05b';
  let emu: RunningEmulator;
  let owner: DigestClient;

  beforeAll(async () => {
    const seed = testSeed({ alerts: [{ projectId: PROJECT_A, id: ALERT, eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH', status: 'CLOSED', created: '2020-07-02T10:24:29Z', resolved: '2022-03-16T18:39:26Z' }] });
    ({ emu } = await withEmulator({ seed, clock: new TestClock().read, transitionMs: TRANSITION }));
    owner = client(emu, OWNER);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('ack and unack (by the body), config added, changed, enabled/disabled and deleted: each an event with its id and the caller\'s fields', async () => {
    const ack = { ...v2('2024-05-30') };
    expect((await owner.request('PATCH', `${group}/alerts/${ALERT}`, { headers: ack, body: { acknowledgedUntil: '2126-09-11T03:03:06Z', acknowledgementComment: '' } })).status).toBe(200);
    expect((await owner.request('PATCH', `${group}/alerts/${ALERT}`, { headers: ack, body: { acknowledgementComment: '', unacknowledgeAlert: true } })).status).toBe(200);
    const config = { eventTypeName: 'NO_PRIMARY', enabled: true, notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, emailEnabled: true, smsEnabled: false }] };
    const created = await owner.request('POST', `${group}/alertConfigs`, { headers: V, body: config });
    expect(created.status).toBe(201);
    const id = (created.json as Doc).id as string;
    expect((await owner.request('PUT', `${group}/alertConfigs/${id}`, { headers: V, body: config })).status).toBe(200);
    expect((await owner.request('PATCH', `${group}/alertConfigs/${id}`, { headers: V, body: { enabled: false } })).status).toBe(200);
    expect((await owner.request('PATCH', `${group}/alertConfigs/${id}`, { headers: V, body: { enabled: true } })).status).toBe(200);
    expect((await owner.request('DELETE', `${group}/alertConfigs/${id}`, { headers: V })).status).toBe(204);
    // A refused change is no event.
    expect((await owner.request('PATCH', `${group}/alerts/${ALERT}`, { headers: ack, body: { acknowledgedUntil: 'soon' } })).status).toBe(400);

    const events = ((await owner.request('GET', `${group}/events`, { headers: V })).json as Doc).results as Doc[];
    expect(events.map((e) => e.eventTypeName)).toEqual([
      'ALERT_CONFIG_DELETED_AUDIT',
      'ALERT_CONFIG_ENABLED_AUDIT',
      'ALERT_CONFIG_DISABLED_AUDIT',
      'ALERT_CONFIG_CHANGED_AUDIT',
      'ALERT_CONFIG_ADDED_AUDIT',
      'ALERT_UNACKNOWLEDGED_AUDIT',
      'ALERT_ACKNOWLEDGED_AUDIT',
    ]);
    for (const e of events.slice(0, 5)) expect(e, e.eventTypeName).toMatchObject({ alertConfigId: id, apiKeyId: apiKeyId(OWNER.publicKey), publicKey: OWNER.publicKey, groupId: PROJECT_A });
    for (const e of events.slice(5)) expect(e, e.eventTypeName).toMatchObject({ alertId: ALERT, apiKeyId: apiKeyId(OWNER.publicKey), publicKey: OWNER.publicKey, groupId: PROJECT_A });
    // Every recorded type's exact set of fields.
    const recorded = new Map<string, Set<string>>();
    for (const e of recordedBody('TestEvents__List_Project').results as Doc[]) recorded.set(e.eventTypeName, signature(e));
    let compared = 0;
    for (const e of events) {
      const shape = recorded.get(e.eventTypeName);
      if (!shape) continue;
      compared += 1;
      expect([...signature(e)].sort(), e.eventTypeName).toEqual([...shape].sort());
    }
    expect(compared).toBe(5); // all but ENABLED and DISABLED, which no recording shows
    const validator = new OpenApiValidator({ v2: 'v2-2026-08-diagnostics' });
    const listed = await owner.request('GET', `${group}/events`, { headers: V });
    expect(validator.validate({ method: 'GET', path: '/api/atlas/v2/groups/{groupId}/events', status: 200, contentType: listed.headers.get('content-type') ?? '', body: listed.json })).toEqual([]);
  });
});

describe('events: the journal is kept with --state', () => {
  it('a change and its expected end survive a restart on the same state file; the end is written once its time has come', async () => {
    const clock = new TestClock();
    const statePath = join(tempDir(), 'state.json');
    const seed = testSeed();
    const first = (await withEmulator({ seed, statePath, clock: clock.read, transitionMs: TRANSITION })).emu;
    const made = await client(first, OWNER).request('POST', `${group}/clusters`, { headers: v2('2024-10-23'), body: modernCreate('kept') });
    expect(made.status).toBe(201);
    await first.stop();
    clock.advance(TRANSITION);
    const second = (await withEmulator({ seed, statePath, clock: clock.read, transitionMs: TRANSITION })).emu;
    try {
      const listed = await client(second, OWNER).request('GET', `${group}/events`, { headers: V });
      expect((listed.json as Doc).results.map((e: Doc) => e.eventTypeName)).toEqual(['CLUSTER_READY', 'CLUSTER_CREATED']);
      expect(second.state().events.map((e) => e.eventTypeName)).toEqual(['CLUSTER_CREATED', 'CLUSTER_READY']);
    } finally {
      await second.stop();
    }
  });
});
