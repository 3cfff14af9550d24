// Network peering in the emulator: containers and peers validated as the service does,
// each provider's states on the emulator's clock (with the user's step played, or held),
// deletion to 404, and what peers do to the rest: private connection strings, AWS
// security groups in the access list, a project that cannot be deleted. Persisted with
// --state; declared in a seed; the old seed flag `peering: true` still works.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { tempDir } from '../../helpers/cli.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { OWNER, PROJECT_A, PROJECT_B, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

const T = 1000;
const V = v2('2023-01-01');
const VPC = `vpc-${'0a'.repeat(8)}1`;
const awsPeer = (containerId: string, overrides: Record<string, unknown> = {}) => ({
  containerId,
  providerName: 'AWS',
  accepterRegionName: 'us-east-1',
  awsAccountId: '123456789012',
  routeTableCidrBlock: '10.0.0.0/16',
  vpcId: VPC,
  ...overrides,
});
const azureCluster = (name: string) =>
  modernCreate(name, { replicationSpecs: [{ regionConfigs: [{ providerName: 'AZURE', regionName: 'US_EAST_2', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }] });

async function api(c: DigestClient, method: string, path: string, body?: unknown) {
  return c.request(method, `/api/atlas/v2/groups/${PROJECT_A}${path}`, { headers: V, ...(body === undefined ? {} : { body }) });
}

describe('network peering in the emulator', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed({ clusters: [{ projectId: PROJECT_A, cluster: azureCluster('az') }] }), clock: clock.read, transitionMs: T }));
    c = client(emu, OWNER);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  it('refuses what the service refuses: a second container in a region, a public or wrongly sized block, a bad account, VPC or field', async () => {
    const first = await api(c, 'POST', '/containers', { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '192.168.248.0/21' });
    expect([first.status, first.json.provisioned, first.json.vpcId]).toEqual([200, false, expect.stringMatching(/^vpc-[0-9a-f]{17}$/)]);
    const again = await api(c, 'POST', '/containers', { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '10.0.0.0/24' });
    expect([again.status, again.json.errorCode]).toEqual([409, 'CONTAINER_ALREADY_EXISTS']);
    const refusals: Array<[unknown, string, string]> = [
      [{ providerName: 'AWS', regionName: 'US_WEST_2', atlasCidrBlock: '8.8.8.0/21' }, 'INVALID_ATTRIBUTE', 'atlasCidrBlock'],
      [{ providerName: 'AWS', regionName: 'US_WEST_2', atlasCidrBlock: '10.0.0.0/20' }, 'INVALID_ATTRIBUTE', 'atlasCidrBlock'],
      [{ providerName: 'GCP', atlasCidrBlock: '10.0.0.0/19' }, 'INVALID_ATTRIBUTE', 'atlasCidrBlock'],
      [{ providerName: 'AWS', regionName: 'us-west-2', atlasCidrBlock: '10.0.0.0/21' }, 'INVALID_ATTRIBUTE', 'regionName'],
      [{ providerName: 'AZURE', atlasCidrBlock: '10.0.0.0/21' }, 'MISSING_ATTRIBUTE', 'region'],
      [{ providerName: 'AWS', regionName: 'US_WEST_2', atlasCidrBlock: '10.0.0.0/21', vpcId: VPC }, 'ATTRIBUTE_READ_ONLY', 'vpcId'],
    ];
    for (const [body, code, field] of refusals) {
      const refused = await api(c, 'POST', '/containers', body);
      expect([refused.status, refused.json.errorCode, refused.json.parameters], JSON.stringify(body)).toEqual([code === 'CONTAINER_ALREADY_EXISTS' ? 409 : 400, code, [field]]);
    }
    const peers: Array<[Record<string, unknown>, string, string]> = [
      [{ awsAccountId: '12345678901' }, 'INVALID_ATTRIBUTE', 'awsAccountId'],
      [{ vpcId: 'vpc-123' }, 'INVALID_ATTRIBUTE', 'vpcId'],
      [{ routeTableCidrBlock: '10.0.0.1/16' }, 'INVALID_ATTRIBUTE', 'routeTableCidrBlock'],
      [{ accepterRegionName: undefined }, 'MISSING_ATTRIBUTE', 'accepterRegionName'],
      [{ providerName: 'GCP' }, 'INVALID_ATTRIBUTE', 'providerName'],
    ];
    for (const [overrides, code, field] of peers) {
      const refused = await api(c, 'POST', '/peers', awsPeer(first.json.id as string, overrides));
      expect([refused.status, refused.json.errorCode, refused.json.parameters], JSON.stringify(overrides)).toEqual([400, code, [field]]);
    }
    const nowhere = await api(c, 'POST', '/peers', awsPeer('f'.repeat(24)));
    expect([nowhere.status, nowhere.json.errorCode]).toEqual([404, 'CLOUD_PROVIDER_CONTAINER_NOT_FOUND']);
  });

  it('AWS: INITIATING, PENDING_ACCEPTANCE with the connection to accept, FINALIZING, AVAILABLE, one transition each', async () => {
    const container = (await api(c, 'GET', '/containers')).json.results[0];
    const created = await api(c, 'POST', '/peers', awsPeer(container.id));
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ statusName: 'INITIATING', providerName: 'AWS', vpcId: VPC });
    expect(created.json.connectionId).toBeUndefined();
    const states: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(T);
      const peer = (await api(c, 'GET', `/peers/${created.json.id}`)).json;
      states.push(peer.statusName);
      if (peer.statusName === 'PENDING_ACCEPTANCE') expect(peer.connectionId).toMatch(/^pcx-[0-9a-f]{17}$/);
    }
    expect(states).toEqual(['PENDING_ACCEPTANCE', 'FINALIZING', 'AVAILABLE']);
    expect((await api(c, 'GET', `/containers/${container.id}`)).json.provisioned).toBe(true);
  });

  it('an AWS peer lets the access list take a security group; Azure and GCP peers list only with their providerName', async () => {
    const group = await c.request('POST', `/api/atlas/v2/groups/${PROJECT_A}/accessList`, { headers: V, body: [{ awsSecurityGroup: 'sg-903004f8' }] });
    expect(group.status).toBe(201);
    const other = await c.request('POST', `/api/atlas/v2/groups/${PROJECT_B}/accessList`, { headers: V, body: [{ awsSecurityGroup: 'sg-903004f8' }] });
    expect([other.status, other.json.errorCode]).toEqual([400, 'CANNOT_USE_AWS_SECURITY_GROUP_WITHOUT_VPC_PEERING_CONNECTION']);

    const azure = await api(c, 'POST', '/containers', { providerName: 'AZURE', region: 'US_EAST_2', atlasCidrBlock: '10.8.0.0/21' });
    const before = (await api(c, 'GET', '/clusters/az')).json.connectionStrings;
    expect(before.private).toBeUndefined();
    const peer = await api(c, 'POST', '/peers', {
      containerId: azure.json.id,
      providerName: 'AZURE',
      azureDirectoryId: '35f2fa72-7a34-44ea-9ea6-2e6c8cbad3fd',
      azureSubscriptionId: 'a2e0f7c5-03cf-4a0a-a0f1-05e1e5d8c1e4',
      resourceGroupName: 'app',
      vnetName: 'app-vnet',
    });
    expect(peer.json.status).toBe('ADDING_PEER');
    expect((await api(c, 'GET', '/clusters/az')).json.connectionStrings.private).toBeUndefined();
    clock.advance(T);
    expect((await api(c, 'GET', `/peers/${peer.json.id}`)).json.status).toBe('AVAILABLE');
    // The cached cluster view sees the new peer at once.
    expect((await api(c, 'GET', '/clusters/az')).json.connectionStrings.private).toMatch(/^mongodb:\/\/az-shard-00-00-pri\./);
    expect((await api(c, 'GET', '/peers')).json.results.map((p: { providerName: string }) => p.providerName)).toEqual(['AWS']);
    expect((await api(c, 'GET', '/peers?providerName=AZURE')).json.results.map((p: { id: string }) => p.id)).toEqual([peer.json.id]);
  });

  it('GCP: ADDING_PEER, WAITING_FOR_USER (the user peers back from the container\'s project and network), AVAILABLE', async () => {
    const gcp = await api(c, 'POST', '/containers', { providerName: 'GCP', atlasCidrBlock: '10.128.0.0/18' });
    expect(gcp.json).toMatchObject({ regions: [], gcpProjectId: expect.stringMatching(/^p-[0-9a-z]{24}$/), networkName: expect.stringMatching(/^nt-[0-9a-f]{24}-[0-9a-z]{8}$/) });
    const second = await api(c, 'POST', '/containers', { providerName: 'GCP', atlasCidrBlock: '10.64.0.0/18' });
    expect(second.json.errorCode).toBe('CONTAINER_ALREADY_EXISTS'); // one per provider on GCP
    const peer = await api(c, 'POST', '/peers', { containerId: gcp.json.id, providerName: 'GCP', gcpProjectId: 'my-app-project', networkName: 'app-net' });
    const states = [peer.json.status];
    for (let i = 0; i < 2; i++) {
      clock.advance(T);
      states.push((await api(c, 'GET', `/peers/${peer.json.id}`)).json.status);
    }
    expect(states).toEqual(['ADDING_PEER', 'WAITING_FOR_USER', 'AVAILABLE']);
  });

  it('a project with peers is not deleted (409, as live); deleting a peer answers 202 {}, TERMINATING, then 404; then the project goes', async () => {
    await api(c, 'DELETE', '/clusters/az');
    clock.advance(T);
    const refused = await c.request('DELETE', `/api/atlas/v2/groups/${PROJECT_A}`, { headers: V });
    expect([refused.status, refused.json.errorCode, refused.json.detail]).toEqual([409, 'CANNOT_CLOSE_GROUP_ACTIVE_PEERING_CONNECTIONS', 'There are active peering connections in this project.']);
    const containers = (await api(c, 'GET', '/containers/all')).json.results as Array<{ id: string; providerName: string }>;
    expect(containers.map((x) => x.providerName)).toEqual(['AWS', 'AZURE', 'GCP']);
    const inUse = await api(c, 'DELETE', `/containers/${containers[0]!.id}`);
    expect([inUse.status, inUse.json.errorCode]).toEqual([409, 'CONTAINER_IN_USE']);
    const all = [...(await api(c, 'GET', '/peers')).json.results, ...(await api(c, 'GET', '/peers?providerName=AZURE')).json.results, ...(await api(c, 'GET', '/peers?providerName=GCP')).json.results];
    for (const peer of all) {
      const deleted = await api(c, 'DELETE', `/peers/${peer.id}`);
      expect([deleted.status, deleted.json]).toEqual([202, {}]);
    }
    const aws = (await api(c, 'GET', `/peers/${all[0].id}`)).json;
    expect(aws.statusName).toBe('TERMINATING');
    expect((await api(c, 'DELETE', `/peers/${all[0].id}`)).status).toBe(409);
    clock.advance(T);
    const gone = await api(c, 'GET', `/peers/${all[0].id}`);
    expect([gone.status, gone.json.errorCode]).toEqual([404, 'PEER_NOT_FOUND']);
    for (const container of containers) expect((await api(c, 'DELETE', `/containers/${container.id}`)).status).toBe(204);
    expect((await c.request('DELETE', `/api/atlas/v2/groups/${PROJECT_A}`, { headers: V })).status).toBe(202);
  });
});

