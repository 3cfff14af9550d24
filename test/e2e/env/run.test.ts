// `cdba run -- CMD` as a process (what needs one: CMD's environment, its exit
// status, signals, a killed cdba, a real terminal), against an emulator whose
// transitions take 0 ms. CMD is node with a small script that checks what it got
// and writes a file the test waits on: no sleeps, no timing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { CDBA_BIN, cdba, cleanEnv, tempDir } from '../../helpers/cli.js';
import { cdba as cdbaInProcess } from '../../helpers/inProcess.js';
import { waitFor } from '../../helpers/waitFor.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';
import { expectOneErrorLine } from '../../reliability/support.js';
import { inTerminal, scriptAvailable } from '../terminal/pty.js';

const PROJECT = 'c0000000000000000000003a';
let emu: RunningEmulator;
let srvDomain: string;
const env = (extra: Record<string, string> = {}) => ownerEnv(emu.url, PROJECT, extra);

// CMD: checks MONGODB_URI (parses, carries the user and the password, points at the
// cluster's SRV host, the password on no argv), writes what it saw to $MARK, then
// behaves as $MODE says: exit with a status, or wait for a signal.
const CHECK = `
const fs = require('fs');
const u = new URL(process.env.MONGODB_URI);
const problems = [];
if (u.protocol !== 'mongodb+srv:') problems.push('protocol ' + u.protocol);
if (decodeURIComponent(u.username) !== process.env.MONGODB_USERNAME) problems.push('user');
if (decodeURIComponent(u.password) !== process.env.MONGODB_PASSWORD || !process.env.MONGODB_PASSWORD) problems.push('password');
if (u.host !== process.env.MONGODB_CLUSTER + '.' + process.env.SRV_DOMAIN) problems.push('host ' + u.host);
if (process.argv.join(' ').includes(process.env.MONGODB_PASSWORD)) problems.push('password on argv');
const cdbaArgv = fs.readFileSync('/proc/' + process.ppid + '/cmdline', 'utf8');
if (cdbaArgv.includes(process.env.MONGODB_PASSWORD)) problems.push('password on cdba argv');
// The handlers before the mark: once the test sees the mark, a signal is caught.
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => { fs.appendFileSync(process.env.MARK + '.signal', sig + '\\n'); if (process.env.MODE !== 'ignore') process.exit(5); });
// Written whole, then renamed: the test reads it as soon as it exists.
fs.writeFileSync(process.env.MARK + '.tmp', JSON.stringify({ problems, user: process.env.MONGODB_USERNAME, cluster: process.env.MONGODB_CLUSTER, pid: process.pid }));
fs.renameSync(process.env.MARK + '.tmp', process.env.MARK);
const mode = process.env.MODE || 'exit:0';
if (mode.startsWith('exit:')) process.exit(Number(mode.slice(5)));
setInterval(() => {}, 1000);
`;

const SERVICE_ACCOUNT = { clientId: 'mdb_sa_id_00000000000000000000003a', clientSecret: 'mdb_sa_sk_0000000000000000000000000000000000000000003a' };

