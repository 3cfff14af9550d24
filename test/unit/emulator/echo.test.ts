// What a client written for the live service sends back: the shards' own ids on a
// 2024-08-05 PATCH (matched by id; unknown id 400 naming the field), read-only fields
// echoed unchanged (pass; a different value is 400 ATTRIBUTE_READ_ONLY naming the field),
// and a single-region spec without priority (7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_A, PROJECT_B, client, testSeed, v2 } from './fixtures.js';

const CLUSTERS = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const shard = (tier: string) => ({ zoneName: 'Zone 1', regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: tier, nodeCount: 3, diskSizeGB: 40 } }] });
/** A shard as read, without what the service computes (effective specs, zoneId). */
const sendable = (spec: Doc): Doc => ({
  id: spec.id,
  zoneName: spec.zoneName,
  regionConfigs: spec.regionConfigs.map(({ effectiveElectableSpecs: _e, effectiveReadOnlySpecs: _r, effectiveAnalyticsSpecs: _a, ...region }: Doc) => region),
});
const tiers = (doc: Doc): string[] => doc.replicationSpecs.map((s: Doc) => s.regionConfigs[0].electableSpecs.instanceSize);

describe('PATCH with the shards\' own ids at 2024-08-05 and later', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), transitionMs: 0 }));
  });
  afterAll(() => emu.stop());

  it('matches shards by id whatever their order, removes those left out, refuses an unknown id naming the field', async () => {
    const http = client(emu);
    const created = await http.request('POST', CLUSTERS, { headers: v2('2024-10-23'), body: { name: 'ids', clusterType: 'SHARDED', replicationSpecs: [shard('M30'), shard('M30'), shard('M30')] } });
    expect(created.status, created.text).toBe(201);
    const read = (await http.request('GET', `${CLUSTERS}/ids`, { headers: v2('2024-08-05') })).json as Doc;
    const [s0, s1, s2] = read.replicationSpecs.map(sendable) as Doc[];
    const ids = [s0!.id, s1!.id, s2!.id];
    expect(new Set(ids).size).toBe(3);
    // Reordered, the middle shard scaled: matched by id, not by position.
    // Read-only nodes share the electable size (the description), so both change.
    const region = s1!.regionConfigs[0];
    const bigger = { ...s1!, regionConfigs: [{ ...region, electableSpecs: { ...region.electableSpecs, instanceSize: 'M40' }, ...(region.readOnlySpecs ? { readOnlySpecs: { ...region.readOnlySpecs, instanceSize: 'M40' } } : {}) }] };
    for (const version of ['2024-08-05', '2024-10-23']) {
      const patched = await http.request('PATCH', `${CLUSTERS}/ids`, { headers: v2(version), body: { replicationSpecs: [s2, bigger, s0] } });
      expect(patched.status, patched.text).toBe(200);
      const byId = Object.fromEntries(patched.json.replicationSpecs.map((s: Doc) => [s.id, s.regionConfigs[0].electableSpecs.instanceSize]));
      expect(byId).toEqual({ [ids[0]]: 'M30', [ids[1]]: 'M40', [ids[2]]: 'M30' });
    }
    const unknown = await http.request('PATCH', `${CLUSTERS}/ids`, { headers: v2('2024-10-23'), body: { replicationSpecs: [{ ...s0!, id: 'f'.repeat(24) }] } });
    expect([unknown.status, unknown.json.errorCode, unknown.json.parameters]).toEqual([400, 'INVALID_ATTRIBUTE', ['replicationSpecs.id']]);
    const twice = await http.request('PATCH', `${CLUSTERS}/ids`, { headers: v2('2024-10-23'), body: { replicationSpecs: [s0, s0] } });
    expect([twice.status, twice.json.parameters]).toEqual([400, ['replicationSpecs.id']]);
    // Left out: removed.
    const fewer = await http.request('PATCH', `${CLUSTERS}/ids`, { headers: v2('2024-10-23'), body: { replicationSpecs: [s0, bigger] } });
    expect(fewer.status, fewer.text).toBe(200);
    expect(fewer.json.replicationSpecs.map((s: Doc) => s.id)).toEqual([ids[0], ids[1]]);
    expect(tiers(fewer.json)).toEqual(['M30', 'M40']);
  });

  it('a create with shard ids is refused: they are the service\'s to assign', async () => {
    const response = await client(emu).request('POST', CLUSTERS, { headers: v2('2024-10-23'), body: { name: 'newids', clusterType: 'SHARDED', replicationSpecs: [{ ...shard('M30'), id: 'a'.repeat(24) }] } });
    expect([response.status, response.json.errorCode, response.json.parameters]).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['replicationSpecs.id']]);
  });
});

