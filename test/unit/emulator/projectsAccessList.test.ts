// The emulator's projects, organizations and project IP access list, driven over HTTP:
// who sees and may change what, the field checks, PENDING then ACTIVE, expiry (also
// under --date), persistence, and the shapes the live service recorded
// (reference/recorded-resources), key path by key path.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { MANAGER, OWNER, PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';
import { tempDir } from '../../helpers/cli.js';

const ORG = '5f0000000000000000000001';
const OTHER_ORG = '5f0000000000000000000002';
const V = v2('2023-01-01');
const TRANSITION_MS = 1000;

/** Every key path of a JSON value with the type found there; array items merge under []. */
export function shapeOf(value: unknown, path = ''): Map<string, string> {
  const shape = new Map<string, string>();
  const visit = (v: unknown, at: string): void => {
    if (Array.isArray(v)) {
      shape.set(at, 'array');
      for (const item of v) visit(item, `${at}[]`);
    } else if (v !== null && typeof v === 'object') {
      shape.set(at, 'object');
      for (const [key, inner] of Object.entries(v)) visit(inner, `${at}.${key}`);
    } else shape.set(at, v === null ? 'null' : typeof v);
  };
  visit(value, path);
  return shape;
}

const sorted = (shape: Map<string, string>): Array<[string, string]> => [...shape.entries()].sort(([a], [b]) => a.localeCompare(b));

function seed() {
  return testSeed({
    orgs: [{ id: ORG, name: 'acme' }, { id: OTHER_ORG, name: 'elsewhere' }],
    projects: [
      { id: PROJECT_A, name: 'alpha', orgId: ORG, peering: true, ipAccessList: [{ cidrBlock: '10.1.0.0/16', comment: 'seeded' }] },
      { id: PROJECT_B, name: 'beta', orgId: ORG },
    ],
    clusters: [{ projectId: PROJECT_B, cluster: modernCreate('keeper') }],
    transitionMs: TRANSITION_MS,
  });
}

