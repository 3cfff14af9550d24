// GET /api/atlas/v2/clusters: every cluster the caller can see, one entry per project
// it has a role in; multi-cloud clusters left out, as the description says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_A, PROJECT_B, READER, client, modernCreate, shardedCreate, testSeed, v2 } from './fixtures.js';

describe('GET /api/atlas/v2/clusters', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), transitionMs: 0 }));
    const owner = client(emu);
    const create = async (project: string, body: Record<string, unknown>) =>
      {
      const r = await owner.request('POST', `/api/atlas/v2/groups/${project}/clusters`, { headers: v2('2023-02-01'), body }); expect(r.status, r.text).toBe(201);
    }
    await create(PROJECT_A, modernCreate('a1'));
    await create(PROJECT_A, shardedCreate('a2'));
    await create(PROJECT_B, modernCreate('b1'));
    const region = (providerName: string, regionName: string, priority: number, nodeCount: number) => ({ providerName, regionName, priority, electableSpecs: { instanceSize: 'M10', nodeCount } });
    await create(PROJECT_B, modernCreate('multi', { replicationSpecs: [{ numShards: 1, regionConfigs: [region('AWS', 'US_EAST_1', 7, 2), region('GCP', 'CENTRAL_US', 6, 1)] }] }));
  });
  afterAll(() => emu.stop());

  it('the owner of both projects sees both, each with its clusters; the multi-cloud one is left out', async () => {
    const response = await client(emu).request('GET', '/api/atlas/v2/clusters', { headers: v2('2023-01-01') });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
    expect(response.json.totalCount).toBe(2);
    const byProject = Object.fromEntries(response.json.results.map((g: { groupId: string; clusters: Array<{ name: string }> }) => [g.groupId, g.clusters.map((c) => c.name)]));
    expect(byProject).toEqual({ [PROJECT_A]: ['a1', 'a2'], [PROJECT_B]: ['b1'] });
    const a2 = response.json.results[0].clusters[1];
    expect(a2).toMatchObject({ name: 'a2', type: 'SHARDED_CLUSTER', nodeCount: 6, versions: [expect.stringMatching(/^8\.0\./)] });
  });

  it('a key with a role in one project sees that one; any later Accept date is served at 2023-01-01', async () => {
    const response = await client(emu, READER).request('GET', '/api/atlas/v2/clusters', { headers: v2('2025-03-12') });
    expect(response.status).toBe(200);
    expect(response.json.results.map((g: { groupId: string; groupName: string }) => [g.groupId, g.groupName])).toEqual([[PROJECT_A, 'alpha']]);
  });
});
