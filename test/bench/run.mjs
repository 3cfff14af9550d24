// `npm run bench` (after `npm run build`): start-up, one call end to end, HTTP
// requests on the wire, concurrent paging, peak memory and emulator throughput,
// measured in one run against `node -e 0` taken in the same run. Prints a table
// and writes test/bench/results.json. See RESULTS.md for the latest figures.
//
//   node test/bench/run.mjs            a warm-up, 10 interleaved rounds, 2 × 5 s of load
//   node test/bench/run.mjs --quick    3 rounds, no warm-up, 2 × 0.5 s of load (a smoke run, < 30 s)
//   node test/bench/run.mjs --runs 21  more rounds
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDigestModule } from './digestModule.mjs';
import { envUpRequests, gcRun } from './envBench.mjs';
import { startEmulatorProcess } from './emulatorProcess.mjs';
import { runLoad, timeSequentialGets } from './load.mjs';
import { median, quantile, timeProcess } from './measure.mjs';
import { figuresTable, fmt } from './report.mjs';
import { LARGE_CLUSTER_COUNT, MEDIUM_CLUSTER_COUNT, buildBenchSeed } from './seed.mjs';

const REPO = resolve(import.meta.dirname, '../..');
const BIN = join(REPO, 'bin', 'cdba.js');
const NODE = process.execPath;
const PRELOAD = pathToFileURL(join(import.meta.dirname, 'maxrss-preload.mjs')).href;
const RESULTS_FILE = join(import.meta.dirname, 'results.json');
const PAGE_SIZE = 500; // what fetch-all asks for (src/api/client.ts), the service's maximum
const LATENCY_MS = 50;
/** Figure 7: a round trip as slow as a nearby region's, where the second round trip shows. */
const SLOW_LATENCY_MS = 100;
const LOAD_CLIENTS = 16;

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    out: { type: 'string' },
  },
});
const ROUNDS = flags.runs ? Number(flags.runs) : flags.quick ? 3 : 10;
const LOAD = flags.quick ? { warmupMs: 200, durationMs: 500 } : { warmupMs: 1000, durationMs: 5000 };
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`--runs must be a positive integer, not ${flags.runs}`);
if (!existsSync(join(REPO, 'dist', 'main.js'))) {
  console.error('bench: dist/main.js is missing; run `npm run build` first (`npm run bench` does)');
  process.exit(2);
}

// The single executable (npm run build:sea; rebuilt only when its inputs changed).
const SEA = join(REPO, 'dist', 'sea', 'cdba');
const seaBuild = spawnSync(NODE, [join(REPO, 'scripts', 'build-sea.mjs')], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
const seaProblem = seaBuild.status === 0 ? undefined : (seaBuild.stderr.trim().split('\n').pop() || `build:sea exit ${seaBuild.status}`);
// Exit 3: this machine cannot build it (not linux-x64, ...): reported, not a failure.
const seaSkipped = seaBuild.status === 3;
const seaMissing = seaSkipped ? undefined : seaProblem;

const packageVersion = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version;
const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: availableParallelism(),
  memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
  node: process.version,
  os: `${platform()} ${release()}`,
  // Other work on the machine skews every figure; the ratios less so (interleaved).
  loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
};
const benchStarted = performance.now();
const log = (text) => console.error(`bench +${((performance.now() - benchStarted) / 1000).toFixed(1)}s: ${text}`);

