// `cdba metrics processes|disks|databases` in process against an emulator: the table of
// latest values (per process for a cluster), -o json passing the series through (a list
// of documents for a cluster), the partitions and databases when none is named, the flags
// sent as the service reads them (m= repeated), refusals before any request, and --plot
// refused in a pipe and with -o json; drawn on a terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, SEEDED_CLUSTER, digestEnv, expectOneErrorLine, knownSeed } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
let processIds: string[] = [];
const requests = (): number => Object.values(emu.stats().byPath).reduce((sum, count) => sum + count, 0);

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed({ clusterData: [{ projectId: PROJECT_ID, clusterName: SEEDED_CLUSTER, collections: ['shop.orders'] }] }), transitionMs: 0 }));
  env = digestEnv(emu.url);
  const list = await cdba(['processes', 'list', '-o', 'json'], { env });
  processIds = (JSON.parse(list.stdout) as { results: Array<{ id: string }> }).results.map((p) => p.id);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('metrics processes', () => {
  it("a cluster: each process's latest value of each asked series, with its unit", async () => {
    const result = await cdba(['metrics', 'processes', SEEDED_CLUSTER, '--type', 'CONNECTIONS', '--type', 'process_cpu_user', '-o', 'table'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^PROCESS\s+MEASUREMENT\s+VALUE\s+UNITS\s+AT$/);
    expect(lines).toHaveLength(1 + 3 * 2);
    for (const id of processIds) expect(lines.filter((l) => l.startsWith(id))).toHaveLength(2);
    expect(lines.filter((l) => /\sCONNECTIONS\s+[0-9.]+\s+SCALAR\s/.test(l))).toHaveLength(3);
    expect(lines.filter((l) => /\sPROCESS_CPU_USER\s+[0-9.]+\s+PERCENT\s/.test(l))).toHaveLength(3);
  });

  it('-o json: the document of one process as received; a list of one per process for a cluster', async () => {
    const one = await cdba(['metrics', 'processes', processIds[0]!, '--type', 'CONNECTIONS', '--granularity', 'PT1M', '--period', 'PT30M', '-o', 'json'], { env });
    expect(one.exitCode, one.stderr).toBe(0);
    const doc = JSON.parse(one.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ processId: processIds[0], granularity: 'PT1M', measurements: [{ name: 'CONNECTIONS', units: 'SCALAR' }] });
    const self = (doc.links as Array<{ href: string }>)[0]!.href;
    expect(self).toContain('granularity=PT1M&m=CONNECTIONS&period=PT30M');
    const all = await cdba(['metrics', 'processes', SEEDED_CLUSTER, '--type', 'CONNECTIONS', '-o', 'json'], { env });
    const docs = JSON.parse(all.stdout) as Array<Record<string, unknown>>;
    expect(docs.map((d) => d.processId)).toEqual(processIds);
  });

  it('a window by --start and --end, sent in the service form', async () => {
    const result = await cdba(['metrics', 'processes', processIds[0]!, '--type', 'CONNECTIONS', '--start', '2026-08-10T01:00', '--end', '2026-08-10T02:00:00+00:00', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    // The self link echoes the query the service got.
    const self = (JSON.parse(result.stdout) as { links: Array<{ href: string }> }).links[0]!.href;
    expect(self).toContain('?end=2026-08-10T02%3A00%3A00Z&granularity=PT5M&m=CONNECTIONS&start=2026-08-10T01%3A00%3A00Z');
  });

  it('refuses bad flags before any request, one line each', async () => {
    const before = requests();
    const cases: Array<[string[], RegExp]> = [
      [['--granularity', 'PT2M'], /invalid --granularity "PT2M": the service keeps measurements at PT1M, PT5M, PT30M, PT1H, P1D/],
      [['--granularity', '5 minutes'], /invalid --granularity "5 minutes": expected an ISO 8601 duration/],
      [['--period', 'P1M'], /invalid --period "P1M"/],
      [['--period', 'PT1H', '--start', '2026-08-10T00:00:00Z', '--end', '2026-08-10T01:00:00Z'], /--period|cannot be used with/],
      [['--start', '2026-08-10T00:00:00Z'], /--start needs --end/],
      [['--start', '2026-08-10T02:00:00Z', '--end', '2026-08-10T01:00:00Z'], /is not before --end/],
      [['--start', 'yesterday', '--end', '2026-08-10T01:00:00Z'], /invalid --start "yesterday"/],
      [['--type', 'cpu-user'], /invalid --type "CPU-USER"/],
      [Array.from({ length: 11 }, (_, i) => ['--type', `T${i}`]).flat(), /too many --type: at most 10/],
      [['--period', 'PT1M', '--granularity', 'PT5M'], /shorter than --granularity/],
    ];
    for (const [flags, pattern] of cases) expectOneErrorLine(await cdba(['metrics', 'processes', SEEDED_CLUSTER, ...flags], { env }), 2, pattern);
    expectOneErrorLine(await cdba(['metrics', 'processes', 'bad_name'], { env }), 2, /invalid process or cluster "bad_name"/);
    expectOneErrorLine(await cdba(['metrics', 'disks', SEEDED_CLUSTER, 'da ta'], { env }), 2, /invalid partition "da ta"/);
    expectOneErrorLine(await cdba(['metrics', 'databases', SEEDED_CLUSTER, 'a/b'], { env }), 2, /invalid database "a\/b"/);
    expect(requests()).toBe(before);
  });

  it('an unknown cluster: exit 4 with the near name', async () => {
    const result = await cdba(['metrics', 'processes', 'seedde'], { env });
    expectOneErrorLine(result, 4, /no cluster or process named seedde/);
    expect(result.stderr).toContain('did you mean seeded?');
  });

  it('--plot: refused in a pipe and with -o json, before any request; charts on a terminal', async () => {
    const before = requests();
    expectOneErrorLine(await cdba(['metrics', 'processes', SEEDED_CLUSTER, '--plot'], { env }), 2, /--plot draws on a terminal, and stdout is not one/);
    expectOneErrorLine(await cdba(['metrics', 'processes', SEEDED_CLUSTER, '--plot', '-o', 'json'], { env: { ...env, NO_COLOR: '1' }, tty: true }), 2, /--plot draws the series; -o json/);
    expect(requests()).toBe(before);
    const drawn = await cdba(['metrics', 'processes', processIds[0]!, '--plot', '--type', 'CONNECTIONS', '--type', 'MEMORY_MAPPED', '--granularity', 'PT1M', '--period', 'PT1H'], { env: { ...env, NO_COLOR: '1' }, tty: true, columns: 80 });
    expect(drawn.exitCode, drawn.stderr).toBe(0);
    expect(drawn.stdout).toMatch(/^CONNECTIONS \(SCALAR\) {2}latest [0-9.]+\n/);
    expect(drawn.stdout).toMatch(/[┼┤]/);
    expect(drawn.stdout).toContain('MEMORY_MAPPED (MEGABYTES): no data');
    for (const line of drawn.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe('metrics disks and databases', () => {
  it('without a name: the partitions and the databases of each process', async () => {
    const disks = await cdba(['metrics', 'disks', SEEDED_CLUSTER, '-o', 'table'], { env });
    expect(disks.exitCode, disks.stderr).toBe(0);
    expect(disks.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^PROCESS\s+PARTITION$/), ...processIds.map((id) => expect.stringMatching(new RegExp(`^${id.replace(/\./g, '\\.')}\\s+data$`)))]);
    const dbs = await cdba(['metrics', 'databases', processIds[0]!, '-o', 'json'], { env });
    expect((JSON.parse(dbs.stdout) as { results: Array<{ databaseName: string }> }).results.map((d) => d.databaseName)).toEqual(['config', 'local', 'shop']);
  });

  it("-o json: one process's list as received (nothing added); a cluster's, a list of them, each with its processId", async () => {
    for (const [kind, field] of [['disks', 'partitionName'], ['databases', 'databaseName']] as const) {
      const one = await cdba(['metrics', kind, processIds[0]!, '-o', 'json'], { env });
      expect(one.exitCode, one.stderr).toBe(0);
      const list = JSON.parse(one.stdout) as Record<string, unknown>;
      expect(Object.keys(list).sort(), kind).toEqual(['links', 'results', 'totalCount']);
      expect((list.results as Array<Record<string, unknown>>).every((item) => typeof item[field] === 'string')).toBe(true);
      // The table still says which process.
      const table = await cdba(['metrics', kind, processIds[0]!, '-o', 'table'], { env });
      expect(table.stdout.trim().split('\n').slice(1).every((row) => row.startsWith(`${processIds[0]}\t`)), table.stdout).toBe(true);
      const cluster = JSON.parse((await cdba(['metrics', kind, SEEDED_CLUSTER, '-o', 'json'], { env })).stdout) as Array<Record<string, unknown>>;
      expect(cluster.map((l) => l.processId)).toEqual(processIds);
      expect(cluster.map((l) => Object.keys(l).sort())).toEqual(processIds.map(() => ['links', 'processId', 'results', 'totalCount']));
    }
  });

  it('with a name: its measurements', async () => {
    const disk = await cdba(['metrics', 'disks', processIds[0]!, 'data', '--type', 'DISK_PARTITION_SPACE_PERCENT_FREE', '-o', 'table'], { env });
    expect(disk.exitCode, disk.stderr).toBe(0);
    expect(disk.stdout).toMatch(/DISK_PARTITION_SPACE_PERCENT_FREE\s+[0-9.]+\s+PERCENT/);
    const db = await cdba(['metrics', 'databases', SEEDED_CLUSTER, 'shop', '-o', 'json'], { env });
    const docs = JSON.parse(db.stdout) as Array<{ databaseName: string; measurements: unknown[] }>;
    expect(docs.map((d) => [d.databaseName, d.measurements.length])).toEqual(processIds.map(() => ['shop', 9]));
    const missing = await cdba(['metrics', 'databases', processIds[0]!, 'nope'], { env });
    expect(missing.exitCode).toBe(4);
  });
});
