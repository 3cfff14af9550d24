// The README as one story: every ```sh block, pasted in order into one bash with
// a new HOME and `cdba` on PATH, runs without an error. The tour's first block
// starts the one emulator, every later block works against it (IDs looked up, not
// written down), and the emulator's section stops it. Each block runs under
// `set -euo pipefail`, so the first line that fails fails the test, named.
//
// A block is left out only when its info string says so: ```sh (not run by the
// README test: <why>)```. There are three, all about building cdba, and the first
// test holds the list to them:
// - the first block, `npm ci && npm run demo` / `npm ci && npm test`: `npm test` is
//   this suite (it would run itself) and `npm ci` would replace node_modules under
//   it; demo.test.ts runs the demo;
// - Install (`npm ci && npm pack`, `npm install -g` of the tarball): install.test.ts
//   runs those lines as written, in a fresh clone, and uses the installed copy; here
//   `cdba` on PATH runs this checkout's launcher, as the link npm installs does;
// - the single executable: `sudo install` needs root, and sea.test.ts builds and
//   runs dist/sea/cdba.
// Two things a user's machine has that this one may not are given: `mongosh`
// (a stand-in records its arguments: the emulator's hosts do not exist) and a
// usual umask, 022, so that the recipes must make their password files private
// themselves.
import { execa } from 'execa';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeedFile, startEmulator } from '../../src/emulator/index.js';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { cdba } from '../helpers/inProcess.js';
import { cdbaOnPath, newUserEnv, paste } from '../helpers/bash.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const NOT_RUN = /^sh \(not run by the README test: (.+)\)$/;

interface Block {
  /** The line of the opening fence, 1-based. */
  line: number;
  info: string;
  text: string;
}

/** Every fenced block of the README, with its info string. */
function fencedBlocks(): Block[] {
  const blocks: Block[] = [];
  const lines = README.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ line: i + 1, info: open[1]!.trim(), text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

const shBlocks = (): Block[] => fencedBlocks().filter((b) => b.info.split(' ')[0] === 'sh');
const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);
const jqAvailable = await execa('jq', ['--version'], { reject: false }).then((r) => r.exitCode === 0, () => false);

