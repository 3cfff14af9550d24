// `cdba logs download` and `cdba performance-advisor` in process against an emulator whose
// clusters have run a seeded workload for a day: a cluster's fan-out (one file per host in
// --dir, named as the service names them), --decompress, a failed and an interrupted
// download leaving nothing under the final name, gzip refused on a terminal, the empty
// file's exit code, refusals before any request, and the advisor's answers per process.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, SEEDED_CLUSTER, digestEnv, knownSeed, modernBody } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
let offset = 0;
const requests = (): number => Object.values(emu.stats().byPath).reduce((sum, count) => sum + count, 0);
const DAY = 86_400_000;

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({
      clusters: [{ projectId: PROJECT_ID, cluster: modernBody(SEEDED_CLUSTER) }],
      workload: [
        {
          projectId: PROJECT_ID,
          cluster: SEEDED_CLUSTER,
          namespace: 'sample.movies',
          queries: [{ filter: { year: 1999, title: 'x' }, sort: { released: -1 }, perDay: 48 }, { filter: { 'we"ird\u202e': 1 }, perDay: 4 }],
        },
      ],
    }),
    // The service's clock a day and an hour on: the hosts have run the workload since.
    clock: () => Date.now() + offset,
    transitionMs: 0,
  }));
  offset = DAY + 3_600_000;
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

async function processes(): Promise<Array<{ id: string; hostname: string; typeName: string }>> {
  const result = await cdba(['processes', 'list', '-o', 'json'], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { results: Array<{ id: string; hostname: string; typeName: string }> }).results;
}

