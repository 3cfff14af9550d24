// Issue 43, item 8: a value users copy (an ID, a name, a namespace, a connection
// string, a service name, a date) is never cut on a terminal. Tables drop whole
// columns instead, in their declared order, keeping the identifying ones; --wide
// shows everything. Every table the CLI declares is found in the code (each module
// of src/cli is imported and its exported tables taken, and the source is read for
// declarations none exports), filled with long real values, and rendered at 80 and
// 120 columns; the readable views that cut at all (those that import `truncate`)
// are rendered too.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { clusterView } from '../../../src/cli/clusters/view.js';
import { displayWidth, GAP } from '../../../src/output/fit.js';
import { render, type Column, type TableSpec } from '../../../src/output/render.js';
import { REPO_ROOT } from '../../helpers/inProcess.js';

const CLI = join(REPO_ROOT, 'src', 'cli');
const WIDTHS = [80, 120];

const ID = '6a7944f22c88faeba59d3572';
const NAME = 'analytics-reporting-eu-west-replica-set-000001'; // 46 characters, as the issue's
const DATE = '2026-12-01T10:00:00Z';
const HOSTS = ['00', '01', '02'].map((n) => `${NAME}-shard-00-${n}.ab1cd.mongodb.net:27017`).join(',');

/**
 * Every header a table of the CLI declares: a long real value, and whether users copy
 * it (then its column must say `copyable`). A new header fails the test until it is here.
 */
