// Private endpoints in the emulator: each recorded answer of recorded-network/ is
// reproduced in shape (status, version, fields and their JSON types) by driving the
// emulator to the recorded situation; interface endpoints on each provider, the clusters
// they serve (UPDATING, then their privateEndpoint strings), the regionalized setting and
// its refusal, deletes, the project delete refused, the seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../../src/connstring/index.js';
import { startEmulator, validateSeed, type RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient, type HttpResult } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { OWNER, PROJECT_A, TestClock, client, modernCreate, shardedCreate, signature, testSeed, v2 } from './fixtures.js';

const T = 1000;
const V = v2('2023-01-01');
const AZURE_ENDPOINT = '/subscriptions/4e133d35-e734-4380-a565-c0945535da37/resourceGroups/app/providers/Microsoft.Network/privateEndpoints/app-pe';
const VPCE = 'vpce-0a1b2c3d4e5f60718';
const cluster = (name: string, provider: string, region: string) =>
  modernCreate(name, { replicationSpecs: [{ regionConfigs: [{ providerName: provider, regionName: region, priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }] });

async function api(c: DigestClient, method: string, path: string, body?: unknown): Promise<HttpResult> {
  return c.request(method, `/api/atlas/v2/groups/${PROJECT_A}${path}`, { headers: V, ...(body === undefined ? {} : { body }) });
}

describe('the recorded private-endpoint answers, reproduced in shape', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, transitionMs: T }));
    c = client(emu, OWNER);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  /** The recorded answer of a test step, and ours: same status, version, fields and types. */
  function same(file: RegExp, ours: HttpResult, options: { rateLimit?: boolean } = {}): void {
    const recorded = readRecorded('recorded-network').find((r) => file.test(r.file));
    expect(recorded, String(file)).toBeDefined();
    expect(ours.status, recorded!.file).toBe(recorded!.status);
    expect(ours.headers.get('content-type'), recorded!.file).toBe(recorded!.headers['content-type']);
    if (options.rateLimit ?? true) expect(ours.headers.get('ratelimit-limit'), recorded!.file).toBe(recorded!.headers['ratelimit-limit']);
    expect([...signature(ours.json)].sort(), recorded!.file).toEqual([...signature(JSON.parse(recorded!.body))].sort());
  }

  it('AWS: create (201, INITIATING, no service name), watch, describe and list once AVAILABLE, delete (202 {})', async () => {
    const created = await api(c, 'POST', '/privateEndpoint/endpointService', { providerName: 'AWS', region: 'eu-west-1' });
    same(/^TestPrivateEndpointsAWS__Create__/, created);
    expect(created.json).toMatchObject({ regionName: 'EU_WEST_1', status: 'INITIATING', endpointServiceName: null }); // sent eu-west-1, answered EU_WEST_1
    const id = created.json.id as string;
    same(/^TestPrivateEndpointsAWS__Watch__.*_1\.http$/, await api(c, 'GET', `/privateEndpoint/AWS/endpointService/${id}`));
    clock.advance(T); // INITIATING straight to AVAILABLE, as recorded
    const available = await api(c, 'GET', `/privateEndpoint/AWS/endpointService/${id}`);
    same(/^TestPrivateEndpointsAWS__Watch__.*_2\.http$/, available);
    expect(available.json.endpointServiceName).toMatch(/^com\.amazonaws\.vpce\.eu-west-1\.vpce-svc-[0-9a-f]{17}$/);
    same(/^TestPrivateEndpointsAWS__Describe__/, available);
    same(/^TestPrivateEndpointsAWS__List__/, await api(c, 'GET', '/privateEndpoint/AWS/endpointService'));
    same(/^TestPrivateEndpointsAWS__Delete__/, await api(c, 'DELETE', `/privateEndpoint/AWS/endpointService/${id}`));
  });

  it('Azure: create in southeastasia (ASIA_SOUTH_EAST), watch, describe and list with the private link service, delete', async () => {
    const created = await api(c, 'POST', '/privateEndpoint/endpointService', { providerName: 'AZURE', region: 'southeastasia' });
    same(/^TestPrivateEndpointsAzure__Create__/, created);
    expect(created.json.regionName).toBe('ASIA_SOUTH_EAST');
    const id = created.json.id as string;
    same(/^TestPrivateEndpointsAzure__Watch__.*_1\.http$/, await api(c, 'GET', `/privateEndpoint/AZURE/endpointService/${id}`));
    clock.advance(T);
    const available = await api(c, 'GET', `/privateEndpoint/AZURE/endpointService/${id}`);
    same(/^TestPrivateEndpointsAzure__Watch__.*_2\.http$/, available);
    same(/^TestPrivateEndpointsAzure__Describe__/, available);
    expect(available.json.privateLinkServiceName).toBe(`pls_${id}`);
    same(/^TestPrivateEndpointsAzure__List__/, await api(c, 'GET', '/privateEndpoint/AZURE/endpointService'));
    same(/^TestPrivateEndpointsAzure__Delete__/, await api(c, 'DELETE', `/privateEndpoint/AZURE/endpointService/${id}`));
  });

  it('the regionalized setting: get (off), enable and disable answer 202 with the setting', async () => {
    same(/^TestRegionalizedPrivateEndpointsSettings__Get_/, await api(c, 'GET', '/privateEndpoint/regionalMode'));
    same(/^TestRegionalizedPrivateEndpointsSettings__Enable_/, await api(c, 'PATCH', '/privateEndpoint/regionalMode', { enabled: true }));
    const off = await api(c, 'PATCH', '/privateEndpoint/regionalMode', { enabled: false });
    same(/^TestRegionalizedPrivateEndpointsSettings__Disable_/, off);
    expect(off.json).toEqual({ enabled: false });
  });

  it('each test\'s project create, as recorded', async () => {
    for (const name of ['TestPrivateEndpointsAWS', 'TestPrivateEndpointsAzure', 'TestRegionalizedPrivateEndpointsSettings']) {
      const made = await c.request('POST', '/api/atlas/v2/groups', { headers: V, body: { name: `${name}-e2e`, orgId: emu.state().projects[0]!.orgId } });
      // (The emulator counts a project's requests; a create has no project yet, so no RateLimit headers.)
      same(new RegExp(`^${name}__POST_api_atlas_v2_groups_1\\.http$`), made, { rateLimit: false });
    }
  });
});

