// The help examples that start `cdba emulator` in the background and go on to use
// it, run as printed: `cdba --help` once showed `cdba emulator --write-profile local
// & cdba -P local clusters list`, whose second command ran before the profile
// existed. Each example is taken from the help text a process prints, pasted into
// bash with a new HOME, and must exit 0; the emulator it leaves running is stopped
// when bash exits (test/helpers/bash.ts).
import { execa } from 'execa';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/base/io.js';
import { App } from '../../src/cli/command.js';
import { buildProgram } from '../../src/cli/program.js';
import { describe as describeTree, flatten } from '../../src/cli/tree.js';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { cdbaOnPath, newUserEnv, paste } from '../helpers/bash.js';
import { cdba, start } from '../helpers/inProcess.js';

/** A line that starts an emulator in the background (a lone `&`, not `&&`) and runs more after it. */
const BACKGROUND = /\bcdba emulator\b[^&]*[^&]&[^&]/;

const commands = flatten(describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never));
const cases = commands.flatMap((c) => c.examples.filter(([, line]) => BACKGROUND.test(line)).map(([text, line]) => ({ path: c.path, text, line })));
const bin = cdbaOnPath();

describe('help examples that start the emulator in the background', () => {
  it('include the one of cdba --help, and those of emulator and versions', () => {
    expect(cases.map((c) => c.path.join(' '))).toEqual(expect.arrayContaining(['', 'emulator', 'versions']));
  });

  it.each(cases.map((c) => [`cdba ${[...c.path, '--help'].join(' ')}: ${c.text}`, c] as const))('%s: runs as printed', async (_, { path, line }) => {
    const home = tempDir('cdba-example-home-');
    const env = newUserEnv(home, bin);
    const help = await execa('cdba', [...path, '--help'], { env, extendEnv: false, reject: false, cwd: home });
    expect(help.exitCode).toBe(0);
    // Help breaks a long example between shell words with ` \\`: the example as printed, continuation lines included.
    const lines = String(help.stdout).split('\n');
    const examples = lines.flatMap((first, i) => {
      if (!first.startsWith('  $ ')) return [];
      let end = i;
      while (lines[end]!.endsWith(' \\') && end + 1 < lines.length) end++;
      return [lines.slice(i, end + 1).join('\n').slice('  $ '.length)];
    });
    // A help screen holds the examples that fit in 40 lines and points to the man page for the rest (helpLayout.ts).
    const page = `cdba${path.length ? `-${path[0]}` : ''}`;
    const inMan = readFileSync(join(REPO_ROOT, 'man', `${page}.1`), 'utf8')
      .split('\n')
      .map((row) => row.replace(/\\-/g, '-').replace(/\\e/g, '\\'));
    const printed = examples.find((block) => block.replace(/ \\\n +/g, ' ') === line) ?? (String(help.stdout).includes(`man ${page}`) ? inMan.find((row) => row === line) : undefined);
    expect(printed, `cdba ${path.join(' ')} --help prints the example, or points to man ${page}, which does`).toBeDefined();
    const result = await paste(printed!, env, home);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/does not exist|paste: failed/);
  });
});

describe('--write-profile', () => {
  it("a seed whose only owner is a service account: the profile gets that account's clientId and clientSecret, and works", async () => {
    const dir = tempDir('cdba-write-profile-');
    const projectId = '5f0000000000000000000001';
    const account = { clientId: 'mdb_sa_id_0123456789abcdef01234567', clientSecret: 'mdb_sa_sk_0123456789abcdef0123456789abcdef01234567' };
    writeFileSync(join(dir, 'seed.json'), JSON.stringify({
      projects: [{ id: projectId, name: 'p' }],
      apiKeys: [{ publicKey: 'readonly', privateKey: '11111111-2222-3333-4444-555555555555', roles: [{ projectId, roleName: 'GROUP_READ_ONLY' }] }],
      serviceAccounts: [{ ...account, roles: [{ projectId, roleName: 'GROUP_OWNER' }] }],
    }));
    const configDir = join(dir, 'config');
    const run = start(['emulator', '--seed', join(dir, 'seed.json'), '--write-profile', 'saonly'], { configDir });
    try {
      await run.seen(/emulator running/);
      expect(run.stderr()).toContain('cdba: profile "saonly" now points at the emulator (as its owner service account: the seed has no owner API key)');
      const profile = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.saonly;
      expect(profile).toEqual({ baseUrl: run.stdout().split('\n')[0], ...account, projectId });
      const listed = await cdba(['-P', 'saonly', 'clusters', 'list', '-o', 'json'], { configDir });
      expect(listed.exitCode, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout)).toMatchObject({ results: [] });
    } finally {
      run.interrupt();
      expect((await run.result).exitCode).toBe(0);
    }
  });

  it.each([
    ['without a base URL (the live service)', {}],
    ['at the live service', { baseUrl: 'https://cloud.mongodb.com' }],
    ['at another host', { baseUrl: 'https://cloud-qa.example.com' }],
  ])('an existing profile %s is refused before the emulator listens (exit 2, one line), and kept as it was', async (_label, place) => {
    const configDir = tempDir('cdba-write-profile-prod-');
    const before = `${JSON.stringify({ currentProfile: 'prod', profiles: { prod: { ...place, publicKey: 'abcdefgh', privateKey: 'prv-real-SECRET' } } }, null, '\t')}\n`;
    writeFileSync(join(configDir, 'config.json'), before, { mode: 0o600 });
    const run = start(['emulator', '--write-profile', 'prod'], { configDir });
    // The old code listened and replaced it: then the run would never end by itself.
    const outcome = await Promise.race([run.result, run.seen(/emulator running/).then(() => 'listening' as const)]);
    if (outcome === 'listening') {
      run.interrupt();
      await run.result;
    }
    expect(outcome).not.toBe('listening');
    const result = await run.result;
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    const where = 'baseUrl' in place ? 'a non-loopback base URL' : 'the live service';
    expect(result.stderr).toBe(`cdba: --write-profile: profile "prod" exists and points at ${where}, not at an emulator; pick another name, or remove it first with cdba profile remove prod\n`);
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toBe(before);
  });

  it("an existing profile at a loopback URL (an emulator's, the tour's run again) is replaced", async () => {
    const configDir = tempDir('cdba-write-profile-local-');
    const old = { baseUrl: 'http://127.0.0.1:1', publicKey: 'oldpublic', privateKey: 'old-private', projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa' };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { local: old, '6': { baseUrl: 'http://[::1]:2' }, l: { baseUrl: 'http://localhost:3' } } }), { mode: 0o600 });
    for (const name of ['local', '6', 'l']) {
      const run = start(['emulator', '--write-profile', name], { configDir });
      try {
        await run.seen(/emulator running/);
        const profile = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles[name];
        expect(profile.baseUrl).toBe(run.stdout().split('\n')[0]);
        expect(profile.publicKey).not.toBe('oldpublic');
      } finally {
        run.interrupt();
        expect((await run.result).exitCode).toBe(0);
      }
    }
  });
});
