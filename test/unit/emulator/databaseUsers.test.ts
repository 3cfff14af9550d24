// The emulator's database users: the recorded live answers reproduced in shape (same
// key paths and value types) by driving the emulator to the recorded situation, every
// answer checked against the 2026-08 description, and the service's rules: passwords
// never answered, a read-only key refused writes, 409 for a user that exists, 400s that
// name the field, pagination, users gone past their deleteAfterDate (clock and --date),
// --state and the seed.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator, SeedDocument } from '../../../src/emulator/index.js';
import { validateSeed } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient, type HttpResult, type RequestOptions } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { OWNER, PROJECT_A, PROJECT_B, READER, MANAGER, TestClock, client, testSeed, v2 } from './fixtures.js';
import { OpenApiValidator } from './openapiValidator.js';
import { tempDir } from '../../helpers/cli.js';

const V = '2023-01-01';
const USERS = `/api/atlas/v2/groups/${PROJECT_A}/databaseUsers`;
const PASSWORD = 'correct-horse-battery';

/** Every key path of a document with the JSON type at it; array items merge into `[]`. */
function shape(value: unknown, path = '$', out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  (out.get(path) ?? out.set(path, new Set()).get(path)!).add(type);
  if (Array.isArray(value)) value.forEach((item) => shape(item, `${path}[]`, out));
  else if (type === 'object') for (const [key, inner] of Object.entries(value as object)) shape(inner, `${path}.${key}`, out);
  return out;
}
const shapeList = (value: unknown): string[] => [...shape(value)].map(([path, types]) => `${path}: ${[...types].sort().join('|')}`).sort();

/** The create body of the recording's user-253: atlasAdmin, two cluster scopes, one day to live. */
function recordedCreate(now: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    databaseName: 'admin',
    groupId: PROJECT_A,
    username: 'user-253',
    password: PASSWORD,
    roles: [{ databaseName: 'admin', roleName: 'atlasAdmin' }],
    scopes: [
      { name: 'snapshotCluster0', type: 'CLUSTER' },
      { name: 'snapshotCluster1', type: 'CLUSTER' },
    ],
    deleteAfterDate: new Date(now + 86_400_000).toISOString(),
    ...extra,
  };
}

