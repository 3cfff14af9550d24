// Figures 4 and 5 for several builds side by side, interleaved, with what a loaded
// machine leaves readable: CPU time, peak RSS, and "unqueued" wall time (wall
// minus the main thread's wait for a core, runstats-preload.mjs). Each build is a
// directory with bin/cdba.js and dist/cdba.cjs (a worktree after `npm run build`,
// or a copy of those and package.json); the emulators run from this checkout.
//
//   node test/bench/compareBuilds.mjs [--runs 15] before=/tmp/build-a after=.
//
// Every build's outputs are checked against the first build's, byte for byte.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmulatorProcess } from './emulatorProcess.mjs';
import { median, timeProcess } from './measure.mjs';
import { buildBenchSeed } from './seed.mjs';

const REPO = resolve(import.meta.dirname, '../..');
const PRELOAD = pathToFileURL(join(import.meta.dirname, 'runstats-preload.mjs')).href;
const { values: flags, positionals } = parseArgs({ options: { runs: { type: 'string', default: '15' } }, allowPositionals: true });
const ROUNDS = Number(flags.runs);
const builds = positionals.map((spec) => {
  const [name, dir] = spec.includes('=') ? spec.split('=', 2) : [spec, spec];
  return { name, dir: resolve(dir) };
});
if (builds.length === 0 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error('usage: node test/bench/compareBuilds.mjs [--runs N] name=dir [name=dir ...]');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'cdba-compare-'));
const bench = buildBenchSeed();
const seedFile = join(work, 'seed.json');
writeFileSync(seedFile, JSON.stringify(bench.seed));
const baseEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', NO_COLOR: '1' };
const emulatorEnv = { ...baseEnv, CDBA_CONFIG_DIR: join(work, 'emulator') };
mkdirSync(emulatorEnv.CDBA_CONFIG_DIR, { mode: 0o700 });
const bin = join(REPO, 'bin', 'cdba.js');
const [slow, fast] = await Promise.all([
  startEmulatorProcess({ bin, seedFile, latencyMs: 50, env: emulatorEnv }),
  startEmulatorProcess({ bin, seedFile, env: emulatorEnv }),
]);
process.on('exit', () => {
  slow.killNow();
  fast.killNow();
  rmSync(work, { recursive: true, force: true });
});

const KINDS = [
  { id: 'one', label: 'list --limit 500 @ 50 ms', emulator: slow, project: bench.projects.large, args: ['--limit', '500'] },
  { id: 'all', label: 'list --all @ 50 ms', emulator: slow, project: bench.projects.large, args: ['--all'] },
  { id: 'rss', label: 'list --all, 10,000', emulator: fast, project: bench.projects.large, args: ['--all'] },
  { id: 'rss2k', label: 'list --all, 2,000', emulator: fast, project: bench.projects.medium, args: ['--all'] },
];
const jobs = builds.flatMap((build) => {
  // Each build its own config dir (digest session) and code cache.
  const home = join(work, `home-${build.name}`);
  mkdirSync(home, { mode: 0o700 });
  return KINDS.map((kind) => ({
    build,
    kind,
    statsFile: join(work, `stats-${build.name}-${kind.id}.json`),
    env: {
      ...baseEnv,
      HOME: home,
      CDBA_CONFIG_DIR: home,
      CDBA_BASE_URL: kind.emulator.url,
      CDBA_PROJECT_ID: kind.project,
      CDBA_PUBLIC_KEY: bench.owner.publicKey,
      CDBA_PRIVATE_KEY: bench.owner.privateKey,
    },
    samples: [],
  }));
});

/** One run; `check` keeps stdout to compare (the warm-up), otherwise it is read and discarded like figure 4's. */
async function runOnce(job, check = false) {
  const args = ['--import', PRELOAD, join(job.build.dir, 'bin', 'cdba.js'), 'clusters', 'list', ...job.kind.args, '-o', 'json'];
  const result = await timeProcess(process.execPath, args, { env: { ...job.env, CDBA_BENCH_RUNSTATS_FILE: job.statsFile }, keepStdout: check });
  if (result.exitCode !== 0) throw new Error(`${job.build.name} ${job.kind.label}: exit ${result.exitCode}: ${result.stderr.slice(0, 300)}`);
  const stats = JSON.parse(readFileSync(job.statsFile, 'utf8'));
  return { wallMs: result.ms, unqueuedMs: result.ms - stats.queuedMs, cpuMs: stats.cpuMs, peakMB: (stats.peakRssKiB * 1024) / 1e6, digest: check ? createHash('sha256').update(result.stdout).digest('hex') : '' };
}

const firstDigest = new Map();
for (const job of jobs) {
  const { digest } = await runOnce(job, true); // warm-up: code cache, digest session
  if (!firstDigest.has(job.kind.id)) firstDigest.set(job.kind.id, digest);
  else if (firstDigest.get(job.kind.id) !== digest) throw new Error(`${job.build.name}: ${job.kind.label} writes other bytes than ${builds[0].name}`);
}
const loadBefore = loadavg();
for (let round = 0; round < ROUNDS; round++) {
  for (const job of [...jobs.slice(round % jobs.length), ...jobs.slice(0, round % jobs.length)]) job.samples.push(await runOnce(job));
  console.error(`compareBuilds: round ${round + 1} of ${ROUNDS} done`);
}
const loadAfter = loadavg();

const med = (job, key) => median(job.samples.map((s) => s[key]));
const ms = (n) => `${n.toFixed(1)} ms`;
console.log(`| build | figure 4: one page, cpu / unqueued / wall | 20 pages, cpu / unqueued / wall | ratio unqueued (wall) | figure 5: 10,000 max (median) | 2,000 max | ratio |`);
console.log('|---|---|---|---|---|---|---|');
for (const build of builds) {
  const job = (id) => jobs.find((j) => j.build === build && j.kind.id === id);
  const [one, all, rss, rss2k] = ['one', 'all', 'rss', 'rss2k'].map(job);
  const peak = Math.max(...rss.samples.map((s) => s.peakMB));
  const peak2k = Math.max(...rss2k.samples.map((s) => s.peakMB));
  console.log(
    `| ${build.name} | ${ms(med(one, 'cpuMs'))} / ${ms(med(one, 'unqueuedMs'))} / ${ms(med(one, 'wallMs'))} ` +
      `| ${ms(med(all, 'cpuMs'))} / ${ms(med(all, 'unqueuedMs'))} / ${ms(med(all, 'wallMs'))} ` +
      `| ${(med(all, 'unqueuedMs') / med(one, 'unqueuedMs')).toFixed(2)}× (${(med(all, 'wallMs') / med(one, 'wallMs')).toFixed(2)}×) ` +
      `| ${peak.toFixed(1)} MB (${med(rss, 'peakMB').toFixed(1)}) | ${peak2k.toFixed(1)} MB | ${(peak / peak2k).toFixed(2)}× |`,
  );
}
console.log(`\n${ROUNDS} interleaved rounds; load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} -> ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`);
