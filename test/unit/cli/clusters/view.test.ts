// The cluster table and the readable view: every shape the service sends (legacy,
// 2023-02-01, 2024-08-05+), the list footer, and every recorded cluster or list
// in ../shared/reference/recorded rendered on a TTY and in a pipe.
import { describe, expect, it } from 'vitest';
import { IO } from '../../../../src/base/io.js';
import { render } from '../../../../src/output/render.js';
import { pageFooter } from '../../../../src/cli/clusters/list.js';
import { summarize, typeLabel } from '../../../../src/cli/clusters/summary.js';
import { clusterView, CLUSTER_LIST_TABLE, CLUSTER_TABLE } from '../../../../src/cli/clusters/view.js';
import { readRecorded } from '../../../helpers/reference.js';

type Doc = Record<string, unknown>;

const modern: Doc = {
  name: 'shop',
  stateName: 'IDLE',
  clusterType: 'SHARDED',
  mongoDBVersion: '8.0.29',
  createDate: '2026-08-10T03:02:48Z',
  diskSizeGB: 40,
  backupEnabled: true,
  replicationSpecs: [
    {
      numShards: 3,
      zoneName: 'Zone 1',
      regionConfigs: [
        { providerName: 'GCP', regionName: 'WESTERN_EUROPE', priority: 6, electableSpecs: { instanceSize: 'M30', nodeCount: 2 } },
        { providerName: 'AWS', regionName: 'EU_WEST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 }, analyticsSpecs: { instanceSize: 'M40', nodeCount: 1 } },
      ],
    },
  ],
  connectionStrings: { standard: 'mongodb://shop-shard-00-00.ab12c.mongodb.net:27016/?tls=true', standardSrv: 'mongodb+srv://shop.ab12c.mongodb.net' },
};

const legacy: Doc = {
  name: 'old',
  stateName: 'UPDATING',
  clusterType: 'REPLICASET',
  mongoDBVersion: '7.0.40',
  createDate: '2026-08-10T03:03:08Z',
  providerBackupEnabled: false,
  providerSettings: { providerName: 'AZURE', instanceSizeName: 'M20', regionName: 'US_EAST_2' },
  numShards: 1,
  replicationSpecs: [{ id: 'x', numShards: 1, zoneName: 'Zone 1', regionsConfig: { US_EAST_2: { electableNodes: 3, priority: 7, readOnlyNodes: 2, analyticsNodes: 0 } } }],
  mongoURI: 'mongodb://old-shard-00-00.ab12c.azure.mongodb.net:27017',
  mongoURIWithOptions: 'mongodb://old-shard-00-00.ab12c.azure.mongodb.net:27017/?ssl=true',
  srvAddress: 'mongodb+srv://old.ab12c.azure.mongodb.net',
};

/** 2024-08-05: each shard its own entry, no numShards, the zone repeated. */
const perShard: Doc = {
  name: 'iss',
  stateName: 'CREATING',
  clusterType: 'SHARDED',
  replicationSpecs: ['M10', 'M30'].map((size, i) => ({
    id: `s${i}`,
    zoneId: 'z1',
    zoneName: 'Zone 1',
    regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: size, nodeCount: 3, diskSizeGB: 30 } }],
  })),
};

async function table(document: unknown, tty: boolean, spec = CLUSTER_LIST_TABLE): Promise<string> {
  const io = IO.test({ outIsTTY: tty });
  await render(io, document, { format: 'table', table: spec });
  return io.stdout;
}

describe('fitting the list to a terminal', () => {
  const name = `orders-${'x'.repeat(41)}-eu-west`;
  const fitted = async (width: number): Promise<string[]> => {
    const one = { ...legacy, name, stateName: 'IDLE', createDate: '2026-08-10T03:03:08Z' };
    const io = IO.test({ outIsTTY: true });
    await render(io, { results: [one], totalCount: 1 }, { format: 'table', table: CLUSTER_LIST_TABLE, width });
    const lines = io.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
    return lines;
  };

  it('120 columns and a 56-character name: CREATED goes so that the name stays whole (a user copies it); REPLICASET and PROVIDER whole', async () => {
    expect(name).toHaveLength(56);
    const [header, row] = await fitted(120);
    expect(header).toMatch(/^NAME +STATE +DB VERSION +TYPE +PROVIDER +REGION +TIER$/);
    expect(row).toMatch(new RegExp(`^${name} +IDLE +7\\.0\\.40 +REPLICASET +AZURE +US_EAST_2 +M20$`));
  });

  it('60 columns: no room for the name beside the state, so every other column goes and the name stays whole (a user copies it)', async () => {
    const io = IO.test({ outIsTTY: true });
    const one = { ...legacy, name, stateName: 'IDLE', createDate: '2026-08-10T03:03:08Z' };
    await render(io, { results: [one], totalCount: 1 }, { format: 'table', table: CLUSTER_LIST_TABLE, width: 60 });
    const [header, row] = io.stdout.trimEnd().split('\n');
    expect(header!.trim()).toBe('NAME');
    expect(row!.trim()).toBe(name);
  });
});

