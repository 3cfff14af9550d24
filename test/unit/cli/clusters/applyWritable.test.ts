// writableFields: what `clusters apply` may PATCH, from the field list of the shape
// the write is called at (the per-shard shape from 2024-08-05 on).
import { describe, expect, it } from 'vitest';
import { writableFields } from '../../../../src/cli/clusters/apply.js';

const perShardDisk = ['replicationSpecs', 'regionConfigs', 'electableSpecs', 'diskSizeGB'];

describe('writableFields', () => {
  it('per shard (2024-08-05 / 2024-10-23): disk size per hardware spec, not at the top; no numShards', () => {
    const writable = writableFields('perShard');
    expect(writable(perShardDisk)).toBe(true);
    expect(writable(['replicationSpecs', 'regionConfigs', 'electableSpecs', 'instanceSize'])).toBe(true);
    expect(writable(['diskSizeGB'])).toBe(false);
    expect(writable(['replicationSpecs', 'numShards'])).toBe(false);
    expect(writable(['effectiveReplicationSpecs'])).toBe(false);
    expect(writable(['replicationSpecs', 'regionConfigs', 'effectiveElectableSpecs'])).toBe(false);
  });

  it('2023-02-01: disk size at the top and numShards per zone; legacy: providerSettings; ids and name never', () => {
    const modern = writableFields('modern');
    expect(modern(['diskSizeGB'])).toBe(true);
    expect(modern(['replicationSpecs', 'numShards'])).toBe(true);
    expect(modern(perShardDisk)).toBe(false);
    const legacy = writableFields('legacy');
    expect(legacy(['providerSettings', 'instanceSizeName'])).toBe(true);
    expect(legacy(['replicationSpecs', 'regionConfigs'])).toBe(false);
    for (const shape of ['legacy', 'modern', 'perShard'] as const) {
      expect(writableFields(shape)(['name'])).toBe(false);
      expect(writableFields(shape)(['replicationSpecs', 'id'])).toBe(false);
    }
  });
});
