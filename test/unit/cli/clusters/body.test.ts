// Request bodies from flags in both shapes, flags laid over a file, and --set paths.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { backingProviderFor, createBody, normalizeRegion, parseSetValue, setPath } from '../../../../src/cli/clusters/body.js';
import { checkClusterBody } from '../../../../src/model/cluster.js';

describe('createBody from flags alone', () => {
  it('legacy: providerSettings, numShards and regionsConfig; defaults M10, 3 members, REPLICASET', () => {
    const body = createBody('c1', undefined, { provider: 'AWS', region: 'US_EAST_1' }, 'legacy');
    expect(body).toEqual({
      name: 'c1',
      clusterType: 'REPLICASET',
      numShards: 1,
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' },
      replicationSpecs: [{ numShards: 1, regionsConfig: { US_EAST_1: { analyticsNodes: 0, electableNodes: 3, priority: 7, readOnlyNodes: 0 } }, zoneName: 'Zone 1' }],
    });
    expect(checkClusterBody(body, 'legacy', 'create')).toBeUndefined();
  });

  it('2023-02-01: one replication spec with one region config', () => {
    const body = createBody('c1', undefined, { provider: 'GCP', region: 'CENTRAL_US', tier: 'M40', members: 7, shards: 4 }, 'modern');
    expect(body).toEqual({
      name: 'c1',
      clusterType: 'SHARDED',
      replicationSpecs: [{ numShards: 4, zoneName: 'Zone 1', regionConfigs: [{ providerName: 'GCP', regionName: 'CENTRAL_US', priority: 7, electableSpecs: { instanceSize: 'M40', nodeCount: 7 } }] }],
    });
    expect(checkClusterBody(body, 'modern', 'create')).toBeUndefined();
  });

  it('settings flags: backup has a different name per shape; tags, version, disk', () => {
    const flags = { provider: 'AWS' as const, region: 'US_EAST_1', backup: true, dbVersion: '7.0', diskSizeGb: 12.5, tag: [['a', '1'], ['b', '2'], ['a', '3']] as Array<[string, string]> };
    const legacyBody = createBody('c1', undefined, flags, 'legacy');
    const modernBody = createBody('c1', undefined, flags, 'modern');
    expect(legacyBody).toMatchObject({ providerBackupEnabled: true, mongoDBMajorVersion: '7.0', diskSizeGB: 12.5, tags: [{ key: 'a', value: '3' }, { key: 'b', value: '2' }] });
    expect(legacyBody).not.toHaveProperty('backupEnabled');
    expect(modernBody).toMatchObject({ backupEnabled: true, mongoDBMajorVersion: '7.0', diskSizeGB: 12.5 });
    expect(modernBody).not.toHaveProperty('providerBackupEnabled');
  });

  it('TENANT: M0 by default and the backing provider from the region', () => {
    expect(createBody('f', undefined, { provider: 'TENANT', region: 'EUROPE_WEST' }, 'modern')).toEqual({
      name: 'f',
      clusterType: 'REPLICASET',
      replicationSpecs: [{ numShards: 1, zoneName: 'Zone 1', regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AZURE', regionName: 'EUROPE_WEST', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }],
    });
    expect(createBody('f', undefined, { provider: 'TENANT', region: 'US_EAST_1', tier: 'M5' }, 'legacy')).toEqual({
      name: 'f',
      clusterType: 'REPLICASET',
      providerSettings: { providerName: 'TENANT', backingProviderName: 'AWS', instanceSizeName: 'M5', regionName: 'US_EAST_1' },
    });
  });

  it('refuses what cannot be described', () => {
    const cases: Array<[Parameters<typeof createBody>[2], RegExp]> = [
      [{ region: 'US_EAST_1' }, /--provider is required/],
      [{}, /--provider and --region are required/],
      [{ provider: 'AWS', region: 'US_EAST_1', members: 4 }, /3, 5 or 7/],
      [{ provider: 'AWS', region: 'US_EAST_1', shards: 2, type: 'REPLICASET' }, /needs --type SHARDED/],
      [{ provider: 'TENANT', region: 'US_EAST_1', type: 'SHARDED' }, /--type SHARDED: not available for the shared tier/],
      [{ provider: 'AZURE', region: 'US_EAST_1' }, /unknown --region US_EAST_1 for AZURE/],
      [{ provider: 'AWS', region: 'US_EAST_1', tier: 'M5' }, /invalid --tier M5 for AWS/],
      [{ provider: 'AWS', region: 'US_EAST_1', dbVersion: '8' }, /invalid --db-version "8"/],
    ];
    for (const [flags, message] of cases) {
      expect(() => createBody('c', undefined, flags, 'modern')).toThrow(UsageError);
      expect(() => createBody('c', undefined, flags, 'modern')).toThrow(message);
    }
  });
});

describe('createBody from a file with flags on top', () => {
  it('keeps the file, sets the name, and the flags win', () => {
    const file = {
      clusterType: 'SHARDED',
      replicationSpecs: [
        { numShards: 2, regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 }, readOnlySpecs: { instanceSize: 'M10', nodeCount: 1 } }] },
      ],
      tags: [{ key: 'env', value: 'prod' }],
    };
    const body = createBody('c1', file, { tier: 'M30', shards: 3, members: 5, region: 'US_WEST_2', tag: [['env', 'dev']] }, 'modern');
    expect(body).toEqual({
      name: 'c1',
      clusterType: 'SHARDED',
      replicationSpecs: [
        { numShards: 3, regionConfigs: [{ providerName: 'AWS', regionName: 'US_WEST_2', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 5 }, readOnlySpecs: { instanceSize: 'M30', nodeCount: 1 } }] },
      ],
      tags: [{ key: 'env', value: 'dev' }],
    });
    // The file itself is not changed.
    expect(file.replicationSpecs[0]!.numShards).toBe(2);
  });

  it('legacy: the region is renamed in every region map, the members set on it', () => {
    const file = {
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' },
      replicationSpec: { US_EAST_1: { electableNodes: 3, priority: 7 } },
      replicationSpecs: [{ numShards: 1, regionsConfig: { US_EAST_1: { electableNodes: 3, priority: 7 } } }],
    };
    const body = createBody('c1', file, { region: 'EU_WEST_1', members: 5, tier: 'M20', shards: 2, provider: 'AWS' }, 'legacy');
    expect(body).toEqual({
      name: 'c1',
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M20', regionName: 'EU_WEST_1' },
      replicationSpec: { EU_WEST_1: { electableNodes: 5, priority: 7 } },
      replicationSpecs: [{ numShards: 2, regionsConfig: { EU_WEST_1: { electableNodes: 5, priority: 7 } } }],
      numShards: 2,
    });
  });

  it('a file without topology takes it from the flags, keeping its clusterType', () => {
    const body = createBody('c1', { clusterType: 'GEOSHARDED', pitEnabled: true }, { provider: 'AWS', region: 'US_EAST_1' }, 'modern');
    expect(body).toMatchObject({ name: 'c1', clusterType: 'GEOSHARDED', pitEnabled: true });
    expect((body.replicationSpecs as unknown[]).length).toBe(1);
  });

  it('a file without topology and no --provider/--region: says what the file lacks', () => {
    expect(() => createBody('c1', { pitEnabled: true }, {}, 'modern')).toThrow(
      expect.objectContaining({ message: '--provider and --region are required to describe the cluster', hint: 'the file says nothing of where the nodes are (replicationSpecs or providerSettings)' }),
    );
  });

  it('--region or --members on a file with several regions is ambiguous', () => {
    const file = {
      replicationSpecs: [
        {
          regionConfigs: [
            { providerName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M10' } },
            { providerName: 'AWS', regionName: 'US_WEST_2', electableSpecs: { instanceSize: 'M10' } },
          ],
        },
      ],
    };
    expect(() => createBody('c1', file, { region: 'EU_WEST_1' }, 'modern')).toThrow(/--region is ambiguous: the file describes 2 region configs; edit the file instead/);
    expect(() => createBody('c1', file, { members: 5 }, 'modern')).toThrow(/--members is ambiguous/);
    // --tier and --provider apply to every region config.
    const body = createBody('c1', file, { tier: 'M50' }, 'modern');
    expect(JSON.stringify(body)).not.toContain('M10');
  });
});