describe('the STATE column', () => {
  it('a paused cluster (IDLE, paused: true) is PAUSED in the table; its JSON is untouched', async () => {
    const list = { results: [{ ...modern, name: 'asleep', paused: true }, { ...modern, name: 'awake', paused: false }, { ...legacy, paused: true }], totalCount: 3 };
    const rows = (await table(list, false)).split('\n').slice(1, 4).map((line) => line.split('\t').slice(0, 2));
    expect(rows).toEqual([['asleep', 'PAUSED'], ['awake', 'IDLE'], ['old', 'UPDATING']]);
  });
});

describe('summarize', () => {
  it('reads 2023-02-01: shards, providers and regions by priority, tiers', () => {
    const s = summarize(modern);
    expect(s).toMatchObject({ name: 'shop', state: 'IDLE', dbVersion: '8.0.29', shards: 3, providers: ['AWS', 'GCP'], regions: ['EU_WEST_1', 'WESTERN_EUROPE'], tiers: ['M30'], diskSizeGB: 40, backup: true });
    expect(typeLabel(s)).toBe('SHARDED (3 shards)');
    expect(s.zones[0]!.regions[0]).toEqual({
      provider: 'AWS',
      region: 'EU_WEST_1',
      priority: 7,
      electable: { instanceSize: 'M30', nodes: 3 },
      readOnly: { nodes: 0 },
      analytics: { instanceSize: 'M40', nodes: 1 },
    });
  });

  it('reads legacy: one provider and tier for the cluster, nodes per region', () => {
    const s = summarize(legacy);
    expect(s).toMatchObject({ state: 'UPDATING', shards: 1, providers: ['AZURE'], regions: ['US_EAST_2'], tiers: ['M20'], backup: false });
    expect(s.zones).toEqual([
      {
        name: 'Zone 1',
        shards: 1,
        regions: [{ provider: 'AZURE', region: 'US_EAST_2', priority: 7, electable: { instanceSize: 'M20', nodes: 3 }, readOnly: { instanceSize: 'M20', nodes: 2 }, analytics: { instanceSize: 'M20', nodes: 0 } }],
      },
    ]);
    expect(typeLabel(s)).toBe('REPLICASET');
  });

  it('reads legacy with only providerSettings and replicationFactor', () => {
    const s = summarize({ name: 'min', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' }, replicationFactor: 5 });
    expect(s.zones[0]!.regions[0]!.electable).toEqual({ instanceSize: 'M10', nodes: 5 });
  });

  it('groups 2024-08-05 shards by zone and keeps each distinct tier', () => {
    const s = summarize(perShard);
    expect(s.shards).toBe(2);
    expect(s.tiers).toEqual(['M10', 'M30']);
    expect(s.zones).toHaveLength(1);
    expect(s.zones[0]!.regions.map((r) => r.electable.instanceSize)).toEqual(['M10', 'M30']);
    expect(typeLabel(s)).toBe('SHARDED (2 shards)');
  });

  it('never throws on odd documents', () => {
    for (const odd of [null, undefined, 42, 'x', [], {}, { replicationSpecs: 'no' }, { replicationSpecs: [null, 1] }, { providerSettings: 3 }]) {
      expect(() => summarize(odd)).not.toThrow();
    }
    expect(summarize({}).shards).toBe(1);
  });
});

describe('the table', () => {
  it('in a pipe: tab-separated, a header row, one row per cluster', async () => {
    const text = await table({ results: [modern, legacy, perShard] }, false);
    expect(text).toBe(
      'NAME\tSTATE\tDB VERSION\tTYPE\tPROVIDER\tREGION\tTIER\tDISK\tCREATED\n' +
        'shop\tIDLE\t8.0.29\tSHARDED (3 shards)\tAWS,GCP\tEU_WEST_1 +1\tM30\t40 GB\t2026-08-10T03:02:48Z\n' +
        'old\tUPDATING\t7.0.40\tREPLICASET\tAZURE\tUS_EAST_2\tM20\t\t2026-08-10T03:03:08Z\n' +
        'iss\tCREATING\t\tSHARDED (2 shards)\tAWS\tUS_EAST_1\t1:M10/30GB 2:M30/30GB\t\t\n',
    );
  });

  it('on a TTY: aligned columns', async () => {
    const lines = (await table({ results: [modern, legacy] }, true)).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME +STATE +DB VERSION +TYPE +PROVIDER +REGION +TIER +DISK +CREATED$/);
    expect(lines[1]!.indexOf('SHARDED')).toBe(lines[0]!.indexOf('TYPE'));
    expect(lines[2]!.indexOf('REPLICASET')).toBe(lines[0]!.indexOf('TYPE'));
  });

  it('one cluster: one row', async () => {
    expect((await table(legacy, false, CLUSTER_TABLE)).split('\n')[1]).toBe('old\tUPDATING\t7.0.40\tREPLICASET\tAZURE\tUS_EAST_2\tM20\t\t2026-08-10T03:03:08Z');
  });
});

describe('the readable view', () => {
  it('shows state, topology per zone and region, and connection strings', async () => {
    const text = await clusterView(IO.test(), modern);
    expect(text).toBe(
      [
        'Name:                   shop',
        'State:                  IDLE',
        'Type:                   SHARDED (3 shards)',
        'Database:               8.0.29',
        'Disk:                   40 GB',
        'Backup:                 yes',
        'Created:                2026-08-10T03:02:48Z',
        '',
        'Topology',
        '  Zone 1 · 3 shards',
        '    AWS EU_WEST_1 · priority 7 · electable 3×M30 · read-only 0 · analytics 1×M40',
        '    GCP WESTERN_EUROPE · priority 6 · electable 2×M30 · read-only 0 · analytics 0',
        '',
        'Connection strings',
        '  standard      mongodb://shop-shard-00-00.ab12c.mongodb.net:27016/?tls=true',
        '  standard srv  mongodb+srv://shop.ab12c.mongodb.net',
        '',
      ].join('\n'),
    );
  });

  it('legacy documents: the URI fields are the connection strings', async () => {
    const text = await clusterView(IO.test(), legacy);
    expect(text).toContain('\nConnection strings\n');
    expect(text).toContain('mongodb+srv://old.ab12c.azure.mongodb.net');
    expect(text).toContain('    AZURE US_EAST_2 · priority 7 · electable 3×M20 · read-only 2×M20 · analytics 0\n');
  });

  it('tags: one line of key=value, in the order the service keeps them; none, no line', async () => {
    const tagged = { ...modern, tags: [{ key: 'team', value: 'search' }, { key: 'env', value: 'prod' }] };
    expect(await clusterView(IO.test(), tagged)).toContain('\nCreated:                2026-08-10T03:02:48Z\nTags:                   team=search, env=prod\n');
    expect(await clusterView(IO.test(), { ...modern, tags: [] })).not.toContain('Tags:');
  });

  it('differing shards: each shard\'s line escapes the server\'s text (tier and zone), as the region lines do', async () => {
    const hostile = { ...perShard, replicationSpecs: (perShard.replicationSpecs as Doc[]).map((spec, i) => ({
      ...spec,
      zoneName: 'Zone\u001b[2J',
      regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: i === 0 ? 'M10' : 'M30\u001b]0;PWNED\u0007\u001b[31m', nodeCount: 3, diskSizeGB: 30 } }],
    })) };
    const text = await clusterView(IO.test({ outIsTTY: true }), hostile);
    expect(text).toContain('shard 2 (Zone\\x1b[2J) · M30\\x1b]0;PWNED\\x07\\x1b[31m · 30 GB');
    // eslint-disable-next-line no-control-regex -- no raw ESC or BEL may reach the terminal
    expect(text).not.toMatch(/[\u0007\u001b]/);
  });

  it('a cluster still being created has no strings yet', async () => {
    expect(await clusterView(IO.test(), perShard)).toContain('Connection strings\n  none yet (issued when the cluster is IDLE)\n');
  });
});