/** An emulator with the project and its owner; `transitionMs` is how long CREATING, PENDING and DELETING last. */
const startRunsEmulator = (transitionMs: number) =>
  startEmulator({
    transitionMs,
    seed: {
      projects: [{ id: PROJECT, name: 'runs' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      serviceAccounts: [{ ...SERVICE_ACCOUNT, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });

beforeAll(async () => {
  emu = await startRunsEmulator(0);
  // The project's SRV domain, from a probe cluster: every cluster's host is <name>.<domain>.
  const probe = await cdbaInProcess(['clusters', 'create', 'probe', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch', '-o', 'json'], { env: env() });
  expect(probe.exitCode).toBe(0);
  srvDomain = new URL(JSON.parse(probe.stdout).connectionStrings.standardSrv as string).host.replace(/^probe\./, '');
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

/** What of env `name` an emulator still has: its user, its entry, its cluster and that cluster's state. */
async function leftOf(name: string, envVars = env()): Promise<string[]> {
  const left: string[] = [];
  const users = await cdbaInProcess(['dbusers', 'list', '--all', '-o', 'json', '--query', 'results[].username'], { env: envVars });
  if ((JSON.parse(users.stdout) as string[]).includes(`cdba-env-${name}`)) left.push('user');
  const entries = await cdbaInProcess(['access-list', 'list', '-o', 'json', '--query', 'results[].comment'], { env: envVars });
  if ((JSON.parse(entries.stdout) as Array<string | null>).includes(`cdba env ${name}`)) left.push('entry');
  const cluster = await cdbaInProcess(['clusters', 'get', name, '-o', 'json', '--query', 'stateName'], { env: envVars });
  if (cluster.exitCode === 0) left.push(`cluster ${JSON.parse(cluster.stdout)}`);
  else if (cluster.exitCode !== 4) left.push(`cluster (exit ${cluster.exitCode})`);
  return left;
}

const creates = (): number =>
  (emu.stats().byPath['POST /api/atlas/v2/groups/{groupId}/flexClusters'] ?? 0) + (emu.stats().byPath['POST /api/atlas/v2/groups/{groupId}/clusters'] ?? 0);

function runProcess(name: string, mode: string, extra: string[] = []) {
  const dir = tempDir();
  const mark = join(dir, 'mark');
  const child = execa('node', [CDBA_BIN, 'run', '--name', name, ...extra, '--', 'node', '-e', CHECK], {
    env: cleanEnv(env({ MARK: mark, MODE: mode, SRV_DOMAIN: srvDomain })),
    extendEnv: false,
    reject: false,
    timeout: 30_000,
  });
  return { child, mark };
}

const marked = (mark: string) => JSON.parse(readFileSync(mark, 'utf8')) as { problems: string[]; user: string; cluster: string; pid: number };

describe('run -- CMD', () => {
  it('in a pipe: creates, CMD gets MONGODB_URI and the rest in its environment, everything is removed afterwards', async () => {
    const before = creates();
    const { child, mark } = runProcess('pipe-1', 'exit:0');
    const result = await child;
    expect(result.stderr).toContain('cdba: env pipe-1 is ready; running node');
    expect(result.exitCode).toBe(0);
    expect(marked(mark)).toEqual({ problems: [], user: 'cdba-env-pipe-1', cluster: 'pipe-1', pid: expect.any(Number) });
    expect(creates() - before).toBe(1);
    expect(result.stderr).toContain('cdba: env pipe-1: removed access-list entry 127.0.0.1, database user cdba-env-pipe-1, cluster pipe-1 (deleting)');
    expect(await leftOf('pipe-1')).toEqual([]);
  });

  it('a dedicated cluster: the same, on --tier M10', async () => {
    const { child, mark } = runProcess('dedicated-run', 'exit:0', ['--tier', 'M10']);
    const result = await child;
    expect(result.exitCode).toBe(0);
    expect(marked(mark).problems).toEqual([]);
    expect(await leftOf('dedicated-run')).toEqual([]);
  });

  it('CMD exits 3: cdba exits 3 and still cleans up', async () => {
    const { child, mark } = runProcess('three-1', 'exit:3');
    const result = await child;
    expect(result.exitCode).toBe(3);
    expect(marked(mark).problems).toEqual([]);
    expect(await leftOf('three-1')).toEqual([]);
  });

  it('SIGTERM during CMD: CMD gets it first, then env down runs; cdba exits with CMD status', async () => {
    const { child, mark } = runProcess('term-1', 'wait');
    await waitFor('CMD to start', () => existsSync(mark));
    child.kill('SIGTERM');
    const result = await child;
    expect(readFileSync(`${mark}.signal`, 'utf8')).toBe('SIGTERM\n');
    expect(result.stderr).toContain('cdba: SIGTERM: waiting for node to exit, then env down term-1; a second signal stops at once');
    expect(result.exitCode).toBe(5);
    expect(await leftOf('term-1')).toEqual([]);
  });

  it('SIGKILL of cdba during CMD: env down <name> from a new process without the state file is refused naming the run; --force removes it all', async () => {
    const { child, mark } = runProcess('killed-1', 'wait');
    await waitFor('CMD to start', () => existsSync(mark));
    child.kill('SIGKILL');
    process.kill(marked(mark).pid, 'SIGKILL'); // the orphaned CMD, which holds the pipes open
    expect((await child).signal).toBe('SIGKILL');
    expect((await leftOf('killed-1')).sort()).toEqual(['cluster IDLE', 'entry', 'user']);
    const refused = await cdba(['env', 'down', 'killed-1'], { env: env(), configDir: tempDir() });
    expect(refused.exitCode).toBe(16);
    expect(refused.stderr).toMatch(/^cdba: env killed-1 is held by another run: host \S+, since \S+ \(user cdba-env-killed-1\)/);
    const down = await cdba(['env', 'down', 'killed-1', '--force', '--yes'], { env: env(), configDir: tempDir() });
    expect(down.exitCode).toBe(0);
    expect(down.stderr).toContain('removed access-list entry 127.0.0.1, database user cdba-env-killed-1, cluster killed-1 (deleting)');
    expect(await leftOf('killed-1')).toEqual([]);
  });

  it('env down fails (CMD turned termination protection on): exit 12 and a line naming what is left and the command to run', async () => {
    const dir = tempDir();
    const command = `node ${CDBA_BIN} clusters patch protected-1 --termination-protection > /dev/null`;
    // CMD's cdba gets the keys on purpose (run holds them back from CMD otherwise).
    const result = await execa('node', [CDBA_BIN, 'run', '--name', 'protected-1', '--keep-env', 'CDBA_PUBLIC_KEY', '--keep-env', 'CDBA_PRIVATE_KEY', '--', 'sh', '-c', command], {
      env: cleanEnv(env(), dir),
      extendEnv: false,
      reject: false,
      timeout: 30_000,
    });
    expect(result.exitCode).toBe(12);
    expect(result.stderr).toMatch(/cdba: sh exited 0, but env down protected-1 failed: .*left: .*cluster protected-1/);
    expect(result.stderr).toContain('remove it with `cdba env down protected-1`');
    expect(await leftOf('protected-1')).toEqual(['cluster IDLE']);
    expect((await cdba(['clusters', 'patch', 'protected-1', '--no-termination-protection'], { env: env() })).exitCode).toBe(0);
    expect((await cdba(['env', 'down', 'protected-1'], { env: env(), configDir: dir })).exitCode).toBe(0);
    expect(await leftOf('protected-1')).toEqual([]);
  });

  it.skipIf(!scriptAvailable)('in a terminal: the check passes and everything is removed; Ctrl-C reaches CMD, then env down runs', async () => {
    const dir = tempDir();
    const mark = join(dir, 'mark');
    const terminal = inTerminal(['run', '--name', 'pty-1', '--', 'node', '-e', CHECK], { columns: 100, env: env({ MARK: mark, MODE: 'wait', SRV_DOMAIN: srvDomain }) });
    await waitFor('CMD to start', () => existsSync(mark));
    expect(marked(mark).problems).toEqual([]);
    terminal.type('\u0003');
    const { exitCode, text } = await terminal.done();
    expect(readFileSync(`${mark}.signal`, 'utf8')).toBe('SIGINT\n');
    expect(text).toContain('cdba: env pty-1: removed');
    expect(exitCode).toBe(5);
    expect(await leftOf('pty-1')).toEqual([]);
  });

  it.skipIf(!scriptAvailable)('in a terminal, a second Ctrl-C stops at once with one line naming the env down still to run', async () => {
    const dir = tempDir();
    const mark = join(dir, 'mark');
    const terminal = inTerminal(['run', '--name', 'pty-2', '--', 'node', '-e', CHECK], { columns: 100, env: env({ MARK: mark, MODE: 'ignore', SRV_DOMAIN: srvDomain }), configDir: dir });
    await waitFor('CMD to start', () => existsSync(mark));
    terminal.type('\u0003');
    await waitFor('CMD to get the first Ctrl-C', () => existsSync(`${mark}.signal`));
    // cdba's own line: two Ctrl-Cs typed before cdba runs at all would merge into one.
    await terminal.seen(/cdba: SIGINT: waiting for node to exit, then env down pty-2; a second Ctrl-C stops at once/);
    terminal.type('\u0003');
    const { exitCode, text } = await terminal.done();
    expect(exitCode).toBe(130);
    expect(text).toContain('cdba: stopped; the env is still there: run `cdba env down pty-2`');
    try {
      process.kill(marked(mark).pid, 'SIGKILL'); // CMD ignored Ctrl-C; it may outlive the terminal
    } catch {
      // gone with the terminal already
    }
    expect((await leftOf('pty-2')).sort()).toEqual(['cluster IDLE', 'entry', 'user']);
    // The env down it names, on the same runner (run's state file proves the env is its own).
    expect((await cdba(['env', 'down', 'pty-2'], { env: env(), configDir: dir })).exitCode).toBe(0);
    expect(await leftOf('pty-2')).toEqual([]);
  });
});

// CMD for the credentials table: which CDBA_* and MONGODB_* variables it got, and
// what a cdba it runs itself makes of them (its exit status and error line).
const INNER = `
const { spawnSync } = require('child_process');
const names = Object.keys(process.env).filter((k) => /^(CDBA|MONGODB)_/.test(k)).sort();
const inner = spawnSync(process.execPath, [process.env.BIN, 'dbusers', 'list', '-o', 'json'], { encoding: 'utf8' });
require('fs').writeFileSync(process.env.MARK, JSON.stringify({ names, status: inner.status, stderr: inner.stderr }));
`;

describe('run: CMD gets none of the credentials cdba reads, unless --keep-env passes one', () => {
  const KEPT = ['CDBA_BASE_URL', 'CDBA_PROJECT_ID', 'MONGODB_CLUSTER', 'MONGODB_PASSWORD', 'MONGODB_URI', 'MONGODB_USERNAME'];
  const keys = { CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey };
  const account = { CDBA_CLIENT_ID: SERVICE_ACCOUNT.clientId, CDBA_CLIENT_SECRET: SERVICE_ACCOUNT.clientSecret };
  /** A config dir whose profile `ci` holds the API keys; `current` makes it the current profile. */
  const configWith = (dir: string, current: boolean): string => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const profiles = { default: {}, ci: { publicKey: OWNER.publicKey, privateKey: OWNER.privateKey } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...(current ? { currentProfile: 'ci' } : {}), profiles }), { mode: 0o600 });
    return dir;
  };
  const where = () => ({ CDBA_BASE_URL: emu.url, CDBA_PROJECT_ID: PROJECT });

  // Each way cdba finds credentials: the variables that hold them, and those that lead to a file that does.
  it.each([
    ['API keys in the environment', () => ({ env: { ...where(), ...keys }, configDir: tempDir() })],
    ['a service account in the environment', () => ({ env: { ...where(), ...account }, configDir: tempDir() })],
    ['a profile of keys that CDBA_PROFILE names (the config dir is the default one)', () => {
      const xdg = tempDir();
      return { env: { ...where(), XDG_CONFIG_HOME: xdg, CDBA_PROFILE: 'ci' }, configDir: configWith(join(xdg, 'cdba'), false) };
    }],
    ['the current profile of the config dir CDBA_CONFIG_DIR names', () => ({ env: where(), configDir: configWith(tempDir(), true) })],
  ])('%s: CMD has none of them, and a cdba in CMD finds no credentials', async (_route, setup) => {
    const { env: vars, configDir } = setup();
    const mark = join(tempDir(), 'mark');
    const result = await cdbaInProcess(['run', '--', 'node', '-e', INNER], { env: { ...vars, BIN: CDBA_BIN, MARK: mark }, configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    const seen = JSON.parse(readFileSync(mark, 'utf8')) as { names: string[]; status: number; stderr: string };
    expect(seen.names).toEqual(KEPT);
    expect(seen.stderr).toMatch(/^cdba: no credentials are set for profile "default"/);
    expect(seen.status).toBe(2);
  });

  it('a service account in the environment: no token file in the config dir for CMD to read (the token stays in cdba\'s memory)', async () => {
    const configDir = tempDir();
    const mark = join(tempDir(), 'mark');
    // CMD looks where cdba would keep the token, told the path (it keeps HOME anyway).
    const LOOK = `const fs = require('fs'); let files = []; try { files = fs.readdirSync(process.env.LOOK_IN + '/tokens'); } catch {} fs.writeFileSync(process.env.MARK, JSON.stringify(files));`;
    const result = await cdbaInProcess(['run', '--', 'node', '-e', LOOK], { env: { ...where(), ...account, LOOK_IN: configDir, MARK: mark }, configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(mark, 'utf8'))).toEqual([]);
    expect(existsSync(join(configDir, 'tokens'))).toBe(false);
  });

  it('--keep-env passes the ones named, and a cdba in CMD uses them', async () => {
    const mark = join(tempDir(), 'mark');
    const result = await cdbaInProcess(['run', '--keep-env', 'CDBA_PUBLIC_KEY', '--keep-env', 'CDBA_PRIVATE_KEY', '--', 'node', '-e', INNER], {
      env: { ...where(), ...keys, ...account, BIN: CDBA_BIN, MARK: mark },
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const seen = JSON.parse(readFileSync(mark, 'utf8')) as { names: string[]; status: number; stderr: string };
    expect(seen.names).toEqual([...KEPT.slice(0, 1), 'CDBA_PRIVATE_KEY', 'CDBA_PROJECT_ID', 'CDBA_PUBLIC_KEY', ...KEPT.slice(2)]);
    expect(seen.stderr).toBe('');
    expect(seen.status).toBe(0);
  });

  it('--keep-env of a variable run passes anyway is refused before any request', async () => {
    const before = emu.stats().total;
    const result = await cdbaInProcess(['run', '--keep-env', 'CDBA_OUTPUT', '--', 'true'], { env: { ...where(), ...keys } });
    expect(result.stderr).toMatch(/^cdba: --keep-env CDBA_OUTPUT: run holds back only the variables that lead to credentials \(CDBA_PUBLIC_KEY, .*\); CDBA_OUTPUT reaches CMD anyway\n$/);
    expect(result.exitCode).toBe(2);
    expect(emu.stats().total).toBe(before);
  });
});

describe('run: CMD is found before anything is made (issue 43, item 3)', () => {
  it('a command not on PATH, or a path that is not an executable file: exit 127, one line, not one request', async () => {
    const dir = tempDir();
    const notExecutable = join(dir, 'tests.sh');
    writeFileSync(notExecutable, '#!/bin/sh\nexit 0\n', { mode: 0o644 });
    const before = emu.stats().total;
    const cases: Array<[string[], RegExp]> = [
      [['nosuchcommand-cdba', '--flag'], /^cdba: run: nosuchcommand-cdba is not on PATH; nothing was made; check its spelling, or give its path\n$/],
      [['./nosuchcommand-cdba'], /^cdba: run: \.\/nosuchcommand-cdba is not an executable file; nothing was made; check the path and its mode\n$/],
      [[notExecutable], /^cdba: run: \S+tests\.sh is not an executable file; nothing was made/],
      [[dir], /is not an executable file/],
    ];
    for (const [words, pattern] of cases) {
      const result = await cdbaInProcess(['run', '--name', 'typo-1', '--tier', 'M10', '--', ...words], { env: env() });
      expectOneErrorLine(result, 127, pattern);
    }
    expect(emu.stats().total).toBe(before);
    // Found on the PATH CMD gets, as spawn finds it: the run goes ahead.
    const found = await cdbaInProcess(['run', '--name', 'typo-2', '--ip', '10.1.2.3', '--', 'true'], { env: env() });
    expect(found.exitCode, found.stderr).toBe(0);
  });
});

describe('run and env up interrupted while env up waits', () => {
  // Transitions of an hour: up is still waiting for the entry and the cluster when the signal comes.
  let slow: RunningEmulator;
  const slowEnv = (): Record<string, string> => ownerEnv(slow.url, PROJECT);
  beforeAll(async () => {
    slow = await startRunsEmulator(3_600_000);
  });
  afterAll(async () => {
    expect(slow.unexpectedErrors()).toEqual([]);
    await slow.stop();
  });

  /** cdba with `args`, once env up of `name` has made the user and waits (the stats and its own lines say so). */
  async function waitingUp(name: string, args: string[], extraEnv: Record<string, string> = {}) {
    const configDir = tempDir();
    const child = execa('node', [CDBA_BIN, ...args], { env: cleanEnv({ ...slowEnv(), ...extraEnv }, configDir), extendEnv: false, reject: false, timeout: 30_000 });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const usersMade = () => (slow.stats().byPath['POST /api/atlas/v2/groups/{groupId}/databaseUsers'] ?? 0);
    const before = usersMade();
    await waitFor(`env up ${name} to create the user and wait`, () => usersMade() > before && /\(cluster, access-list entry\) is CREATING, PENDING/.test(stderr));
    return { child, configDir };
  }

  it.each([
    ['SIGTERM', 143, 'a second signal'],
    ['SIGINT', 130, 'a second Ctrl-C'],
  ] as const)('run, %s: stops waiting, env down removes what up made, exit %i', async (signal, code, again) => {
    const name = `slow-${signal.toLowerCase()}`;
    const { child } = await waitingUp(name, ['run', '--name', name, '--', 'true']);
    child.kill(signal);
    const result = await child;
    expect(result.exitCode).toBe(code);
    expect(result.stderr).toContain(`cdba: ${signal}: stopping env up, then env down ${name} removes what it made; ${again} stops at once`);
    expect(result.stderr).toContain(`cdba: env ${name}: removed access-list entry 127.0.0.1, database user cdba-env-${name}, cluster ${name} (deleting)`);
    expect(result.stderr).not.toContain('running true');
    expect(await leftOf(name, slowEnv())).toEqual(['cluster DELETING']);
  });

  it('run, SIGINT then SIGTERM (a cancelled GitHub job): the second stops at once, naming the env down still to run', async () => {
    const { child, configDir } = await waitingUp('slow-twice', ['run', '--name', 'slow-twice', '--', 'true']);
    // env down's first request is held, so the SIGTERM comes while down runs. It is sent
    // once cdba has said it counted the SIGINT: two signals sent back to back may be
    // taken by two of node's threads and reach its loop in either order.
    slow.setFaults({ hold: true });
    let result;
    try {
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.kill('SIGINT');
      await waitFor('cdba to count the SIGINT', () => stderr.includes('cdba: SIGINT: stopping env up'));
      child.kill('SIGTERM');
      result = await child;
    } finally {
      slow.setFaults({ hold: false });
    }
    expect(result.exitCode).toBe(143);
    expect(result.stderr).toContain('cdba: SIGINT: stopping env up, then env down slow-twice removes what it made; a second Ctrl-C stops at once');
    expect(result.stderr).toContain('cdba: stopped; the env is still there: run `cdba env down slow-twice`');
    expect(result.stderr).not.toContain('cdba: env slow-twice: removed');
    const down = await cdba(['env', 'down', 'slow-twice'], { env: slowEnv(), configDir });
    expect(down.exitCode).toBe(0);
    expect(await leftOf('slow-twice', slowEnv())).toEqual(['cluster DELETING']);
  });

  it.each([
    ['SIGTERM', 143, /^cdba: terminated during env up; remove what env up made so far with `cdba env down up-alone-sigterm`$/],
    ['SIGINT', 130, /^cdba: interrupted while waiting for env up-alone-sigint \(cluster, access-list entry\) \(CREATING, PENDING\); remove what env up made so far with `cdba env down up-alone-sigint`$/],
  ] as const)('env up alone, %s: stops at once and leaves what it made for the one next step it names, env down (exit %i)', async (signal, code, line) => {
    const name = `up-alone-${signal.toLowerCase()}`;
    const { child, configDir } = await waitingUp(name, ['env', 'up', name]);
    child.kill(signal);
    const result = await child;
    expect(result.exitCode).toBe(code);
    // The README promises one next step: the last line names env down, and no line another command.
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(line);
    expect(result.stderr).not.toMatch(/access-list status|clusters watch/);
    expect(await leftOf(name, slowEnv())).toEqual(['user', 'entry', 'cluster CREATING']);
    const down = await cdba(['env', 'down', name], { env: slowEnv(), configDir });
    expect(down.exitCode).toBe(0);
    expect(down.stderr).toContain(`cdba: env ${name}: removed access-list entry 127.0.0.1, database user cdba-env-${name}, cluster ${name} (deleting)`);
    expect(await leftOf(name, slowEnv())).toEqual(['cluster DELETING']);
  });

  // Issue 42, item 5: a signal is a failure path too; --error-format json makes it one JSON document, no text line.
  /** stderr's lines, each a JSON document or a progress line; the error documents among them. */
  const errorDocuments = (stderr: string): Array<{ error: Record<string, unknown> }> =>
    stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { error: Record<string, unknown> });

  it.each([
    ['env up', (name: string) => ['env', 'up', name], /^terminated during env up$/, /cdba env down json-up/],
    ['run', (name: string) => ['run', '--name', name, '--', 'true'], /^stopped by SIGTERM during env up; env down json-run removed what it made$/, undefined],
  ] as const)('%s --error-format json, SIGTERM: one JSON document (exit 143), no error line in text', async (what, args, message, hint) => {
    const name = `json-${what === 'run' ? 'run' : 'up'}`;
    const { child, configDir } = await waitingUp(name, args(name), { CDBA_ERROR_FORMAT: 'json' });
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(143);
    const docs = errorDocuments(result.stderr);
    expect(docs, result.stderr).toHaveLength(1);
    expect(docs[0]!.error.exitCode).toBe(143);
    expect(docs[0]!.error.message).toMatch(message);
    if (hint) expect(docs[0]!.error.hint).toMatch(hint);
    expect(result.stderr).not.toMatch(/^cdba: terminated/m);
    if (what === 'env up') expect((await cdba(['env', 'down', name], { env: slowEnv(), configDir })).exitCode).toBe(0);
  });

  it('clusters watch --error-format json, SIGTERM: one JSON document naming what it waited for (exit 143)', async () => {
    const made = await cdbaInProcess(['clusters', 'create', 'json-watch', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1'], { env: slowEnv() });
    expect(made.exitCode, made.stderr).toBe(0);
    const child = execa('node', [CDBA_BIN, 'clusters', 'watch', 'json-watch', '--error-format', 'json'], {
      env: cleanEnv(slowEnv()),
      extendEnv: false,
      reject: false,
      timeout: 30_000,
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await waitFor('clusters watch to wait', () => /cluster json-watch is CREATING/.test(stderr) || child.exitCode !== null);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode, result.stderr).toBe(143);
    const docs = errorDocuments(result.stderr);
    expect(docs, result.stderr).toHaveLength(1);
    expect(docs[0]).toMatchObject({ error: { exitCode: 143, retryable: false } });
    expect(docs[0]!.error.message).toMatch(/^terminated while waiting for cluster json-watch \(CREATING\)$/);
    expect(docs[0]!.error.hint).toMatch(/clusters watch json-watch/);
  });

  it('clusters watch, SIGTERM, text: one line saying what it waited for (exit 143)', async () => {
    const made = await cdbaInProcess(['clusters', 'create', 'text-watch', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1'], { env: slowEnv() });
    expect(made.exitCode, made.stderr).toBe(0);
    const child = execa('node', [CDBA_BIN, 'clusters', 'watch', 'text-watch'], { env: cleanEnv(slowEnv()), extendEnv: false, reject: false, timeout: 30_000 });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await waitFor('clusters watch to wait', () => /cluster text-watch is CREATING/.test(stderr) || child.exitCode !== null);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode, result.stderr).toBe(143);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^cdba: terminated while waiting for cluster text-watch \(CREATING\); the operation goes on at the service; follow it with `cdba clusters watch text-watch`$/);
  });
});

describe('env up -o github keeps acting on signals', () => {
  it('SIGTERM while env up -o github waits: exit 143 at once, naming the env down; $GITHUB_ENV and $GITHUB_OUTPUT untouched', async () => {
    const slow = await startRunsEmulator(3_600_000);
    try {
      const dir = tempDir();
      const files = { GITHUB_ENV: join(dir, 'env'), GITHUB_OUTPUT: join(dir, 'output') };
      for (const file of Object.values(files)) writeFileSync(file, '');
      const child = execa('node', [CDBA_BIN, 'env', 'up', 'gh-term', '-o', 'github'], { env: cleanEnv({ ...ownerEnv(slow.url, PROJECT), ...files }), extendEnv: false, reject: false, timeout: 30_000 });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      await waitFor('env up to wait', () => /\(cluster, access-list entry\) is CREATING, PENDING/.test(stderr));
      child.kill('SIGTERM');
      const result = await child;
      expect(result.exitCode).toBe(143);
      expect(result.stderr).toContain('cdba: terminated during env up; remove what env up made so far with `cdba env down gh-term`');
      expect(result.stdout).toBe('');
      for (const file of Object.values(files)) expect(readFileSync(file, 'utf8')).toBe('');
    } finally {
      expect(slow.unexpectedErrors()).toEqual([]);
      await slow.stop();
    }
  });
});