describe('database users in the emulator', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let owner: DigestClient;
  const answers: Array<{ method: string; path: string; status: number; contentType: string; body: unknown }> = [];

  async function call(c: DigestClient, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    const response = await c.request(method, path, { ...options, headers: { ...v2(V), ...options.headers } });
    const template = path.split('?')[0]!.replace(/\/groups\/[^/]+/, '/groups/{groupId}').replace(/\/databaseUsers\/[^/]+\/[^/]+$/, '/databaseUsers/{databaseName}/{username}');
    answers.push({ method, path: template, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json });
    return response;
  }

  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read }));
    owner = client(emu, OWNER);
  });
  afterAll(async () => {
    await emu.stop();
  });

  it('reproduces each recorded answer in shape: create, describe, list, update, update of the password alone, delete', async () => {
    const recorded = readRecorded('recorded-resources').filter((r) => r.file.startsWith('TestDBUserWithFlags__'));
    const live = (step: string): unknown => {
      const found = recorded.find((r) => r.file.startsWith(`TestDBUserWithFlags__${step}__`));
      return found && found.body.trim() ? JSON.parse(found.body) : undefined;
    };
    const created = await call(owner, 'POST', USERS, { body: recordedCreate(clock.now) });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe(`application/vnd.atlas.${V}+json;charset=utf-8`);
    const described = await call(owner, 'GET', `${USERS}/admin/user-253`);
    // The list of the recording holds an OIDC workforce group too (its name has a /).
    await call(owner, 'POST', USERS, {
      body: { databaseName: 'admin', groupId: PROJECT_A, username: 'd0123456789abcdef012345d/user-998', oidcAuthType: 'IDP_GROUP', roles: [{ databaseName: 'admin', roleName: 'atlasAdmin' }] },
    });
    const listed = await call(owner, 'GET', USERS);
    const update = { roles: [{ databaseName: 'admin', roleName: 'readWrite' }], scopes: [{ name: 'snapshotCluster0', type: 'CLUSTER' }], password: 'another-password-1' };
    const updated = await call(owner, 'PATCH', `${USERS}/admin/user-253`, { body: update });
    const passwordOnly = await call(owner, 'PATCH', `${USERS}/admin/user-253`, { body: { password: 'yet-another-password' } });
    const deleted = await call(owner, 'DELETE', `${USERS}/admin/user-253`);

    expect([described.status, listed.status, updated.status, passwordOnly.status, deleted.status]).toEqual([200, 200, 200, 200, 204]);
    expect(deleted.text).toBe('');
    expect(updated.json.roles).toEqual([{ databaseName: 'admin', roleName: 'readWrite' }]);
    expect(passwordOnly.json.scopes).toEqual([{ name: 'snapshotCluster0', type: 'CLUSTER' }]);
    expect(listed.json.results.map((u: { username: string }) => u.username)).toEqual(['user-253', 'd0123456789abcdef012345d/user-998']);
    expect(listed.json.results[1].links[0].href).toBe(`${emu.url}${USERS}/admin/d0123456789abcdef012345d%2Fuser-998`);
    expect(shapeList(created.json)).toEqual(shapeList(live('Create')));
    expect(shapeList(described.json)).toEqual(shapeList(live('Describe')));
    expect(shapeList(listed.json)).toEqual(shapeList(live('List')));
    expect(shapeList(listed.json)).toEqual(shapeList(live('List_Compact')));
    expect(shapeList(updated.json)).toEqual(shapeList(live('Update')));
    expect(shapeList(passwordOnly.json)).toEqual(shapeList(live('Update_only_password')));
    expect(live('Delete')).toBeUndefined();
    // The same keys in the same (alphabetical) order as the live service writes them.
    expect(Object.keys(created.json)).toEqual(Object.keys(live('Create') as object));
  });

  it('never answers a password, in any answer', async () => {
    await call(owner, 'POST', USERS, { body: recordedCreate(clock.now, { username: 'secretive' }) });
    await call(owner, 'PATCH', `${USERS}/admin/secretive`, { body: { password: 'changed-password-2' } });
    await call(owner, 'GET', USERS);
    const texts = answers.map((a) => JSON.stringify(a.body ?? ''));
    for (const secret of [PASSWORD, 'changed-password-2', 'another-password-1', 'yet-another-password']) {
      expect(texts.filter((t) => t.includes(secret))).toEqual([]);
    }
    expect(texts.filter((t) => t.includes('"password"'))).toEqual([]);
  });

  it('lets a read-only key list and get, and refuses it (and a cluster manager) every write', async () => {
    const reader = client(emu, READER);
    expect((await call(reader, 'GET', USERS)).status).toBe(200);
    expect((await call(reader, 'GET', `${USERS}/admin/secretive`)).status).toBe(200);
    for (const c of [reader, client(emu, MANAGER)]) {
      expect((await call(c, 'POST', USERS, { body: recordedCreate(clock.now, { username: 'nope' }) })).status).toBe(401);
      expect((await call(c, 'PATCH', `${USERS}/admin/secretive`, { body: { description: 'x' } })).status).toBe(401);
      expect((await call(c, 'DELETE', `${USERS}/admin/secretive`)).status).toBe(401);
    }
    expect((await call(owner, 'GET', `${USERS}/admin/secretive`)).status).toBe(200);
  });

  it('refuses a user that exists with 409 USER_ALREADY_EXISTS, and the same name in $external is another user', async () => {
    const again = await call(owner, 'POST', USERS, { body: recordedCreate(clock.now, { username: 'secretive' }) });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 409, errorCode: 'USER_ALREADY_EXISTS', parameters: ['secretive'] });
    const external = await call(owner, 'POST', USERS, {
      body: { databaseName: '$external', groupId: PROJECT_A, username: 'secretive', x509Type: 'MANAGED', roles: [{ databaseName: 'admin', roleName: 'readAnyDatabase' }] },
    });
    expect(external.status).toBe(201);
    expect(external.json.links[0].href).toBe(`${emu.url}${USERS}/$external/secretive`);
    expect((await call(owner, 'GET', `${USERS}/%24external/secretive`)).json.x509Type).toBe('MANAGED');
  });

  it('answers 400 naming the field: unknown, read-only, missing, and each rule of the description', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [recordedCreate(clock.now, { username: 'u1', bogus: 1 }), 'INVALID_ATTRIBUTE', 'bogus'],
      [recordedCreate(clock.now, { username: 'u1', links: [] }), 'ATTRIBUTE_READ_ONLY', 'links'],
      [{ ...recordedCreate(clock.now, { username: 'u1' }), roles: undefined }, 'MISSING_ATTRIBUTE', 'roles'],
      [{ ...recordedCreate(clock.now, { username: 'u1' }), password: undefined }, 'MISSING_ATTRIBUTE', 'password'],
      [recordedCreate(clock.now, { username: 'u1', password: 'short' }), 'INVALID_ATTRIBUTE', 'password'],
      [recordedCreate(clock.now, { username: 'u1', databaseName: '$external' }), 'INVALID_ATTRIBUTE', 'databaseName'],
      [recordedCreate(clock.now, { username: 'u1', awsIAMType: 'USER', databaseName: '$external' }), 'INVALID_ATTRIBUTE', 'password'],
      [recordedCreate(clock.now, { username: 'u1', roles: [{ databaseName: 'app', roleName: 'read', extra: 1 }] }), 'INVALID_ATTRIBUTE', 'roles.extra'],
      [recordedCreate(clock.now, { username: 'u1', scopes: [{ name: 'c1', type: 'CLUSTERS' }] }), 'INVALID_ATTRIBUTE', 'scopes.type'],
      [recordedCreate(clock.now, { username: 'u1', deleteAfterDate: new Date(clock.now + 8 * 86_400_000).toISOString() }), 'INVALID_ATTRIBUTE', 'deleteAfterDate'],
      [recordedCreate(clock.now, { username: 'u1', deleteAfterDate: new Date(clock.now - 1000).toISOString() }), 'INVALID_ATTRIBUTE', 'deleteAfterDate'],
      [recordedCreate(clock.now, { username: 'u1', description: 'x'.repeat(101) }), 'INVALID_ATTRIBUTE', 'description'],
      [recordedCreate(clock.now, { username: 'u1', groupId: PROJECT_B }), 'INVALID_ATTRIBUTE', 'groupId'],
    ];
    for (const [body, code, field] of cases) {
      const response = await call(owner, 'POST', USERS, { body });
      expect([response.status, response.json.errorCode, response.json.parameters], JSON.stringify(body)).toEqual([400, code, [field]]);
    }
    const patch = await call(owner, 'PATCH', `${USERS}/admin/secretive`, { body: { username: 'renamed' } });
    expect([patch.status, patch.json.errorCode, patch.json.parameters]).toEqual([400, 'INVALID_ATTRIBUTE', ['username']]);
    const missing = await call(owner, 'GET', `${USERS}/admin/nobody`);
    expect([missing.status, missing.json.errorCode, missing.json.detail]).toEqual([404, 'USERNAME_NOT_FOUND', 'No user with username nobody exists.']);
    expect((await call(owner, 'GET', `${USERS}/admin/u1`)).status).toBe(404);
  });

  it('pages like every list: itemsPerPage, pageNum, next and previous, includeCount', async () => {
    const project = `/api/atlas/v2/groups/${PROJECT_B}/databaseUsers`;
    for (let i = 0; i < 5; i++) {
      const body = { ...recordedCreate(clock.now, { username: `p${i}`, groupId: PROJECT_B }), deleteAfterDate: undefined };
      expect((await call(owner, 'POST', project, { body })).status).toBe(201);
    }
    const page = await call(owner, 'GET', `${project}?itemsPerPage=2&pageNum=2`);
    expect(page.json.results.map((u: { username: string }) => u.username)).toEqual(['p2', 'p3']);
    expect(page.json.totalCount).toBe(5);
    expect(page.json.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next', 'previous']);
    expect((await call(owner, 'GET', `${project}?includeCount=false`)).json.totalCount).toBeUndefined();
    expect((await call(owner, 'GET', `${project}?itemsPerPage=501`)).status).toBe(400);
  });

  it('forgets a user once its deleteAfterDate has passed on the clock', async () => {
    const body = recordedCreate(clock.now, { username: 'brief', deleteAfterDate: new Date(clock.now + 3_600_000).toISOString() });
    expect((await call(owner, 'POST', USERS, { body })).status).toBe(201);
    clock.advance(3_600_000 - 1000);
    expect((await call(owner, 'GET', `${USERS}/admin/brief`)).status).toBe(200);
    clock.advance(1000);
    expect((await call(owner, 'GET', `${USERS}/admin/brief`)).status).toBe(404);
    const names = (await call(owner, 'GET', USERS)).json.results.map((u: { username: string }) => u.username);
    expect(names).not.toContain('brief');
    // The name is free again.
    expect((await call(owner, 'POST', USERS, { body: recordedCreate(clock.now, { username: 'brief' }) })).status).toBe(201);
  });

  it('validates every answer against the 2026-08 description', () => {
    const validator = new OpenApiValidator();
    const problems = answers.flatMap((a) =>
      validator.validate({ method: a.method, path: `${a.path}`, status: a.status, contentType: a.contentType, body: a.status === 204 ? undefined : a.body }).map((e) => `${a.method} ${a.path} ${a.status}: ${e}`),
    );
    expect(answers.length).toBeGreaterThan(40);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 201, 204, 400, 401, 404, 409]));
    expect(problems).toEqual([]);
    // Not vacuous: a password in an answer, or a wrong auth type, is refused.
    const user = answers.find((a) => a.method === 'GET' && a.status === 200 && a.path.endsWith('{username}'))!;
    expect(validator.validate({ ...user, body: { ...(user.body as object), x509Type: 'SOMETIMES' } })).not.toEqual([]);
    expect(emu.unexpectedErrors()).toEqual([]);
  });
});

