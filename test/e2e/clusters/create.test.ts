// `cdba clusters create` through the built binary, under each API version and the default:
// the exact request bodies (emulator state), stdout/stderr/exit on a TTY and in a
// pipe, checks that stop a bad body before any request, --watch, and failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import {
  apiBase,
  cluster,
  EACH_VERSION,
  expectNoRequest,
  expectUsage,
  OWNER,
  plain,
  PROJECT,
  requestsFor,
  run,
  spawn,
  startWorld,
  type Version,
  type World,
  interruptWhen,
  deprecationWarning,
  wireVersion,
  PROFILE,
} from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.stop();
});

const contentType = (version: Version): string => (version === 'v1.0' ? 'application/json' : `application/vnd.atlas.${wireVersion(version, 'write')}+json`);
const legacy = (version: Version): boolean => version === 'v1.0' || version === '2023-01-01';
/** The default creates at 2024-10-23: one spec per shard, no numShards, diskSizeGB in the hardware specs. */
const perShard = (version: Version): boolean => version === 'default';
const deprecation = deprecationWarning;

const ALL_FLAGS = ['--provider', 'aws', '--region', 'us-east-1', '--tier', 'm30', '--members', '5', '--db-version', '7.0', '--disk-size-gb', '40', '--backup', '--tag', 'env=dev', '--tag', 'team=db'];

function allFlagsBody(name: string, version: Version): Record<string, unknown> {
  const tags = [{ key: 'env', value: 'dev' }, { key: 'team', value: 'db' }];
  if (legacy(version)) {
    return {
      name,
      clusterType: 'REPLICASET',
      numShards: 1,
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M30', regionName: 'US_EAST_1' },
      replicationSpecs: [{ numShards: 1, regionsConfig: { US_EAST_1: { analyticsNodes: 0, electableNodes: 5, priority: 7, readOnlyNodes: 0 } }, zoneName: 'Zone 1' }],
      mongoDBMajorVersion: '7.0',
      diskSizeGB: 40,
      providerBackupEnabled: true,
      tags,
    };
  }
  if (perShard(version)) {
    return {
      name,
      clusterType: 'REPLICASET',
      replicationSpecs: [{ zoneName: 'Zone 1', regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 5, diskSizeGB: 40 } }] }],
      mongoDBMajorVersion: '7.0',
      backupEnabled: true,
      tags,
    };
  }
  return {
    name,
    clusterType: 'REPLICASET',
    replicationSpecs: [{ numShards: 1, zoneName: 'Zone 1', regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 5 } }] }],
    mongoDBMajorVersion: '7.0',
    diskSizeGB: 40,
    backupEnabled: true,
    tags,
  };
}