describe('projects and organizations', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: seed(), clock: clock.read }));
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('lists the projects a key has a role in, and gets one by ID or by name', async () => {
    const owner = client(emu, OWNER);
    const list = await owner.request('GET', '/api/atlas/v2/groups', { headers: V });
    expect(list.status).toBe(200);
    expect(list.json.results.map((p: { name: string }) => p.name)).toEqual(['alpha', 'beta']);
    expect(list.json.totalCount).toBe(2);
    const reader = await client(emu, READER).request('GET', '/api/atlas/v2/groups', { headers: V });
    expect(reader.json.results.map((p: { id: string }) => p.id)).toEqual([PROJECT_A]);

    const byId = await owner.request('GET', `/api/atlas/v2/groups/${PROJECT_B}`, { headers: V });
    expect(byId.json).toMatchObject({ id: PROJECT_B, name: 'beta', orgId: ORG, clusterCount: 1 });
    const byName = await owner.request('GET', '/api/atlas/v2/groups/byName/beta', { headers: V });
    expect(byName.json).toEqual(byId.json);
    const missing = await owner.request('GET', '/api/atlas/v2/groups/byName/nope', { headers: V });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ errorCode: 'GROUP_NAME_NOT_FOUND', detail: 'No group with name "nope" exists.' });
    // A project the key has no role in is answered as a name that does not exist: the answer tells no one which names exist.
    const notMine = await client(emu, READER).request('GET', '/api/atlas/v2/groups/byName/beta', { headers: V });
    expect(notMine.status).toBe(404);
    expect(notMine.json).toMatchObject({ errorCode: 'GROUP_NAME_NOT_FOUND', detail: 'No group with name "beta" exists.' });
  });

  it('lists the organizations a key belongs to', async () => {
    const orgs = await client(emu, OWNER).request('GET', '/api/atlas/v2/orgs', { headers: V });
    expect(orgs.status).toBe(200);
    expect(orgs.json.results).toEqual([{ id: ORG, isDeleted: false, links: [{ href: `${emu.url}/api/atlas/v2/orgs/${ORG}`, rel: 'self' }], name: 'acme' }]);
  });

  it('filters the organizations by a name they start with, whatever its case (the description\'s listOrgs name)', async () => {
    const named = async (name: string): Promise<string[]> => {
      const answer = await client(emu, OWNER).request('GET', `/api/atlas/v2/orgs?name=${encodeURIComponent(name)}`, { headers: V });
      expect(answer.status).toBe(200);
      return answer.json.results.map((org: { name: string }) => org.name);
    };
    for (const name of ['acme', 'ACME', 'ac', 'AcM', 'a', '']) expect(await named(name), name).toEqual(['acme']);
    for (const name of ['cme', 'acmee', 'acme ', 'elsewhere']) expect(await named(name), name).toEqual([]); // not a prefix; elsewhere: not a member
  });

  it('creates a project (201), makes the creator its owner, and refuses what the service refuses', async () => {
    const owner = client(emu, OWNER);
    const created = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'gamma', orgId: ORG } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'gamma', orgId: ORG, clusterCount: 0, withDefaultAlertsSettings: true });
    const id = created.json.id as string;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    // The creator may work in it at once: a cluster list, then an access-list entry.
    expect((await owner.request('GET', `/api/atlas/v2/groups/${id}/clusters`, { headers: v2('2023-02-01') })).status).toBe(200);

    const refusals: Array<[unknown, number, string, string?]> = [
      [{ name: 'gamma', orgId: ORG }, 409, 'GROUP_ALREADY_EXISTS'],
      [{ name: 'delta', orgId: ORG, id: 'x' }, 400, 'ATTRIBUTE_READ_ONLY', 'id'],
      [{ name: 'delta', orgId: ORG, color: 'red' }, 400, 'INVALID_ATTRIBUTE', 'color'],
      [{ name: 'delta', orgId: ORG, regionUsageRestrictions: 'GOV_REGIONS_ONLY' }, 400, 'INVALID_ATTRIBUTE', 'regionUsageRestrictions'],
      [{ orgId: ORG }, 400, 'MISSING_ATTRIBUTE', 'name'],
      [{ name: 'no spaces', orgId: ORG }, 400, 'INVALID_ATTRIBUTE', 'name'],
      [{ name: 'delta', orgId: 'f'.repeat(24) }, 404, 'ORG_NOT_FOUND'],
      [{ name: 'delta', orgId: OTHER_ORG }, 404, 'ORG_NOT_FOUND'], // a member of no project there
    ];
    for (const [body, status, code, field] of refusals) {
      const answer = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body });
      expect([answer.status, answer.json.errorCode], JSON.stringify(body)).toEqual([status, code]);
      if (field) expect(answer.json.parameters).toEqual([field]);
    }
    const reader = await client(emu, READER).request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'delta', orgId: ORG } });
    expect([reader.status, reader.json.errorCode]).toEqual([401, 'NOT_ORG_GROUP_CREATOR']);
  });

  it('keeps a project\'s tags and answers them in create, get, by name and list; no tags, no field; refuses malformed tags naming the field', async () => {
    const owner = client(emu, OWNER);
    const tags = [{ key: 'env', value: 'dev' }, { key: 'team', value: 'x'.repeat(255) }];
    const created = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'tagged', orgId: ORG, tags } });
    expect(created.status).toBe(201);
    expect(created.json.tags).toEqual(tags);
    // The description's Group keeps its fields in alphabetical order, tags among them.
    expect(Object.keys(created.json)).toEqual(Object.keys(created.json).sort());
    const byId = await owner.request('GET', `/api/atlas/v2/groups/${created.json.id}`, { headers: V });
    expect(byId.json.tags).toEqual(tags);
    expect((await owner.request('GET', '/api/atlas/v2/groups/byName/tagged', { headers: V })).json.tags).toEqual(tags);
    const listed = (await owner.request('GET', '/api/atlas/v2/groups', { headers: V })).json.results.find((p: { name: string }) => p.name === 'tagged');
    expect(listed.tags).toEqual(tags);
    // Without tags (or with none) the answer has no tags field, as the recorded creates have none.
    const bare = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'untagged', orgId: ORG, tags: [] } });
    expect(bare.status).toBe(201);
    expect(bare.json).not.toHaveProperty('tags');
    expect((await owner.request('GET', `/api/atlas/v2/groups/${PROJECT_A}`, { headers: V })).json).not.toHaveProperty('tags');

    const refusals: Array<[unknown, string, string]> = [
      ['junk', 'INVALID_ATTRIBUTE', 'tags'],
      [['junk'], 'INVALID_ATTRIBUTE', 'tags'],
      [[null], 'INVALID_ATTRIBUTE', 'tags'],
      [[{ key: 'env' }], 'MISSING_ATTRIBUTE', 'tags.value'],
      [[{ value: 'dev' }], 'MISSING_ATTRIBUTE', 'tags.key'],
      [[{ key: '', value: 'dev' }], 'INVALID_ATTRIBUTE', 'tags.key'],
      [[{ key: 'env', value: 'v'.repeat(256) }], 'INVALID_ATTRIBUTE', 'tags.value'],
      [[{ key: 'env', value: 7 }], 'INVALID_ATTRIBUTE', 'tags.value'],
      [[{ key: 'env', value: 'dev', color: 'red' }], 'INVALID_ATTRIBUTE', 'tags.color'],
    ];
    for (const [bad, code, field] of refusals) {
      const answer = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'badtags', orgId: ORG, tags: bad } });
      expect([answer.status, answer.json.errorCode, answer.json.parameters], JSON.stringify(bad)).toEqual([400, code, [field]]);
    }
    expect((await owner.request('GET', '/api/atlas/v2/groups/byName/badtags', { headers: V })).status).toBe(404);
  });

  it('refuses to delete a project that has clusters (409), deletes an empty one (202 with {}, as recorded), and the read-only key may not', async () => {
    const owner = client(emu, OWNER);
    const busy = await owner.request('DELETE', `/api/atlas/v2/groups/${PROJECT_B}`, { headers: V });
    expect([busy.status, busy.json.errorCode]).toEqual([409, 'CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_CLUSTERS']);
    const readOnly = await client(emu, READER).request('DELETE', `/api/atlas/v2/groups/${PROJECT_A}`, { headers: V });
    expect(readOnly.status).toBe(401);
    const manager = await client(emu, MANAGER).request('DELETE', `/api/atlas/v2/groups/${PROJECT_A}`, { headers: V });
    expect(manager.status).toBe(401);

    const made = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'scratch', orgId: ORG } });
    // The live create's Location is the v1.0 root, doubled slash and all (the recording's base is localhost:8080).
    const recordedCreate = readRecorded('recorded-backup').find((r) => r.file === 'TestRestores__POST_api_atlas_v2_groups_1.http')!;
    expect(made.status).toBe(recordedCreate.status);
    expect(made.headers.get('location')).toBe(recordedCreate.headers.location!.replace('http://localhost:8080', emu.url));
    const gone = await owner.request('DELETE', `/api/atlas/v2/groups/${made.json.id}`, { headers: V });
    // The description says 204; the live service answers 202 with {} (both recorded deletes).
    const recordedDeletes = readRecorded('recorded-backup').filter((r) => /^TestRestores__DELETE_api_atlas_v2_groups_[0-9a-f]{24}_1\.http$/.test(r.file));
    expect(recordedDeletes).toHaveLength(2);
    for (const r of recordedDeletes) {
      expect([gone.status, gone.text, gone.headers.get('content-type')]).toEqual([r.status, r.body.trim(), r.headers['content-type']]);
    }
    expect((await owner.request('GET', `/api/atlas/v2/groups/${made.json.id}`, { headers: V })).status).toBe(404);
    expect(emu.state().projects.map((p) => p.id)).not.toContain(made.json.id);
    // The key that created it has no role left there: the list no longer shows it.
    const names = (await owner.request('GET', '/api/atlas/v2/groups', { headers: V })).json.results.map((p: { name: string }) => p.name);
    expect(names).not.toContain('scratch');
  });
});

