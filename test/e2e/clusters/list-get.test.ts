// `cdba clusters list` and `cdba clusters get` through the built binary under the
// API versions (and the default), against seeded projects: 345 clusters (pages), a small
// mixed one (the table's columns), and an empty one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedCluster } from '../../../src/emulator/resources/clusters/index.js';
import { DigestClient, accept } from '../../helpers/emulator.js';
import { apiBase, EACH_VERSION, expectNoRequest, expectUsage, OWNER, PROJECT, run, startWorld, type Version, type World, deprecationWarning, wireVersion } from './world.js';

const MANY = 'c000000000000000000000bb';
const SMALL = 'c000000000000000000000cc';
const EMPTY = 'c000000000000000000000dd';
const MANY_COUNT = 345;

const aws = (name: string, size = 'M10'): Record<string, unknown> => ({
  name,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: size, nodeCount: 3 } }] }],
});

const SMALL_CLUSTERS: Record<string, unknown>[] = [
  { ...aws('app', 'M30'), mongoDBMajorVersion: '7.0' },
  {
    name: 'shop',
    clusterType: 'SHARDED',
    replicationSpecs: [{ numShards: 2, regionConfigs: [{ providerName: 'GCP', regionName: 'CENTRAL_US', priority: 7, electableSpecs: { instanceSize: 'M40', nodeCount: 3 } }] }],
  },
  {
    name: 'free',
    replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }],
  },
  {
    name: 'geo',
    clusterType: 'GEOSHARDED',
    replicationSpecs: [
      {
        zoneName: 'America',
        numShards: 1,
        regionConfigs: [
          { providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } },
          { providerName: 'AWS', regionName: 'US_WEST_2', priority: 6, electableSpecs: { instanceSize: 'M30', nodeCount: 2 }, readOnlySpecs: { instanceSize: 'M30', nodeCount: 1 } },
        ],
      },
      { zoneName: 'Europe', numShards: 2, regionConfigs: [{ providerName: 'AWS', regionName: 'EU_WEST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } }] },
    ],
  },
];

let world: World;
beforeAll(async () => {
  const clusters: SeedCluster[] = [
    ...Array.from({ length: MANY_COUNT }, (_, i) => ({ projectId: MANY, cluster: aws(`c${String(i).padStart(3, '0')}`) })),
    ...SMALL_CLUSTERS.map((cluster) => ({ projectId: SMALL, cluster })),
    { projectId: PROJECT, cluster: aws('one') },
  ];
  world = await startWorld({ projects: [MANY, SMALL, EMPTY], clusters });
});
afterAll(async () => {
  await world.stop();
});

const deprecationLine = deprecationWarning;
const HEADER = 'NAME\tSTATE\tDB VERSION\tTYPE\tPROVIDER\tREGION\tTIER\tDISK\tCREATED';

/** The document the emulator serves for a path, fetched directly with digest auth. */
async function served(version: Version, path: string): Promise<unknown> {
  const client = new DigestClient(world.emulators.fast.url, OWNER.publicKey, OWNER.privateKey);
  const response = await client.request('GET', `${apiBase(version)}${path}`, { headers: version === 'v1.0' ? {} : accept(wireVersion(version, 'read')) });
  expect(response.status).toBe(200);
  return response.json;
}

describe.concurrent.each(EACH_VERSION)('list at $version', ({ version }) => {
  it('in a pipe: the first page as received (JSON), nothing else', async () => {
    const result = await run(world, ['clusters', 'list'], { version, project: MANY });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(deprecationLine(version));
    const page = JSON.parse(result.stdout);
    expect(page).toEqual(await served(version, `/groups/${MANY}/clusters`));
    expect(page.results).toHaveLength(100);
    expect(page.totalCount).toBe(MANY_COUNT);
    expect(page.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'next']);
    expect(version === '2023-02-01' || version === 'default' ? page.results[0].replicationSpecs[0].regionConfigs : page.results[0].providerSettings).toBeDefined();
  });

  it('on a TTY: the table, and "cdba: showing 1–100 of 345" on stderr', async () => {
    const result = await run(world, ['clusters', 'list'], { version, project: MANY, tty: true });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toMatch(/^NAME +STATE +DB VERSION +TYPE +PROVIDER +REGION +TIER +DISK +CREATED$/);
    expect(lines[1]).toMatch(/^c000 +IDLE +8\.0\.29 +REPLICASET +AWS +US_EAST_1 +M10 +\d+ GB +\d{4}-\d\d-\d\dT/);
    expect(lines[100]).toMatch(/^c099 /);
    expect(result.stderr).toBe(`${deprecationLine(version)}cdba: showing 1–100 of 345; next: --page 2, or --all for every cluster\n`);
  });

  it('-o table in a pipe: one tab-separated row per cluster, every shape rendered', async () => {
    const result = await run(world, ['clusters', 'list', '-o', 'table'], { version, project: SMALL });
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = result.stdout.trimEnd().split('\n').map((line) => line.split('\t').slice(0, 7));
    expect(rows).toEqual([
      HEADER.split('\t').slice(0, 7),
      ['app', 'IDLE', '7.0.40', 'REPLICASET', 'AWS', 'US_EAST_1', 'M30'],
      ['shop', 'IDLE', '8.0.29', 'SHARDED (2 shards)', 'GCP', 'CENTRAL_US', 'M40'],
      ['free', 'IDLE', '8.0.29', 'REPLICASET', 'TENANT (AWS)', 'US_EAST_1', 'M0'],
      ['geo', 'IDLE', '8.0.29', 'GEOSHARDED (3 shards)', 'AWS', 'US_EAST_1 +2', 'M30'],
    ]);
    expect(result.stderr).toBe(deprecationLine(version));
  });

});

