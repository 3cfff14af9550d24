// The model's one reader of cluster documents: the same cluster read from each
// shape gives the same shards, one entry per shard.
import { describe, expect, it } from 'vitest';
import { readClusterDocument } from '../../../src/model/clusterShapes.js';

const LEGACY = {
  numShards: 2,
  diskSizeGB: 40,
  providerSettings: { providerName: 'AWS', instanceSizeName: 'M30', regionName: 'US_EAST_1' },
  replicationSpecs: [{ numShards: 2, zoneName: 'Zone 1', regionsConfig: { US_WEST_2: { electableNodes: 2, priority: 6, readOnlyNodes: 1, analyticsNodes: 0 }, US_EAST_1: { electableNodes: 3, priority: 7, readOnlyNodes: 0, analyticsNodes: 0 } } }],
};
const hw = (nodeCount: number, disk?: number) => ({ instanceSize: 'M30', nodeCount, ...(disk === undefined ? {} : { diskSizeGB: disk }) });
const regions = (disk?: number) => [
  { providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: hw(3, disk), readOnlySpecs: hw(0, disk), analyticsSpecs: hw(0, disk) },
  { providerName: 'AWS', regionName: 'US_WEST_2', priority: 6, electableSpecs: hw(2, disk), readOnlySpecs: hw(1, disk), analyticsSpecs: hw(0, disk) },
];
const MODERN = { diskSizeGB: 40, replicationSpecs: [{ id: 'a', zoneId: 'z', numShards: 2, zoneName: 'Zone 1', regionConfigs: regions() }] };
const PER_SHARD = { replicationSpecs: [1, 2].map((i) => ({ id: `s${i}`, zoneId: 'z', zoneName: 'Zone 1', regionConfigs: regions(40) })) };

describe('readClusterDocument', () => {
  it('reads legacy, 2023-02-01 and 2024-08-05 documents of one cluster into the same shards and storage', () => {
    const [legacy, modern, perShard] = [LEGACY, MODERN, PER_SHARD].map(readClusterDocument);
    expect([legacy!.shape, modern!.shape, perShard!.shape]).toEqual(['legacy', 'modern', 'perShard']);
    const layout = (read: ReturnType<typeof readClusterDocument>) => read.shards.map((s) => [s.zoneName, s.regions]);
    expect(perShard!.shards).toHaveLength(2);
    expect(layout(legacy!)).toEqual(layout(perShard!));
    expect(layout(modern!)).toEqual(layout(perShard!));
    expect(perShard!.shards[0]!.regions.map((r) => [r.region, r.electable, r.readOnly])).toEqual([
      ['US_EAST_1', { instanceSize: 'M30', nodes: 3 }, { instanceSize: 'M30', nodes: 0 }],
      ['US_WEST_2', { instanceSize: 'M30', nodes: 2 }, { instanceSize: 'M30', nodes: 1 }],
    ]);
    expect([legacy!.diskSizeGB, modern!.diskSizeGB, perShard!.diskSizeGB]).toEqual([40, 40, 40]);
  });

  it('2023-02-01 entries are zones even under one name; 2024-08-05 entries of one zone share it', () => {
    const modern = readClusterDocument({ replicationSpecs: [{ numShards: 1, zoneName: 'Z', regionConfigs: [] }, { numShards: 1, zoneName: 'Z', regionConfigs: [] }] });
    expect(new Set(modern.shards.map((s) => s.zoneKey)).size).toBe(2);
    const perShard = readClusterDocument({ replicationSpecs: [{ zoneName: 'Z', regionConfigs: [] }, { zoneName: 'Z', regionConfigs: [] }] });
    expect(new Set(perShard.shards.map((s) => s.zoneKey)).size).toBe(1);
  });

  it('shards of different storage: no cluster-wide diskSizeGB, each shard its own', () => {
    const read = readClusterDocument({ replicationSpecs: [{ regionConfigs: regions(40) }, { regionConfigs: regions(80) }] });
    expect(read.diskSizeGB).toBeUndefined();
    expect(read.shards.map((s) => s.diskSizeGB)).toEqual([40, 80]);
  });

  it('a legacy document with only providerSettings and replicationFactor; one with no regions at all', () => {
    const read = readClusterDocument({ providerSettings: { providerName: 'GCP', instanceSizeName: 'M10', regionName: 'CENTRAL_US' }, replicationFactor: 5 });
    expect(read.shards.map((s) => s.regions.map((r) => [r.provider, r.region, r.electable.nodes]))).toEqual([[['GCP', 'CENTRAL_US', 5]]]);
    expect(readClusterDocument({ name: 'x' }).shards).toEqual([{ zoneKey: '#0', zoneName: 'Zone 1', regions: [] }]);
    expect(readClusterDocument(null).shards).toHaveLength(1);
  });
});