describe('pageFooter', () => {
  it('says which items show, of how many, and how to see more', () => {
    expect(pageFooter(1, 100, 100, 345, true)).toBe('showing 1–100 of 345; next: --page 2, or --all for every cluster');
    expect(pageFooter(4, 100, 45, 345, false)).toBe('showing 301–345 of 345');
    expect(pageFooter(1, 50, 50, undefined, true)).toBe('showing 1–50; next: --page 2, or --all for every cluster');
    expect(pageFooter(9, 100, 0, 345, false)).toBe('nothing on page 9 of 345');
  });

  it('is absent when the first page holds everything', () => {
    expect(pageFooter(1, 100, 3, 3, false)).toBeUndefined();
    expect(pageFooter(1, 100, 0, 0, false)).toBeUndefined();
  });
});

/** The expected shard count: numShards where the shape has it, else one entry per shard. */
function shardsOf(doc: Doc): number {
  const specs = doc.replicationSpecs as Doc[];
  return specs.every((s) => typeof s.numShards === 'number') ? specs.reduce((n, s) => n + (s.numShards as number), 0) : specs.length;
}

describe('every recorded cluster and cluster list renders', () => {
  const recorded = readRecorded();
  interface Recording {
    file: string;
    kind: 'list' | 'cluster';
    doc: Doc;
  }
  const documents = recorded.flatMap(({ file, status, body }): Recording[] => {
    if (status < 200 || status >= 300) return [];
    let doc: unknown;
    try {
      doc = JSON.parse(body);
    } catch {
      return [];
    }
    if (doc === null || typeof doc !== 'object') return [];
    if (Array.isArray((doc as Doc).results)) return [{ file, kind: 'list', doc: doc as Doc }];
    if (typeof (doc as Doc).name === 'string') return [{ file, kind: 'cluster', doc: doc as Doc }];
    return [];
  });

  it('finds clusters and lists among the recordings', () => {
    expect(documents.filter((d) => d.kind === 'list').length).toBeGreaterThanOrEqual(2);
    expect(documents.filter((d) => d.kind === 'cluster').length).toBeGreaterThanOrEqual(40);
  });

  it.each(documents)('$file', async ({ kind, doc }) => {
    const clusters = kind === 'list' ? (doc.results as Doc[]) : [doc];
    const spec = kind === 'list' ? CLUSTER_LIST_TABLE : CLUSTER_TABLE;
    const pipe = (await table(doc, false, spec)).trimEnd().split('\n');
    expect(pipe).toHaveLength(clusters.length + 1);
    clusters.forEach((cluster, i) => {
      const cells = pipe[i + 1]!.split('\t');
      expect(cells[0]).toBe(cluster.name);
      expect(cells[1]).toBe(cluster.stateName);
      expect(cells[2]).toBe(cluster.mongoDBVersion);
      expect(cells[3]).toBe(cluster.clusterType === 'SHARDED' ? `SHARDED (${shardsOf(cluster)} shards)` : cluster.clusterType);
      expect(cells[4]).toMatch(/^(AWS|GCP|AZURE|TENANT \((AWS|GCP|AZURE)\))(,|$)/);
      expect(cells[5]).toMatch(/^[A-Z0-9_]+( \+\d+)?$/);
      expect(cells[6]).toMatch(/^[MR]\d+/);
      expect(cells[7]).toMatch(/^(\d+(\.\d+)? GB)?$/);
      expect(cells[8]).toBe(cluster.createDate);
    });
    const tty = await table(doc, true, spec);
    expect(tty.split('\n')[0]).toMatch(/^NAME +STATE +DB VERSION +TYPE +PROVIDER +REGION +TIER +DISK +CREATED$/);
    for (const cluster of clusters) {
      const view = await clusterView(IO.test(), cluster);
      expect(view).toMatch(new RegExp(`^Name: +${cluster.name as string}\nState: +${cluster.stateName as string}\n`));
      expect(view).toContain('\nTopology\n');
      expect(view).toContain('\nConnection strings\n');
    }
  });

  it('knows the shard count of the sharded recordings in both shapes', () => {
    const types = new Map(documents.filter((d) => d.kind === 'cluster').map((d) => [d.doc.name as string, typeLabel(summarize(d.doc))]));
    expect(types.get('cluster-703')).toBe('SHARDED (2 shards)');
    expect(types.get('cluster-759')).toBe('SHARDED (2 shards)');
    expect(types.get('cluster-634')).toBe('SHARDED (2 shards)');
    expect(types.get('cluster-251')).toBe('REPLICASET');
    const tenant = documents.find((d) => d.doc.name === 'cluster-251')!.doc;
    expect(summarize(tenant)).toMatchObject({ providers: ['TENANT (AWS)'], tiers: ['M0'] });
  });
});