describe('interface endpoints and the clusters they serve', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  const service: Record<string, string> = {};
  beforeAll(async () => {
    const seed = testSeed({
      clusters: [
        { projectId: PROJECT_A, cluster: cluster('east', 'AWS', 'US_EAST_1') },
        { projectId: PROJECT_A, cluster: { ...shardedCreate('shard'), replicationSpecs: [{ numShards: 2, regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } }] }] } },
        { projectId: PROJECT_A, cluster: cluster('west', 'AWS', 'US_WEST_2') },
        { projectId: PROJECT_A, cluster: cluster('azure', 'AZURE', 'US_EAST_2') },
      ],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: T }));
    c = client(emu, OWNER);
    for (const [provider, region] of [['AWS', 'us-east-1'], ['AZURE', 'eastus2'], ['GCP', 'us-east4']] as const) {
      service[provider] = (await api(c, 'POST', '/privateEndpoint/endpointService', { providerName: provider, region })).json.id as string;
    }
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });
  const state = async (name: string) => (await api(c, 'GET', `/clusters/${name}`)).json as { stateName: string; connectionStrings: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('an endpoint waits for its service to be AVAILABLE; one service per provider and region', async () => {
    const early = await api(c, 'POST', `/privateEndpoint/AWS/endpointService/${service.AWS}/endpoint`, { id: VPCE });
    expect([early.status, early.json.errorCode]).toEqual([400, 'PRIVATE_ENDPOINT_SERVICE_NOT_AVAILABLE']);
    const twice = await api(c, 'POST', '/privateEndpoint/endpointService', { providerName: 'AWS', region: 'US_EAST_1' });
    expect([twice.status, twice.json.errorCode]).toEqual([400, 'PRIVATE_ENDPOINT_SERVICE_ALREADY_EXISTS_FOR_REGION']);
    const unknown = await api(c, 'POST', '/privateEndpoint/endpointService', { providerName: 'AWS', region: 'us-middle-1' });
    expect([unknown.status, unknown.json.parameters]).toEqual([400, ['region']]);
    clock.advance(T);
  });

  it('AWS: PENDING_ACCEPTANCE, PENDING, AVAILABLE; the cluster in its region goes UPDATING and gets its private-endpoint strings; the others do not', async () => {
    expect((await state('east')).connectionStrings.privateEndpoint).toBeUndefined();
    const added = await api(c, 'POST', `/privateEndpoint/AWS/endpointService/${service.AWS}/endpoint`, { id: VPCE });
    expect([added.status, added.json]).toEqual([200, { cloudProvider: 'AWS', connectionStatus: 'PENDING_ACCEPTANCE', deleteRequested: false, interfaceEndpointId: VPCE }]);
    expect((await state('east')).stateName).toBe('UPDATING');
    expect((await state('west')).stateName).toBe('IDLE');
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      clock.advance(T);
      seen.push((await api(c, 'GET', `/privateEndpoint/AWS/endpointService/${service.AWS}/endpoint/${VPCE}`)).json.connectionStatus as string);
    }
    expect(seen).toEqual(['PENDING', 'AVAILABLE']);
    expect((await state('east')).stateName).toBe('UPDATING'); // settling
    clock.advance(T);
    const east = await state('east');
    expect(east.stateName).toBe('IDLE');
    expect(east.connectionStrings.privateEndpoint.map((e: { srvConnectionString: string }) => parse(e.srvConnectionString).type)).toEqual(['privateLinkAws']);
    expect(east.connectionStrings.privateEndpoint[0].endpoints).toEqual([{ endpointId: VPCE, providerName: 'AWS', region: 'US_EAST_1' }]);
    const shard = await state('shard');
    expect(parse(shard.connectionStrings.privateEndpoint[0].srvShardOptimizedConnectionString).type).toBe('privateLinkOptimized');
    expect((await state('west')).connectionStrings.privateEndpoint).toBeUndefined();
    expect((await api(c, 'GET', `/privateEndpoint/AWS/endpointService/${service.AWS}`)).json.interfaceEndpoints).toEqual([VPCE]);
  });

  it('Azure and GCP endpoints: their own bodies and states; a second id is refused', async () => {
    const azure = await api(c, 'POST', `/privateEndpoint/AZURE/endpointService/${service.AZURE}/endpoint`, { id: AZURE_ENDPOINT, privateEndpointIPAddress: '10.0.0.4' });
    expect(azure.json).toEqual({ cloudProvider: 'AZURE', deleteRequested: false, privateEndpointIPAddress: '10.0.0.4', privateEndpointResourceId: AZURE_ENDPOINT, status: 'INITIATING' });
    const noIp = await api(c, 'POST', `/privateEndpoint/AZURE/endpointService/${service.AZURE}/endpoint`, { id: AZURE_ENDPOINT.replace('app-pe', 'other') });
    expect([noIp.status, noIp.json.errorCode, noIp.json.parameters]).toEqual([400, 'MISSING_ATTRIBUTE', ['privateEndpointIPAddress']]);
    const gcp = await api(c, 'POST', `/privateEndpoint/GCP/endpointService/${service.GCP}/endpoint`, { endpointGroupName: 'app-group', gcpProjectId: 'my-app-project', endpoints: [{ endpointName: 'app-rule-0', ipAddress: '10.0.0.5' }] });
    expect(gcp.json).toMatchObject({ status: 'INITIATING', endpointGroupName: 'app-group', endpoints: [{ endpointName: 'app-rule-0', ipAddress: '10.0.0.5', status: 'INITIATING' }] });
    const again = await api(c, 'POST', `/privateEndpoint/AWS/endpointService/${service.AWS}/endpoint`, { id: VPCE });
    expect([again.status, again.json.errorCode]).toEqual([409, 'PRIVATE_ENDPOINT_ALREADY_EXISTS']);
    clock.advance(3 * T);
    const path = `/privateEndpoint/AZURE/endpointService/${service.AZURE}/endpoint/${encodeURIComponent(AZURE_ENDPOINT)}`;
    expect((await api(c, 'GET', path)).json.status).toBe('AVAILABLE');
    expect((await api(c, 'GET', `/privateEndpoint/GCP/endpointService/${service.GCP}/endpoint/app-group`)).json.status).toBe('AVAILABLE');
    const az = await state('azure');
    expect(az.connectionStrings.privateEndpoint.map((e: { srvConnectionString: string }) => parse(e.srvConnectionString).type)).toEqual(['privateLinkAzure']);
  });

  it('regional mode: the strings turn regionalized; off is refused while endpoints are in several regions', async () => {
    expect((await api(c, 'PATCH', '/privateEndpoint/regionalMode', { enabled: true })).status).toBe(202);
    const east = await state('east');
    expect(parse(east.connectionStrings.privateEndpoint[0].srvConnectionString).type).toBe('privateLinkAwsRegionalized');
    const refused = await api(c, 'PATCH', '/privateEndpoint/regionalMode', { enabled: false });
    expect([refused.status, refused.json.errorCode]).toEqual([409, 'CANNOT_DISABLE_REGIONALIZED_PRIVATE_ENDPOINTS']);
  });

  it('deletes: a service with endpoints is refused, an endpoint goes DELETING then away, and the strings with it; the project waits for its services', async () => {
    const refused = await api(c, 'DELETE', `/privateEndpoint/AWS/endpointService/${service.AWS}`);
    expect([refused.status, refused.json.errorCode]).toEqual([400, 'PRIVATE_ENDPOINT_SERVICE_HAS_ENDPOINTS']);
    expect((await api(c, 'DELETE', `/privateEndpoint/AWS/endpointService/${service.AWS}/endpoint/${VPCE}`)).status).toBe(204);
    const deleting = (await api(c, 'GET', `/privateEndpoint/AWS/endpointService/${service.AWS}/endpoint/${VPCE}`)).json;
    expect([deleting.connectionStatus, deleting.deleteRequested]).toEqual(['DELETING', true]);
    expect((await state('east')).connectionStrings.privateEndpoint).toBeUndefined();
    expect((await state('east')).stateName).toBe('UPDATING');
    clock.advance(T);
    expect((await api(c, 'GET', `/privateEndpoint/AWS/endpointService/${service.AWS}/endpoint/${VPCE}`)).json.errorCode).toBe('PRIVATE_ENDPOINT_NOT_FOUND');
    expect((await api(c, 'DELETE', `/privateEndpoint/AWS/endpointService/${service.AWS}`)).status).toBe(202);
    for (const name of ['east', 'shard', 'west', 'azure']) await api(c, 'DELETE', `/clusters/${name}`);
    clock.advance(T);
    const project = await c.request('DELETE', `/api/atlas/v2/groups/${PROJECT_A}`, { headers: V });
    expect([project.status, project.json.errorCode]).toEqual([409, 'CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_PRIVATE_ENDPOINT_SERVICES']);
  });
});

