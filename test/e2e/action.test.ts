// The GitHub Action (action.yml): its main and post steps run as the runner runs
// them, with the environment GitHub sets (INPUT_*, GITHUB_ENV, GITHUB_OUTPUT,
// GITHUB_STATE, and STATE_* for post), against the emulator (issue 38, item 4).
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CDBA_BIN, REPO_ROOT, cleanEnv, tempDir } from '../helpers/cli.js';
import { knownSeed, modernBody, PROJECT_ID } from '../reliability/support.js';
import { withEmulator } from '../helpers/emulator.js';
import { isValidClusterName } from '../../src/model/catalog.js';
import { waitFor } from '../helpers/waitFor.js';
import { registerEnvStep } from '../../src/cli/envStep.js';
import { ACTION_INPUTS_FILE, actionInputsBlock, envUpInputs, envUpInputsJson, withGeneratedInputs } from '../../src/cli/env/action.js';
import { GILD_STEP } from '../fixtures/gilds/envStep.js';
import { prebuildProgram } from '../../src/main.js'; // and with it program.ts, which registers the product's env steps

const MAIN = join(REPO_ROOT, 'action', 'main.cjs');

/** What the emulator holds now, without its journal of events (which keeps the names of what was removed, as the service's does). */
function withoutJournal(emu: { state(): unknown }): unknown {
  const { events: _journal, ...live } = emu.state() as Record<string, unknown>;
  return live;
}
const POST = join(REPO_ROOT, 'action', 'post.cjs');

let fast: RunningEmulator; // the create's answer says CREATING, the next look IDLE
let stuck: RunningEmulator; // clusters stay CREATING for an hour
beforeAll(async () => {
  [{ emu: fast }, { emu: stuck }] = await Promise.all([withEmulator({ transitionMs: 0 }), withEmulator({ transitionMs: 3_600_000 })]);
});
afterAll(async () => {
  await Promise.all([fast.stop(), stuck.stop()]);
});

/** A job's files and environment, as the runner lays them for a step. */
function job(emu: RunningEmulator, inputs: Record<string, string>) {
  const dir = tempDir('cdba-action-');
  const files = { GITHUB_ENV: join(dir, 'env'), GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STATE: join(dir, 'state') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const env = cleanEnv({
    ...files,
    GITHUB_ACTIONS: 'true',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    CDBA_BASE_URL: emu.url,
    CDBA_PUBLIC_KEY: emu.defaults.owner.publicKey,
    CDBA_PRIVATE_KEY: emu.defaults.owner.privateKey,
    CDBA_PROJECT_ID: emu.defaults.projectId,
    ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
  }, join(dir, 'home'));
  /** What the runner gives the post step: the main step's saved state as STATE_<name>. */
  const postEnv = (): Record<string, string> => {
    const state = Object.fromEntries(readFileSync(files.GITHUB_STATE, 'utf8').split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2)));
    return { ...env, ...Object.fromEntries(Object.entries(state).map(([key, value]) => [`STATE_${key}`, value as string])) };
  };
  const read = (file: keyof typeof files): Record<string, string> =>
    Object.fromEntries(readFileSync(files[file], 'utf8').split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return { env, postEnv, read };
}

/** The database users of the emulator's project, as cdba lists them. */
async function usernames(env: Record<string, string>): Promise<string[]> {
  const list = await execa('node', [CDBA_BIN, 'dbusers', 'list', '--all', '-o', 'json', '--query', 'results[].username'], { env, extendEnv: false, reject: false });
  expect(list.exitCode, list.stderr).toBe(0);
  return JSON.parse(list.stdout) as string[];
}