describe.concurrent('list flags (each under one of the versions)', () => {
  it('--page and --limit (at v1.0): the last page, its footer says where it is', async () => {
    const version = 'v1.0';
    const result = await run(world, ['clusters', 'list', '--page', '4', '--limit', '100'], { version, project: MANY, tty: true });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(46);
    expect(lines[1]).toMatch(/^c300 /);
    expect(result.stderr).toBe(`${deprecationLine(version)}cdba: showing 301–345 of 345\n`);
  });

  it('--all (at 2023-01-01): every cluster in one document, pages fetched by the API layer', async () => {
    const version = '2023-01-01';
    const result = await run(world, ['clusters', 'list', '--all'], { version, project: MANY });
    expect(result.exitCode, result.stderr).toBe(0);
    const all = JSON.parse(result.stdout);
    expect(all.totalCount).toBe(MANY_COUNT);
    expect(all.results.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: MANY_COUNT }, (_, i) => `c${String(i).padStart(3, '0')}`));
    expect(all.links).toHaveLength(1);
    expect(all.links[0].rel).toBe('self');
    // On a TTY there is no footer: nothing is left out.
    const tty = await run(world, ['clusters', 'list', '--all'], { version, project: MANY, tty: true });
    expect(tty.stdout.trimEnd().split('\n')).toHaveLength(MANY_COUNT + 1);
    expect(tty.stderr).toBe(deprecationLine(version));
  });

  it('--all -o json (items written as the text they were read as) gives the bytes of the parsed document (--query @)', async () => {
    const [text, parsed] = await Promise.all([
      run(world, ['clusters', 'list', '--all', '-o', 'json'], { project: MANY }),
      run(world, ['clusters', 'list', '--all', '-o', 'json', '--query', '@'], { project: MANY }),
    ]);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(JSON.parse(text.stdout).results).toHaveLength(MANY_COUNT);
    expect(text.stdout).toBe(parsed.stdout);
  });

  it('--no-count (at 2023-02-01): no totalCount asked or shown', async () => {
    const version = '2023-02-01';
    const pipe = await run(world, ['clusters', 'list', '--no-count', '--limit', '50'], { version, project: MANY });
    expect(pipe.exitCode, pipe.stderr).toBe(0);
    const page = JSON.parse(pipe.stdout);
    expect(page).not.toHaveProperty('totalCount');
    expect(page.results).toHaveLength(50);
    expect(page.links.find((l: { rel: string }) => l.rel === 'self').href).toContain('includeCount=false');
    const tty = await run(world, ['clusters', 'list', '--no-count', '--limit', '50'], { version, project: MANY, tty: true });
    expect(tty.stderr).toBe(`${deprecationLine(version)}cdba: showing 1–50; next: --page 2, or --all for every cluster\n`);
  });

  it('--all --no-count: the service is not asked for the total, and no output has one', async () => {
    const version = '2023-02-01';
    for (const args of [[], ['-o', 'pretty'], ['--query', '@']]) {
      const result = await run(world, ['clusters', 'list', '--all', '--no-count', ...args], { version, project: MANY });
      expect(result.exitCode, result.stderr).toBe(0);
      const document = JSON.parse(result.stdout);
      expect(document).not.toHaveProperty('totalCount');
      expect(document.results).toHaveLength(MANY_COUNT);
      expect(document.links[0].href).toContain('includeCount=false');
    }
    const counted = JSON.parse((await run(world, ['clusters', 'list', '--all'], { version, project: MANY })).stdout);
    expect(counted.totalCount).toBe(MANY_COUNT);
  });

  it('an empty project (at 2023-01-01): the header alone, no footer', async () => {
    const version = '2023-01-01';
    const tty = await run(world, ['clusters', 'list'], { version, project: EMPTY, tty: true });
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toMatch(/^NAME +STATE +DB VERSION +TYPE +PROVIDER +REGION +TIER +DISK +CREATED\n$/);
    expect(tty.stderr).toBe(deprecationLine(version));
    const pipe = await run(world, ['clusters', 'list'], { version, project: EMPTY });
    expect(JSON.parse(pipe.stdout)).toMatchObject({ results: [], totalCount: 0 });
  });
});