describe('helpers', () => {
  it('normalizeRegion and backingProviderFor', () => {
    expect(normalizeRegion(' us-east-1 ')).toBe('US_EAST_1');
    expect(backingProviderFor('US_WEST_2')).toBe('AWS'); // in AWS, Azure and GCP: AWS wins
    expect(backingProviderFor('CENTRAL_US')).toBe('GCP');
    expect(backingProviderFor('NOWHERE')).toBeUndefined();
  });

  it('parseSetValue: JSON when it parses, else the string', () => {
    expect(parseSetValue('true')).toBe(true);
    expect(parseSetValue('40')).toBe(40);
    expect(parseSetValue('[{"key":"a","value":"b"}]')).toEqual([{ key: 'a', value: 'b' }]);
    expect(parseSetValue('"7.0"')).toBe('7.0');
    expect(parseSetValue('secondary')).toBe('secondary');
    expect(parseSetValue('7.0')).toBe(7);
  });

  it('setPath creates objects and indexes arrays', () => {
    const body: Record<string, unknown> = { replicationSpecs: [{ numShards: 1 }] };
    setPath(body, 'biConnector.enabled', true);
    setPath(body, 'replicationSpecs.0.numShards', 2);
    expect(body).toEqual({ biConnector: { enabled: true }, replicationSpecs: [{ numShards: 2 }] });
    expect(() => setPath(body, 'replicationSpecs.3.numShards', 2)).toThrow(/is a list of 1; use an index from 0 to 0/);
    expect(() => setPath(body, 'biConnector.enabled.deeper', 1)).toThrow(/biConnector\.enabled is not an object/);
    expect(() => setPath(body, 'a..b', 1)).toThrow(/empty segment/);
  });
});