const SAMPLES: Record<string, { value: string; copyable: boolean }> = {
  ID: { value: ID, copyable: true },
  NAME: { value: NAME, copyable: true },
  CLUSTER: { value: NAME, copyable: true },
  USERNAME: { value: 'arn:aws:iam::123456789012:user/analytics-reporting-service', copyable: true },
  'AUTH DB': { value: '$external', copyable: true },
  NAMESPACE: { value: 'sample_mflix.embedded_movies', copyable: true },
  'EVENT TYPE': { value: 'COMPUTE_AUTO_SCALE_MAX_INSTANCE_SIZE_FAIL_ANALYTICS', copyable: true },
  'ACKNOWLEDGED UNTIL': { value: DATE, copyable: true },
  'CLUSTER/HOST': { value: HOSTS.split(',')[0]!, copyable: true },
  ENABLED: { value: 'yes', copyable: false },
  NOTIFICATIONS: { value: 'GROUP,EMAIL,SLACK,PAGER_DUTY', copyable: false },
  'FIELD NAME': { value: 'HOSTNAME_AND_PORT', copyable: true },
  PROCESS: { value: HOSTS.split(',')[0]!, copyable: true },
  MEASUREMENT: { value: 'MAX_SYSTEM_NORMALIZED_CPU_IOWAIT', copyable: true },
  UNITS: { value: 'BYTES_PER_SECOND', copyable: false },
  AT: { value: DATE, copyable: true },
  PARTITION: { value: 'nvme-data-0', copyable: true },
  DATABASE: { value: 'sample_analytics_warehouse', copyable: true },
  'REPLICA SET': { value: 'atlas-x1y2z3-shard-0', copyable: true },
  VERSION: { value: '8.0.29', copyable: false },
  ALIAS: { value: HOSTS.split(',')[0]!.replace(':27017', ''), copyable: true },
  'LAST PING': { value: DATE, copyable: false },
  MS: { value: '1523', copyable: false },
  EXAMINED: { value: '2384756', copyable: false },
  RETURNED: { value: '12', copyable: false },
  LINE: { value: '{"t":{"$date":"2026-12-01T10:00:00.000+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn42","msg":"Slow query"}', copyable: false },
  IMPACT: { value: '15360', copyable: false },
  'CREATE INDEX': { value: 'db.getSiblingDB("sample_mflix").getCollection("embedded_movies").createIndex({ "year": 1, "title": 1 })', copyable: true },
  RECOMMENDATION: { value: 'REDUCE_LOOKUP_OPS', copyable: true },
  TRIGGER: { value: 'PERCENT_QUERIES_USE_LOOKUP', copyable: false },
  WHY: { value: 'Queries use $lookup in more than 50% of operations on this collection', copyable: false },
  INDEX: { value: 'year_1_title_1_genres_1', copyable: true },
  BYTES: { value: '104857600', copyable: false },
  ACCESSES: { value: '0', copyable: false },
  HOST: { value: HOSTS.split(',')[0]!.replace(':27017', ''), copyable: true },
  FILE: { value: `c1-logs/${HOSTS.split(',')[0]!.replace(':27017', '')}_1765015200_1765101600_MONGODB.log.gz`, copyable: true },
  'CONNECTION STRING': { value: `mongodb://${HOSTS}/?ssl=true&authSource=admin&replicaSet=atlas-x1y2z3-shard-0`, copyable: true },
  'PRIVATE ENDPOINT SRV': { value: `mongodb+srv://${NAME}-pl-0.ab1cd.mongodb.net`, copyable: true },
  'SERVICE NAME': { value: 'com.amazonaws.vpce.eu-west-1.vpce-svc-0a1b2c3d4e5f60718', copyable: true },
  ENDPOINT: { value: 'vpce-0a1b2c3d4e5f60718', copyable: true },
  ENDPOINTS: { value: 'vpce-0a1b2c3d4e5f60718, vpce-0f1e2d3c4b5a69788', copyable: true },
  IP: { value: '10.100.200.123', copyable: true },
  ENTRY: { value: '2001:db8:85a3::8a2e:370:7334/128', copyable: true },
  'PEER NETWORK': { value: 'vpc-0a1b2c3d4e5f60718', copyable: true },
  ACCOUNT: { value: '123456789012', copyable: true },
  CONTAINER: { value: ID, copyable: true },
  NETWORK: { value: 'vpc-0f1e2d3c4b5a69788', copyable: true },
  'PROJECT ID': { value: ID, copyable: true },
  'ORG ID': { value: ID, copyable: true },
  SNAPSHOT: { value: ID, copyable: true },
  TARGET: { value: `${ID}/${NAME}`, copyable: true },
  'BASE URL': { value: 'https://cloud.mongodb.com', copyable: true },
  'API VERSION': { value: '2024-08-05', copyable: true },
  VALUE: { value: `${NAME}-shard-00-00.ab1cd.mongodb.net:27017`, copyable: true },
  OPERATION: { value: 'privateEndpoints.interfaces.create', copyable: true },
  CREATED: { value: DATE, copyable: true },
  EXPIRES: { value: DATE, copyable: true },
  FINISHED: { value: DATE, copyable: true },
  STARTED: { value: DATE, copyable: true },
  COMPLETED: { value: DATE, copyable: true },
  'DELETE AFTER': { value: DATE, copyable: true },
  SENDS: { value: '2024-08-05', copyable: true },
  NEWEST: { value: '2024-10-23', copyable: true },
  DEPRECATION: { value: '2026-01-01T00:00:00Z', copyable: true },
  SUNSET: { value: '2027-07-01', copyable: true },
  'SHORT NAME': { value: 'getServerlessBackupRestoreJob', copyable: true },
  PATH: { value: '/groups/{groupId}/serverless/{clusterName}/backup/restoreJobs/{restoreJobId}', copyable: true },
  METHOD: { value: 'DELETE', copyable: false },
  SUMMARY: { value: 'Return One Restore Job for One Serverless Instance from One Project', copyable: false },
  // Not copied: states, kinds, counts, flags and prose.
  STATE: { value: 'UPDATING', copyable: false },
  STATUS: { value: 'inProgress', copyable: false },
  'DB VERSION': { value: '8.0.12', copyable: false },
  TYPE: { value: 'SHARDED (2 shards)', copyable: false },
  PROVIDER: { value: 'AWS,GCP,AZURE', copyable: false },
  REGION: { value: 'EU_WEST_1 +2', copyable: false },
  TIER: { value: '1:M30/40GB 2:M40/80GB', copyable: false },
  DISK: { value: '80 GB', copyable: false },
  KIND: { value: 'onDemand', copyable: false },
  SIZE: { value: '1.5 GB', copyable: false },
  DESCRIPTION: { value: 'before the migration of the orders collection to the new schema', copyable: false },
  DELIVERY: { value: 'automated', copyable: false },
  FREQUENCY: { value: 'monthly', copyable: false },
  EVERY: { value: 'last day of the month', copyable: false },
  KEPT: { value: '12 months', copyable: false },
  SRV: { value: 'yes', copyable: false },
  OPTIMIZED: { value: 'yes', copyable: false },
  FIELD: { value: 'replicaSet', copyable: false },
  COMMENT: { value: 'the CI runners of the analytics team, until the migration', copyable: false },
  AUTH: { value: 'AWS IAM', copyable: false },
  ROLES: { value: 'readWrite@analytics, read@reporting.orders, clusterMonitor', copyable: false },
  SCOPES: { value: `cluster:${NAME}`, copyable: false },
  AGE: { value: '3h 2m', copyable: false },
  'CREATED CLUSTER': { value: 'yes', copyable: false },
  'ATLAS CIDR': { value: '192.168.248.0/21', copyable: false },
  PROVISIONED: { value: 'true', copyable: false },
  REGIONALIZED: { value: 'true', copyable: false },
  'PRIVATE IP MODE': { value: 'on', copyable: false },
  KEY: { value: 'projectId', copyable: false },
  SOURCE: { value: 'env CDBA_PROJECT_ID', copyable: false },
  CLUSTERS: { value: '12', copyable: false },
  QUERYABLE: { value: 'yes', copyable: false },
  'DAYS LEFT': { value: '365', copyable: false },
  WHO: { value: 'nmtxqlkl', copyable: true },
  TIMESTAMP: { value: DATE, copyable: true },
  HOSTNAME: { value: `${NAME}-shard-00-00.ab1cd.mongodb.net`, copyable: true },
  'AUTH RESULT': { value: 'failure (AuthenticationFailed)', copyable: false },
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));