describe('private endpoints in a seed', () => {
  it('declares AVAILABLE services and endpoints, and the regionalized setting; its mistakes are named', async () => {
    const seed = testSeed({
      projects: [{ id: PROJECT_A, name: 'alpha', regionalizedPrivateEndpoints: true }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' }] }],
      serviceAccounts: [],
      clusters: [{ projectId: PROJECT_A, cluster: cluster('east', 'AWS', 'US_EAST_1') }],
      privateEndpointServices: [{ projectId: PROJECT_A, providerName: 'AWS', region: 'us-east-1', endpoints: [{ id: VPCE }] }],
    });
    const { emu } = await withEmulator({ seed });
    const c = client(emu, OWNER);
    const east = (await api(c, 'GET', '/clusters/east')).json;
    expect(parse(east.connectionStrings.privateEndpoint[0].srvConnectionString).type).toBe('privateLinkAwsRegionalized');
    await emu.stop();
    const bad = testSeed({ privateEndpointServices: [{ projectId: PROJECT_A, providerName: 'AWS', region: 'us-east-1', endpoints: [{ id: 'vpce-1' }] }] });
    await expect(startEmulator({ seed: bad })).rejects.toThrow(/privateEndpointServices\[0\]: INVALID_ATTRIBUTE Invalid attribute id/);
  });

  it("refuses an old-form endpoint whose ID the API would refuse (the README's seed once held vpce-0abc, which cdba could not remove)", () => {
    const legacy = (provider: 'AWS' | 'AZURE', region: string, endpointId: string) =>
      testSeed({ projects: [{ id: PROJECT_A, name: 'alpha', privateEndpoints: [{ provider, region, endpointId, regionalized: false }] }], apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' }] }], serviceAccounts: [] });
    expect(() => validateSeed(legacy('AWS', 'us-east-1', 'vpce-0abc'))).toThrow(
      /projects\[0\]\.privateEndpoints\[0\]\.endpointId: "vpce-0abc" is not an AWS interface endpoint ID \(vpce- and 17 hexadecimal digits/,
    );
    expect(() => validateSeed(legacy('AZURE', 'eastus2', 'app-pe'))).toThrow(/privateEndpoints\[0\]\.endpointId: "app-pe" is not an Azure private endpoint's resource ID/);
    expect(() => validateSeed(legacy('AWS', 'us-east-1', VPCE))).not.toThrow();
    expect(() => validateSeed(legacy('AZURE', 'eastus2', AZURE_ENDPOINT))).not.toThrow();
  });
});
