// `cdba clusters patch` through the built binary under each API version and the default:
// exact PATCH bodies, the get | patch round trip, --tier on every region config,
// read-only fields stripped, unknown fields refused, --watch, failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiBase,
  cluster,
  EACH_VERSION,
  expectNoRequest,
  expectUsage,
  PROJECT,
  requestsFor,
  run,
  startWorld,
  TAG,
  VERSIONS,
  type Version,
  type World,
  wireVersion,
  PROFILE,
} from './world.js';

/** Two regions, read-only nodes in the second: --tier must reach every hardware spec. */
const twoRegions = (name: string): Record<string, unknown> => ({
  name,
  replicationSpecs: [
    {
      regionConfigs: [
        { providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } },
        { providerName: 'AWS', regionName: 'US_WEST_2', priority: 6, electableSpecs: { instanceSize: 'M10', nodeCount: 2 }, readOnlySpecs: { instanceSize: 'M10', nodeCount: 1 } },
      ],
    },
  ],
});

const SEEDED = ['rt', 'flags', 'watch', 'ro', 'wr'];

let world: World;
beforeAll(async () => {
  world = await startWorld({
    clusters: VERSIONS.flatMap((version) => SEEDED.map((prefix) => ({ projectId: PROJECT, cluster: twoRegions(`${prefix}-${TAG[version]}`) }))),
  });
});
afterAll(async () => {
  await world.stop();
});

const legacy = (version: Version): boolean => version === 'v1.0' || version === '2023-01-01';
/** The default's writes go at 2024-10-23: one spec per shard, diskSizeGB in each hardware spec. */
const perShard = (version: Version): boolean => version === 'default';
/** stderr lines without the 2023-01-01 / 2023-02-01 deprecation warnings (asserted in list-get.test.ts). */
const stderrLines = (text: string): string[] =>
  text.split('\n').filter((line) => line !== '' && !/^cdba: warning: API version 2023-0[12]-01 of clusters is deprecated/.test(line));