describe.concurrent.each(EACH_VERSION)('create at $version', ({ version, tag }) => {
  it('from every topology flag, in a pipe: the body in the version shape, the document on stdout', async () => {
    const name = `flags-${tag}`;
    const result = await run(world, ['clusters', 'create', name, ...ALL_FLAGS], { version });
    expect(result.exitCode, result.stderr).toBe(0);
    const [request, ...more] = requestsFor(world.emulators.fast, name);
    expect(more).toEqual([]);
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`${apiBase(version)}/groups/${PROJECT}/clusters`);
    expect(request!.contentType).toBe(contentType(version));
    expect(request!.body).toEqual(allFlagsBody(name, version));
    const document = JSON.parse(result.stdout);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(document).toMatchObject({ name, stateName: 'CREATING', mongoDBMajorVersion: '7.0' });
    expect(perShard(version) ? document.replicationSpecs[0].regionConfigs[0].electableSpecs.diskSizeGB : document.diskSizeGB).toBe(40);
    expect(legacy(version) ? document.providerSettings.instanceSizeName : document.replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize).toBe('M30');
    expect(result.stderr).toBe(`${deprecation(version)}cdba: cluster ${name} is CREATING; follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name}\`\n`);
  });

  it('on a TTY: the readable view on stdout', async () => {
    const name = `tty-${tag}`;
    const result = await run(world, ['clusters', 'create', name, '--provider', 'GCP', '--region', 'CENTRAL_US'], { version, tty: true });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Name: +${name}\nState: +CREATING\nType: +REPLICASET\n`));
    expect(result.stdout).toContain('\nTopology\n  Zone 1 · 1 shard\n    GCP CENTRAL_US · priority 7 · electable 3×M10 · read-only 0 · analytics 0\n');
    expect(result.stdout).toContain('\nConnection strings\n  none yet (issued when the cluster is IDLE)\n');
    expect(result.stderr).toContain(`cdba: cluster ${name} is CREATING; follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name}\`\n`);
    expect(requestsFor(world.emulators.fast, name)[0]!.body).toMatchObject({ name, clusterType: 'REPLICASET' });
  });

  it('shared tier (TENANT): the backing provider follows the region', async () => {
    const name = `free-${tag}`;
    const result = await run(world, ['clusters', 'create', name, '--provider', 'TENANT', '--region', 'US_EAST_1'], { version });
    expect(result.exitCode, result.stderr).toBe(0);
    const expected = legacy(version)
      ? { name, clusterType: 'REPLICASET', providerSettings: { providerName: 'TENANT', backingProviderName: 'AWS', instanceSizeName: 'M0', regionName: 'US_EAST_1' } }
      : {
          name,
          clusterType: 'REPLICASET',
          replicationSpecs: [
            {
              ...(perShard(version) ? {} : { numShards: 1 }),
              zoneName: 'Zone 1',
              regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }],
            },
          ],
        };
    expect(requestsFor(world.emulators.fast, name)[0]!.body).toEqual(expected);
    expect(JSON.parse(result.stdout).stateName).toBe('CREATING');
  });

  it('sharded: --shards and --type, the table row shows the shard count', async () => {
    const name = `shard-${tag}`;
    const result = await run(world, ['clusters', 'create', name, '--provider', 'AZURE', '--region', 'EUROPE_WEST', '--shards', '3', '--type', 'sharded', '-o', 'table'], { version });
    expect(result.exitCode, result.stderr).toBe(0);
    const expected = legacy(version)
      ? {
          name,
          clusterType: 'SHARDED',
          numShards: 3,
          providerSettings: { providerName: 'AZURE', instanceSizeName: 'M10', regionName: 'EUROPE_WEST' },
          replicationSpecs: [{ numShards: 3, regionsConfig: { EUROPE_WEST: { analyticsNodes: 0, electableNodes: 3, priority: 7, readOnlyNodes: 0 } }, zoneName: 'Zone 1' }],
        }
      : perShard(version)
        ? {
            name,
            clusterType: 'SHARDED',
            // 2024-10-23: --shards 3 is three replication specs.
            replicationSpecs: [1, 2, 3].map(() => ({
              zoneName: 'Zone 1',
              regionConfigs: [{ providerName: 'AZURE', regionName: 'EUROPE_WEST', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }],
            })),
          }
        : {
            name,
            clusterType: 'SHARDED',
            replicationSpecs: [{ numShards: 3, zoneName: 'Zone 1', regionConfigs: [{ providerName: 'AZURE', regionName: 'EUROPE_WEST', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
          };
    expect(requestsFor(world.emulators.fast, name)[0]!.body).toEqual(expected);
    // -o table in a pipe: tab-separated, a header row and one row.
    const [header, row, ...rest] = result.stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(header).toBe('NAME\tSTATE\tDB VERSION\tTYPE\tPROVIDER\tREGION\tTIER\tDISK\tCREATED');
    expect(row!.split('\t').slice(0, 7)).toEqual([name, 'CREATING', '8.0.29', 'SHARDED (3 shards)', 'AZURE', 'EUROPE_WEST', 'M10']);
  });

  it('from a file in the version shape, with flags on top (they win)', async () => {
    const name = `file-${tag}`;
    const file = legacy(version)
      ? { providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'EU_WEST_1' }, replicationFactor: 3, tags: [{ key: 'env', value: 'prod' }], pitEnabled: false }
      : { replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'EU_WEST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }], tags: [{ key: 'env', value: 'prod' }], pitEnabled: false };
    const result = await run(world, ['clusters', 'create', name, '--file', '-', '--tier', 'M20', '--tag', 'env=dev', '--tag', 'owner=me', '--db-version', '6.0'], { version, input: JSON.stringify(file) });
    expect(result.exitCode, result.stderr).toBe(0);
    const tags = [{ key: 'env', value: 'dev' }, { key: 'owner', value: 'me' }];
    const expected = legacy(version)
      ? { name, providerSettings: { providerName: 'AWS', instanceSizeName: 'M20', regionName: 'EU_WEST_1' }, replicationFactor: 3, tags, pitEnabled: false, mongoDBMajorVersion: '6.0' }
      : { name, replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'EU_WEST_1', priority: 7, electableSpecs: { instanceSize: 'M20', nodeCount: 3 } }] }], tags, pitEnabled: false, mongoDBMajorVersion: '6.0' };
    expect(requestsFor(world.emulators.fast, name)[0]!.body).toEqual(expected);
  });

  it('a file in the other shape: exit 2 naming each field, nothing sent', async () => {
    const modernFile = { replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }] };
    const legacyFile = { providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' }, numShards: 1, providerBackupEnabled: true, mongoURI: 'mongodb://x' };
    const result = await run(world, ['clusters', 'create', `shape-${tag}`, '--file', '-'], {
      version,
      on: 'witness',
      input: JSON.stringify(legacy(version) ? modernFile : legacyFile),
    });
    if (perShard(version)) {
      expectUsage(result, /^cdba: stdin: fields API version 2024-10-23 does not accept: providerSettings, numShards, providerBackupEnabled, mongoURI; this looks like a legacy \(v1\.0 \/ 2023-01-01\) body; `cdba clusters convert --to 2024-10-23` turns it into a 2024-10-23 body, or send it with --api-version v1\.0\n$/);
    } else if (legacy(version)) {
      expectUsage(result, new RegExp(`^cdba: stdin: fields API version ${version} does not accept: replicationSpecs\\.regionConfigs; this looks like a 2023-02-01 body; \`cdba clusters convert --to ${version}\` turns it into a ${version} body, or send it with --api-version 2023-02-01\\n$`));
    } else {
      expectUsage(result, /^cdba: stdin: fields API version 2023-02-01 does not accept: providerSettings, numShards, providerBackupEnabled, mongoURI; this looks like a legacy \(v1\.0 \/ 2023-01-01\) body; `cdba clusters convert --to 2023-02-01` turns it into a 2023-02-01 body, or send it with --api-version v1\.0\n$/);
    }
    expectNoRequest(world);
  });
});