describe('the README, pasted into bash', () => {
  it('leaves out only the three blocks that build or install cdba, each saying why, and labels every other block', () => {
    const notRun = shBlocks().filter((b) => NOT_RUN.test(b.info));
    expect(notRun.map((b) => b.text.split('\n')[0]!.replace(/\s+#.*$/, ''))).toEqual([
      'npm ci && npm run demo',
      'npm ci && npm pack',
      'npm ci && npm run build:sea',
    ]);
    expect(notRun[0]!.line).toBe(fencedBlocks()[0]!.line); // the README still opens with it
    // A shell block under another label (bash, shell, none) would escape the test.
    const labels = new Set(fencedBlocks().filter((b) => b.info.split(' ')[0] !== 'sh').map((b) => b.info));
    expect([...labels].sort()).toEqual(['', 'json', 'text', 'yaml']);
    for (const b of fencedBlocks().filter((b) => b.info === '')) expect(b.text, `line ${b.line}`).not.toMatch(/^\s*(cdba|npm) /m);
    for (const b of shBlocks()) expect(b.info === 'sh' || NOT_RUN.test(b.info), `line ${b.line}: ${b.info}`).toBe(true);
  });

  // Dozens of processes and the emulator's 2 s transitions, on a loaded machine: the limit only stops a hung run.
  it('runs every other sh block in order, from one emulator, in a new HOME; password files are 0600; the emulator is stopped at the end', { timeout: 900_000 }, async () => {
    // The README uses jq; .ci/run installs it. A skip here would hide the README's whole story.
    expect(jqAvailable, 'the README test needs jq (apt-get install jq)').toBe(true);
    const blocks = shBlocks().filter((b) => b.info === 'sh');
    expect(blocks[0]!.text).toMatch(/^rm -f emulator\.out; cdba emulator --write-profile local > emulator\.out &/);
    const home = tempDir('cdba-readme-home-');
    const bin = cdbaOnPath({ mongosh: '#!/bin/sh\nprintf "%s\\n" "$@" > "$HOME/mongosh.args"\n' });
    const story = [
      'umask 022', // a user's usual umask: the recipes make their secrets private themselves
      ...blocks.map((b, i) => `${b.text}\necho "::block ${i} (README line ${b.line}) ok::"`),
      'echo "::jobs left:$(jobs -p)::"',
    ].join('\n');
    // The README's emulator with 200 ms transitions in place of 2 s, and watches that poll first after
    // 200 ms (both from the environment, as the README's table says): every watch still sees CREATING,
    // then IDLE; the story takes a fraction of the time.
    const result = await paste(story, { ...newUserEnv(home, bin), CDBA_EMULATOR_TRANSITION_MS: '200', CDBA_WATCH_INTERVAL: '200ms' }, home, 840_000);
    const done = [...result.stdout.matchAll(/^::block (\d+) \(README line \d+\) ok::$/gm)].map((m) => Number(m[1]));
    const failedAt = blocks[done.length];
    expect(result.exitCode, `README block at line ${failedAt?.line}:\n${failedAt?.text}\n--- stderr ---\n${result.stderr.slice(-3000)}`).toBe(0);
    expect(done).toEqual(blocks.map((_, i) => i));
    // The tour: its profile, its cluster, its watch.
    expect(result.stderr).toContain('cdba: now using profile "local"');
    expect(result.stderr).toMatch(/cluster demo is IDLE/);
    expect(result.stdout).toMatch(/^mongodb\+srv:\/\/demo\.[a-z0-9]+\.mongodb\.net$/m);
    // apply: the document written in its block changes the tier the tour set (the plan is JSON in a pipe), and the dry run after it, with --exit-code, found nothing (exit 10 would have stopped the story).
    const plans = result.stdout.split('\n').filter((line) => line.startsWith('{"action":')).map((line) => JSON.parse(line) as { action: string; changes: unknown[] });
    expect(plans[0]).toMatchObject({ action: 'update', changes: expect.arrayContaining([{ path: 'replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize', from: 'M20', to: 'M30' }]) });
    // From nothing: mongosh got the cluster's string and the user.
    expect(readFileSync(join(home, 'mongosh.args'), 'utf8')).toMatch(/^mongodb\+srv:\/\/c1\.[a-z0-9]+\.mongodb\.net\n--username\napp\n$/);
    // Passwords went to files only their owner can read.
    expect(readFileSync(join(home, 'app.pw'), 'utf8')).toMatch(/^[A-Za-z0-9]{24}\n$/);
    expect(modeOf(join(home, 'app.pw'))).toBe('600');
    expect(readFileSync(join(home, 'ci-1.env'), 'utf8')).toMatch(/^export MONGODB_URI=mongodb\+srv:\/\/cdba-env-ci-1:[A-Za-z0-9]{24}@ci-1\.[a-z0-9]+\.mongodb\.net\nexport MONGODB_USERNAME=cdba-env-ci-1\n/);
    expect(modeOf(join(home, 'ci-1.env'))).toBe('600');
    // Search indexes: a definition's mistake is one line naming the field; run's CMD found the index READY.
    expect(result.stderr).toContain("cdba: bad.json: $.fields[0].numDimensions: required: the vector's number of dimensions (1 to 8192)\n");
    expect(result.stdout).toMatch(/^"READY"$/m);
    // Backups: the download's URL, and the restore's target naming its source in the emulator's state.
    expect(result.stdout).toMatch(/^https:\/\/restore-[0-9a-f]{24}\.[a-z0-9]+\.mongodb\.net:27017\/\S+\.tar\.gz$/m);
    expect(result.stdout).toMatch(/^\{"clusterName":"prod1","snapshotId":"[0-9a-f]{24}"\}$/m);
    // env up --from-snapshot, and run passing it through.
    expect(result.stdout).toContain('CMD starts with the data of golden in ci-6');
    expect(result.stderr).toMatch(/cdba: restoring snapshot [0-9a-f]{24} \(taken \S+Z\) of cluster golden into cluster ci-6\n/);
    // The rehearsal of a CI run, and the convert recipe.
    expect(result.stdout).toContain('CMD connects as cdba-env-ci-2 to ci-2');
    expect(result.stderr).toContain('cdba: env ci-1: nothing left to remove');
    // Envs at scale: extend, and gc of the env whose runner "died".
    expect(result.stderr).toMatch(/^cdba: env ci-1: cluster ci-1, database user cdba-env-ci-1, access-list entry \S+ now end at \S+$/m);
    expect(result.stdout).toMatch(/^ci-5$/m);
    expect(result.stderr).toMatch(/^cdba: env ci-5: removed access-list entry \S+, database user cdba-env-ci-5, cluster ci-5 \(deleting\)$/m);
    expect(result.stderr).toContain('cdba: new.json names the cluster "demo"; creating it as "copy"');
    // The config went where a new user's goes, private; the story ended back on "local".
    const config = join(home, '.config', 'cdba', 'config.json');
    expect(modeOf(config)).toBe('600');
    expect(JSON.parse(readFileSync(config, 'utf8'))).toMatchObject({ currentProfile: 'local' });
    // The emulator's section stopped it, cleanly: nothing was left for the EXIT trap.
    expect(result.stderr).toContain('cdba: emulator stopped');
    expect(result.stdout).toContain('::jobs left:::');
  });

  it('the seed example is a valid seed, and the lines given in prose for peering and private endpoints run against it', async () => {
    const seedBlock = fencedBlocks().find((b) => b.info === 'json' && /"apiKeys"/.test(b.text));
    const file = join(tempDir('cdba-readme-seed-'), 'seed.json');
    writeFileSync(file, seedBlock!.text);
    const emu = await startEmulator({ seed: loadSeedFile(file), transitionMs: 0 });
    try {
      const key = emu.defaults.owner;
      const env = { CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: key.publicKey, CDBA_PRIVATE_KEY: key.privateKey, CDBA_PROJECT_ID: emu.defaults.projectId };
      const optimized = 'cdba conn-string get c1 --type private-endpoint --endpoint vpce-0a1b2c3d4e5f60718 --optimized';
      expect(README).toContain(`\`${optimized}\``);
      const uri = await cdba(optimized.split(' ').slice(1), { env });
      expect(uri.exitCode, uri.stderr).toBe(0);
      expect(uri.stdout).toMatch(/^mongodb\+srv:\/\/c1-pl-0-lb\.[a-z0-9]+\.mongodb\.net\n$/);
      expect(README).toContain('`--aws-security-group sg-903004f8` adds an AWS security');
      const group = await cdba(['access-list', 'add', '--aws-security-group', 'sg-903004f8'], { env });
      expect(group.exitCode, group.stderr).toBe(0);
      // The seed's snapshot is there on the day the example is pasted (issue 43: a dated one had expired).
      const golden = JSON.parse(seedBlock!.text).backups[0].snapshots[0].id as string;
      const snapshots = await cdba(['backups', 'snapshots', 'list', 'c1', '-o', 'json'], { env });
      expect(snapshots.exitCode, snapshots.stderr).toBe(0);
      expect(snapshots.stdout).toContain(golden);
      // The seed's endpoint is one cdba can remove, and its service with it (vpce-0abc, once here, was refused by both).
      const services = await cdba(['private-endpoints', 'list', '--provider', 'AWS', '-o', 'json'], { env });
      expect(services.exitCode, services.stderr).toBe(0);
      const service = (JSON.parse(services.stdout) as Array<{ id: string }>)[0]!; // one provider's: the service's bare array
      const endpoint = await cdba(['private-endpoints', 'interfaces', 'delete', service.id, 'vpce-0a1b2c3d4e5f60718', '--yes', '--watch'], { env });
      expect(endpoint.exitCode, endpoint.stderr).toBe(0);
      const gone = await cdba(['private-endpoints', 'delete', service.id, '--yes'], { env });
      expect(gone.exitCode, gone.stderr).toBe(0);
    } finally {
      await emu.stop();
    }
  });
});