describe('the cdba env Action', () => {
  it('main: the env is up, its outputs and variables written, the password masked before anything else shows it; post: it is gone', async () => {
    const { env, postEnv, read } = job(fast, { name: 'ci-action-1', ttl: '1h', tier: '' });
    const main = await execa('node', [MAIN], { env, extendEnv: false, reject: false });
    expect(main.exitCode, main.stderr).toBe(0);
    const outputs = read('GITHUB_OUTPUT');
    expect(Object.keys(outputs).sort()).toEqual(['cluster', 'uri', 'username']);
    expect(outputs).toMatchObject({ cluster: 'ci-action-1', username: 'cdba-env-ci-action-1' });
    const variables = read('GITHUB_ENV');
    expect(variables.MONGODB_URI).toBe(outputs.uri);
    const password = variables.MONGODB_PASSWORD!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    // The mask is the first thing the log shows the password in, and the only one.
    expect(main.stdout).toBe(`::add-mask::${password}`); // execa drops the final newline
    expect(main.stderr).not.toContain(password);
    expect(read('GITHUB_STATE')).toEqual({ name: 'ci-action-1' });

    const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
    expect(post.exitCode, post.stderr).toBe(0);
    expect(post.stderr).toMatch(/removed .*database user cdba-env-ci-action-1.*cluster ci-action-1/);
    expect(JSON.stringify(withoutJournal(fast))).not.toContain('cdba-env-ci-action-1');
  });

  it('the default name comes from the run and is each job\'s own (a matrix shares the run and the attempt); each post removes its own env only; the post step of a job whose main never ran does nothing (issue 43, item 4)', async () => {
    const jobs = [job(fast, {}), job(fast, {})]; // two jobs of one matrix: the same run, the same attempt
    const mains = await Promise.all(jobs.map(({ env }) => execa('node', [MAIN], { env, extendEnv: false, reject: false })));
    for (const main of mains) expect(main.exitCode, main.stderr).toBe(0);
    const names = jobs.map(({ read }) => read('GITHUB_OUTPUT').cluster!);
    for (const name of names) expect(name).toMatch(/^cdba-4242-1-[a-z0-9]{6}$/);
    expect(names[0]).not.toBe(names[1]);
    expect(jobs.map(({ read }) => read('GITHUB_STATE').name)).toEqual(names);
    const post = await execa('node', [POST], { env: jobs[0]!.env, extendEnv: false, reject: false }); // no STATE_name
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toBe('cdba: no env was started by this job');
    const first = await execa('node', [POST], { env: jobs[0]!.postEnv(), extendEnv: false, reject: false });
    expect(first.exitCode, first.stderr).toBe(0);
    const users = await usernames(jobs[0]!.env);
    expect(users).not.toContain(`cdba-env-${names[0]}`);
    expect(users).toContain(`cdba-env-${names[1]}`); // the other job's env is still there
    const second = await execa('node', [POST], { env: jobs[1]!.postEnv(), extendEnv: false, reject: false });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(await usernames(jobs[0]!.env)).not.toContain(`cdba-env-${names[1]}`);
  });

  it('one name in two jobs: the second main is refused (16) naming the first, and its post removes nothing; with share: true it joins with a user of its own, and its post leaves the env to the first (issue 43, item 4)', async () => {
    const first = job(fast, { name: 'ci-held-1' });
    const main1 = await execa('node', [MAIN], { env: { ...first.env, GITHUB_JOB: 'one' }, extendEnv: false, reject: false });
    expect(main1.exitCode, main1.stderr).toBe(0);

    const second = job(fast, { name: 'ci-held-1' });
    const main2 = await execa('node', [MAIN], { env: { ...second.env, GITHUB_JOB: 'two' }, extendEnv: false, reject: false });
    expect(main2.exitCode).toBe(16);
    expect(main2.stderr).toMatch(/^cdba: env ci-held-1 is held by another run: GitHub Actions run 4242, job one, since \S+ \(user cdba-env-ci-held-1\); nothing was changed; [^\n]*--share/);
    expect(main2.stdout).toMatch(/^::error title=cdba env up::env ci-held-1 is held by another run/);
    const post2 = await execa('node', [POST], { env: second.postEnv(), extendEnv: false, reject: false });
    expect(post2.exitCode, post2.stderr).toBe(0);
    expect(post2.stdout).toBe("cdba: env ci-held-1 is another run's; this job made none of it, so nothing was removed");
    expect(await usernames(first.env)).toContain('cdba-env-ci-held-1');

    const sharer = job(fast, { name: 'ci-held-1', share: 'true' });
    const main3 = await execa('node', [MAIN], { env: { ...sharer.env, GITHUB_JOB: 'three' }, extendEnv: false, reject: false });
    expect(main3.exitCode, main3.stderr).toBe(0);
    const own = sharer.read('GITHUB_OUTPUT').username!;
    expect(own).toMatch(/^cdba-env-ci-held-1\.[a-z0-9]{10}$/);
    const post3 = await execa('node', [POST], { env: sharer.postEnv(), extendEnv: false, reject: false });
    expect(post3.exitCode, post3.stderr).toBe(0);
    expect(post3.stderr).toContain('kept cluster ci-held-1 for GitHub Actions run 4242, job one');
    expect(await usernames(first.env)).toEqual(expect.arrayContaining(['cdba-env-ci-held-1']));
    expect(await usernames(first.env)).not.toContain(own);
    const post1 = await execa('node', [POST], { env: first.postEnv(), extendEnv: false, reject: false });
    expect(post1.exitCode, post1.stderr).toBe(0);
    expect(post1.stderr).toMatch(/removed .*database user cdba-env-ci-held-1.*cluster ci-held-1/);
  });

  it('the name input is only ever a name: an option, a line break or any other non-name fails main in one line and an annotation, saves nothing, sends nothing; post then has nothing to remove (issue 42, item 4)', async () => {
    // An env of the name a stripped line break would make: post must not remove it.
    const victim = job(fast, { name: 'ci-aci-b' });
    expect((await execa('node', [MAIN], { env: victim.env, extendEnv: false, reject: false })).exitCode).toBe(0);
    const cases: Array<[string, RegExp]> = [
      ['--help', /^cdba: invalid name input "--help": it may not start or end with a hyphen \(the env's name is its cluster's name\); nothing was made$/],
      ['--base-url=http://127.0.0.1:1', /^cdba: invalid name input "--base-url=http:\/\/127\.0\.0\.1:1": it may not start or end with a hyphen/],
      ['-h', /^cdba: invalid name input "-h"/],
      ['ci-a\nci-b', /^cdba: invalid name input "ci-a\\nci-b": use only ASCII letters, digits and hyphens/],
      ['ci a', /use only ASCII letters, digits and hyphens/],
      ['x'.repeat(65), /it is longer than 64 characters/],
    ];
    const before = fast.stats().total;
    for (const [name, pattern] of cases) {
      const { env, postEnv } = job(fast, { name });
      const main = await execa('node', [MAIN], { env, extendEnv: false, reject: false });
      expect(main.exitCode, main.stderr).toBe(2);
      expect(main.stderr).toMatch(pattern);
      expect(main.stderr.split('\n')).toHaveLength(1);
      expect(main.stdout).toMatch(/^::error title=cdba env::invalid name input [^\n]*$/);
      expect(postEnv()).not.toHaveProperty('STATE_name');
      const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
      expect(post.exitCode).toBe(0);
      expect(post.stdout).toBe('cdba: no env was started by this job');
    }
    expect(fast.stats().total).toBe(before);
    // A saved name that is not one (the file edited by another step): refused, nothing removed.
    const tampered = await execa('node', [POST], { env: { ...victim.env, STATE_name: '--help' }, extendEnv: false, reject: false });
    expect(tampered.exitCode).toBe(2);
    expect(tampered.stderr).toMatch(/^cdba: the saved name "--help" is not an env's name/);
    expect(fast.stats().total).toBe(before);
    expect(await usernames(victim.env)).toContain('cdba-env-ci-aci-b');
    expect((await execa('node', [POST], { env: victim.postEnv(), extendEnv: false, reject: false })).exitCode).toBe(0);
  });

  it('the Action\'s name rule is cdba\'s cluster name rule', () => {
    const { nameProblem } = createRequire(import.meta.url)(join(REPO_ROOT, 'action', 'inputs.cjs')) as { nameProblem: (name: string) => string | undefined };
    const names = ['a', 'A-1', 'ci-42', '-a', 'a-', 'a--b', '0', 'x'.repeat(64), 'x'.repeat(65), 'a_b', 'a.b', 'a b', 'a\nb', 'é', '', 'ab\u0000', 'Z9'];
    for (const name of names) expect(nameProblem(name) === undefined, name).toBe(isValidClusterName(name));
  });

  it('$GITHUB_STATE is opened as $GITHUB_ENV is: a FIFO, a directory, a link or a missing file fails main at once in one line and an annotation, with nothing made (issue 42, item 4)', async () => {
    const dir = tempDir('cdba-action-state-');
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const target = join(dir, 'target');
    writeFileSync(target, '');
    const link = join(dir, 'link');
    symlinkSync(target, link);
    const directory = join(dir, 'dir');
    mkdirSync(directory);
    const cases: Array<[string, string]> = [
      [fifo, 'is a FIFO'],
      [directory, 'is a directory'],
      [link, 'is a symbolic link'],
      [join(dir, 'absent'), 'does not exist'],
    ];
    const before = fast.stats().total;
    for (const [path, problem] of cases) {
      const { env } = job(fast, { name: 'ci-state' });
      // No reader on the FIFO: an open that blocked would hang here, until the test's own timeout.
      const main = await execa('node', [MAIN], { env: { ...env, GITHUB_STATE: path }, extendEnv: false, reject: false });
      expect(main.exitCode, main.stderr).toBe(2);
      expect(main.stderr).toBe(`cdba: the Action saves the env's name to $GITHUB_STATE for its post step, and ${path} ${problem}; nothing was made`);
      expect(main.stdout).toBe(`::error title=cdba env::the Action saves the env's name to $GITHUB_STATE for its post step, and ${path} ${problem}; nothing was made`);
    }
    expect(readFileSync(target, 'utf8')).toBe('');
    expect(fast.stats().total).toBe(before);
  });

  it('a job cancelled while main waits: main ends with env up interrupted, and post removes what it made', async () => {
    const { env, postEnv } = job(stuck, { name: 'ci-cancelled' });
    const main = execa('node', [MAIN], { env, extendEnv: false, reject: false });
    let stderr = '';
    main.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor('env up to wait for the cluster', () => /CREATING/.test(stderr));
    main.kill('SIGTERM'); // the runner cancels the step
    const ended = await main;
    expect(ended.exitCode).not.toBe(0);
    expect(stderr).toMatch(/env down ci-cancelled/);
    expect(JSON.stringify(stuck.state())).toContain('"ci-cancelled"');

    const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
    expect(post.exitCode, post.stderr).toBe(0);
    expect(post.stderr).toMatch(/cluster ci-cancelled/);
    expect(JSON.stringify(withoutJournal(stuck))).not.toMatch(/cdba-env-ci-cancelled/);
  });

  it('main with a bad input fails in one line, and its post step still runs env down (a no-op)', async () => {
    const { env, postEnv } = job(fast, { name: 'ci-bad', ttl: '9d' });
    const main = await execa('node', [MAIN], { env, extendEnv: false, reject: false });
    expect(main.exitCode).toBe(2);
    expect(main.stderr).toMatch(/^cdba: invalid --ttl "9d"[^\n]*$/);
    const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
    expect(post.exitCode, post.stderr).toBe(0);
  });

  it('provider, region, db-version and role (one a line) reach env up: the cluster is where and what they say, the user has those roles', async () => {
    const { env, postEnv } = job(fast, { name: 'ci-placed', tier: 'M10', provider: 'gcp', region: 'central-us', 'db-version': '8.0', role: '\nreadAnyDatabase\nread@local\n' });
    const main = await execa('node', [MAIN], { env, extendEnv: false, reject: false });
    expect(main.exitCode, main.stderr).toBe(0);
    const get = await execa('node', [CDBA_BIN, 'clusters', 'get', 'ci-placed', '-o', 'json'], { env, extendEnv: false, reject: false });
    expect(get.exitCode, get.stderr).toBe(0);
    const text = get.stdout;
    expect(text).toMatch(/"providerName":\s*"GCP"/);
    expect(text).toMatch(/"regionName":\s*"CENTRAL_US"/);
    expect(text).toMatch(/"mongoDBMajorVersion":\s*"8\.0"/);
    const user = await execa('node', [CDBA_BIN, 'dbusers', 'get', 'cdba-env-ci-placed', '-o', 'json', '--query', 'roles'], { env, extendEnv: false, reject: false });
    expect(user.exitCode, user.stderr).toBe(0);
    expect(JSON.parse(user.stdout)).toEqual([{ roleName: 'readAnyDatabase', databaseName: 'admin' }, { roleName: 'read', databaseName: 'local' }]);
    const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
    expect(post.exitCode, post.stderr).toBe(0);
  });

  it('sample-data and search-index (one file a line) reach env up: the index is READY when main ends', async () => {
    const { env, postEnv, read } = job(fast, { name: 'ci-indexed', 'sample-data': 'true', 'search-index': '' });
    const dir = tempDir('cdba-action-index-');
    const file = join(dir, 'movies.json');
    writeFileSync(file, JSON.stringify({ name: 'plots', database: 'sample_mflix', collectionName: 'movies', definition: { mappings: { dynamic: true } } }));
    const main = await execa('node', [MAIN], { env: { ...env, 'INPUT_SEARCH-INDEX': `\n${file}\n` }, extendEnv: false, reject: false });
    expect(main.exitCode, main.stderr).toBe(0);
    expect(main.stderr).toMatch(/plots/);
    expect(read('GITHUB_OUTPUT').cluster).toBe('ci-indexed');
    const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
    expect(post.exitCode, post.stderr).toBe(0);
  });

  it('from-snapshot reaches env up: the env starts from the named snapshot, and post leaves the source alone', async () => {
    const seeded = (await withEmulator({
      transitionMs: 0,
      seed: {
        ...knownSeed({ clusters: [{ projectId: PROJECT_ID, cluster: { ...modernBody('src'), backupEnabled: true } }] }),
        backups: [{ projectId: PROJECT_ID, clusterName: 'src', snapshots: [{ id: '6b0a75f402cfdb10b50b7001', description: 'golden' }] }],
      } as never,
    })).emu;
    try {
      const { env, postEnv, read } = job(seeded, { name: 'ci-restored', 'from-snapshot': 'src@6b0a75f402cfdb10b50b7001' }); // by ID: a scheduled snapshot may be the latest at a 6-hour mark
      const main = await execa('node', [MAIN], { env, extendEnv: false, reject: false });
      expect(main.exitCode, main.stderr).toBe(0);
      expect(read('GITHUB_OUTPUT').cluster).toBe('ci-restored');
      // The emulator records on the target which snapshot it holds.
      expect(JSON.stringify(seeded.state())).toMatch(/"restoredFrom":\{"projectId":"[0-9a-f]+","clusterName":"src","snapshotId":"6b0a75f402cfdb10b50b7001"/);
      const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
      expect(post.exitCode, post.stderr).toBe(0);
      const left = await execa('node', [CDBA_BIN, 'clusters', 'get', 'src', '-o', 'json'], { env, extendEnv: false, reject: false });
      expect(left.exitCode, left.stderr).toBe(0);
    } finally {
      await seeded.stop();
    }
  });

  it("every option of env up is an input of action.yml, but those the Action sets itself or a job's own settings cover", () => {
    const up = prebuildProgram().program.commands.find((c) => c.name() === 'env')!.commands.find((c) => c.name() === 'up')!;
    // -o is github; --watch-timeout: the job's timeout-minutes bounds the step.
    const notInputs = new Set(['--watch-timeout']);
    const yml = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
    const missing = up.options.map((o) => o.long!).filter((flag) => !notInputs.has(flag) && !new RegExp(`^ {2}${flag.slice(2)}:$`, 'm').test(yml));
    expect(missing).toEqual([]);
  });

  it("action.yml's inputs and action/env-up-inputs.json are the ones env up's declaration generates (else: npm run action)", () => {
    const yml = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
    expect(withGeneratedInputs(yml), "action.yml's inputs are out of date: npm run action").toBe(yml);
    expect(readFileSync(join(REPO_ROOT, ACTION_INPUTS_FILE), 'utf8'), `${ACTION_INPUTS_FILE} is out of date: npm run action`).toBe(envUpInputsJson());
    // Every input main hands env up is an option of env up, passed as it takes it.
    const up = prebuildProgram().program.commands.find((c) => c.name() === 'env')!.commands.find((c) => c.name() === 'up')!;
    for (const { input, flag, kind } of envUpInputs()) {
      const option = up.options.find((o) => o.long === flag);
      expect(option, flag).toBeDefined();
      expect(kind === 'switch', input).toBe(!option!.required);
      expect(yml).toMatch(new RegExp(`^ {2}${input}:$`, 'm'));
    }
  });

  it("a new env step's input reaches env up through the declaration alone: generated with the step's option, and handed on by main's table", () => {
    const { upArgs } = createRequire(import.meta.url)(join(REPO_ROOT, 'action', 'inputs.cjs')) as { upArgs: (table: unknown, env: Record<string, string>) => string[] };
    expect(envUpInputs().map((i) => i.input)).not.toContain('gild');
    const undo = registerEnvStep(GILD_STEP);
    try {
      const table = envUpInputs();
      expect(table).toContainEqual({ input: 'gild', flag: '--gild', kind: 'value' });
      // After the other steps' inputs, before share: as in env up's help.
      expect(table.map((i) => i.input).slice(-2)).toEqual(['gild', 'share']);
      expect(actionInputsBlock()).toMatch(/^ {2}gild:\n {4}description: "A word to gild the cluster with once it is IDLE \(env up --gild\)\."$/m);
      expect(upArgs(table, { INPUT_GILD: ' blue ', INPUT_ROLE: 'read@a\n\nreadWrite@b', 'INPUT_SAMPLE-DATA': 'false', INPUT_SHARE: 'true' })).toEqual(['--role', 'read@a', '--role', 'readWrite@b', '--gild', 'blue', '--share']);
    } finally {
      undo();
    }
  });

  it('diagnostics-path: post writes the evidence before env down only when the job failed (job-status, defaulted to ${{ job.status }}, as the runner evaluates it for post); a step of the job that wrote it already is left alone', async () => {
    const yml = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
    expect(yml).toMatch(/^ {2}job-status:\n(?: {4}.*\n)* {4}default: "\$\{\{ job\.status \}\}"$/m);
    expect(yml).toMatch(/^ {2}diagnostics-path:$/m);
    for (const [status, name] of [['failure', 'ci-diag-failed'], ['success', 'ci-diag-passed'], ['failure', 'ci-diag-written']] as const) {
      const evidence = join(tempDir(), 'evidence');
      const { env, postEnv } = job(fast, { name, tier: 'M10', 'diagnostics-path': evidence, 'job-status': status });
      const main = await execa('node', [MAIN], { env, extendEnv: false, reject: false });
      expect(main.exitCode, main.stderr).toBe(0);
      if (name === 'ci-diag-written') {
        // An if: failure() step wrote it (the README's way to upload it): post leaves it as it is.
        const step = await execa('node', [CDBA_BIN, 'env', 'diagnose', name, '--dir', evidence], { env, extendEnv: false, reject: false });
        expect(step.exitCode, step.stderr).toBe(0);
      }
      const before = existsSync(evidence) ? readFileSync(join(evidence, 'manifest.json'), 'utf8') : undefined;
      const post = await execa('node', [POST], { env: postEnv(), extendEnv: false, reject: false });
      expect(post.exitCode, post.stderr).toBe(0);
      expect(post.stderr).toMatch(new RegExp(`removed .*cluster ${name}`));
      if (status === 'success') {
        expect(existsSync(evidence), name).toBe(false);
        continue;
      }
      const manifest = JSON.parse(readFileSync(join(evidence, 'manifest.json'), 'utf8')) as { env: string; failed: unknown[]; collected: Array<{ part: string; file: string }> };
      expect(manifest.env).toBe(name);
      expect(manifest.failed).toEqual([]);
      for (const file of ['events.json', 'alerts.json', 'slow-queries.json']) expect(existsSync(join(evidence, file)), file).toBe(true);
      // Each of the cluster's three hosts asked for its log (a host that logged nothing yet in the window has no file).
      expect(manifest.collected.filter((c) => c.part.startsWith('log '))).toHaveLength(3);
      if (before !== undefined) {
        expect(readFileSync(join(evidence, 'manifest.json'), 'utf8')).toBe(before);
        expect(post.stdout).toMatch(/the diagnostics are in .* already/);
      } else expect(post.stderr).toMatch(new RegExp(`cdba: diagnostics of env ${name} .* written to ${evidence.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
      // The evidence holds no secret of the job's.
      const text = [join(evidence, 'manifest.json'), join(evidence, 'events.json'), ...readdirSync(join(evidence, 'logs')).map((f) => join(evidence, 'logs', f))].map((f) => readFileSync(f, 'utf8')).join('\n');
      expect(text).not.toContain(fast.defaults.owner.privateKey);
    }
  });

  it('action.yml runs these two files, post always, on a Node the runner has', () => {
    const yml = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
    expect(yml).toMatch(/^ {2}using: node24$/m);
    expect(yml).toMatch(/^ {2}main: action\/main\.cjs$/m);
    expect(yml).toMatch(/^ {2}post: action\/post\.cjs$/m);
    expect(yml).toMatch(/^ {2}post-if: always\(\)$/m);
    for (const input of ['name', 'tier', 'provider', 'region', 'db-version', 'role', 'ttl', 'ip', 'from-snapshot', 'sample-data', 'search-index']) expect(yml).toMatch(new RegExp(`^ {2}${input}:$`, 'm'));
    for (const output of ['uri', 'username', 'cluster']) expect(yml).toMatch(new RegExp(`^ {2}${output}:$`, 'm'));
  });
});