describe('read-only fields echoed unchanged', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), transitionMs: 0 }));
  });
  afterAll(() => emu.stop());

  const mcpCreate = (name: string, groupId: string) => ({
    name,
    groupId,
    clusterType: 'REPLICASET',
    // As MongoDB's MCP server creates a free cluster: one region, no priority.
    replicationSpecs: [{ zoneName: 'Zone 0', regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M0' } }] }],
  });

  it('create: groupId equal to the path\'s project passes, a missing priority is 7; another project is refused naming groupId', async () => {
    const http = client(emu);
    const created = await http.request('POST', CLUSTERS, { headers: v2('2025-03-12'), body: mcpCreate('free', PROJECT_A) });
    expect(created.status, created.text).toBe(201);
    expect(created.json.groupId).toBe(PROJECT_A);
    expect(created.json.replicationSpecs[0].regionConfigs[0].priority).toBe(7);
    const other = await http.request('POST', CLUSTERS, { headers: v2('2025-03-12'), body: mcpCreate('free2', PROJECT_B) });
    expect([other.status, other.json.errorCode, other.json.parameters]).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['groupId']]);
  });

  it('PATCH: read-only fields equal to the current ones pass and change nothing; a different value names the field', async () => {
    const http = client(emu);
    for (const version of ['2023-01-01', '2023-02-01', '2024-10-23']) {
      const name = `echo-${version}`;
      const body = { name, clusterType: 'REPLICASET', replicationSpecs: [shard('M10')] };
      expect((await http.request('POST', CLUSTERS, { headers: v2('2024-10-23'), body })).status).toBe(201);
      const read = await http.request('GET', `${CLUSTERS}/${name}`, { headers: v2(version) });
      const { id, groupId, createDate, mongoDBVersion, stateName } = read.json as Doc;
      const same = await http.request('PATCH', `${CLUSTERS}/${name}`, { headers: v2(version), body: { id, groupId, createDate, mongoDBVersion, stateName, terminationProtectionEnabled: false } });
      expect(same.status, `${version}: ${same.text}`).toBe(200);
      expect(same.json.stateName, version).toBe('IDLE'); // nothing changed, so no UPDATING
      const changed = await http.request('PATCH', `${CLUSTERS}/${name}`, { headers: v2(version), body: { id, stateName: 'UPDATING' } });
      expect([changed.status, changed.json.errorCode, changed.json.parameters], version).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['stateName']]);
    }
  });

  // The echo stores configServerManagementMode, which a sharded cluster renders as a default the
  // model did not hold: a change no shape shows, so not one to go UPDATING for.
  it('PATCH with the whole document a GET gave, at every version: accepted, and nothing changes', async () => {
    const http = client(emu);
    const body = { name: 'whole', clusterType: 'SHARDED', replicationSpecs: [shard('M30'), shard('M30')] };
    expect((await http.request('POST', CLUSTERS, { headers: v2('2024-10-23'), body })).status).toBe(201);
    for (const version of ['v1.0', '2023-01-01', '2023-02-01', '2024-08-05', '2024-10-23']) {
      const path = version === 'v1.0' ? `/api/atlas/v1.0/groups/${PROJECT_A}/clusters/whole` : `${CLUSTERS}/whole`;
      const headers = version === 'v1.0' ? {} : v2(version);
      const read = await http.request('GET', path, { headers });
      expect(read.status, version).toBe(200);
      const patched = await http.request('PATCH', path, { headers, body: read.json });
      expect(patched.status, `${version}: ${patched.text}`).toBe(200);
      expect(patched.json.stateName, version).toBe('IDLE');
    }
  });
});