describe.concurrent('create: checked before any request', () => {
  it('a bad name: exit 2', async () => {
    const names = ['bad_name', '-lead', 'trail-', 'x'.repeat(65)];
    const results = await Promise.all(
      names.map((name) => run(world, ['clusters', 'create', '--provider', 'AWS', '--region', 'US_EAST_1', '--', name], { on: 'witness' })),
    );
    results.forEach((result, i) => expectUsage(result, new RegExp(`^cdba: invalid cluster name "${names[i]}": `)));
    expectNoRequest(world);
  });

  it('invalid JSON: line and column', async () => {
    const result = await run(world, ['clusters', 'create', 'json', '--file', '-'], { on: 'witness', input: '{\n  "clusterType": "REPLICASET",\n  "tags": [,]\n}' });
    expectUsage(result, /^cdba: stdin: invalid JSON at line 3, column 12: /);
    expectNoRequest(world);
  });

  it('a name in the file that differs from the argument: the argument names the new cluster (a copy), with a note', async () => {
    const body = { name: 'theirs', clusterType: 'REPLICASET', replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }] };
    const result = await run(world, ['clusters', 'create', 'mine-copy', '--file', '-', '-o', 'json', '--query', 'name'], { input: JSON.stringify(body) });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('"mine-copy"\n');
    expect(result.stderr).toContain('cdba: stdin names the cluster "theirs"; creating it as "mine-copy"\n');
    expect(requestsFor(world.emulators.fast, 'mine-copy')[0]!.body).toMatchObject({ name: 'mine-copy' });
    expect(cluster(world.emulators.fast, 'theirs')).toBeUndefined();
  });

  it('read-only fields in a create body', async () => {
    const body = { id: 'x', stateName: 'IDLE', replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M10' } }] }] };
    const result = await run(world, ['clusters', 'create', 'ro', '--file', '-'], { on: 'witness', input: JSON.stringify(body) });
    expectUsage(result, /^cdba: stdin: read-only fields: id, stateName; remove them: the service sets these itself\n$/);
    expectNoRequest(world);
  });

  it('flag values: provider and type choices, members, tier, region, db version, disk size, shards with a replica set', async () => {
    const base = ['clusters', 'create', 'flags'];
    const cases: Array<[string[], RegExp]> = [
      [['--provider', 'IBM', '--region', 'US_EAST_1'], /invalid --provider "IBM": expected one of AWS, AZURE, GCP, TENANT/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--type', 'ring'], /invalid --type "ring": expected one of REPLICASET, SHARDED, GEOSHARDED/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--members', '4'], /invalid --members 4: a replica set has 3, 5 or 7 electable members/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M0'], /invalid --tier M0 for AWS: expected one of M10, /],
      [['--provider', 'GCP', '--region', 'US_EAST_1'], /unknown --region US_EAST_1 for GCP/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--db-version', 'latest'], /invalid --db-version "latest"/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--disk-size-gb', '-3'], /invalid --disk-size-gb "-3": expected a positive number/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--shards', '2', '--type', 'REPLICASET'], /--shards 2 needs --type SHARDED or GEOSHARDED/],
      [['--provider', 'TENANT', '--region', 'US_EAST_1', '--members', '5'], /--members: not available for the shared tier/],
      [['--region', 'US_EAST_1'], /--provider is required to describe the cluster; give them, or give the whole body with --file/],
      [[], /--provider and --region are required/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--watch-timeout', 'soon'], /invalid --watch-timeout "soon"/],
    ];
    const results = await Promise.all(cases.map(([flags]) => run(world, [...base, ...flags], { on: 'witness' })));
    results.forEach((result, i) => expectUsage(result, cases[i]![1]));
    expectNoRequest(world);
  });
});