describe('--hold-user-steps', () => {
  it('keeps an AWS peer at PENDING_ACCEPTANCE and a GCP peer at WAITING_FOR_USER, made while it is on, however long it runs; across a restart too', async () => {
    const clock = new TestClock();
    const statePath = join(tempDir(), 'state.json');
    const start = (holdWaits: boolean) => startEmulator({ seed: testSeed(), clock: clock.read, transitionMs: T, statePath, holdWaits });
    let emu = await start(true);
    let c = client(emu, OWNER);
    const aws = await api(c, 'POST', '/containers', { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '192.168.248.0/21' });
    const gcp = await api(c, 'POST', '/containers', { providerName: 'GCP', atlasCidrBlock: '10.128.0.0/18' });
    const awsPeerId = (await api(c, 'POST', '/peers', awsPeer(aws.json.id))).json.id as string;
    const gcpPeerId = (await api(c, 'POST', '/peers', { containerId: gcp.json.id, providerName: 'GCP', gcpProjectId: 'my-app-project', networkName: 'app-net' })).json.id as string;
    clock.advance(100 * T);
    expect((await api(c, 'GET', `/peers/${awsPeerId}`)).json.statusName).toBe('PENDING_ACCEPTANCE');
    expect((await api(c, 'GET', `/peers/${gcpPeerId}`)).json.status).toBe('WAITING_FOR_USER');
    await emu.stop();
    emu = await start(false);
    c = client(emu, OWNER);
    clock.advance(100 * T);
    expect((await api(c, 'GET', `/peers/${gcpPeerId}`)).json.status).toBe('WAITING_FOR_USER');
    // A new one, made without the switch, goes on.
    const other = (await api(c, 'POST', '/peers', awsPeer(aws.json.id, { vpcId: `vpc-${'0b'.repeat(8)}2` }))).json.id as string;
    clock.advance(3 * T);
    expect((await api(c, 'GET', `/peers/${other}`)).json.statusName).toBe('AVAILABLE');
    await emu.stop();
  });
});

