// `cdba clusters convert` through the built binary: offline, and the round trip
// the issue asks for: a cluster read at 2023-01-01, converted, and created under
// another name at 2023-02-01, has the same topology.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterModel } from '../../../src/model/cluster.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { cluster, expectUsage, requestsFor, run, startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.stop();
});

const LEGACY = {
  name: 'old',
  clusterType: 'SHARDED',
  numShards: 2,
  providerSettings: { providerName: 'AWS', instanceSizeName: 'M30', regionName: 'US_EAST_1' },
  replicationSpecs: [
    {
      numShards: 2,
      zoneName: 'Zone 1',
      regionsConfig: {
        US_EAST_1: { electableNodes: 3, priority: 7, readOnlyNodes: 0, analyticsNodes: 1 },
        US_WEST_2: { electableNodes: 2, priority: 6, readOnlyNodes: 1, analyticsNodes: 0 },
      },
    },
  ],
  providerBackupEnabled: true,
  mongoURI: 'mongodb://old-shard-00-00.abc.mongodb.net:27017',
};

describe.concurrent('convert', () => {
  it('works offline: no profile, no service', async () => {
    const result = await cdba(['clusters', 'convert', '--to', '2023-02-01'], { input: JSON.stringify(LEGACY), env: { CDBA_BASE_URL: 'http://127.0.0.1:9', NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(result.stdout).toBe(`${JSON.stringify(body)}\n`);
    expect(body).toMatchObject({ name: 'old', clusterType: 'SHARDED', backupEnabled: true });
    expect(body.replicationSpecs[0].regionConfigs.map((r: { regionName: string }) => r.regionName)).toEqual(['US_EAST_1', 'US_WEST_2']);
    expect(result.stderr).toBe(
      [
        'cdba: moved providerBackupEnabled to backupEnabled',
        'cdba: moved providerSettings to replicationSpecs.regionConfigs',
        'cdba: moved replicationSpecs.regionsConfig to replicationSpecs.regionConfigs',
        'cdba: moved numShards to replicationSpecs.numShards',
        'cdba: dropped mongoURI (read-only)',
        '',
      ].join('\n'),
    );
  });

  it('on a TTY: indented JSON from a file; without a file, stdin is the terminal', async () => {
    const file = join(tempDir(), 'legacy.json');
    writeFileSync(file, JSON.stringify(LEGACY));
    const env = { CDBA_FORCE_TTY: '1', NO_COLOR: '1' };
    const [pretty, fromTerminal] = await Promise.all([cdba(['clusters', 'convert', '--file', file], { env }), cdba(['clusters', 'convert'], { env })]);
    expect(pretty.exitCode, pretty.stderr).toBe(0);
    expect(pretty.stdout).toBe(`${JSON.stringify(JSON.parse(pretty.stdout), null, 2)}\n`);
    expect(pretty.stderr).toContain('cdba: moved providerSettings to replicationSpecs.regionConfigs\n');
    expectUsage(fromTerminal, /^cdba: --file -: stdin is a terminal; pipe the JSON in or give a file\n$/);
  });

  it('refuses a body already in the target shape: exit 2', async () => {
    const result = await cdba(['clusters', 'convert', '--file', '-', '--to', '2023-02-01'], { input: '{"replicationSpecs":[{"numShards":1,"regionConfigs":[]}]}' });
    expectUsage(result, /^cdba: stdin is already a 2023-02-01 body; nothing to convert to 2023-02-01\n$/);
  });

  it('by default converts to the current shape (2024-10-23): one spec per shard, storage in the specs', async () => {
    const result = await cdba(['clusters', 'convert'], { input: JSON.stringify({ ...LEGACY, diskSizeGB: 40 }), env: { NO_COLOR: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.replicationSpecs).toHaveLength(2); // numShards 2 -> two entries
    expect(body.replicationSpecs.every((s: Record<string, unknown>) => !('numShards' in s))).toBe(true);
    expect(body.replicationSpecs[1].regionConfigs[0].electableSpecs.diskSizeGB).toBe(40);
    expect(body).not.toHaveProperty('diskSizeGB');
    expect(result.stderr).toContain('cdba: moved diskSizeGB to replicationSpecs.regionConfigs.electableSpecs.diskSizeGB\n');
  });

  it('refuses a lossy conversion, naming the fields: shards of different tiers to 2023-02-01', async () => {
    const shard = (tier: string) => ({ zoneName: 'Zone 1', regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: tier, nodeCount: 3, diskSizeGB: 40 } }] });
    const input = JSON.stringify({ name: 'iss', clusterType: 'SHARDED', replicationSpecs: [shard('M30'), shard('M40')] });
    const result = await cdba(['clusters', 'convert', '--to', '2023-02-01'], { input });
    expectUsage(result, /^cdba: stdin: converting to 2023-02-01 would lose replicationSpecs\.regionConfigs\.electableSpecs\.instanceSize; /);
    const back = await cdba(['clusters', 'convert', '--to', '2024-10-23'], { input: JSON.stringify({ name: 'rs', replicationSpecs: [{ numShards: 2, regionConfigs: [] }] }) });
    expect(back.exitCode, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout).replicationSpecs).toEqual([{ regionConfigs: [] }, { regionConfigs: [] }]);
  });

  it('2023-01-01 get | convert | create at 2023-02-01 under another name: the same topology', async () => {
    const { mongoURI: _readOnly, ...createBody } = LEGACY;
    const created = await run(world, ['clusters', 'create', 'old', '--file', '-', '--watch'], { version: '2023-01-01', input: JSON.stringify(createBody) });
    expect(created.exitCode, created.stderr).toBe(0);
    const got = await run(world, ['clusters', 'get', 'old', '-o', 'json'], { version: '2023-01-01' });
    expect(got.exitCode, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toHaveProperty('providerSettings');
    const converted = await cdba(['clusters', 'convert', '--file', '-', '--to', '2023-02-01'], { input: got.stdout });
    expect(converted.exitCode, converted.stderr).toBe(0);
    const body = { ...JSON.parse(converted.stdout), name: 'new' };
    const copy = await run(world, ['clusters', 'create', 'new', '--file', '-'], { version: '2023-02-01', input: JSON.stringify(body) });
    expect(copy.exitCode, copy.stderr).toBe(0);
    // What was sent is the converted body, at 2023-02-01.
    const [request] = requestsFor(world.emulators.fast, 'new');
    expect(request).toMatchObject({ method: 'POST', contentType: 'application/vnd.atlas.2023-02-01+json', body });
    const shape = (model: ClusterModel) => ({
      clusterType: model.clusterType,
      backupEnabled: model.backupEnabled,
      diskSizeGB: model.diskSizeGB,
      specs: model.replicationSpecs.map(({ id: _id, zoneId: _zone, ...rest }) => rest),
    });
    const before = cluster(world.emulators.fast, 'old')!.model;
    const after = cluster(world.emulators.fast, 'new')!.model;
    expect(shape(after)).toEqual(shape(before));
    expect(after.replicationSpecs).toHaveLength(2); // one model spec per shard
    expect(after.replicationSpecs[0]!.regionConfigs.map((r) => [r.regionName, r.electableSpecs.nodeCount, r.readOnlySpecs?.nodeCount, r.analyticsSpecs?.nodeCount])).toEqual([
      ['US_EAST_1', 3, 0, 1],
      ['US_WEST_2', 2, 1, 0],
    ]);
  });
});