// Issue 32: the rule above holds for every resource's bodies, in one place: a read-only field
// whose value equals what the service holds (or, on a create, the path's own project) passes.
describe('read-only fields echoed unchanged, in every resource', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), transitionMs: 0 }));
  });
  afterAll(() => emu.stop());
  const group = (project: string) => `/api/atlas/v2/groups/${project}`;
  const refusal = (answer: { status: number; json: Doc }) => [answer.status, answer.json.errorCode, answer.json.parameters];

  it('access list: a POST whose entries carry groupId equal to the path\'s project is accepted; another project is refused', async () => {
    const http = client(emu);
    const path = `${group(PROJECT_A)}/accessList`;
    const added = await http.request('POST', path, { headers: v2('2023-01-01'), body: [{ ipAddress: '10.7.7.7', groupId: PROJECT_A, comment: 'sdk' }] });
    expect(added.status, added.text).toBe(201);
    expect(added.json.results).toContainEqual(expect.objectContaining({ cidrBlock: '10.7.7.7/32', groupId: PROJECT_A, comment: 'sdk' }));
    const other = await http.request('POST', path, { headers: v2('2023-01-01'), body: [{ ipAddress: '10.7.7.8', groupId: PROJECT_B }] });
    expect(refusal(other)).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['groupId']]);
  });

  it('flex clusters: a create with the path\'s groupId, and a PATCH of the whole document a GET gave, pass; a change is refused', async () => {
    const http = client(emu);
    const path = `${group(PROJECT_A)}/flexClusters`;
    const body = { name: 'flexecho', groupId: PROJECT_A, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } };
    const created = await http.request('POST', path, { headers: v2('2024-11-13'), body });
    expect(created.status, created.text).toBe(201);
    const read = await http.request('GET', `${path}/flexecho`, { headers: v2('2024-11-13') });
    const whole = await http.request('PATCH', `${path}/flexecho`, { headers: v2('2024-11-13'), body: { ...read.json, terminationProtectionEnabled: true } });
    expect(whole.status, whole.text).toBe(200);
    expect(whole.json.terminationProtectionEnabled).toBe(true);
    const moved = await http.request('PATCH', `${path}/flexecho`, { headers: v2('2024-11-13'), body: { ...read.json, providerSettings: { ...read.json.providerSettings, regionName: 'US_WEST_2' } } });
    expect(refusal(moved)).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['providerSettings']]);
  });

  it('database users: a PATCH with the links a GET gave passes; links on a create (nothing held yet) are refused', async () => {
    const http = client(emu);
    const path = `${group(PROJECT_A)}/databaseUsers`;
    const user = { databaseName: 'admin', groupId: PROJECT_A, username: 'echoer', password: 'secret-pass', roles: [{ databaseName: 'admin', roleName: 'read' }] };
    expect((await http.request('POST', path, { headers: v2('2023-01-01'), body: user })).status).toBe(201);
    const read = await http.request('GET', `${path}/admin/echoer`, { headers: v2('2023-01-01') });
    const patched = await http.request('PATCH', `${path}/admin/echoer`, { headers: v2('2023-01-01'), body: { ...read.json, description: 'echoed' } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.description).toBe('echoed');
    const stale = await http.request('PATCH', `${path}/admin/echoer`, { headers: v2('2023-01-01'), body: { links: [] } });
    expect(refusal(stale)).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['links']]);
    const created = await http.request('POST', path, { headers: v2('2023-01-01'), body: { ...user, username: 'other', links: read.json.links } });
    expect(refusal(created)).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['links']]);
  });

  it('private IP mode: a PATCH with the links a GET gave passes', async () => {
    const http = client(emu);
    const path = `${group(PROJECT_A)}/privateIpMode`;
    const read = await http.request('GET', path, { headers: v2('2023-01-01') });
    const patched = await http.request('PATCH', path, { headers: v2('2023-01-01'), body: { ...read.json, enabled: false } });
    expect(patched.status, patched.text).toBe(200);
    expect(refusal(await http.request('PATCH', path, { headers: v2('2023-01-01'), body: { enabled: false, links: [] } }))).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['links']]);
  });

  it('projects: a create holds nothing yet, so its read-only fields are refused', async () => {
    const http = client(emu);
    const org = (await http.request('GET', `${group(PROJECT_A)}`, { headers: v2('2023-01-01') })).json.orgId as string;
    const made = await http.request('POST', '/api/atlas/v2/groups', { headers: v2('2023-01-01'), body: { name: 'echoed', orgId: org, id: PROJECT_A } });
    expect(refusal(made)).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['id']]);
  });
});
