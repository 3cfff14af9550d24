// The shape module's editors: create's flags over a --file body, patch's hardware flags,
// and the reasons convert gives for dropped fields, each in every shape.
import { describe, expect, it } from 'vitest';
import {
  applyHardwareChange,
  convertClusterBody,
  hardwareNeedsCurrent,
  overlayTopology,
  setTier,
  ShapeEditError,
  shardsOfSpecs,
} from '../../../src/model/clusterShapes.js';

type Doc = Record<string, unknown>;
const hw = (size: string, extra: Doc = {}) => ({ instanceSize: size, nodeCount: 3, ...extra });
const region = (size: string, extra: Doc = {}) => ({ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: hw(size, extra) });

describe('setTier', () => {
  it('reaches every hardware spec of every region config', () => {
    const body = {
      replicationSpecs: [
        { regionConfigs: [{ electableSpecs: { instanceSize: 'M10' }, readOnlySpecs: { instanceSize: 'M10' }, analyticsSpecs: { instanceSize: 'M10' } }] },
        { regionConfigs: [{ electableSpecs: { instanceSize: 'M10' } }, {}] },
      ],
    };
    setTier(body, 'M40');
    expect(JSON.stringify(body).match(/M40/g)).toHaveLength(5); // 3 + 1, and an electableSpecs for the bare one
    expect(JSON.stringify(body)).not.toContain('M10');
  });
});

describe('applyHardwareChange', () => {
  it('legacy: the tier in providerSettings, with the current provider beside it', () => {
    const body: Doc = {};
    expect(hardwareNeedsCurrent(body, { tier: 'M30' }, 'legacy')).toBe(true);
    applyHardwareChange(body, { tier: 'M30', diskSizeGB: 40 }, 'legacy', { providerSettings: { providerName: 'GCP', instanceSizeName: 'M10' } });
    expect(body).toEqual({ providerSettings: { providerName: 'GCP', instanceSizeName: 'M30' }, diskSizeGB: 40 });
    expect(() => applyHardwareChange({}, { members: 5 }, 'legacy')).toThrow(ShapeEditError);
  });

  it('2023-02-01: the current specs without read-only ids, every region re-tiered; storage at the top', () => {
    const body: Doc = {};
    const current = { replicationSpecs: [{ id: 'a', zoneId: 'z', numShards: 2, zoneName: 'Zone 1', regionConfigs: [region('M10')] }] };
    expect(hardwareNeedsCurrent(body, { diskSizeGB: 40 }, 'modern')).toBe(false);
    applyHardwareChange(body, { tier: 'M30', members: 5, diskSizeGB: 40 }, 'modern', current);
    expect(body).toEqual({ diskSizeGB: 40, replicationSpecs: [{ numShards: 2, zoneName: 'Zone 1', regionConfigs: [{ ...region('M30'), electableSpecs: hw('M30', { nodeCount: 5 }) }] }] });
    expect(current.replicationSpecs[0]!.regionConfigs[0]!.electableSpecs.instanceSize).toBe('M10');
  });

  it('2024-08-05: tier and storage in the hardware specs of shard K only', () => {
    const current = { replicationSpecs: [1, 2].map((i) => ({ id: `s${i}`, zoneName: 'Zone 1', regionConfigs: [region('M10', { diskSizeGB: 10 })] })) };
    const body: Doc = {};
    expect(hardwareNeedsCurrent(body, { diskSizeGB: 40 }, 'perShard')).toBe(true);
    applyHardwareChange(body, { tier: 'M30', diskSizeGB: 40, shard: 2 }, 'perShard', current);
    expect(body.replicationSpecs).toEqual([
      { zoneName: 'Zone 1', regionConfigs: [region('M10', { diskSizeGB: 10 })] },
      { zoneName: 'Zone 1', regionConfigs: [region('M30', { diskSizeGB: 40 })] },
    ]);
    expect(() => applyHardwareChange(structuredClone(body), { tier: 'M30', shard: 3 }, 'perShard')).toThrow('--shard 3: the cluster has 2 shards');
  });
});