const isSpec = (value: unknown): value is TableSpec<unknown> =>
  typeof value === 'object' && value !== null && Array.isArray((value as TableSpec<unknown>).columns) && typeof (value as TableSpec<unknown>).rows === 'function';

/** Every table of the CLI, by `file#export`: exported specs, and those exported functions named *Table make. */
async function declaredTables(): Promise<Map<string, TableSpec<unknown>>> {
  const tables = new Map<string, TableSpec<unknown>>();
  for (const file of sourceFiles(CLI)) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const spec = isSpec(value) ? value : typeof value === 'function' && /Table$/.test(name) ? await (value as (arg: string) => unknown)('2026-08-01T00:00:00Z') : undefined;
      if (isSpec(spec)) tables.set(`${relative(CLI, file)}#${name}`, spec);
    }
  }
  return tables;
}

/** Names declared as a table in the source (`const X: TableSpec<`, `function x(...): TableSpec<` or `Promise<TableSpec<`). */
function tablesInSource(): string[] {
  return sourceFiles(CLI).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:const|function)\s+(\w+)\b[^=\n{]*?:\s*(?:Promise<)?TableSpec<\w+>(?!\[)/g)].map((m) => `${relative(CLI, file)}#${m[1]}`),
  );
}

/** A table as a terminal of `width` shows it (undefined: --wide). */
async function shown(spec: TableSpec<unknown>, width: number | undefined): Promise<{ headers: string[]; line: string; lines: string[] }> {
  const row = spec.columns.map((c) => SAMPLES[c.header]!.value);
  const columns: Column<string[]>[] = spec.columns.map((c, i) => ({ ...c, value: (r: string[]) => r[i] }));
  const io = IO.test({ outIsTTY: true, colorLevel: 0, columns: width ?? 80 });
  await render(io, null, { format: 'table', table: { columns, rows: () => [row] }, width });
  const lines = io.stdout.trimEnd().split('\n');
  return { headers: lines[0]!.split(/ {2,}/), line: lines[1]!, lines };
}