const work = mkdtempSync(join(tmpdir(), 'cdba-bench-'));
const emulators = [];
process.on('exit', () => {
  for (const emu of emulators) emu.killNow();
  rmSync(work, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

// ---------------------------------------------------------------- setup
const bench = buildBenchSeed();
const seedFile = join(work, 'seed.json');
writeFileSync(seedFile, JSON.stringify(bench.seed));
const smallSeedFile = join(work, 'small-seed.json');
writeFileSync(smallSeedFile, JSON.stringify(bench.smallSeed));
const baseEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', NO_COLOR: '1' };
const configDir = (name) => {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
};

const TOTAL_CLUSTERS = LARGE_CLUSTER_COUNT + MEDIUM_CLUSTER_COUNT + 3;
log(`starting four emulators: ${TOTAL_CLUSTERS} clusters, the same with --latency ${LATENCY_MS}, 3 clusters, and 3 with --latency ${SLOW_LATENCY_MS}`);
const emulatorEnv = { ...baseEnv, CDBA_CONFIG_DIR: configDir('emu-config') };
const [emu, slowEmu, smallEmu, latencyEmu, digest] = await Promise.all([
  startEmulatorProcess({ bin: BIN, seedFile, env: emulatorEnv }),
  startEmulatorProcess({ bin: BIN, seedFile, latencyMs: LATENCY_MS, env: emulatorEnv }),
  startEmulatorProcess({ bin: BIN, seedFile: smallSeedFile, env: emulatorEnv }),
  startEmulatorProcess({ bin: BIN, seedFile: smallSeedFile, latencyMs: SLOW_LATENCY_MS, env: emulatorEnv }),
  loadDigestModule(REPO, work),
]);
emulators.push(emu, slowEmu, smallEmu, latencyEmu);

/** A CLI environment: digest keys, or the service account when `bearer`. */
function cliEnv(target, projectId, dir, { bearer = false } = {}) {
  const credentials = bearer
    ? { CDBA_CLIENT_ID: bench.account.clientId, CDBA_CLIENT_SECRET: bench.account.clientSecret }
    : { CDBA_PUBLIC_KEY: bench.owner.publicKey, CDBA_PRIVATE_KEY: bench.owner.privateKey };
  return { ...baseEnv, HOME: dir, CDBA_CONFIG_DIR: dir, CDBA_BASE_URL: target.url, CDBA_PROJECT_ID: projectId, ...credentials };
}

const digestDir = configDir('cli-digest');
const reuseDir = configDir('cli-digest-reuse');
const latencyDir = configDir('cli-digest-latency');
const bearerDir = configDir('cli-bearer');
let freshDirs = 0;

const expectJson = (check) => (result) => {
  let doc;
  try {
    doc = JSON.parse(result.stdout);
  } catch {
    return `stdout is not JSON: ${result.stdout.slice(0, 120)}`;
  }
  return check(doc);
};
const listOf = (count) =>
  expectJson((doc) => (Array.isArray(doc.results) && doc.results.length === count ? undefined : `expected ${count} results, got ${doc.results?.length}`));
const clusterNamed = (name) => expectJson((doc) => (doc.name === name ? undefined : `expected cluster ${name}, got ${JSON.stringify(doc).slice(0, 120)}`));

/**
 * Every process the rounds time. Single calls go to the 3-cluster emulator, as a
 * user's or CI's would; listings of every cluster to the large ones (10,000- and 2,000-cluster projects). `verify` runs on the warm-up (stdout kept), and on
 * every timed run when `verifyEveryRun` (small outputs only). `emulator` means the
 * run's requests are counted from that emulator's stats.
 */
const candidates = [
  { id: 'baseline', label: 'node -e 0', args: ['-e', '0'], env: baseEnv },
  {
    id: 'version',
    label: 'cdba --version',
    args: [BIN, '--version'],
    env: baseEnv,
    verify: (r) => (r.stdout.trim() === packageVersion ? undefined : `printed ${JSON.stringify(r.stdout)}`),
    verifyEveryRun: true,
  },
  {
    id: 'list',
    label: 'cdba clusters list -o json (3 clusters)',
    args: [BIN, 'clusters', 'list', '-o', 'json'],
    env: cliEnv(smallEmu, bench.projects.small, digestDir),
    emulator: smallEmu,
    verify: listOf(3),
    verifyEveryRun: true,
  },
  {
    // Issue 46: the same call by the operation's name reads the shipped description first.
    id: 'apiList',
    label: 'cdba api listClusters -o json (3 clusters)',
    args: [BIN, 'api', 'listClusters', '-o', 'json'],
    env: cliEnv(smallEmu, bench.projects.small, digestDir),
    emulator: smallEmu,
    verify: listOf(3),
    verifyEveryRun: true,
  },
  {
    id: 'getDigest',
    label: 'cdba clusters get (digest, fresh process)',
    args: [BIN, 'clusters', 'get', bench.smallClusterName, '-o', 'json'],
    env: () => cliEnv(smallEmu, bench.projects.small, configDir(`cli-fresh-${++freshDirs}`)),
    emulator: smallEmu,
    verify: clusterNamed(bench.smallClusterName),
    verifyEveryRun: true,
  },
  {
    id: 'getReuse',
    label: 'cdba clusters get (digest, session persisted by the warm-up)',
    args: [BIN, 'clusters', 'get', bench.smallClusterName, '-o', 'json'],
    env: cliEnv(smallEmu, bench.projects.small, reuseDir),
    emulator: smallEmu,
    verify: clusterNamed(bench.smallClusterName),
    verifyEveryRun: true,
    needsWarmup: true, // its first run answers the challenge and persists the session
  },
  {
    id: 'getLatency',
    label: `cdba clusters get (digest, session persisted, --latency ${SLOW_LATENCY_MS})`,
    args: [BIN, 'clusters', 'get', bench.smallClusterName, '-o', 'json'],
    env: cliEnv(latencyEmu, bench.projects.small, latencyDir),
    emulator: latencyEmu,
    verify: clusterNamed(bench.smallClusterName),
    verifyEveryRun: true,
    needsWarmup: true,
  },
  {
    id: 'curlLatency',
    label: `curl --digest, the same GET (--latency ${SLOW_LATENCY_MS})`,
    command: 'curl',
    args: [
      '-sS', '-f', '--digest', '-u', `${bench.owner.publicKey}:${bench.owner.privateKey}`,
      '-H', 'Accept: application/vnd.atlas.2023-02-01+json',
      `${latencyEmu.url}/api/atlas/v2/groups/${bench.projects.small}/clusters/${bench.smallClusterName}`,
    ],
    env: baseEnv,
    emulator: latencyEmu,
    verify: clusterNamed(bench.smallClusterName),
    verifyEveryRun: true,
  },
  {
    id: 'getBearer',
    label: 'cdba clusters get (service account, token persisted by the warm-up)',
    args: [BIN, 'clusters', 'get', bench.smallClusterName, '-o', 'json'],
    env: cliEnv(smallEmu, bench.projects.small, bearerDir, { bearer: true }),
    emulator: smallEmu,
    verify: clusterNamed(bench.smallClusterName),
    verifyEveryRun: true,
    needsWarmup: true, // its first run fetches and persists the token
  },
  {
    id: 'seaVersion',
    label: 'dist/sea/cdba --version (single executable)',
    command: SEA,
    args: ['--version'],
    env: baseEnv,
    verify: (r) => (r.stdout.trim() === packageVersion ? undefined : `printed ${JSON.stringify(r.stdout)}`),
    verifyEveryRun: true,
    missing: seaMissing,
    skip: seaSkipped,
  },
  {
    id: 'seaList',
    label: 'dist/sea/cdba clusters list -o json (3 clusters)',
    command: SEA,
    args: ['clusters', 'list', '-o', 'json'],
    env: cliEnv(smallEmu, bench.projects.small, digestDir),
    emulator: smallEmu,
    verify: listOf(3),
    verifyEveryRun: true,
    missing: seaMissing,
    skip: seaSkipped,
  },
  {
    id: 'seaGetLatency',
    label: `dist/sea/cdba clusters get (digest, session persisted, --latency ${SLOW_LATENCY_MS})`,
    command: SEA,
    args: ['clusters', 'get', bench.smallClusterName, '-o', 'json'],
    env: cliEnv(latencyEmu, bench.projects.small, configDir('sea-digest-latency')),
    emulator: latencyEmu,
    verify: clusterNamed(bench.smallClusterName),
    verifyEveryRun: true,
    needsWarmup: true,
    missing: seaMissing,
    skip: seaSkipped,
  },
  {
    id: 'pageOne',
    label: `cdba clusters list --limit ${PAGE_SIZE} -o json (one page, --latency ${LATENCY_MS})`,
    args: [BIN, 'clusters', 'list', '--limit', String(PAGE_SIZE), '-o', 'json'],
    env: cliEnv(slowEmu, bench.projects.large, digestDir),
    emulator: slowEmu,
    verify: listOf(PAGE_SIZE),
  },
  {
    id: 'pageAll',
    label: `cdba clusters list --all -o json (20 pages, --latency ${LATENCY_MS})`,
    args: [BIN, 'clusters', 'list', '--all', '-o', 'json'],
    env: cliEnv(slowEmu, bench.projects.large, digestDir),
    emulator: slowEmu,
    verify: listOf(LARGE_CLUSTER_COUNT),
  },
  {
    id: 'allRss',
    label: 'cdba clusters list --all -o json (20 pages, no added latency, peak RSS)',
    args: ['--import', PRELOAD, BIN, 'clusters', 'list', '--all', '-o', 'json'],
    env: cliEnv(emu, bench.projects.large, digestDir),
    emulator: emu,
    rss: true,
    verify: listOf(LARGE_CLUSTER_COUNT),
  },
  {
    id: 'allRssMedium',
    label: `cdba clusters list --all -o json (${MEDIUM_CLUSTER_COUNT / PAGE_SIZE} pages, no added latency, peak RSS)`,
    args: ['--import', PRELOAD, BIN, 'clusters', 'list', '--all', '-o', 'json'],
    env: cliEnv(emu, bench.projects.medium, digestDir),
    emulator: emu,
    rss: true,
    verify: listOf(MEDIUM_CLUSTER_COUNT),
  },
];

const delta = (before, after) => {
  const byPath = {};
  for (const [key, n] of Object.entries(after.byPath)) {
    const d = n - (before.byPath[key] ?? 0);
    if (d) byPath[key] = d;
  }
  return { total: after.total - before.total, challenges: after.challenges - before.challenges, byPath };
};

/** One run of one candidate: time, exit, requests on the wire, peak RSS. */
async function runOnce(candidate, { keepStdout }) {
  const env = typeof candidate.env === 'function' ? candidate.env() : candidate.env;
  const rssFile = candidate.rss ? join(work, `maxrss-${candidate.id}`) : undefined;
  const before = candidate.emulator ? await candidate.emulator.stats() : undefined;
  let result;
  try {
    result = await timeProcess(candidate.command ?? NODE, candidate.args, { env: rssFile ? { ...env, CDBA_BENCH_MAXRSS_FILE: rssFile } : env, keepStdout });
  } catch (error) {
    // e.g. curl (figure 7) not installed: this candidate is unavailable, the rest go on.
    return { ms: NaN, requests: undefined, maxRssKiB: undefined, problem: `cannot run ${candidate.command ?? NODE}: ${error.code ?? error.message}`, stdoutBytes: 0 };
  }
  const requests = candidate.emulator ? delta(before, await candidate.emulator.stats()) : undefined;
  const maxRssKiB = rssFile && existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : undefined;
  let problem = result.exitCode === 0 ? undefined : `exit ${result.exitCode}: ${result.stderr.trim().split('\n')[0]}`;
  if (!problem && keepStdout && candidate.verify) problem = candidate.verify(result);
  return { ms: result.ms, requests, maxRssKiB, problem, stdoutBytes: result.stdoutBytes };
}

// ---------------------------------------------------------------- warm-up
// One untimed run each: fills the page cache, checks every output, and for the
// service account persists the token the timed runs then reuse. --quick warms up
// only what needs it and checks every output in the first round instead.
const state = new Map(candidates.map((c) => [c.id, { runs: [], unavailable: c.missing ?? (c.skip ? 'not built here' : undefined), warmup: undefined }]));
for (const c of candidates) if (c.missing) log(`${c.id} unavailable: ${c.missing}`);
for (const candidate of candidates) {
  if ((flags.quick && !candidate.needsWarmup) || candidate.missing) continue;
  const warmup = await runOnce(candidate, { keepStdout: true });
  state.get(candidate.id).warmup = warmup;
  if (warmup.problem) {
    state.get(candidate.id).unavailable = warmup.problem;
    log(`${candidate.id} unavailable: ${warmup.problem}`);
  }
}

// ---------------------------------------------------------------- interleaved rounds
// Round r runs every candidate once, starting at candidate r (mod n), so no
// candidate always follows the same neighbour or always runs first.
log(`${ROUNDS} interleaved rounds of ${candidates.length} candidates`);
const failures = [];
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < candidates.length; k++) {
    const candidate = candidates[(round + k) % candidates.length];
    const slot = state.get(candidate.id);
    if (slot.unavailable) continue;
    const firstCheck = !slot.warmup && slot.runs.length === 0;
    const run = await runOnce(candidate, { keepStdout: Boolean(candidate.verifyEveryRun) || firstCheck });
    if (firstCheck) slot.warmup = run;
    if (run.problem && firstCheck) {
      slot.unavailable = run.problem;
      log(`${candidate.id} unavailable: ${run.problem}`);
      continue;
    }
    if (run.problem) failures.push(`${candidate.id} round ${round + 1}: ${run.problem}`);
    slot.runs.push(run);
  }
}
for (const failure of failures) log(`run failed: ${failure}`);

// ---------------------------------------------------------------- env up and env gc (figures 8 and 9)
// Counted once each: the small emulator's transitions take 0 ms (its seed), so the counts
// do not depend on the machine; gc runs in a process of its own, at two sizes, for its peak RSS.
const GC_ENVS = [200, 1000];
log(`env up (a new env, the same again), env gc over ${GC_ENVS.join(' and ')} ended envs`);
const tryRun = (run) => run().catch((error) => ({ problem: String(error.message ?? error).slice(0, 120) }));
const envUp = await tryRun(() => envUpRequests({
  node: NODE, bin: BIN, emulator: smallEmu, dir: join(work, 'cli-env'),
  env: { ...baseEnv, CDBA_BASE_URL: smallEmu.url, CDBA_PROJECT_ID: bench.projects.small, CDBA_PUBLIC_KEY: bench.owner.publicKey, CDBA_PRIVATE_KEY: bench.owner.privateKey },
}));
const gcRuns = [];
for (const count of GC_ENVS) gcRuns.push(await tryRun(() => gcRun({ node: NODE, bin: BIN, preload: PRELOAD, baseEnv, owner: bench.owner, work, count })));

// ---------------------------------------------------------------- throughput
// GET one cluster of the small project: against an emulator holding only it, and
// against the large one (12,003 clusters in three projects).
/** @returns {Promise<Awaited<ReturnType<typeof runLoad>> & { emulatorCounted: object }>} */
async function throughput(target) {
  log(`emulator throughput: ${LOAD_CLIENTS} keep-alive digest clients for ${LOAD.durationMs / 1000} s (after ${LOAD.warmupMs / 1000} s warm-up)`);
  const before = await target.stats();
  const load = await runLoad({
    url: target.url,
    path: `/api/atlas/v2/groups/${bench.projects.small}/clusters/${bench.smallClusterName}`,
    // What `clusters list` sends by default (src/api/operations.ts: cluster reads at 2024-08-05).
  accept: 'application/vnd.atlas.2024-08-05+json',
    username: bench.owner.publicKey,
    password: bench.owner.privateKey,
    clients: LOAD_CLIENTS,
    maxRequests: 1_000_000,
    digest,
    ...LOAD,
  });
  return { ...load, emulatorCounted: delta(before, await target.stats()) };
}
// What one page costs the emulator itself, for reading figures 4 and 5 (not in --quick).
const pageTimes = flags.quick ? [] : await timeSequentialGets({
  url: emu.url,
  paths: Array.from({ length: LARGE_CLUSTER_COUNT / PAGE_SIZE }, (_, i) => `/api/atlas/v2/groups/${bench.projects.large}/clusters?itemsPerPage=${PAGE_SIZE}&pageNum=${i + 1}`),
  // What `clusters list` sends by default (src/api/operations.ts: cluster reads at 2024-08-05).
  accept: 'application/vnd.atlas.2024-08-05+json',
  username: bench.owner.publicKey,
  password: bench.owner.privateKey,
  digest,
});
const loadSmall = await throughput(smallEmu);
const loadLarge = await throughput(emu);
await Promise.all(emulators.map((e) => e.stop()));

// ---------------------------------------------------------------- figures
const times = (id) => (state.get(id)?.runs ?? []).filter((r) => !r.problem).map((r) => r.ms);
const med = (id) => median(times(id));
const runsOf = (id) => state.get(id)?.runs ?? [];
const counts = (id, pick) => runsOf(id).filter((r) => !r.problem && r.requests).map((r) => pick(r.requests));
const unavailable = (...ids) => ids.map((id) => state.get(id)?.unavailable).find(Boolean);
const maxOf = (values) => (values.length ? Math.max(...values) : NaN);
const distinct = (values) => [...new Set(values)].join('/');
const listGets = (requests) => Object.entries(requests.byPath).filter(([key]) => /^GET \S*\/clusters$/.test(key)).reduce((n, [, v]) => n + v, 0);

const figures = [];
function figure(id, name, { measured, baseline = '—', ratio = '—', target, met, missing, data }) {
  if (missing) figures.push({ id, name, measured: `unavailable: ${missing.slice(0, 60)}`, baseline, ratio, target, met: null, data });
  else figures.push({ id, name, measured, baseline, ratio, target, met, data });
}

const base = med('baseline');
{
  const v = med('version');
  figure('1', 'start-up: cdba --version', {
    measured: fmt.ms(v), baseline: `node -e 0: ${fmt.ms(base)}`, ratio: fmt.ratio(v / base), target: '≤ 1.3×',
    met: v / base <= 1.3, missing: unavailable('version'), data: { medianMs: v, baselineMs: base, ratio: v / base },
  });
}
{
  const v = med('list');
  figure('2', 'one call: clusters list -o json', {
    measured: fmt.ms(v), baseline: `node -e 0: ${fmt.ms(base)}`, ratio: fmt.ratio(v / base), target: '≤ 3.0×',
    met: v / base <= 3.0, missing: unavailable('list'), data: { medianMs: v, baselineMs: base, ratio: v / base },
  });
}
{
  const v = med('apiList');
  const list = med('list');
  figure('2c', 'one call by name: api listClusters vs clusters list', {
    measured: fmt.ms(v), baseline: `clusters list: ${fmt.ms(list)}`, ratio: fmt.ratio(v / list), target: '≤ 1.5× clusters list',
    met: v / list <= 1.5, missing: unavailable('apiList'), data: { medianMs: v, listMs: list, ratio: v / list },
  });
}
// The single executable starts from a V8 start-up snapshot (scripts/build-sea.mjs).
for (const [id, name, seaId, nodeId, limit] of [
  ['1b', 'start-up: single executable --version', 'seaVersion', 'version', 1.3],
  ['2b', 'one call: single executable clusters list', 'seaList', 'list', 2.0],
]) {
  const v = med(seaId);
  const viaNode = med(nodeId);
  if (seaSkipped) figure(id, name, { measured: `not built here: ${seaProblem.slice(0, 60)}`, target: `≤ ${limit.toFixed(1)}×`, met: true });
  else figure(id, name, {
    measured: fmt.ms(v), baseline: `node -e 0: ${fmt.ms(base)}; node bin/cdba.js: ${fmt.ms(viaNode)}`, ratio: fmt.ratio(v / base),
    target: `≤ ${limit.toFixed(1)}×`, met: v / base <= limit, missing: unavailable(seaId), data: { medianMs: v, baselineMs: base, ratio: v / base, viaNodeMs: viaNode },
  });
}
{
  const totals = counts('getDigest', (q) => q.total);
  figure('3a', 'requests: fresh clusters get (digest)', {
    measured: `${fmt.count(maxOf(totals))} (challenges ${distinct(counts('getDigest', (q) => q.challenges))})`, target: '≤ 2',
    met: maxOf(totals) <= 2, missing: unavailable('getDigest'), data: { requestsPerRun: totals },
  });
}
{
  const totals = counts('getReuse', (q) => q.total);
  const warm = state.get('getReuse').warmup?.requests?.total;
  figure('3d', 'requests: second clusters get, persisted digest session', {
    measured: fmt.count(maxOf(totals)), baseline: `first run, nothing persisted: ${fmt.count(warm)}`, target: '≤ 1',
    met: maxOf(totals) <= 1, missing: unavailable('getReuse'), data: { requestsPerRun: totals, firstRunRequests: warm },
  });
}
{
  const totals = counts('getBearer', (q) => q.total);
  const warm = state.get('getBearer').warmup?.requests?.total;
  figure('3b', 'requests: clusters get, persisted bearer token', {
    measured: fmt.count(maxOf(totals)), baseline: `first run, no token yet: ${fmt.count(warm)}`, target: '≤ 1',
    met: maxOf(totals) <= 1, missing: unavailable('getBearer'), data: { requestsPerRun: totals, firstRunRequests: warm },
  });
}
{
  const totals = [...counts('pageAll', (q) => q.total), ...counts('allRss', (q) => q.total)];
  const pageGets = (q) => listGets(q) - q.challenges; // the challenged first attempt is not a page
  const pages = distinct([...counts('pageAll', pageGets), ...counts('allRss', pageGets)]);
  const challenges = distinct([...counts('pageAll', (q) => q.challenges), ...counts('allRss', (q) => q.challenges)]);
  figure('3c', `requests: clusters list --all (${LARGE_CLUSTER_COUNT / PAGE_SIZE} pages)`, {
    measured: `${fmt.count(maxOf(totals))} (${pages} pages + ${challenges} challenge)`, target: '≤ 21',
    met: maxOf(totals) <= 21, missing: unavailable('pageAll', 'allRss'), data: { requestsPerRun: totals },
  });
}
{
  const all = med('pageAll');
  const one = med('pageOne');
  figure('4', `concurrent paging: list --all, 20 pages @ ${LATENCY_MS} ms`, {
    measured: fmt.ms(all), baseline: `one page: ${fmt.ms(one)}`, ratio: fmt.ratio(all / one), target: '≤ 4×',
    met: all / one <= 4, missing: unavailable('pageAll', 'pageOne'), data: { medianMs: all, onePageMs: one, ratio: all / one },
  });
}
{
  const peaks = (id) => runsOf(id).filter((r) => !r.problem && r.maxRssKiB).map((r) => r.maxRssKiB);
  const rss = peaks('allRss');
  const rssMedium = peaks('allRssMedium');
  const growth = maxOf(rss) / maxOf(rssMedium);
  figure('5', `peak RSS: list --all -o json, ${LARGE_CLUSTER_COUNT} clusters`, {
    measured: `${fmt.mb(maxOf(rss))} max (median ${fmt.mb(median(rss))})`,
    baseline: `${MEDIUM_CLUSTER_COUNT} clusters: ${fmt.mb(maxOf(rssMedium))} max`, ratio: fmt.ratio(growth),
    target: '≤ 100 MB, ≤ 1.3×',
    met: maxOf(rss) * 1024 <= 100e6 && growth <= 1.3,
    missing: unavailable('allRss', 'allRssMedium') ?? (rss.length && rssMedium.length ? undefined : 'no maxRSS recorded'),
    data: { maxRssKiB: rss, mediumMaxRssKiB: rssMedium, growth },
  });
}
for (const [id, world, load] of [['6a', '3 clusters', loadSmall], ['6b', `${TOTAL_CLUSTERS} clusters`, loadLarge]]) {
  figure(id, `emulator (${world}): digest GET/s, ${LOAD_CLIENTS} keep-alive clients`, {
    measured: `${Math.round(load.perSecond)}/s, p50 ${fmt.ms(load.p50Ms)}, p99 ${fmt.ms(load.p99Ms)}`,
    baseline: `${load.ok} of ${load.sent} ok`, target: 'report; none fail',
    met: load.failed === 0 && load.ok > 0 && load.connections === LOAD_CLIENTS, data: load,
  });
}

{
  const cdbaMs = med('getLatency');
  const curlMs = med('curlLatency');
  const requests = counts('getLatency', (q) => q.total);
  figure('7', `latency: second clusters get @ ${SLOW_LATENCY_MS} ms vs curl --digest`, {
    measured: `${fmt.ms(cdbaMs)} (${distinct(requests)} request)`, baseline: `curl: ${fmt.ms(curlMs)}`, ratio: fmt.ratio(cdbaMs / curlMs),
    target: '≤ 0.9×', met: cdbaMs / curlMs <= 0.9, missing: unavailable('getLatency', 'curlLatency'),
    data: { medianMs: cdbaMs, curlMs, ratio: cdbaMs / curlMs, requestsPerRun: requests },
  });
}

{
  const seaMs = med('seaGetLatency');
  const curlMs = med('curlLatency');
  const requests = counts('seaGetLatency', (q) => q.total);
  if (seaSkipped) figure('7b', 'latency: the same from the single executable', { measured: `not built here: ${seaProblem.slice(0, 60)}`, target: '≤ 0.9×', met: true });
  else figure('7b', 'latency: the same from the single executable', {
    measured: `${fmt.ms(seaMs)} (${distinct(requests)} request)`, baseline: `curl: ${fmt.ms(curlMs)}`, ratio: fmt.ratio(seaMs / curlMs),
    target: '≤ 0.9×', met: seaMs / curlMs <= 0.9, missing: unavailable('seaGetLatency', 'curlLatency'),
    data: { medianMs: seaMs, curlMs, ratio: seaMs / curlMs, requestsPerRun: requests },
  });
}

{
  const own = (q) => q.total - q.challenges;
  const paths = (q) => Object.entries(q.byPath).map(([key, n]) => `${key.replace(/ \/api\/(atlas\/v2\/groups\/\{groupId\}|private)\//, ' ')}${n > 1 ? ` ×${n}` : ''}`).join(', ');
  for (const [id, name, pick, target] of [['8a', 'requests: env up, a new env', 'fresh', 8], ['8b', 'requests: env up, the same env again (--ttl longer)', 'reused', 8]]) {
    const q = envUp[pick];
    figure(id, name, {
      measured: q ? `${own(q)} (${paths(q)})` : 'unavailable', target: `≤ ${target}`, met: q ? own(q) <= target : null,
      missing: envUp.problem, data: q,
    });
  }
  const [small, large] = gcRuns;
  const perEnv = (run, count) => (run.requests ? (own(run.requests) - 5) / count : NaN);
  figure('9', `env gc over ${GC_ENVS[0]} ended envs (cluster, user, own entry each)`, {
    measured: small.requests ? `${own(small.requests)} requests (${perEnv(small, GC_ENVS[0]).toFixed(2)} per env + 5), ${fmt.mb(small.maxRssKiB)}` : 'unavailable',
    baseline: large.requests ? `${GC_ENVS[1]} envs: ${perEnv(large, GC_ENVS[1]).toFixed(2)} per env, ${fmt.mb(large.maxRssKiB)}` : '—',
    ratio: large.maxRssKiB && small.maxRssKiB ? fmt.ratio(large.maxRssKiB / small.maxRssKiB) : '—',
    // Over 500 users (more than the service keeps a project: 100) each entry's look at the users takes two pages.
    target: '≤ 6 per env; RSS ≤ 1.3× at 5× the envs',
    met: small.requests && large.requests ? perEnv(small, GC_ENVS[0]) <= 6 && large.maxRssKiB / small.maxRssKiB <= 1.3 : null,
    missing: small.problem ?? large.problem, data: { runs: gcRuns, envs: GC_ENVS },
  });
}

if (!flags.quick) figure('D', `diagnostic: emulator time per ${PAGE_SIZE}-cluster page (sequential)`, {
  measured: `median ${fmt.ms(median(pageTimes))}, total ${fmt.ms(pageTimes.reduce((a, b) => a + b, 0))} for ${pageTimes.length}`,
  target: 'explains 4 and 5', met: true, data: { pageMs: pageTimes },
});

figures.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const table = figuresTable(figures);
console.log(table);
machine.loadAverageAtEnd = loadavg().map((n) => Number(n.toFixed(2)));
const tookSeconds = Number(((performance.now() - benchStarted) / 1000).toFixed(1));
console.log(
  `\n${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.os}; ` +
    `load average ${machine.loadAverageAtStart[0]} → ${machine.loadAverageAtEnd[0]}; ${ROUNDS} rounds${flags.quick ? ' (quick)' : ''}; bench took ${tookSeconds} s`,
);

const candidateSummary = Object.fromEntries(
  candidates.map((c) => {
    const ms = times(c.id);
    const slot = state.get(c.id);
    return [c.id, {
      label: c.label, unavailable: slot.unavailable, runs: ms.length,
      medianMs: median(ms), p25Ms: quantile(ms, 0.25), p75Ms: quantile(ms, 0.75), minMs: Math.min(...ms), maxMs: Math.max(...ms), ms,
      stdoutBytes: slot.warmup?.stdoutBytes,
    }];
  }),
);
writeFileSync(
  flags.out ? resolve(flags.out) : RESULTS_FILE,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), machine, rounds: ROUNDS, quick: flags.quick, tookSeconds, figures, candidates: candidateSummary, failures }, null, 2)}\n`,
);
const bad = failures.length > 0 || figures.some((f) => f.met === null);
process.exitCode = bad ? 1 : 0;