describe('logs download', () => {
  it("a cluster: every host's log into --dir, one gzip file each, named as the service names it", async () => {
    const dir = join(tempDir(), 'out');
    const result = await cdba(['logs', 'download', SEEDED_CLUSTER, '--dir', dir, '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const written = JSON.parse(result.stdout) as Array<{ host: string; file: string; bytes: number }>;
    const hosts = (await processes()).map((p) => p.hostname);
    expect(written.map((w) => w.host).sort()).toEqual([...hosts].sort());
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(3);
    for (const file of files) {
      expect(file).toMatch(/^atlas-[a-z0-9]{6}-shard-00-0[0-2]\.[a-z0-9]+\.mongodb\.net_\d{4}-\d\d-\d\dT\d\d_\d\d_\d\d_\d{4}-\d\d-\d\dT\d\d_\d\d_\d\d_MONGODB\.log\.gz$/);
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      const lines = gunzipSync(readFileSync(join(dir, file))).toString('utf8').trimEnd().split('\n');
      expect(lines.every((line) => 't' in (JSON.parse(line) as object))).toBe(true);
    }
  });

  it('one host, --decompress --out: text lines holding the slow queries the advisor lists', async () => {
    const primary = (await processes()).find((p) => p.typeName === 'REPLICA_PRIMARY')!;
    const file = join(tempDir(), 'primary.log');
    const result = await cdba(['logs', 'download', primary.hostname, '--decompress', '--out', file], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    const slow = await cdba(['performance-advisor', 'slow-queries', primary.id, '-o', 'json'], { env });
    expect(slow.exitCode, slow.stderr).toBe(0);
    const lines = (JSON.parse(slow.stdout) as Array<{ process: string; slowQueries: Array<{ line: string }> }>)[0]!.slowQueries.map((q) => q.line);
    expect(lines.length).toBeGreaterThan(40);
    for (const line of lines) expect(text).toContain(line);
  });

  it('a download that fails part way (--max-size passed) leaves no file under the final name, nor a temporary one', async () => {
    const dir = tempDir();
    const result = await cdba(['logs', 'download', SEEDED_CLUSTER, '--dir', dir, '--max-size', '100'], { env });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/passed 100 bytes/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses gzip on a terminal, and bad windows, before any request', async () => {
    const before = requests();
    const tty = await cdba(['logs', 'download', SEEDED_CLUSTER + '-shard-00-00.abc.mongodb.net', '--out', '-'], { env, tty: true });
    expect(tty.exitCode).toBe(2);
    expect(tty.stderr).toMatch(/refusing to write gzip to a terminal/);
    for (const args of [['--start', 'yesterday'], ['--start', '2026-08-10T00:00', '--end', '2026-08-09T00:00'], ['--start', '2026-01-01', '--end', '2026-03-01'], ['--type', 'syslog'], ['--out', 'x', '--dir', 'y'], ['--out', 'x']]) {
      const result = await cdba(['logs', 'download', SEEDED_CLUSTER, ...args], { env });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(requests()).toBe(before);
  });

  it('an empty file (mongos logs of a replica set host are empty on the service) exits 17 and writes nothing', async () => {
    const primary = (await processes())[0]!;
    const dir = tempDir();
    const result = await cdba(['logs', 'download', primary.hostname, '--type', 'mongos', '--dir', dir], { env });
    // A replica set host runs no mongos: refused by name, before the download.
    expect(result.exitCode).toBe(2);
    const early = await cdba(['logs', 'download', primary.hostname, '--dir', dir, '--start', new Date(Date.now() - 3 * DAY).toISOString().slice(0, 16), '--end', new Date(Date.now() - 2 * DAY).toISOString().slice(0, 16)], { env });
    expect(early.exitCode).toBe(17);
    expect(early.stderr).toMatch(/empty file/);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'x'))).toBe(false);
  });
});

describe('performance-advisor', () => {
  it('suggested-indexes of a cluster: each process asked, the createIndex commands escaped, saying which process', async () => {
    const result = await cdba(['performance-advisor', 'suggested-indexes', SEEDED_CLUSTER, '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const answers = JSON.parse(result.stdout) as Array<{ process: string; suggestedIndexes: Array<{ createIndex: string }> }>;
    expect(answers).toHaveLength(3);
    const commands = answers.flatMap((a) => a.suggestedIndexes.map((s) => s.createIndex));
    expect(commands).toContain('db.getSiblingDB("sample").getCollection("movies").createIndex({ "year": 1, "title": 1, "released": -1 })');
    expect(commands).toContain('db.getSiblingDB("sample").getCollection("movies").createIndex({ "we\\u0022ird\\u202e": 1 })');
    const table = await cdba(['performance-advisor', 'suggested-indexes', SEEDED_CLUSTER, '-o', 'table'], { env });
    expect(table.stdout.split('\n')[0]).toMatch(/^PROCESS\tIMPACT\tCREATE INDEX$/);
    expect(table.stdout).toContain('createIndex({ "year": 1, "title": 1, "released": -1 })');
  });

  it('namespaces, schema advice, drop-index suggestions and managed slow ms', async () => {
    const ns = await cdba(['performance-advisor', 'namespaces', SEEDED_CLUSTER, '-o', 'table'], { env });
    expect(ns.exitCode, ns.stderr).toBe(0);
    expect(ns.stdout).toMatch(/\tsample\.movies\n/);
    const schema = await cdba(['performance-advisor', 'schema-advice', SEEDED_CLUSTER, '-o', 'json'], { env });
    expect(JSON.parse(schema.stdout)).toEqual({ recommendations: [] });
    const drop = await cdba(['performance-advisor', 'drop-index-suggestions', SEEDED_CLUSTER, '-o', 'json'], { env });
    expect(JSON.parse(drop.stdout)).toEqual({ hiddenIndexes: [], redundantIndexes: [], unusedIndexes: [] });
    expect((await cdba(['performance-advisor', 'managed-slow-ms', 'status', '-o', 'json'], { env })).stdout.trim()).toBe('{"managedSlowMs":true}');
    const off = await cdba(['performance-advisor', 'managed-slow-ms', 'disable'], { env });
    expect(off.exitCode, off.stderr).toBe(0);
    expect((await cdba(['performance-advisor', 'managed-slow-ms', 'status', '-o', 'table'], { env })).stdout).toMatch(/disabled/);
    expect((await cdba(['performance-advisor', 'managed-slow-ms', 'enable'], { env })).exitCode).toBe(0);
  });

  it('refuses a bad --since, --duration, --namespace or --n-logs before any request', async () => {
    const before = requests();
    for (const args of [['--since', 'soon'], ['--duration', '5 parsecs'], ['--namespace', 'nodot'], ['--n-logs', '20001']]) {
      const result = await cdba(['performance-advisor', 'slow-queries', SEEDED_CLUSTER, ...args], { env });
      expect(result.exitCode, args.join(' ')).toBe(2);
    }
    expect(requests()).toBe(before);
  });
});
