// The emulator issues connectionStrings in exactly the seed's shapes: every string it
// serves is recognised by src/connstring's parse() as the row it should be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, projectHash } from '../../../src/connstring/index.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
import { PROJECT_A, PROJECT_B, TestClock, client, modernCreate, shardedCreate, testSeed, v2 } from './fixtures.js';

const AZURE_PE = '/subscriptions/4e133d35-e734-4380-a565-c0945535da37/resourceGroups/app/providers/Microsoft.Network/privateEndpoints/pe-0def';
const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const azure = (name: string) =>
  modernCreate(name, {
    replicationSpecs: [{ regionConfigs: [{ providerName: 'AZURE', regionName: 'US_EAST_2', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
  });

beforeAll(async () => {
  const seed = testSeed({
    projects: [
      {
        id: PROJECT_A,
        name: 'peered',
        peering: true,
        privateEndpoints: [
          { provider: 'AWS', region: 'us-east-1', endpointId: 'vpce-0a1b2c3d4e5f60718', regionalized: false },
          { provider: 'AZURE', region: 'eastus2', endpointId: AZURE_PE, regionalized: true },
          { provider: 'AWS', region: 'EU_WEST_1', endpointId: 'vpce-0e0e0e0e0e0e0e0e0', regionalized: false },
        ],
      },
      // Its one endpoint is in a region none of its clusters is in.
      { id: PROJECT_B, name: 'plain', privateIpMode: true, privateEndpoints: [{ provider: 'AWS', region: 'us-west-2', endpointId: 'vpce-0f0f0f0f0f0f0f0f0', regionalized: false }] },
    ],
    clusters: [
      { projectId: PROJECT_B, cluster: azure('old-azure'), legacyStrings: true },
      { projectId: PROJECT_B, cluster: modernCreate('old-aws'), legacyStrings: true },
    ],
  });
  ({ emu } = await withEmulator({ seed, clock: clock.read }));
  c = client(emu);
  const multi = modernCreate('multi', {
    replicationSpecs: [
      {
        regionConfigs: [
          { providerName: 'AWS', regionName: 'EU_WEST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 2 } },
          { providerName: 'AZURE', regionName: 'US_EAST_2', priority: 6, electableSpecs: { instanceSize: 'M10', nodeCount: 1 } },
        ],
      },
    ],
  });
  for (const body of [modernCreate('rs'), azure('az'), shardedCreate('sh'), multi]) {
    const created = await c.request('POST', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, { headers: v2('2023-02-01'), body });
    expect(created.status).toBe(201);
  }
  clock.advance(2000);
});
afterAll(() => emu.stop());

const strings = async (project: string, name: string) =>
  (await c.request('GET', `/api/atlas/v2/groups/${project}/clusters/${name}`, { headers: v2('2023-02-01') })).json.connectionStrings;

describe('connection strings issued by the emulator', () => {
  it('standard and SRV with a six-character replica set id and a per-project hash', async () => {
    const cs = await strings(PROJECT_A, 'rs');
    const standard = parse(cs.standard);
    const srv = parse(cs.standardSrv);
    expect([standard.type, standard.srv, srv.type, srv.srv]).toEqual(['standard', false, 'standard', true]);
    expect(standard.hash).toBe(projectHash(PROJECT_A));
    expect(standard.options.replicaSet).toMatch(/^atlas-[a-z0-9]{6}-shard-0$/);
    expect(standard.hosts).toHaveLength(3);
    expect(srv.cluster).toBe('rs');
    const other = parse((await strings(PROJECT_A, 'az')).standardSrv);
    expect(other.hash).toBe(standard.hash);
    expect(parse((await strings(PROJECT_B, 'old-aws')).standardSrv).hash).not.toBe(standard.hash);
  });

  it('private and privateSrv for a peered Azure cluster', async () => {
    const cs = await strings(PROJECT_A, 'az');
    expect(parse(cs.private).type).toBe('privatePeering');
    expect(parse(cs.privateSrv).type).toBe('privatePeering');
  });

  it('privateEndpoint entries only for endpoints in the cluster\'s own provider and region, with the optimized SRV for sharded clusters', async () => {
    const rs = await strings(PROJECT_A, 'rs'); // AWS US_EAST_1: the AWS us-east-1 endpoint only (not eu-west-1, not Azure eastus2)
    expect(rs.privateEndpoint.map((e: { srvConnectionString: string }) => parse(e.srvConnectionString).type)).toEqual(['privateLinkAws']);
    expect(rs.privateEndpoint.map((e: { type: string }) => e.type)).toEqual(['MONGOD']);
    expect(rs.privateEndpoint[0].endpoints).toEqual([{ endpointId: 'vpce-0a1b2c3d4e5f60718', providerName: 'AWS', region: 'US_EAST_1' }]);
    expect(Object.keys(rs.awsPrivateLink)).toEqual(['vpce-0a1b2c3d4e5f60718']);
    const az = await strings(PROJECT_A, 'az'); // Azure US_EAST_2 = eastus2: the regionalized Azure endpoint only
    expect(az.privateEndpoint.map((e: { srvConnectionString: string }) => parse(e.srvConnectionString).type)).toEqual(['privateLinkAzureRegionalized']);
    expect(az.awsPrivateLink).toBeUndefined();
    const sh = await strings(PROJECT_A, 'sh');
    expect(sh.privateEndpoint.map((e: { type: string }) => e.type)).toEqual(['MONGOS']);
    expect(parse(sh.privateEndpoint[0].srvShardOptimizedConnectionString).type).toBe('privateLinkOptimized');
  });

  it('a cluster in several regions and clouds carries the endpoints of each of its regions, in the project\'s order', async () => {
    const multi = await strings(PROJECT_A, 'multi'); // AWS EU_WEST_1 + Azure US_EAST_2
    expect(multi.privateEndpoint.map((e: { endpoints: Array<{ endpointId: string }> }) => e.endpoints[0]?.endpointId)).toEqual([AZURE_PE, 'vpce-0e0e0e0e0e0e0e0e0']);
    const elsewhere = await strings(PROJECT_B, 'old-aws'); // AWS US_EAST_1; the project's only endpoint is in us-west-2
    expect(elsewhere.privateEndpoint).toBeUndefined();
    expect(elsewhere.awsPrivateLink).toBeUndefined();
  });

  it('legacy strings for clusters seeded with legacyStrings (azure label for Azure); private strings follow privateIpMode', async () => {
    const oldAzure = await strings(PROJECT_B, 'old-azure');
    const standard = parse(oldAzure.standard);
    expect(standard.type).toBe('legacy');
    expect(oldAzure.standardSrv).toMatch(/^mongodb\+srv:\/\/old-azure-[a-z0-9]+\.azure\.mongodb\.net$/);
    expect(parse((await strings(PROJECT_B, 'old-aws')).standardSrv).type).toBe('legacy');
    expect(oldAzure.private).toBeDefined(); // privateIpMode is on in this project
    const off = await c.request('PATCH', `/api/atlas/v1.0/groups/${PROJECT_B}/privateIpMode`, { body: { enabled: false } });
    expect(off.json.enabled).toBe(false);
    expect((await strings(PROJECT_B, 'old-azure')).private).toBeUndefined();
  });

  it('no strings while the cluster is being created', async () => {
    const created = await c.request('POST', `/api/atlas/v2/groups/${PROJECT_A}/clusters`, { headers: v2('2023-02-01'), body: modernCreate('young') });
    expect(created.json.connectionStrings).toEqual({}); // as recorded for a replica set being created
  });
});