describe('the project IP access list', () => {
  const clock = new TestClock(Date.now());
  let emu: RunningEmulator;
  const path = `/api/atlas/v2/groups/${PROJECT_A}/accessList`;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: seed(), clock: clock.read }));
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('adds an entry PENDING, answers the whole list, and makes it ACTIVE after the transition time', async () => {
    const owner = client(emu, OWNER);
    const added = await owner.request('POST', path, { headers: V, body: [{ ipAddress: '192.168.0.243', comment: 'test' }] });
    expect(added.status).toBe(201);
    expect(added.json.results.map((e: { cidrBlock: string }) => e.cidrBlock)).toEqual(['10.1.0.0/16', '192.168.0.243/32']);
    expect(added.json.results[1]).toEqual({
      cidrBlock: '192.168.0.243/32',
      comment: 'test',
      groupId: PROJECT_A,
      ipAddress: '192.168.0.243',
      links: [{ href: `${emu.url}${path}/192.168.0.243%2F32`, rel: 'self' }],
    });
    const status = (entry: string) => owner.request('GET', `${path}/${entry}/status`, { headers: V });
    expect((await status('192.168.0.243')).json).toEqual({ STATUS: 'PENDING' });
    expect((await status('10.1.0.0%2F16')).json).toEqual({ STATUS: 'ACTIVE' }); // seeded: active from the start
    clock.advance(TRANSITION_MS);
    expect((await status('192.168.0.243%2F32')).json).toEqual({ STATUS: 'ACTIVE' });
  });

  it('takes the same entry again without a second one, with the new comment', async () => {
    const owner = client(emu, OWNER);
    const again = await owner.request('POST', path, { headers: V, body: [{ cidrBlock: '192.168.0.243/32', comment: 'again' }] });
    expect(again.status).toBe(201);
    expect(again.json.results.filter((e: { cidrBlock: string }) => e.cidrBlock === '192.168.0.243/32')).toEqual([expect.objectContaining({ comment: 'again' })]);
    expect((await owner.request('GET', `${path}/192.168.0.243/status`, { headers: V })).json).toEqual({ STATUS: 'ACTIVE' });
  });

  it('lets a read-only key list and get, and refuses it writes', async () => {
    const reader = client(emu, READER);
    expect((await reader.request('GET', path, { headers: V })).status).toBe(200);
    expect((await reader.request('GET', `${path}/10.1.0.0%2F16`, { headers: V })).status).toBe(200);
    expect((await reader.request('POST', path, { headers: V, body: [{ ipAddress: '10.9.9.9' }] })).status).toBe(401);
    expect((await reader.request('DELETE', `${path}/10.1.0.0%2F16`, { headers: V })).status).toBe(401);
    expect((await client(emu, MANAGER).request('POST', path, { headers: V, body: [{ ipAddress: '10.9.9.9' }] })).status).toBe(401);
  });

  it('refuses bad entries with 400 naming the field, and adds none of a batch with one bad entry', async () => {
    const owner = client(emu, OWNER);
    const cases: Array<[unknown, string, unknown[]?]> = [
      [[{ ipAddress: '10.2.2.2', color: 'red' }], 'INVALID_ATTRIBUTE', ['color']],
      [[{ ipAddress: '10.2.2.2', groupId: PROJECT_B }], 'ATTRIBUTE_READ_ONLY', ['groupId']],
      [[{ ipAddress: '10.2.2.2', links: [] }], 'ATTRIBUTE_READ_ONLY', ['links']],
      [[{ ipAddress: '300.1.1.1' }], 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION', ['300.1.1.1']],
      [[{ cidrBlock: '10.2.2.2/8' }], 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION'],
      [[{ ipAddress: '10.2.2.2', cidrBlock: '10.2.2.2/32' }], 'BAD_WHITELIST_ADD_REQUEST'],
      [[{ comment: 'nothing to add' }], 'MISSING_ATTRIBUTE', ['cidrBlock']],
      [[{ ipAddress: '10.2.2.2', comment: 'x'.repeat(81) }], 'INVALID_ATTRIBUTE', ['comment']],
      [[{ ipAddress: '10.2.2.2', deleteAfterDate: new Date(clock.now + 8 * 86_400_000).toISOString() }], 'INVALID_ATTRIBUTE', ['deleteAfterDate']],
      [[{ ipAddress: '10.2.2.2', deleteAfterDate: new Date(clock.now - 1000).toISOString() }], 'INVALID_ATTRIBUTE', ['deleteAfterDate']],
      [[{ awsSecurityGroup: 'sg-0123abcd', deleteAfterDate: new Date(clock.now + 3_600_000).toISOString() }], 'INVALID_ATTRIBUTE', ['deleteAfterDate']],
      [[{ ipAddress: '10.3.3.3' }, { ipAddress: 'nope' }], 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION'],
      [{ ipAddress: '10.2.2.2' }, 'INVALID_JSON'],
    ];
    for (const [body, code, parameters] of cases) {
      const answer = await owner.request('POST', path, { headers: V, body });
      expect([answer.status, answer.json.errorCode], JSON.stringify(body)).toEqual([400, code]);
      if (parameters) expect(answer.json.parameters).toEqual(parameters);
    }
    const list = await owner.request('GET', path, { headers: V });
    expect(list.json.results.map((e: { cidrBlock: string }) => e.cidrBlock)).not.toContain('10.3.3.3/32');
    // A security group needs VPC peering: project B has none.
    const noPeering = await owner.request('POST', `/api/atlas/v2/groups/${PROJECT_B}/accessList`, { headers: V, body: [{ awsSecurityGroup: 'sg-0123abcd' }] });
    expect(noPeering.json.errorCode).toBe('CANNOT_USE_AWS_SECURITY_GROUP_WITHOUT_VPC_PEERING_CONNECTION');
    const group = await owner.request('POST', path, { headers: V, body: [{ awsSecurityGroup: 'sg-0123abcd' }] });
    expect(group.json.results).toContainEqual(expect.objectContaining({ awsSecurityGroup: 'sg-0123abcd', links: [{ href: `${emu.url}${path}/sg-0123abcd`, rel: 'self' }] }));
  });

  it('pages the list, keeps IPv6 written out in full, and deletes a CIDR named with %2F', async () => {
    const owner = client(emu, OWNER);
    await owner.request('POST', path, { headers: V, body: [{ cidrBlock: '2001:db8::/48' }, { cidrBlock: '172.16.0.0/12' }] });
    const page = await owner.request('GET', `${path}?itemsPerPage=1&pageNum=2`, { headers: V });
    expect(page.json.results).toHaveLength(1);
    expect(page.json.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next', 'previous']);
    const v6 = await owner.request('GET', `${path}/2001:db8::%2F48`, { headers: V });
    expect(v6.json.cidrBlock).toBe('2001:db8:0:0:0:0:0:0/48');
    expect((await owner.request('DELETE', `${path}/172.16.0.0%2F12`, { headers: V })).status).toBe(204);
    const again = await owner.request('DELETE', `${path}/172.16.0.0%2F12`, { headers: V });
    expect([again.status, again.json.errorCode, again.json.detail]).toEqual([404, 'ATLAS_NETWORK_PERMISSION_ENTRY_NOT_FOUND', `IP Address 172.16.0.0/12 not on Atlas access list for group ${PROJECT_A}.`]);
  });

  it('drops an entry once its deleteAfterDate has passed', async () => {
    const owner = client(emu, OWNER);
    const at = new Date(clock.now + 3_600_000).toISOString();
    await owner.request('POST', path, { headers: V, body: [{ ipAddress: '10.7.7.7', deleteAfterDate: at }] });
    const entry = await owner.request('GET', `${path}/10.7.7.7`, { headers: V });
    expect(entry.json.deleteAfterDate).toBe(at.replace(/\.\d{3}Z$/, 'Z'));
    clock.advance(3_600_000);
    expect((await owner.request('GET', `${path}/10.7.7.7`, { headers: V })).status).toBe(404);
    expect((await owner.request('GET', path, { headers: V })).json.results.map((e: { cidrBlock: string }) => e.cidrBlock)).not.toContain('10.7.7.7/32');
  });

  it('answers GET /api/private/ipinfo with the caller\'s address', async () => {
    const info = await client(emu, OWNER).request('GET', '/api/private/ipinfo');
    expect([info.status, info.json]).toEqual([200, { currentIpv4Address: '127.0.0.1' }]);
    expect((await client(emu, OWNER).request('POST', '/api/private/ipinfo', { body: {} })).status).toBe(405);
  });
});

describe('expiry under --date, persistence and the seed', () => {
  it('an entry whose deleteAfterDate is before the --date day is gone', async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const withEntry = testSeed({
      projects: [{ id: PROJECT_A, name: 'alpha', ipAccessList: [{ ipAddress: '10.4.4.4', deleteAfterDate: soon }, { ipAddress: '10.5.5.5' }] }, { id: PROJECT_B, name: 'beta' }],
    });
    const { emu } = await withEmulator({ seed: withEntry, date: later });
    try {
      const list = await client(emu, OWNER).request('GET', `/api/atlas/v2/groups/${PROJECT_A}/accessList`, { headers: V });
      expect(list.json.results.map((e: { cidrBlock: string }) => e.cidrBlock)).toEqual(['10.5.5.5/32']);
    } finally {
      await emu.stop();
    }
  });

  it('--state keeps created projects and entries across a restart', async () => {
    const dir = tempDir('cdba-state-');
    const statePath = join(dir, 'state.json');
    try {
      const first = (await withEmulator({ seed: seed(), statePath })).emu;
      const owner = client(first, OWNER);
      const made = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'kept', orgId: ORG, tags: [{ key: 'env', value: 'ci' }] } });
      await owner.request('POST', `/api/atlas/v2/groups/${made.json.id}/accessList`, { headers: V, body: [{ cidrBlock: '10.8.0.0/16', comment: 'kept' }] });
      await first.stop();
      const second = (await withEmulator({ seed: seed(), statePath })).emu;
      try {
        const again = client(second, OWNER);
        const kept = (await again.request('GET', '/api/atlas/v2/groups/byName/kept', { headers: V })).json;
        expect([kept.id, kept.tags]).toEqual([made.json.id, [{ key: 'env', value: 'ci' }]]);
        const entries = await again.request('GET', `/api/atlas/v2/groups/${made.json.id}/accessList`, { headers: V });
        expect(entries.json.results).toEqual([expect.objectContaining({ cidrBlock: '10.8.0.0/16', comment: 'kept' })]);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the seed names what is wrong with orgs and access-list entries', async () => {
    const bad = testSeed({
      orgs: [{ id: 'nope', name: 'x' }],
      projects: [{ id: PROJECT_A, name: 'alpha', orgId: OTHER_ORG, ipAccessList: [{ ipAddress: '1.2.3' }, { cidrBlock: '10.0.0.0/8', ipAddress: '10.0.0.1' }] }, { id: PROJECT_B, name: 'beta' }],
    });
    await expect(withEmulator({ seed: bad })).rejects.toThrow(
      /orgs\[0\]\.id: "nope" is not a 24-hex organization id.*projects\[0\]\.orgId: "5f0000000000000000000002" is not one of the seed's orgs.*ipAccessList\[0\]\.ipAddress: "1\.2\.3" is not an IP address.*ipAccessList\[1\]: needs exactly one of/,
    );
  });
});