describe('database users across restarts, dates and seeds', () => {
  const seeded = (deleteAfterDate?: string): SeedDocument =>
    testSeed({
      databaseUsers: [
        { projectId: PROJECT_A, user: { username: 'app', databaseName: 'admin', roles: [{ databaseName: 'app', roleName: 'readWrite' }], ...(deleteAfterDate ? { deleteAfterDate } : {}) } },
        { projectId: PROJECT_A, user: { username: 'CN=ci,O=example', databaseName: '$external', x509Type: 'CUSTOMER', roles: [{ databaseName: 'admin', roleName: 'readAnyDatabase' }] } },
      ],
    });

  it('serves the users a seed declares', async () => {
    const { emu } = await withEmulator({ seed: seeded() });
    try {
      const list = await client(emu, OWNER).request('GET', USERS, { headers: v2(V) });
      expect(list.json.results.map((u: { username: string; groupId: string }) => [u.username, u.groupId])).toEqual([
        ['app', PROJECT_A],
        ['CN=ci,O=example', PROJECT_A],
      ]);
    } finally {
      await emu.stop();
    }
  });

  it('refuses a seed user that breaks a rule, naming the entry and the field', () => {
    const bad = testSeed({ databaseUsers: [{ projectId: PROJECT_A, user: { username: 'x', databaseName: '$external', roles: [] } }] });
    expect(() => validateSeed(bad)).toThrow(/databaseUsers\[0\]\.user\.databaseName: INVALID_ATTRIBUTE/);
    const twice = testSeed({ databaseUsers: [0, 1].map(() => ({ projectId: PROJECT_A, user: { username: 'x', databaseName: 'admin', roles: [] } })) });
    expect(() => validateSeed(twice)).toThrow(/databaseUsers\[1\]\.user\.username: duplicate user x/);
  });

  it('keeps users in --state across a restart, and a --date past a deleteAfterDate finds the user gone', async () => {
    const dir = tempDir('cdba-dbusers-state-');
    const statePath = join(dir, 'state.json');
    const clock = new TestClock(Date.UTC(2026, 10, 26, 9, 0, 0));
    const first = (await withEmulator({ seed: testSeed(), statePath, clock: clock.read })).emu;
    const body = recordedCreate(clock.now, { username: 'temp', deleteAfterDate: '2026-11-28T09:00:00Z' });
    expect((await client(first, OWNER).request('POST', USERS, { body, headers: v2(V) })).status).toBe(201);
    await first.stop();

    const again = (await withEmulator({ seed: testSeed(), statePath, clock: clock.read, date: '2026-11-27' })).emu;
    const kept = await client(again, OWNER).request('GET', `${USERS}/admin/temp`, { headers: v2(V) });
    expect([kept.status, kept.json.deleteAfterDate]).toEqual([200, '2026-11-28T09:00:00Z']);
    await again.stop();

    const later = (await withEmulator({ seed: testSeed(), statePath, clock: clock.read, date: '2026-11-29' })).emu;
    expect((await client(later, OWNER).request('GET', `${USERS}/admin/temp`, { headers: v2(V) })).status).toBe(404);
    await later.stop();
  });

  it('drops a seeded user whose deleteAfterDate has passed', async () => {
    const { emu } = await withEmulator({ seed: seeded('2020-01-01T00:00:00Z') });
    try {
      const list = await client(emu, OWNER).request('GET', USERS, { headers: v2(V) });
      expect(list.json.results.map((u: { username: string }) => u.username)).toEqual(['CN=ci,O=example']);
    } finally {
      await emu.stop();
    }
  });
});