describe.concurrent.each(EACH_VERSION)('patch at $version', ({ version, tag }) => {
  it('get -o json | patch --file -: unchanged, nothing sent; one field edited: that field alone, read-only fields stripped with a note', async () => {
    const name = `rt-${tag}`;
    const got = await run(world, ['clusters', 'get', name, '-o', 'json'], { version });
    expect(got.exitCode, got.stderr).toBe(0);
    const patches = (): number => requestsFor(world.emulators.fast, name).filter((r) => r.method === 'PATCH').length;
    const before = patches();
    const same = await run(world, ['clusters', 'patch', name, '--file', '-'], { version, input: got.stdout });
    expect(same.exitCode, same.stderr).toBe(0);
    expect(stderrLines(same.stderr)).toEqual([`cdba: cluster ${name} already is as asked; nothing to change, nothing sent`]);
    expect(JSON.parse(same.stdout)).toMatchObject({ name, stateName: 'IDLE' });
    expect(patches()).toBe(before);

    const tags = [{ key: 'edited', value: 'yes' }];
    const result = await run(world, ['clusters', 'patch', name, '--file', '-'], { version, input: JSON.stringify({ ...JSON.parse(got.stdout), tags }) });
    expect(result.exitCode, result.stderr).toBe(0);
    const readOnly = legacy(version)
      ? 'connectionStrings, createDate, groupId, id, links, mongoDBVersion, stateName, mongoURI, mongoURIUpdated, mongoURIWithOptions, srvAddress, replicationSpecs.id'
      : perShard(version)
        ? 'connectionStrings, createDate, featureCompatibilityVersion, groupId, id, links, mongoDBVersion, stateName, replicationSpecs.id, replicationSpecs.zoneId, ' +
          'replicationSpecs.regionConfigs.effectiveElectableSpecs, replicationSpecs.regionConfigs.effectiveReadOnlySpecs, replicationSpecs.regionConfigs.effectiveAnalyticsSpecs, ' +
          'effectiveDatabaseEdition, effectiveReplicationSpecs, internalClusterRole'
        : 'connectionStrings, createDate, groupId, id, links, mongoDBVersion, stateName, replicationSpecs.id, replicationSpecs.zoneId';
    expect(stderrLines(result.stderr)).toEqual([
      `cdba: ignoring read-only fields: ${readOnly}`,
      `cdba: cluster ${name} is UPDATING; follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name}\``,
    ]);
    const sent = requestsFor(world.emulators.fast, name).at(-1)!;
    expect(sent.method).toBe('PATCH');
    expect(sent.url).toBe(`${apiBase(version)}/groups/${PROJECT}/clusters/${name}`);
    // What the cluster already has is left out, as apply leaves it out.
    expect(sent.body).toEqual({ tags });
    expect(JSON.parse(result.stdout)).toMatchObject({ name, tags });
  });

  it('--tier, --set, --disk-size-gb, --db-version: one body in the version shape', async () => {
    const name = `flags-${tag}`;
    const result = await run(
      world,
      ['clusters', 'patch', name, '--tier', 'm30', '--set', 'terminationProtectionEnabled=true', '--set', 'tags=[{"key":"env","value":"qa"}]', '--set', 'biConnector.readPreference=analytics', '--disk-size-gb', '50', '--db-version', '7.0'],
      { version },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const common = { terminationProtectionEnabled: true, tags: [{ key: 'env', value: 'qa' }], biConnector: { readPreference: 'analytics' }, diskSizeGB: 50, mongoDBMajorVersion: '7.0' };
    const { diskSizeGB: _perSpec, ...perShardCommon } = common;
    // From 2024-08-05 the disk size is in each hardware spec.
    const hardware = (nodeCount: number) => ({ instanceSize: 'M30', nodeCount, diskIOPS: 3000, ebsVolumeType: 'STANDARD', ...(perShard(version) ? { diskSizeGB: 50 } : {}) });
    const expected = legacy(version)
      ? { ...common, providerSettings: { providerName: 'AWS', instanceSizeName: 'M30' } }
      : {
          ...(perShard(version) ? perShardCommon : common),
          // Read from the current cluster: every region config, every hardware spec it has.
          replicationSpecs: [
            {
              ...(perShard(version) ? {} : { numShards: 1 }),
              zoneName: 'Zone 1',
              regionConfigs: [
                {
                  analyticsSpecs: hardware(0),
                  autoScaling: { compute: { enabled: false, scaleDownEnabled: false }, diskGB: { enabled: false } },
                  electableSpecs: hardware(3),
                  priority: 7,
                  providerName: 'AWS',
                  readOnlySpecs: hardware(0),
                  regionName: 'US_EAST_1',
                },
                {
                  analyticsSpecs: hardware(0),
                  autoScaling: { compute: { enabled: false, scaleDownEnabled: false }, diskGB: { enabled: false } },
                  electableSpecs: hardware(2),
                  priority: 6,
                  providerName: 'AWS',
                  readOnlySpecs: hardware(1),
                  regionName: 'US_WEST_2',
                },
              ],
            },
          ],
        };
    expect(requestsFor(world.emulators.fast, name).at(-1)!.body).toEqual(expected);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({ stateName: 'UPDATING', terminationProtectionEnabled: true, mongoDBMajorVersion: '7.0' });
    expect(perShard(version) ? document.replicationSpecs[0].regionConfigs[0].electableSpecs.diskSizeGB : document.diskSizeGB).toBe(50);
    expect(stderrLines(result.stderr)).toEqual([`cdba: cluster ${name} is UPDATING; follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name}\``]);
    const sizes = cluster(world.emulators.fast, name)!.model.replicationSpecs[0]!.regionConfigs.flatMap((r) => [r.electableSpecs.instanceSize, r.readOnlySpecs?.instanceSize]);
    expect(sizes).toEqual(['M30', 'M30', 'M30', 'M30']);
  });

  it('--tier M10 and --no-termination-protection on an M10 cluster without protection: no PATCH, one note, the cluster as it is', async () => {
    const name = `ro-${tag}`;
    const before = requestsFor(world.emulators.fast, name).filter((r) => r.method === 'PATCH').length;
    const result = await run(world, ['clusters', 'patch', name, '--tier', 'M10', '--no-termination-protection', '-o', 'json'], { version });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(stderrLines(result.stderr)).toEqual([`cdba: cluster ${name} already is as asked; nothing to change, nothing sent`]);
    expect(JSON.parse(result.stdout)).toMatchObject({ name, stateName: 'IDLE' });
    expect(requestsFor(world.emulators.fast, name).filter((r) => r.method === 'PATCH')).toHaveLength(before);
  });

  it('a legacy-only or unknown field: exit 2 naming each, nothing sent', async () => {
    const input = legacy(version)
      ? JSON.stringify({ replicationSpecs: [{ regionConfigs: [] }], paused: false, shardingMode: 'x' })
      : JSON.stringify({ providerSettings: { instanceSizeName: 'M20' }, replicationFactor: 5, paused: false, shardingMode: 'x' });
    const result = await run(world, ['clusters', 'patch', `any-${tag}`, '--file', '-'], { version, on: 'witness', input });
    if (legacy(version)) {
      expectUsage(result, new RegExp(`^cdba: stdin: fields API version ${version} does not accept: replicationSpecs\\.regionConfigs, shardingMode; this looks like a 2023-02-01 body`));
    } else {
      const to = wireVersion(version, 'write').replace(/\./g, '\\.');
      expectUsage(
        result,
        new RegExp(`^cdba: stdin: fields API version ${to} does not accept: providerSettings, replicationFactor, shardingMode; this looks like a legacy \\(v1\\.0 \\/ 2023-01-01\\) body; \`cdba clusters convert --to ${to}\` turns it into a ${to} body`),
      );
    }
    expectNoRequest(world);
  });
});

describe.concurrent('patch (each under one of the versions)', () => {
  it('--watch in a pipe (v1.0): UPDATING until IDLE, then the document', async () => {
    const result = await run(world, ['clusters', 'patch', 'watch-v1', '--disk-size-gb', '80', '--watch'], { version: 'v1.0' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'watch-v1', stateName: 'IDLE', diskSizeGB: 80 });
    expect(result.stderr).toMatch(/^cdba: cluster watch-v1 is IDLE \(waited \d+(ms|s)\)\n$/);
    expect(requestsFor(world.emulators.fast, 'watch-v1').at(-1)!.body).toEqual({ diskSizeGB: 80 });
  });

  it('--watch on a TTY (2023-02-01): the readable view of the IDLE cluster', async () => {
    const result = await run(world, ['clusters', 'patch', 'watch-m23', '--tier', 'M20', '--watch'], { version: '2023-02-01', tty: true });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Name: +watch-m23\nState: +IDLE\n/);
    expect(result.stdout).toContain('    AWS US_WEST_2 · priority 6 · electable 2×M20 · read-only 1×M20 · analytics 0\n');
    expect(result.stderr).toContain('waiting for cluster watch-m23: UPDATING (0s)');
  });

  it('--watch-timeout (2023-01-01): exit 8 while still UPDATING', async () => {
    const result = await run(world, ['clusters', 'patch', 'watch-l23', '--disk-size-gb', '90', '--watch-timeout', '300ms'], { version: '2023-01-01', on: 'slow' });
    expect(result.exitCode).toBe(8);
    expect(result.stdout).toBe('');
    expect(stderrLines(result.stderr)).toEqual([
      'cdba: gave up waiting for cluster watch-l23 after 300ms; it is still UPDATING; the operation goes on at the service; follow it with `cdba -P legacy-2023 clusters watch watch-l23`',
    ]);
  });

  it('a name in the file that is not the cluster: exit 2', async () => {
    expectUsage(
      await run(world, ['clusters', 'patch', 'ro-m23', '--file', '-'], { on: 'witness', input: '{"name":"other","paused":true}' }),
      /^cdba: stdin names the cluster "other", but the command names it "ro-m23"; a cluster cannot be renamed; remove "name" or use the same name\n$/,
    );
    expectNoRequest(world);
  });

  it('only read-only fields, or nothing at all: exit 2', async () => {
    const [onlyReadOnly, nothing, badSet] = await Promise.all([
      run(world, ['clusters', 'patch', 'ro-m23', '--file', '-'], { on: 'witness', input: '{"id":"x","stateName":"IDLE"}' }),
      run(world, ['clusters', 'patch', 'ro-m23'], { on: 'witness' }),
      run(world, ['clusters', 'patch', 'ro-m23', '--set', 'novalue'], { on: 'witness' }),
    ]);
    expectUsage(onlyReadOnly, /^cdba: nothing to change: stdin holds only read-only fields \(id, stateName\)\n$/);
    expectUsage(nothing, /^cdba: nothing to change: give --file, --set, --tier, --disk-size-gb, --members, --db-version, --\[no-\]termination-protection, --\[no-\]backup, --tag or --untag\n$/);
    expectUsage(badSet, /^cdba: invalid --set "novalue": expected key=value\n$/);
    expectNoRequest(world);
  });

  it('a bad name, a bad value: exit 2', async () => {
    const [badName, badVersion, badType] = await Promise.all([
      run(world, ['clusters', 'patch', 'a.b', '--disk-size-gb', '20'], { on: 'witness' }),
      run(world, ['clusters', 'patch', 'ro-m23', '--db-version', '7'], { on: 'witness' }),
      run(world, ['clusters', 'patch', 'ro-m23', '--set', 'paused="yes"'], { on: 'witness' }),
    ]);
    expectUsage(badName, /^cdba: invalid cluster name "a\.b"/);
    expectUsage(badVersion, /^cdba: invalid --db-version "7"/);
    expectUsage(badType, /^cdba: the request: invalid values for: paused\n$/);
    expectNoRequest(world);
  });

  it('a cluster that does not exist: exit 4', async () => {
    const result = await run(world, ['clusters', 'patch', 'ghost', '--disk-size-gb', '20'], { version: 'v1.0' });
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: No cluster named ghost exists in group ${PROJECT}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });

  it('--tier on a cluster that does not exist (2023-02-01): the GET first answers 404, no PATCH', async () => {
    const result = await run(world, ['clusters', 'patch', 'ghost-tier', '--tier', 'M20'], { version: '2023-02-01' });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('No cluster named ghost-tier exists');
  });

  // Writable in ClusterDescription20240805, rendered from 2024-08-05 on (they were taken for computed, and refused).
  it('retainBackups, adaptiveCapacity and useAwsTimeBasedSnapshotCopyForFastInitialSync are settings of the default version', async () => {
    const name = 'wr-cur';
    const sets = ['retainBackups=true', 'adaptiveCapacity=ENABLED', 'useAwsTimeBasedSnapshotCopyForFastInitialSync=true'];
    const result = await run(world, ['clusters', 'patch', name, ...sets.flatMap((set) => ['--set', set])], { version: 'default' });
    expect(result.exitCode, result.stderr).toBe(0);
    const sent = requestsFor(world.emulators.fast, name).filter((r) => r.method === 'PATCH').at(-1)!;
    expect(sent.body).toEqual({ retainBackups: true, adaptiveCapacity: 'ENABLED', useAwsTimeBasedSnapshotCopyForFastInitialSync: true });
    const got = await run(world, ['clusters', 'get', name, '-o', 'json'], { version: 'default' });
    expect(JSON.parse(got.stdout)).toMatchObject({ retainBackups: true, adaptiveCapacity: 'ENABLED', useAwsTimeBasedSnapshotCopyForFastInitialSync: true });
    // 2023-02-01 has none of them.
    const older = JSON.parse((await run(world, ['clusters', 'get', name, '-o', 'json'], { version: '2023-02-01' })).stdout) as Record<string, unknown>;
    expect(['retainBackups', 'adaptiveCapacity', 'useAwsTimeBasedSnapshotCopyForFastInitialSync'].filter((field) => field in older)).toEqual([]);
    // A value outside the description's enum is refused before any request.
    const bad = await run(world, ['clusters', 'patch', name, '--set', 'adaptiveCapacity=MAYBE'], { version: 'default' });
    expect(bad.exitCode, bad.stderr).toBe(2);
    expect(bad.stderr).toMatch(/adaptiveCapacity/);
  });

  // The --help examples of patch and apply, with jq's edit made here: each works at the default version.
  it('the help examples: get -o json, one setting edited, back through patch --file - and apply --file -', async () => {
    const name = 'wr-m23';
    const doc = JSON.parse((await run(world, ['clusters', 'get', name, '-o', 'json'], { version: 'default' })).stdout) as Record<string, unknown>;
    const tagged = await run(world, ['clusters', 'patch', name, '--file', '-'], { version: 'default', input: JSON.stringify({ ...doc, tags: [{ key: 'team', value: 'search' }] }) });
    expect(tagged.exitCode, tagged.stderr).toBe(0);
    const protectedDoc = { ...(JSON.parse((await run(world, ['clusters', 'get', name, '-o', 'json'], { version: 'default' })).stdout) as object), terminationProtectionEnabled: true };
    const applied = await run(world, ['clusters', 'apply', '--file', '-', '-o', 'json'], { version: 'default', input: JSON.stringify(protectedDoc) });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ action: 'update', changes: [{ path: 'terminationProtectionEnabled', from: false, to: true }] });
  });
});
