// `cdba logs download` and `cdba performance-advisor` in process against an emulator whose
// clusters have run a seeded workload for a day: a cluster's fan-out (one file per host in
// --dir, named as the service names them), --decompress, a failed and an interrupted
// download leaving nothing under the final name, gzip refused on a terminal, the empty
// file's exit code, refusals before any request, and the advisor's answers per process.
// Through a proxy (answerProxy.ts): a service that names every host's file alike, and a
// link put at --out while the download is asked (in a process: the crash was the process's).
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { cdba as cdbaProcess } from '../../helpers/cli.js';
import { answerProxy, type AnswerProxy } from '../../helpers/answerProxy.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, SEEDED_CLUSTER, digestEnv, expectOneErrorLine, knownSeed, modernBody } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
let proxy: AnswerProxy;
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
  proxy = await answerProxy(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await proxy.close();
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

  it('refuses an --out that is a symbolic link or in a missing directory, and a --dir that is a link, before any request; the link and its target untouched', async () => {
    const work = tempDir();
    const host = (await processes())[0]!.hostname;
    writeFileSync(join(work, 'target.txt'), 'keep');
    symlinkSync('target.txt', join(work, 'link.log'));
    mkdirSync(join(work, 'real'));
    symlinkSync('real', join(work, 'linkdir'));
    writeFileSync(join(work, 'file'), 'x');
    const before = requests();
    const cases: Array<[string[], RegExp]> = [
      [[host, '--out', join(work, 'link.log')], /--out .*link\.log is a symbolic link: cdba does not write through links/],
      [[host, '--out', join(work, 'link.log'), '--decompress'], /is a symbolic link/],
      [[host, '--out', join(work, 'nodir', 'x.log')], /--out .*x\.log: cannot write in .*nodir: no such file or directory/],
      [[host, '--out', join(work, 'file', 'x.log')], /--out .*x\.log: .*file is not a directory/],
      [[SEEDED_CLUSTER, '--dir', join(work, 'linkdir')], /--dir .*linkdir is a symbolic link/],
      [[SEEDED_CLUSTER, '--dir', join(work, 'file', 'logs')], /--dir .*file\/logs: a part of the path is a file, not a directory/],
    ];
    for (const [args, message] of cases) {
      const result = await cdba(['logs', 'download', ...args], { env });
      expectOneErrorLine(result, 2, message);
    }
    expect(requests()).toBe(before);
    expect(readlinkSync(join(work, 'link.log'))).toBe('target.txt');
    expect(readFileSync(join(work, 'target.txt'), 'utf8')).toBe('keep');
    expect(readdirSync(join(work, 'real'))).toEqual([]);
    expect(readdirSync(work).sort()).toEqual(['file', 'link.log', 'linkdir', 'real', 'target.txt']);
  });

  it("a service that names every host's file alike: each host keeps its own file (-2, -3), said on stderr, none replaced", async () => {
    const proxied = digestEnv(proxy.url);
    proxy.headers = (_method, path, headers) => {
      if (path.endsWith('.gz')) headers['content-disposition'] = 'attachment; filename="mongodb.log.gz"';
    };
    // One window for every download here, an hour of the service's clock that has passed: the same bytes each time.
    const end = Math.floor((Date.now() + offset) / 60_000) * 60_000 - 5 * 60_000;
    const window = ['--start', new Date(end - 3_600_000).toISOString().slice(0, 16), '--end', new Date(end).toISOString().slice(0, 16)];
    try {
      const dir = join(tempDir(), 'out');
      const result = await cdba(['logs', 'download', SEEDED_CLUSTER, '--dir', dir, ...window, '-o', 'json'], { env: proxied });
      expect(result.exitCode, result.stderr).toBe(0);
      const written = JSON.parse(result.stdout) as Array<{ host: string; file: string }>;
      expect(written.map((w) => w.file)).toEqual(['mongodb.log.gz', 'mongodb-2.log.gz', 'mongodb-3.log.gz'].map((name) => join(dir, name)));
      expect(readdirSync(dir).sort()).toEqual(['mongodb-2.log.gz', 'mongodb-3.log.gz', 'mongodb.log.gz']);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toEqual([
        `cdba: ${written[1]!.host}: the service named its file mongodb.log.gz, as an earlier host's of this run; written as mongodb-2.log.gz`,
        `cdba: ${written[2]!.host}: the service named its file mongodb.log.gz, as an earlier host's of this run; written as mongodb-3.log.gz`,
      ]);
      // Each file is its host's: the same bytes as that host's download alone.
      for (const { host, file } of written) {
        const alone = join(tempDir(), 'alone.log');
        const one = await cdba(['logs', 'download', host, '--out', alone, '--decompress', ...window], { env });
        expect(one.exitCode, one.stderr).toBe(0);
        expect(gunzipSync(readFileSync(file)).toString('utf8'), host).toBe(readFileSync(alone, 'utf8'));
      }
      expect(new Set(written.map((w) => gunzipSync(readFileSync(w.file)).toString('utf8'))).size).toBe(3);
    } finally {
      proxy.headers = undefined;
    }
  });

  it('--out - with --decompress: control characters escaped on a terminal (lines kept), the bytes as they are into a pipe', async () => {
    // The workload's query on a field named with U+202E (a bidi override): mongod writes it raw in its JSON lines.
    const hosts = (await processes()).map((p) => p.hostname);
    // One window for both downloads (a day of the service's clock that has passed): the same lines each time.
    const end = Math.floor((Date.now() + offset) / 60_000) * 60_000 - 60_000;
    const window = ['--start', new Date(end - DAY).toISOString().slice(0, 16), '--end', new Date(end).toISOString().slice(0, 16)];
    const piped = await Promise.all(hosts.map((host) => cdba(['logs', 'download', host, '--decompress', '--out', '-', ...window], { env })));
    const index = piped.findIndex((r) => r.stdout.includes('\u202e'));
    expect(index, 'a host whose log holds the raw U+202E').toBeGreaterThanOrEqual(0);
    const raw = piped[index]!.stdout;
    const tty = await cdba(['logs', 'download', hosts[index]!, '--decompress', '--out', '-', ...window], { env, tty: true });
    expect(tty.exitCode, tty.stderr).toBe(0);
    // eslint-disable-next-line no-control-regex -- no control character may reach the terminal raw, nor a bidi control
    expect(tty.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(tty.stdout).toContain('we\\\\"ird\\u202e');
    expect(tty.stdout.split('\n')).toHaveLength(raw.split('\n').length);
    expect(tty.stdout).toBe(raw.replace(/\\/g, '\\\\').replace(/\u202e/g, '\\u202e'));
  });

  it('a link put at --out after the checks, while the download is asked: one line, exit 2, the link and its target untouched, no stack trace (a process)', async () => {
    const host = (await processes())[0]!.hostname;
    const work = tempDir();
    const out = join(work, 'node0.log');
    writeFileSync(join(work, 'target.txt'), 'keep');
    proxy.before = async (_method, path) => {
      if (path.endsWith('.gz') && !existsSync(out)) symlinkSync('target.txt', out);
    };
    try {
      const result = await cdbaProcess(['logs', 'download', host, '--out', out], { env: digestEnv(proxy.url) });
      expectOneErrorLine(result, 2, /refusing to write .*node0\.log: it exists and is not a regular file \(a symbolic link\)/);
    } finally {
      proxy.before = undefined;
    }
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(work, 'target.txt'), 'utf8')).toBe('keep');
    expect(readdirSync(work).sort()).toEqual(['node0.log', 'target.txt']);
  });

  it("the file's directory removed while the download is asked: one line, exit 1, nothing left (a process)", async () => {
    const host = (await processes())[0]!.hostname;
    const work = join(tempDir(), 'gone');
    mkdirSync(work);
    proxy.before = async (_method, path) => {
      if (path.endsWith('.gz')) rmSync(work, { recursive: true, force: true });
    };
    try {
      const result = await cdbaProcess(['logs', 'download', host, '--out', join(work, 'node0.log')], { env: digestEnv(proxy.url) });
      expectOneErrorLine(result, 1, /cannot write in .*gone: no such file or directory/);
    } finally {
      proxy.before = undefined;
    }
    expect(existsSync(work)).toBe(false);
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
    // The command as -o json gives it, ready to paste into mongosh: its \u escapes are not escaped again.
    for (const tty of [false, true]) {
      const shown = await cdba(['performance-advisor', 'suggested-indexes', SEEDED_CLUSTER, '-o', 'table'], { env: { ...env, NO_COLOR: '1' }, tty });
      expect(shown.stdout).toContain('db.getSiblingDB("sample").getCollection("movies").createIndex({ "we\\u0022ird\\u202e": 1 })');
      expect(shown.stdout).not.toContain('\\\\u');
      // eslint-disable-next-line no-control-regex -- nothing the server named reaches the terminal raw
      expect(shown.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    }
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

  it('--namespace repeated goes as the parameter repeated, as the description says; a comma is part of a name', async () => {
    const primary = (await processes()).find((p) => p.typeName === 'REPLICA_PRIMARY')!;
    const result = await cdba(['performance-advisor', 'slow-queries', primary.id, '--namespace', 'sample.movies', '--namespace', 'other.a,b', '--debug', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const asked = result.stderr.split('\n').find((line) => line.includes('/performanceAdvisor/slowQueryLogs?'));
    expect(asked, result.stderr).toBeDefined();
    expect(asked).toContain('namespaces=sample.movies&namespaces=other.a%2Cb');
    const lines = (JSON.parse(result.stdout) as Array<{ slowQueries: Array<{ namespace: string }> }>)[0]!.slowQueries;
    expect(lines.length).toBeGreaterThan(40);
    expect(new Set(lines.map((q) => q.namespace))).toEqual(new Set(['sample.movies']));
    // One value that holds a comma is one namespace (none ran there), not two.
    const joined = await cdba(['performance-advisor', 'slow-queries', primary.id, '--namespace', 'sample.movies,other.c', '-o', 'json'], { env });
    expect(joined.exitCode, joined.stderr).toBe(0);
    expect((JSON.parse(joined.stdout) as Array<{ slowQueries: unknown[] }>)[0]!.slowQueries).toEqual([]);
  });

  it('refuses a bad --since, --duration, --namespace or --n-logs before any request', async () => {
    const before = requests();
    for (const args of [['--since', 'soon'], ['--duration', '5 parsecs'], ['--namespace', 'nodot'], ['--n-logs', '20001']]) {
      const result = await cdba(['performance-advisor', 'slow-queries', SEEDED_CLUSTER, ...args], { env });
      expect(result.exitCode, args.join(' ')).toBe(2);
    }
    expect(requests()).toBe(before);
  });

  it('--help: the example of the last 6 hours asks for them (--duration alone: with --since the window would start there)', async () => {
    const help = await cdba(['performance-advisor', 'slow-queries', '--help'], { env });
    expect(help.exitCode, help.stderr).toBe(0);
    const lines = help.stdout.split('\n');
    const title = lines.findIndex((l) => l.includes('The last 6 hours'));
    expect(title, help.stdout).toBeGreaterThan(-1);
    // The example's command, its lines joined (a long one goes on after a backslash).
    let at = lines.findIndex((l, i) => i > title && l.includes('$ cdba performance-advisor slow-queries'));
    let example = '';
    do example += lines[at]!.replace(/\\$/, '').trim() + ' ';
    while (lines[at++]!.endsWith('\\'));
    expect(example).toMatch(/ --duration 6h\s*$/);
    expect(example).not.toContain('--since');
  });
});