describe.concurrent('create: answers and waiting', () => {
  it('a duplicate name: exit 5', async () => {
    const args = ['clusters', 'create', 'dup', '--provider', 'AWS', '--region', 'US_EAST_1'];
    expect((await run(world, args, { on: 'slow' })).exitCode).toBe(0);
    const again = await run(world, args, { on: 'slow' });
    expect(again.exitCode).toBe(5);
    expect(again.stdout).toBe('');
    expect(again.stderr).toBe(`cdba: A cluster named dup is already present in group ${PROJECT}. (DUPLICATE_CLUSTER_NAME, HTTP 409)\n`);
  });

  it('--watch in a pipe: state lines on stderr, the IDLE document on stdout', async () => {
    const result = await run(world, ['clusters', 'create', 'watch-pipe', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { version: '2023-02-01' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'watch-pipe', stateName: 'IDLE' });
    expect(JSON.parse(result.stdout).connectionStrings.standardSrv).toMatch(/^mongodb\+srv:\/\/watch-pipe\./);
    expect(result.stderr.replace(deprecationWarning('2023-02-01'), '')).toMatch(/^cdba: cluster watch-pipe is CREATING\ncdba: cluster watch-pipe is IDLE \(waited \d+(ms|s)\)\n$/);
  });

  it.each(EACH_VERSION)('--watch on a TTY at $version: a spinner on stderr, the readable view when IDLE', async ({ version, tag }) => {
    const name = `watch-tty-${tag}`;
    const result = await run(world, ['clusters', 'create', name, '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { version, tty: true });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Name: +${name}\nState: +IDLE\n`));
    expect(result.stdout).toMatch(/\nConnection strings\n {2}standard +mongodb:\/\/.+\n {2}standard srv +mongodb\+srv:\/\/.+\n$/);
    const err = plain(result.stderr);
    expect(err).toContain(`waiting for cluster ${name}: CREATING (0s)`);
    expect(err).toMatch(new RegExp(`cdba: cluster ${name} is IDLE \\(waited \\d+(ms|s)\\)\n$`));
  });

  it('--watch-timeout: exit 8, the operation goes on', async () => {
    const result = await run(world, ['clusters', 'create', 'slowpoke', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch-timeout', '0.4'], { on: 'slow' });
    expect(result.exitCode).toBe(8);
    expect(result.stdout).toBe('');
    expect(result.stderr.replace(deprecationWarning('2023-02-01'), '')).toBe(
      'cdba: cluster slowpoke is CREATING\n' +
        'cdba: gave up waiting for cluster slowpoke after 400ms; it is still CREATING; the operation goes on at the service; follow it with `cdba -P modern clusters watch slowpoke`\n',
    );
    expect(cluster(world.emulators.slow, 'slowpoke')?.model.stateName).toBe('CREATING');
  });

  it('Ctrl-C while watching: exit 130, the operation goes on', async () => {
    const child = spawn(world, ['clusters', 'create', 'interrupted', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { on: 'slow' });
    interruptWhen(child, 'is CREATING\n');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(String(result.stderr).replace(deprecationWarning('2023-02-01'), '')).toBe(
      'cdba: cluster interrupted is CREATING\n' +
        'cdba: interrupted while waiting for cluster interrupted (CREATING); the operation goes on at the service; follow it with `cdba -P modern clusters watch interrupted`\n',
    );
    expect(cluster(world.emulators.slow, 'interrupted')?.model.stateName).toBe('CREATING');
  });
});

describe('create: the connection drops after the POST', () => {
  it('is not retried; exit 7 says to check with clusters get', async () => {
    const emu = await startEmulator({
      seed: { projects: [{ id: PROJECT, name: 'p' }], apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }], rateLimit: { perMinute: 100_000 } },
      dropAfterCommit: true,
    });
    try {
      const result = await cdba(['clusters', 'create', 'dropped', '--provider', 'AWS', '--region', 'US_EAST_1'], {
        env: { CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey, CDBA_PROJECT_ID: PROJECT, NO_COLOR: '1' },
      });
      expect(result.exitCode).toBe(7);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^cdba: the connection to 127\.0\.0\.1:\d+ broke before a complete response \(POST .*\/clusters\); the cluster may have been created; check with `cdba clusters get dropped` before trying again\n$/);
      // Two POSTs reached the emulator: the digest challenge (401) and the one it committed and dropped.
      const stats = emu.stats();
      expect(stats.byPath['POST /api/atlas/v2/groups/{groupId}/clusters']).toBe(2);
      expect(stats.challenges).toBe(1);
      expect(stats.dropped).toBe(1);
      expect(emu.state().clusters.map((c) => c.name)).toEqual(['dropped']);
    } finally {
      await emu.stop();
    }
  });
});