describe('the lapse of a held AWS request is judged on the service\'s clock', () => {
  it('made on one --date, PENDING_ACCEPTANCE six days later, FAILED EXPIRED eight days later (same --state), though the wall clock barely moved', async () => {
    const clock = new TestClock();
    const statePath = join(tempDir(), 'state.json');
    const on = (date: string) => startEmulator({ seed: testSeed(), clock: clock.read, transitionMs: T, statePath, holdWaits: true, date });
    let emu = await on('2026-08-10T09:00:00Z');
    let c = client(emu, OWNER);
    const container = await api(c, 'POST', '/containers', { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '192.168.248.0/21' });
    const id = (await api(c, 'POST', '/peers', awsPeer(container.json.id))).json.id as string;
    clock.advance(T);
    expect((await api(c, 'GET', `/peers/${id}`)).json.statusName).toBe('PENDING_ACCEPTANCE');
    await emu.stop();
    emu = await on('2026-08-16T09:00:00Z');
    c = client(emu, OWNER);
    clock.advance(T);
    expect((await api(c, 'GET', `/peers/${id}`)).json.statusName).toBe('PENDING_ACCEPTANCE');
    await emu.stop();
    emu = await on('2026-08-18T09:00:00Z');
    c = client(emu, OWNER);
    clock.advance(T);
    expect((await api(c, 'GET', `/peers/${id}`)).json).toMatchObject({ statusName: 'FAILED', errorStateName: 'EXPIRED' });
    await emu.stop();
  });
});

