// The README's command blocks run as a user pastes them: in a real bash, with
// `cdba` on PATH, against a config directory in a temporary directory. Each block
// runs under `set -e`, so the first line that fails fails the test.
import { execa } from 'execa';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CDBA_BIN, REPO_ROOT, cleanEnv, tempDir } from '../helpers/cli.js';
import { withEmulator } from '../helpers/emulator.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/**
 * A ```sh block of the README section whose heading starts with `heading`: the first,
 * or the first that matches `which` (so a block added above it does not move the test).
 */
function readmeBlock(heading: string, which?: RegExp): string {
  const section = README.split(`\n${heading}`)[1]?.split(/\n#{2,3} /)[0] ?? '';
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return (which ? blocks.find((block) => which.test(block)) : blocks[0]) ?? '';
}

/** A directory with a `cdba` that runs this checkout's launcher, as `npm install -g` would put one on PATH. */
function cdbaOnPath(): string {
  const bin = join(tempDir('cdba-readme-bin-'), 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'cdba'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CDBA_BIN)} "$@"\n`);
  chmodSync(join(bin, 'cdba'), 0o755);
  return bin;
}

/** Runs `lines` in bash; a background job left behind is stopped when bash exits, however it exits. */
async function paste(lines: string, env: Record<string, string>, cwd: string) {
  const script = `set -e\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\ntrap 'exit 143' TERM\n${lines}`;
  // The deadline only stops a hung run; nothing is asserted about time.
  const result = await execa('bash', ['-c', script], { cwd, env, extendEnv: false, reject: false, timeout: 180_000, input: '' });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe('the README, pasted into bash', () => {
  const bin = cdbaOnPath();

  // Three --watch waits of the emulator's 2 s transitions, in real processes: generous, to stop a hung run only.
  it('the five-minute tour runs line by line without an error, the emulator included', { timeout: 240_000 }, async () => {
    const tour = readmeBlock('## A five-minute tour');
    expect(tour).toMatch(/cdba emulator --write-profile local/);
    const configDir = tempDir('cdba-readme-config-');
    const cwd = tempDir('cdba-readme-cwd-');
    const env = cleanEnv({ PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` }, configDir);
    const result = await paste(tour, env, cwd);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('cdba: now using profile "local"');
    expect(result.stdout).toMatch(/^mongodb\+srv:\/\/demo\.[a-z0-9]+\.mongodb\.net$/m);
    expect(result.stderr).toMatch(/cluster demo is IDLE/);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'))).toMatchObject({ currentProfile: 'local' });
  });

  describe('the convert recipe', () => {
    let emu: RunningEmulator;
    let env: Record<string, string>;
    beforeAll(async () => {
      const started = await withEmulator({ transitionMs: 0 });
      emu = started.emu;
      env = cleanEnv({ ...started.env, PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` });
      const old = await execa('cdba', ['clusters', 'create', 'old', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10'], { env, extendEnv: false, reject: false });
      expect(old.exitCode, String(old.stderr)).toBe(0);
    }, 120_000);
    afterAll(async () => emu.stop());

    it('copies a cluster read through v1.0 into a new one named on the command line', { timeout: 120_000 }, async () => {
      const recipe = readmeBlock('## API versions and migration', /clusters convert/);
      expect(recipe).toMatch(/clusters create copy --file new\.json/);
      const result = await paste(recipe, env, tempDir('cdba-readme-cwd-'));
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stderr).toContain('cdba: new.json names the cluster "old"; creating it as "copy"');
      const copy = emu.state().clusters.find((c) => c.name === 'copy');
      expect(copy?.requests[0]?.body).toMatchObject({ name: 'copy', clusterType: 'REPLICASET' });
    });
  });

  it('from nothing to a connection: the by-hand blocks run as pasted, against the emulator and a stand-in mongosh', { timeout: 120_000 }, async () => {
    const setUp = readmeBlock('## From nothing to a connection', /projects create shop/);
    const takeDown = readmeBlock('## From nothing to a connection', /projects delete shop/);
    expect(setUp).toMatch(/^mongosh /m);
    // mongosh cannot reach the emulator's hosts: a stand-in records what it was given.
    writeFileSync(join(bin, 'mongosh'), '#!/bin/sh\nprintf "%s\\n" "$@" > mongosh.args\n');
    chmodSync(join(bin, 'mongosh'), 0o755);
    const configDir = tempDir('cdba-readme-config-');
    const cwd = tempDir('cdba-readme-cwd-');
    const env = cleanEnv({ PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` }, configDir);
    // The emulator as the tour starts it (its profile is saved before its first line).
    const emulator = 'cdba emulator --write-profile local --transition-ms 0 > emulator.out 2>&1 &\nuntil [ -s emulator.out ]; do sleep 0.1; done\ncdba profile use local\n';
    const result = await paste(emulator + setUp + takeDown, env, cwd);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'mongosh.args'), 'utf8')).toMatch(/^mongodb\+srv:\/\/c1\.[a-z0-9]+\.mongodb\.net\n--username\napp\n$/);
    expect(readFileSync(join(cwd, 'app.pw'), 'utf8')).toMatch(/^[A-Za-z0-9]{24}\n$/);
    expect(result.stderr).toMatch(/access-list entry 127\.0\.0\.1 is ACTIVE/);
  });

  it('a database for each CI run: the shell rehearsal against the emulator runs as pasted', { timeout: 120_000 }, async () => {
    const rehearsal = readmeBlock('## A database for each CI run', /cdba run --name ci-2/);
    expect(rehearsal).toMatch(/cdba run --name ci-2 --/);
    const configDir = tempDir('cdba-readme-config-');
    const cwd = tempDir('cdba-readme-cwd-');
    const env = cleanEnv({ PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` }, configDir);
    const result = await paste(rehearsal, env, cwd);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'ci-1.env'), 'utf8')).toMatch(/^MONGODB_URI=mongodb\+srv:\/\/cdba-env-ci-1:[A-Za-z0-9]{24}@ci-1\.[a-z0-9]+\.mongodb\.net\nMONGODB_USERNAME=cdba-env-ci-1\n/);
    expect(result.stdout).toContain('CMD connects as cdba-env-ci-2 to ci-2');
    expect(result.stderr).toContain('cdba: env ci-1: nothing left to remove');
  });
});