describe('recorded shapes (reference/recorded-resources)', () => {
  it('each recorded projects, access-list and ipinfo answer is reproduced in shape by the emulator', async () => {
    const recorded = readRecorded('recorded-resources').filter((r) => /^TestAccessList__|^TestProjectSettings__POST_api_atlas_v2_groups_1/.test(r.file));
    expect(recorded.length).toBeGreaterThanOrEqual(10);
    const { emu } = await withEmulator({ seed: seed() });
    try {
      const owner = client(emu, OWNER);
      // Drive the emulator to each recorded situation, as the recording's test did.
      const project = await owner.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: 'accessList-e2e-149', orgId: ORG } });
      const list = `/api/atlas/v2/groups/${project.json.id}/accessList`;
      const forever = await owner.request('POST', list, { headers: V, body: [{ ipAddress: '192.168.0.243', comment: 'test' }] });
      const listed = await owner.request('GET', list, { headers: V });
      const described = await owner.request('GET', `${list}/192.168.0.243`, { headers: V });
      const deleted = await owner.request('DELETE', `${list}/192.168.0.243`, { headers: V });
      const deleteAfter = await owner.request('POST', list, { headers: V, body: [{ ipAddress: '192.168.0.243', comment: 'test', deleteAfterDate: new Date(Date.now() + 300_000).toISOString() }] });
      await owner.request('DELETE', `${list}/192.168.0.243`, { headers: V });
      const ipinfo = await owner.request('GET', '/api/private/ipinfo');
      const current = await owner.request('POST', list, { headers: V, body: [{ ipAddress: ipinfo.json.currentIpv4Address, comment: 'test' }] });
      const deletedCurrent = await owner.request('DELETE', `${list}/${ipinfo.json.currentIpv4Address}`, { headers: V });
      const situations: Array<[RegExp, { status: number; text: string; json: unknown }]> = [
        [/^TestAccessList__POST_api_atlas_v2_groups_1/, project],
        [/^TestProjectSettings__POST_api_atlas_v2_groups_1/, project],
        [/Create_Forever__POST/, forever],
        [/__List__GET/, listed],
        [/__Describe__GET/, described],
        [/__Delete__DELETE/, deleted],
        [/Delete#01__DELETE/, deleted],
        [/Create_Delete_After__POST/, deleteAfter],
        [/CurrentIp__GET_api_private_ipinfo/, ipinfo],
        [/CurrentIp__POST/, current],
        [/Delete#02__DELETE/, deletedCurrent],
      ];
      for (const r of recorded) {
        const situation = situations.find(([pattern]) => pattern.test(r.file));
        expect(situation, r.file).toBeDefined();
        const answer = situation![1];
        expect(answer.status, r.file).toBe(r.status);
        if (r.body.trim() === '') {
          expect(answer.text, r.file).toBe('');
          continue;
        }
        expect(sorted(shapeOf(answer.json)), r.file).toEqual(sorted(shapeOf(JSON.parse(r.body))));
      }
    } finally {
      await emu.stop();
    }
  });
});