describe('tables never cut what users copy (issue 43, item 8)', async () => {
  const tables = await declaredTables();
  const cases = [...tables].flatMap(([name, spec]) => WIDTHS.map((width) => [name, width, spec] as const));

  it('finds every table the source declares, and knows every header', () => {
    expect(tables.size).toBeGreaterThan(25);
    const missing = tablesInSource().filter((name) => !tables.has(name));
    expect(missing, 'declared but not exported, so not checked').toEqual([]);
    const headers = new Set([...tables.values()].flatMap((spec) => spec.columns.map((c) => c.header)));
    expect([...headers].filter((h) => !SAMPLES[h]), 'headers with no sample').toEqual([]);
  });

  it.each([...tables])('%s: a column is copyable exactly when its values are copied; the first column identifies the row and is never dropped', (_name, spec) => {
    for (const column of spec.columns) expect(column.copyable === true, column.header).toBe(SAMPLES[column.header]!.copyable);
    expect(spec.columns[0]!.dropPriority, spec.columns[0]!.header).toBeUndefined();
  });

  it.each(cases)('%s at %i columns: copyable values whole, only columns that may be cut are, identifying columns kept, lines within the width unless the copyable values alone are wider', async (_name, width, spec) => {
    const { headers, line, lines } = await shown(spec, width);
    const kept = spec.columns.filter((c) => headers.includes(c.header));
    expect(kept.map((c) => c.header), 'headers whole, in order').toEqual(headers);
    for (const column of spec.columns) if (column.dropPriority === undefined && !column.onlyWhenAllFits) expect(headers, `${column.header} is never dropped`).toContain(column.header);
    // Copyable values always whole; any other that may not be cut (no minWidth) too, and every header.
    for (const column of kept) {
      const value = SAMPLES[column.header]!.value;
      if (column.copyable || column.minWidth === undefined) expect(line, `${column.header} whole`).toContain(value);
    }
    const copied = kept.filter((c) => c.copyable).map((c) => displayWidth(SAMPLES[c.header]!.value));
    const copiedWidth = copied.reduce((a, b) => a + b, 0) + GAP * Math.max(0, copied.length - 1);
    for (const l of lines) if (copiedWidth <= width) expect(displayWidth(l), l).toBeLessThanOrEqual(width);
  });

  it.each([...tables])('%s with --wide: every column, every value whole', async (_name, spec) => {
    const { headers, line } = await shown(spec, undefined);
    expect(headers).toEqual(spec.columns.filter((c) => !c.omitWhenEmpty || SAMPLES[c.header]!.value).map((c) => c.header));
    for (const column of spec.columns) expect(line).toContain(SAMPLES[column.header]!.value);
  });
});

describe('views never cut what users copy (issue 43, item 8)', () => {
  it('the views that cut values to fit are the ones rendered here', () => {
    const cutting = sourceFiles(CLI).filter((file) => /\btruncate\b/.test(readFileSync(file, 'utf8'))).map((file) => relative(CLI, file));
    expect(cutting).toEqual(['clusters/view.ts']);
  });

  const cluster = {
    id: ID,
    name: NAME,
    stateName: 'IDLE',
    clusterType: 'REPLICASET',
    mongoDBVersion: '8.0.12',
    createDate: DATE,
    tags: [{ key: 'team', value: 'analytics and reporting, europe west, the long tag value goes on and on' }],
    replicationSpecs: [{ zoneName: 'Zone 1', regionConfigs: [{ providerName: 'AWS', regionName: 'EU_WEST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } }] }],
    connectionStrings: {
      standard: `mongodb://${HOSTS}/?ssl=true&authSource=admin&replicaSet=atlas-x1y2z3-shard-0`,
      standardSrv: `mongodb+srv://${NAME}.ab1cd.mongodb.net`,
      privateEndpoint: [
        {
          type: 'MONGOD',
          connectionString: `mongodb://pl-0-eu-west-1.ab1cd.mongodb.net:1024,pl-0-eu-west-1.ab1cd.mongodb.net:1025/?ssl=true&authSource=admin&replicaSet=atlas-x1y2z3-shard-0`,
          srvConnectionString: `mongodb+srv://${NAME}-pl-0.ab1cd.mongodb.net`,
          endpoints: [{ endpointId: 'vpce-0a1b2c3d4e5f60718', providerName: 'AWS', region: 'EU_WEST_1' }],
        },
      ],
    },
  };

  it.each(WIDTHS)('clusters get at %i columns: the name, ID, creation date and every connection string whole', async (width) => {
    const io = IO.test({ outIsTTY: true, colorLevel: 0, columns: width });
    const text = await clusterView(io, cluster, width);
    for (const value of [NAME, ID, DATE, cluster.connectionStrings.standard, cluster.connectionStrings.standardSrv, cluster.connectionStrings.privateEndpoint[0]!.srvConnectionString, cluster.connectionStrings.privateEndpoint[0]!.connectionString]) {
      expect(text, value).toContain(value);
    }
    // What is not copied still fits: the tags line is cut to the width.
    const tags = text.split('\n').find((l) => l.startsWith('Tags:'))!;
    expect(displayWidth(tags)).toBeLessThanOrEqual(width);
  });
});