describe('overlayTopology', () => {
  it('legacy: provider, tier and region in providerSettings, the region map renamed, members and shards', () => {
    const body: Doc = {
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' },
      replicationSpecs: [{ numShards: 1, regionsConfig: { US_EAST_1: { electableNodes: 3, priority: 7 } } }],
    };
    overlayTopology(body, { tier: 'M30', region: 'US_WEST_2', members: 5, shards: 2 }, 'legacy');
    expect(body).toEqual({
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M30', regionName: 'US_WEST_2' },
      numShards: 2,
      replicationSpecs: [{ numShards: 2, regionsConfig: { US_WEST_2: { electableNodes: 5, priority: 7 } } }],
    });
  });

  it('2024-08-05: --shards N gives N specs; TENANT gets its backing cloud', () => {
    const body: Doc = { replicationSpecs: [{ zoneName: 'Zone 1', regionConfigs: [region('M10')] }] };
    overlayTopology(body, { shards: 3 }, 'perShard');
    expect(body.replicationSpecs).toHaveLength(3);
    const tenant: Doc = { replicationSpecs: [{ regionConfigs: [{ regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M10' } }] }] };
    overlayTopology(tenant, { provider: 'TENANT', tier: 'M0' }, 'modern');
    expect(tenant.replicationSpecs).toEqual([{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M0' } }] }]);
  });

  it('refuses a flag the body cannot place unambiguously', () => {
    const body: Doc = { replicationSpecs: [{ regionConfigs: [region('M10'), { ...region('M10'), regionName: 'US_WEST_2' }] }] };
    expect(() => overlayTopology(body, { region: 'EU_WEST_1' }, 'modern')).toThrow('--region is ambiguous: the file describes 2 region configs');
  });
});

describe('convertClusterBody reasons', () => {
  it('gives each dropped field its reason, moved fields none', () => {
    const { changes } = convertClusterBody(
      { name: 'c', stateName: 'IDLE', providerBackupEnabled: true, backupEnabled: false, replicationSpecs: [{ id: 'x', numShards: 1, regionsConfig: { US_EAST_1: { electableNodes: 3 } } }], providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' } },
      'legacy',
      'perShard',
    );
    const reason = (field: string) => changes.find((c) => c.field === field && c.action === 'dropped')?.reason;
    expect(reason('stateName')).toBe('read-only');
    expect(reason('replicationSpecs.id')).toBe('read-only');
    expect(reason('backupEnabled')).toBe('providerBackupEnabled wins');
    expect(changes.filter((c) => c.action === 'moved').every((c) => c.reason === undefined)).toBe(true);
  });
});

describe('shardsOfSpecs', () => {
  it('2023-02-01: numShards alike shards per entry, no storage; 2024-08-05: one shard per entry with its storage', () => {
    const modern = shardsOfSpecs([{ numShards: 2, zoneName: 'A', regionConfigs: [region('M10', { diskSizeGB: 99 })] }, { zoneName: 'B', regionConfigs: [] }], 'modern');
    expect(modern.map((s) => [s.entry, s.index, s.zoneName, s.diskSizeGB])).toEqual([
      [0, 0, 'A', undefined],
      [0, 1, 'A', undefined],
      [1, 0, 'B', undefined],
    ]);
    const perShard = shardsOfSpecs([{ zoneName: 'A', zoneId: 'z', regionConfigs: [{ analyticsSpecs: { diskSizeGB: 40 } }] }, { regionConfigs: [region('M30', { diskSizeGB: 80 })] }], 'perShard');
    expect(perShard.map((s) => [s.entry, s.zoneName, s.zoneId, s.diskSizeGB])).toEqual([
      [0, 'A', 'z', 40],
      [1, undefined, undefined, 80],
    ]);
  });
});