describe('peering in a seed and in old state files', () => {
  it('a seed declares containers and AVAILABLE peers, and its mistakes are named', async () => {
    const seed = testSeed({
      networkPeering: [{ projectId: PROJECT_A, container: { providerName: 'AWS', regionName: 'EU_WEST_1', atlasCidrBlock: '10.1.0.0/21' }, peers: [awsPeer('ignored', { containerId: undefined })] }],
    });
    const { emu } = await withEmulator({ seed });
    const peers = (await api(client(emu, OWNER), 'GET', '/peers')).json.results;
    expect(peers.map((p: { statusName: string }) => p.statusName)).toEqual(['AVAILABLE']);
    await emu.stop();
    await expect(startEmulator({ seed: testSeed({ networkPeering: [{ projectId: PROJECT_A, container: { providerName: 'AWS', regionName: 'EU_WEST_1', atlasCidrBlock: '8.8.8.0/21' } }] }) })).rejects.toThrow(
      /networkPeering\[0\]: INVALID_ATTRIBUTE Invalid attribute atlasCidrBlock/,
    );
  });

  it('the old seed flag and an old state file\'s `peering: true` become an AVAILABLE peer on each provider', async () => {
    const statePath = join(tempDir(), 'old.json');
    const { emu: seeded } = await withEmulator({ seed: testSeed({ projects: [{ id: PROJECT_A, name: 'alpha', peering: true }, { id: PROJECT_B, name: 'beta' }] }), statePath });
    const c = client(seeded, OWNER);
    const count = async (provider: string) => (await api(c, 'GET', `/peers?providerName=${provider}`)).json.results.filter((p: { statusName?: string; status?: string }) => (p.statusName ?? p.status) === 'AVAILABLE').length;
    expect([await count('AWS'), await count('AZURE'), await count('GCP')]).toEqual([1, 1, 1]);
    await seeded.stop();
    // A state file written before peers were resources: the flag on the project.
    const world = JSON.parse((await import('node:fs')).readFileSync(statePath, 'utf8')) as { world: { projects: Array<Record<string, unknown>>; peering?: unknown } };
    delete world.world.peering;
    world.world.projects[0]!.peering = true;
    writeFileSync(statePath, JSON.stringify(world));
    const reloaded = await startEmulator({ statePath });
    expect((await api(client(reloaded, OWNER), 'GET', '/peers')).json.results).toHaveLength(1);
    expect(reloaded.state().projects[0]).not.toHaveProperty('peering');
    await reloaded.stop();
  });
});