describe.concurrent('list: checked before any request', () => {
  it('--limit above 500, --page 0, --all with --page or --limit', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--limit', '501'], /^cdba: invalid --limit 501: must be between 1 and 500\n$/],
      [['--limit', 'ten'], /^cdba: invalid --limit "ten": expected a whole number\n$/],
      [['--page', '0'], /^cdba: invalid --page 0: must be between 1 and /],
      [['--all', '--page', '2'], /^cdba: option '--all' cannot be used with option '--page <n>'; see 'cdba clusters list --help'\n$/],
      [['--all', '--limit', '20'], /^cdba: option '--all' cannot be used with option '--limit <n>'/],
    ];
    const results = await Promise.all(cases.map(([flags]) => run(world, ['clusters', 'list', ...flags], { on: 'witness' })));
    results.forEach((result, i) => expectUsage(result, cases[i]![1]));
    expectNoRequest(world);
  });
});

describe.concurrent.each(EACH_VERSION)('get at $version', ({ version }) => {
  it('in a pipe: the document as received', async () => {
    const result = await run(world, ['clusters', 'get', 'geo'], { version, project: SMALL });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(deprecationLine(version));
    expect(JSON.parse(result.stdout)).toEqual(await served(version, `/groups/${SMALL}/clusters/geo`));
  });

  it('on a TTY: state, topology per zone and region, connection strings', async () => {
    const result = await run(world, ['clusters', 'get', 'geo'], { version, project: SMALL, tty: true });
    expect(result.exitCode, result.stderr).toBe(0);
    const [head, topology, strings] = result.stdout.split('\n\n');
    expect(head).toMatch(/^Name: +geo\nState: +IDLE\nType: +GEOSHARDED \(3 shards\)\nDatabase: +8\.0\.29\nDisk: +40 GB\nBackup: +no\nPaused: +no\nTermination protection: +no\nCreated: +\S+\nID: +[0-9a-f]{24}$/);
    // The same topology whether it came as regionConfigs (2023-02-01) or regionsConfig (legacy).
    expect(topology).toBe(
      'Topology\n' +
        '  America · 1 shard\n' +
        '    AWS US_EAST_1 · priority 7 · electable 3×M30 · read-only 0 · analytics 0\n' +
        '    AWS US_WEST_2 · priority 6 · electable 2×M30 · read-only 1×M30 · analytics 0\n' +
        '  Europe · 2 shards\n' +
        '    AWS EU_WEST_1 · priority 7 · electable 3×M30 · read-only 0 · analytics 0',
    );
    expect(strings).toMatch(/^Connection strings\n {2}standard +mongodb:\/\/geo-[^\n]+\n {2}standard srv +mongodb\+srv:\/\/geo\.[a-z0-9]+\.mongodb\.net\n$/);
  });

});

describe.concurrent('get (each under one of the versions)', () => {
  it('a shared-tier cluster on a TTY (at v1.0)', async () => {
    const version = 'v1.0';
    const result = await run(world, ['clusters', 'get', 'free'], { version, project: SMALL, tty: true });
    expect(result.stdout).toContain('\nTopology\n  Zone 1 · 1 shard\n    TENANT (AWS) US_EAST_1 · priority 7 · shared tier M0\n');
  });

  it('--query on a TTY (at 2023-01-01): the query result, not the view', async () => {
    const version = '2023-01-01';
    const result = await run(world, ['clusters', 'get', 'app', '--query', '{name: name, state: stateName}'], { version, project: SMALL, tty: true });
    expect(result.stdout).toMatch(/^NAME +STATE\napp +IDLE\n$/);
  });

  it('-o pretty (at 2023-02-01): indented by 2', async () => {
    const version = '2023-02-01';
    const [json, pretty] = await Promise.all([
      run(world, ['clusters', 'get', 'app'], { version, project: SMALL }),
      run(world, ['clusters', 'get', 'app', '-o', 'pretty'], { version, project: SMALL }),
    ]);
    expect(pretty.stdout).toBe(`${JSON.stringify(JSON.parse(json.stdout), null, 2)}\n`);
  });

  it('a cluster that does not exist (at 2023-02-01): exit 4', async () => {
    const version = '2023-02-01';
    const result = await run(world, ['clusters', 'get', 'nope'], { version });
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    // The service's line; `one` is the project's near name (issue 43, item 10).
    expect(result.stderr).toBe(`cdba: No cluster named nope exists in group ${PROJECT}. (CLUSTER_NOT_FOUND, HTTP 404); did you mean one?\n`);
  });
});

