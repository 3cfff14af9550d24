// `cdba env up` and `cdba env down` in-process against one emulator whose
// transitions take 0 ms (the create's answer says CREATING, the next look IDLE):
// what up makes (a flex or a dedicated cluster, the user, the entry), the state
// file (names, never the password), the outputs, a re-run without a second user,
// down with and without the state file, a reused cluster kept, and bad input
// refused before any request.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, closeSync, constants, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { answerProxy } from '../../helpers/answerProxy.js';
import { cdba as cdbaProcess } from '../../helpers/cli.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { commandWorks } from '../../helpers/tools.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000002a';
let emu: RunningEmulator;
const env = (extra: Record<string, string> = {}) => ownerEnv(emu.url, PROJECT, extra);

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'envs' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function users(): Promise<Doc[]> {
  const r = await cdba(['dbusers', 'list', '--all', '-o', 'json'], { env: env() });
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout).results as Doc[];
}

async function entries(): Promise<Doc[]> {
  const r = await cdba(['access-list', 'list', '-o', 'json'], { env: env() });
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout).results as Doc[];
}

async function cluster(name: string): Promise<Doc | undefined> {
  const r = await cdba(['clusters', 'get', name, '-o', 'json'], { env: env() });
  if (r.exitCode === 4) return undefined;
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout) as Doc;
}

const stateFiles = (configDir: string): string[] => {
  try {
    return readdirSync(join(configDir, 'env')).map((f) => join(configDir, 'env', f));
  } catch {
    return [];
  }
};

describe('env up / env down', () => {
  it('a flex env: cluster, user and entry made and marked, -o json, the state file without the password; down removes all of it, twice is a no-op', async () => {
    const configDir = tempDir();
    const up = await cdba(['env', 'up', 'flex-1', '--ttl', '3h', '-o', 'json'], { env: env(), configDir });
    expect(up.stderr).toMatch(/cdba: env flex-1 is ready: cluster flex-1, user cdba-env-flex-1, for 3h/);
    expect(up.exitCode).toBe(0);
    const doc = JSON.parse(up.stdout) as Record<string, string>;
    expect(Object.keys(doc)).toEqual(['MONGODB_URI', 'MONGODB_USERNAME', 'MONGODB_PASSWORD', 'MONGODB_CLUSTER']);
    const password = doc.MONGODB_PASSWORD!;
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    const made = (await cluster('flex-1'))!;
    const srvHost = new URL(made.connectionStrings.standardSrv as string).host;
    const uri = new URL(doc.MONGODB_URI!);
    expect(uri.protocol).toBe('mongodb+srv:');
    expect(uri.host).toBe(srvHost);
    expect(decodeURIComponent(uri.username)).toBe('cdba-env-flex-1');
    expect(decodeURIComponent(uri.password)).toBe(password);
    expect(made.tags).toContainEqual({ key: 'cdba-env', value: 'flex-1' });
    expect(made.stateName).toBe('IDLE');

    const user = (await users()).find((u) => u.username === 'cdba-env-flex-1')!;
    expect(user.roles).toEqual([{ databaseName: 'admin', roleName: 'readWriteAnyDatabase' }]);
    expect(user.scopes).toEqual([{ name: 'flex-1', type: 'CLUSTER' }]);
    const userEnds = Date.parse(user.deleteAfterDate as string) - Date.now();
    expect(userEnds).toBeGreaterThan(2 * 3_600_000);
    expect(userEnds).toBeLessThanOrEqual(3 * 3_600_000 + 1000);
    const entry = (await entries()).find((e) => e.comment === 'cdba env flex-1')!;
    expect(entry.ipAddress).toBe('127.0.0.1');
    expect(typeof entry.deleteAfterDate).toBe('string');

    const [file] = stateFiles(configDir);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const text = readFileSync(file!, 'utf8');
    expect(text).not.toContain(password);
    // Who holds it: this run's holder ID (also on its user's labels) and its user.
    expect(JSON.parse(text)).toEqual({ baseUrl: emu.url, projectId: PROJECT, name: 'flex-1', cluster: { name: 'flex-1', created: true }, entry: '127.0.0.1', holder: expect.stringMatching(/^[a-z0-9]{10}$/), user: 'cdba-env-flex-1', since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await users()).find((u) => u.username === 'cdba-env-flex-1')!.labels).toContainEqual({ key: 'cdba-env-holder', value: JSON.parse(text).holder });

    const down = await cdba(['env', 'down', 'flex-1', '--watch'], { env: env(), configDir });
    expect(down.exitCode).toBe(0);
    expect(down.stderr).toContain('cdba: env flex-1: removed access-list entry 127.0.0.1, database user cdba-env-flex-1, cluster flex-1 (deleting)');
    expect(await cluster('flex-1')).toBeUndefined();
    expect((await users()).map((u) => u.username)).not.toContain('cdba-env-flex-1');
    expect((await entries()).map((e) => e.comment)).not.toContain('cdba env flex-1');
    expect(stateFiles(configDir)).toEqual([]);

    const again = await cdba(['env', 'down', 'flex-1'], { env: env(), configDir });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toBe('cdba: env flex-1: nothing left to remove\n');
  });

  it('a re-run of up reuses the cluster and the user (no second user, the password rotated); -o env lines', async () => {
    const configDir = tempDir();
    const creates = () => emu.stats().byPath['POST /api/atlas/v2/groups/{groupId}/databaseUsers'] ?? 0;
    const before = creates();
    const first = await cdba(['env', 'up', 'rerun-1', '-o', 'env'], { env: env(), configDir });
    expect(first.exitCode).toBe(0);
    const second = await cdba(['env', 'up', 'rerun-1', '-o', 'env'], { env: env(), configDir });
    expect(second.exitCode).toBe(0);
    expect(second.stderr).toContain('cdba: database user cdba-env-rerun-1 exists; its password was changed');
    expect(creates() - before).toBe(1);
    expect((await users()).filter((u) => u.username === 'cdba-env-rerun-1')).toHaveLength(1);
    const lines = second.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split('=')[0])).toEqual(['export MONGODB_URI', 'export MONGODB_USERNAME', 'export MONGODB_PASSWORD', 'export MONGODB_CLUSTER']);
    expect(lines[1]).toBe('export MONGODB_USERNAME=cdba-env-rerun-1');
    expect(lines[3]).toBe('export MONGODB_CLUSTER=rerun-1');
    // The help's recipe, eval "$(cdba env up … -o env)" && npm test: the commands the shell starts see the variables (issue 43, item 1).
    const uri = /^export MONGODB_URI='?([^'\n]*)'?$/m.exec(second.stdout)![1]!;
    const password = /^export MONGODB_PASSWORD=(\S*)$/m.exec(second.stdout)![1]!;
    expect(uri).toMatch(/^mongodb\+srv:\/\/cdba-env-rerun-1:/);
    const child = 'process.stdout.write(JSON.stringify([process.env.MONGODB_URI, process.env.MONGODB_USERNAME, process.env.MONGODB_PASSWORD, process.env.MONGODB_CLUSTER]))';
    const seen = execFileSync('sh', ['-c', 'eval "$1" && exec "$2" -e "$3"', 'sh', second.stdout, process.execPath, child], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, encoding: 'utf8' });
    expect(JSON.parse(seen)).toEqual([uri, 'cdba-env-rerun-1', password, 'rerun-1']);
    expect(lines[2]).not.toBe(first.stdout.split('\n')[2]);
    // The cluster made by the first up is still deleted by down.
    expect((await cdba(['env', 'down', 'rerun-1', '--watch'], { env: env(), configDir })).exitCode).toBe(0);
    expect(await cluster('rerun-1')).toBeUndefined();
  });

  it('-o github: the mask line alone on stdout, the exact lines appended to $GITHUB_ENV and $GITHUB_OUTPUT', async () => {
    const configDir = tempDir();
    const dir = tempDir();
    const outputFile = join(dir, 'output');
    const envFile = join(dir, 'env');
    writeFileSync(outputFile, 'earlier=1\n');
    writeFileSync(envFile, '');
    const up = await cdba(['env', 'up', 'gh-1', '-o', 'github'], { env: env({ GITHUB_OUTPUT: outputFile, GITHUB_ENV: envFile }), configDir });
    expect(up.exitCode).toBe(0);
    const mask = /^::add-mask::([A-Za-z0-9]{24})\n$/.exec(up.stdout);
    expect(mask).not.toBeNull();
    const password = mask![1]!;
    expect(up.stderr).not.toContain(password);
    const srv = ((await cluster('gh-1'))!.connectionStrings.standardSrv as string).replace('mongodb+srv://', '');
    const uri = `mongodb+srv://cdba-env-gh-1:${password}@${srv}`;
    expect(readFileSync(envFile, 'utf8')).toBe(`MONGODB_URI=${uri}\nMONGODB_USERNAME=cdba-env-gh-1\nMONGODB_PASSWORD=${password}\nMONGODB_CLUSTER=gh-1\n`);
    expect(readFileSync(outputFile, 'utf8')).toBe(`earlier=1\nuri=${uri}\nusername=cdba-env-gh-1\ncluster=gh-1\n`);
    expect((await cdba(['env', 'down', 'gh-1'], { env: env(), configDir })).exitCode).toBe(0);
  });

  it('a dedicated M10 with --db-version and an --ip block; down without the state file is refused (another run holds it), and with --force finds it by its marks', async () => {
    const up = await cdba(['env', 'up', 'dedicated-1', '--tier', 'M10', '--db-version', '8.0', '--ip', '10.1.0.0/16', '--role', 'readWrite@app', '-o', 'json'], { env: env(), configDir: tempDir() });
    expect(up.stderr).toContain('ready');
    expect(up.exitCode).toBe(0);
    const made = (await cluster('dedicated-1'))!;
    expect(made.mongoDBMajorVersion).toBe('8.0');
    expect(made.replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize).toBe('M10');
    expect(JSON.parse(up.stdout).MONGODB_URI).toContain(new URL(made.connectionStrings.standardSrv as string).host);
    expect((await users()).find((u) => u.username === 'cdba-env-dedicated-1')!.roles).toEqual([{ databaseName: 'app', roleName: 'readWrite' }]);
    expect((await entries()).find((e) => e.comment === 'cdba env dedicated-1')!.cidrBlock).toBe('10.1.0.0/16');

    // Another runner: a fresh config dir, no state file: refused, exit 16, nothing removed.
    const refused = await cdba(['env', 'down', 'dedicated-1', '--watch'], { env: env(), configDir: tempDir() });
    expect(refused.exitCode).toBe(16);
    expect(refused.stderr).toMatch(/^cdba: env dedicated-1 is held by another run: host \S+, since \S+ \(user cdba-env-dedicated-1\); this runner has no record of holding it/);
    expect((await cluster('dedicated-1'))?.stateName).toBe('IDLE');
    const down = await cdba(['env', 'down', 'dedicated-1', '--watch', '--force', '--yes'], { env: env(), configDir: tempDir() });
    expect(down.exitCode).toBe(0);
    expect(down.stderr).toContain('removed access-list entry 10.1.0.0/16, database user cdba-env-dedicated-1, cluster dedicated-1 (deleting)');
    expect(await cluster('dedicated-1')).toBeUndefined();
    expect((await entries()).map((e) => e.comment)).not.toContain('cdba env dedicated-1');
  });

  it('a cluster that was there before up is reused and kept by down, with or without the state file', async () => {
    const configDir = tempDir();
    const made = await cdba(['clusters', 'create', 'kept-1', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { env: env() });
    expect(made.exitCode).toBe(0);
    const up = await cdba(['env', 'up', 'kept-1'], { env: env(), configDir });
    expect(up.exitCode).toBe(0);
    expect(up.stderr).toContain('cdba: reusing cluster kept-1 (env down will keep it)');
    const down = await cdba(['env', 'down', 'kept-1'], { env: env(), configDir });
    expect(down.exitCode).toBe(0);
    expect(down.stderr).toContain('cdba: cluster kept-1 was there before env up: kept');
    expect(await cluster('kept-1')).toBeDefined();
    // Without a state file (--force: this runner no longer proves it holds the env): the cluster has no env tag, so it stays.
    expect((await cdba(['env', 'up', 'kept-1'], { env: env(), configDir })).exitCode).toBe(0);
    rmSync(join(configDir, 'env'), { recursive: true });
    const blind = await cdba(['env', 'down', 'kept-1', '--force', '--yes'], { env: env(), configDir });
    expect(blind.exitCode).toBe(0);
    expect(blind.stderr).toContain('has no cdba-env=kept-1 tag');
    expect(await cluster('kept-1')).toBeDefined();
    expect((await users()).map((u) => u.username)).not.toContain('cdba-env-kept-1');
  });

  it('down --keep-cluster removes the user and the entry only; a later down without it removes the cluster up made', async () => {
    const configDir = tempDir();
    expect((await cdba(['env', 'up', 'keep-2'], { env: env(), configDir })).exitCode).toBe(0);
    const kept = await cdba(['env', 'down', 'keep-2', '--keep-cluster'], { env: env(), configDir });
    expect(kept.exitCode).toBe(0);
    expect(kept.stderr).toBe(
      "cdba: cluster keep-2 kept; it still carries env keep-2's end, after which `cdba env gc` removes it, unless `cdba env up keep-2` takes it again first\n" +
        'cdba: env keep-2: removed access-list entry 127.0.0.1, database user cdba-env-keep-2\n',
    );
    expect((await cluster('keep-2'))?.stateName).toBe('IDLE');
    expect((await users()).map((u) => u.username)).not.toContain('cdba-env-keep-2');
    // The state file is gone; the cluster's tag says up made it.
    const later = await cdba(['env', 'down', 'keep-2', '--watch'], { env: env(), configDir });
    expect(later.stderr).toContain('cdba: env keep-2: removed cluster keep-2 (deleting)');
    expect(await cluster('keep-2')).toBeUndefined();
  });

  it('--debug: the password is in the chosen output only, never in the trace (the create and the update bodies carry it)', async () => {
    const configDir = tempDir();
    for (const round of [1, 2]) {
      const up = await cdba(['--debug', 'env', 'up', 'debug-1', '-o', 'json'], { env: env(), configDir });
      expect(up.exitCode, `round ${round}`).toBe(0);
      const password = JSON.parse(up.stdout).MONGODB_PASSWORD as string;
      expect(up.stderr).toMatch(round === 1 ? /POST .*\/databaseUsers/ : /PATCH .*\/databaseUsers\/admin\/cdba-env-debug-1/);
      expect(up.stderr).not.toContain(password);
    }
    expect((await cdba(['env', 'down', 'debug-1'], { env: env(), configDir })).exitCode).toBe(0);
  });

  it.each([
    [['env', 'up', 'bad_name'], /^cdba: invalid cluster name "bad_name"/],
    [['env', 'up', 'e', '--ttl', '8d'], /^cdba: invalid --ttl "8d": the service allows at most one week/],
    [['env', 'up', 'e', '--ip', 'nowhere'], /^cdba: invalid --ip "nowhere"/],
    [['env', 'up', 'e', '-o', 'github'], /^cdba: -o github writes to \$GITHUB_OUTPUT and \$GITHUB_ENV, and \$GITHUB_OUTPUT is not set/],
    [['env', 'up', 'e', '-o', 'table'], /^cdba: env up prints the connection as -o env, json or github, not table/],
    [['env', 'up', 'e', '--tier', 'FLEX', '--db-version', '8.0'], /--db-version: not available for --tier FLEX/],
    [['env', 'down', 'bad_name'], /^cdba: invalid cluster name "bad_name"/],
    [['run', 'node', '-v'], /^cdba: (run needs -- before the command|error: unknown option)/],
    [['run', '--'], /^cdba: run needs a command after --/],
    [['clusters', 'list', '-o', 'env'], /^cdba: invalid output format "env"/],
  ])('%j: one line, exit 2, no request', async (argv, message) => {
    emu.resetStats();
    const r = await cdba(argv, { env: env() });
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(2); // the line, and at most a hint
    expect(r.exitCode).toBe(2);
    expect(emu.stats().total).toBe(0);
  });
});

/** Where env up keeps the state of env `name` (src/cli/env/state.ts), and a state document naming what `extra` says. */
function plantState(configDir: string, name: string, extra: Record<string, unknown>): string {
  const dir = join(configDir, 'env');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${createHash('sha256').update(`${emu.url}\n${PROJECT}\n${name}`, 'utf8').digest('hex')}.json`);
  writeFileSync(file, JSON.stringify({ baseUrl: emu.url, projectId: PROJECT, name, cluster: { name, created: true }, ...extra }), { mode: 0o600 });
  return file;
}

describe('env down deletes only what carries the env\'s marks, never what a state file merely names', () => {
  it.each([
    ['a database user', 'victim-user', { user: { databaseName: 'admin', username: 'victim-user' } }],
    ['an access-list entry without the env\'s comment', 'victim-entry', { entry: '198.51.100.77' }],
    ['a cluster without the env\'s tag', 'victim-cluster', {}],
  ] as const)('a state file naming %s: down keeps it', async (_what, name, extra) => {
    // What the state file names, made by someone else: a user, an entry, and the cluster <name> (untagged).
    const made = await cdba(['dbusers', 'create', 'victim-user', '--generate-password', '--role', 'read@app'], { env: env() });
    expect([0, 5]).toContain(made.exitCode);
    const entry = await cdba(['access-list', 'add', '198.51.100.77', '--comment', 'the office'], { env: env() });
    expect(entry.exitCode, entry.stderr).toBe(0);
    const cluster = await cdba(['clusters', 'create', name, '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { env: env() });
    expect(cluster.exitCode, cluster.stderr).toBe(0);
    const configDir = tempDir();
    plantState(configDir, name, extra);

    const down = await cdba(['env', 'down', name], { env: env(), configDir });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(down.stderr).toContain(`cdba: cluster ${name} has no cdba-env=${name} tag for this env: not made by env up, kept`);
    expect(down.stderr).toContain(`cdba: env ${name}: nothing left to remove`);
    expect((await users()).map((u) => u.username)).toContain('victim-user');
    expect((await entries()).find((e) => e.ipAddress === '198.51.100.77')?.comment).toBe('the office');
    expect((await cluster_(name))?.stateName).toBe('IDLE');
  });
});

const cluster_ = cluster;
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

describe('env down reads the state file under the rules it is written by', () => {
  // Each: what is planted, and the reason the one error line gives. The victim is a user a planted file names.
  it.each([
    ['the state file is a symbolic link', false, (configDir: string, file: string) => {
      const elsewhere = join(configDir, 'elsewhere.json');
      writeFileSync(elsewhere, readFileSync(file));
      rmSync(file);
      symlinkSync(elsewhere, file);
    }, /is a symbolic link/],
    ['the env directory is writable by others', false, (configDir: string) => chmodSync(join(configDir, 'env'), 0o777), /directory .*\/env is writable by others \(mode 0777\)/],
    ['the config directory is writable by others', false, (configDir: string) => chmodSync(configDir, 0o777), /directory .* is writable by others \(mode 0777\)/],
    ['the state file is another user\'s', true, (_configDir: string, file: string) => chownSync(file, NOBODY, NOBODY), /is owned by another user \(uid 65534\)/],
    ['the env directory is another user\'s', true, (configDir: string) => chownSync(join(configDir, 'env'), NOBODY, NOBODY), /directory .*\/env is owned by another user \(uid 65534\)/],
  ] as const)('%s: refused, exit 2, before any request', async (_what, needsRoot, plant, reason) => {
    if (needsRoot && !isRoot) return; // chown to another user needs root
    const name = 'planted-read';
    const configDir = tempDir();
    plant(configDir, plantState(configDir, name, { user: { databaseName: 'admin', username: 'victim-user' } }));
    emu.resetStats();
    const down = await cdba(['env', 'down', name], { env: env(), configDir });
    expect(down.stderr).toMatch(/^cdba: refusing the state file of env planted-read: /);
    expect(down.stderr).toMatch(reason);
    expect(down.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(down.exitCode).toBe(2);
    expect(emu.stats().total).toBe(0);
  });
});

/** Whether chattr +i works here (it needs CAP_LINUX_IMMUTABLE and a file system with the flag). */
function chattrWorks(): boolean {
  const probe = join(tempDir(), 'probe');
  writeFileSync(probe, '');
  if (!commandWorks('chattr', ['+i', probe])) return false;
  return commandWorks('chattr', ['-i', probe]);
}

describe('-o github checks $GITHUB_ENV and $GITHUB_OUTPUT before any request', () => {
  const immutableWorks = isRoot && chattrWorks();
  /** What each kind of path is made of; `after` undoes what a temporary directory's removal cannot. */
  type Made = { path: string; after?: () => void };
  const KINDS: Array<[string, RegExp, (dir: string) => Made, { processLevel?: boolean; skip?: boolean }]> = [
    ['a directory', /is a directory/, (dir) => (mkdirSync(join(dir, 'd')), { path: join(dir, 'd') }), {}],
    ['a missing path', /does not exist/, (dir) => ({ path: join(dir, 'missing') }), {}],
    ['a path beneath a file', /cannot be written \(a part of the path is a file, not a directory\)/, (dir) => (writeFileSync(join(dir, 'f'), ''), { path: join(dir, 'f', 'x') }), {}],
    ['a symbolic link to a regular file', /is a symbolic link/, (dir) => (writeFileSync(join(dir, 'real'), ''), symlinkSync(join(dir, 'real'), join(dir, 'link')), { path: join(dir, 'link') }), {}],
    ['a dangling symbolic link', /is a symbolic link/, (dir) => (symlinkSync(join(dir, 'nowhere'), join(dir, 'link')), { path: join(dir, 'link') }), {}],
    ['a character device', /is a character device/, () => ({ path: '/dev/null' }), {}],
    ['a file this user cannot write', /cannot be written \((operation not permitted|permission denied)\)/, (dir) => {
      const path = join(dir, 'locked');
      writeFileSync(path, '');
      if (isRoot) execFileSync('chattr', ['+i', path]); // root writes any mode; an immutable file not even
      else chmodSync(path, 0o400);
      return { path, after: () => isRoot && execFileSync('chattr', ['-i', path]) };
    }, { skip: isRoot && !immutableWorks }],
    // A process of its own: before the check, cdba made everything, then blocked in open() and never exited.
    ['a FIFO no one reads', /is a FIFO/, (dir) => (execFileSync('mkfifo', [join(dir, 'fifo')]), { path: join(dir, 'fifo') }), { processLevel: true }],
    ['a FIFO with a reader', /is a FIFO/, (dir) => {
      const path = join(dir, 'fifo');
      execFileSync('mkfifo', [path]);
      const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      return { path, after: () => closeSync(reader) };
    }, { processLevel: true }],
  ];
  const cases = KINDS.flatMap(([kind, reason, make, options]) => (['GITHUB_ENV', 'GITHUB_OUTPUT'] as const).map((variable) => [variable, kind, reason, make, options] as const));

  it.each(cases)('$%s is %s: one line, exit 2, nothing sent or made', async (variable, _kind, reason, make, options) => {
    if (options.skip) return; // chattr cannot make a file immutable here
    const dir = tempDir();
    const good = join(dir, 'good');
    writeFileSync(good, '');
    const made = make(dir);
    const files = { GITHUB_ENV: good, GITHUB_OUTPUT: good, [variable]: made.path };
    emu.resetStats();
    try {
      const args = ['env', 'up', 'gh-refused', '-o', 'github'];
      const r = options.processLevel ? await cdbaProcess(args, { env: env(files), timeoutMs: 15_000 }) : await cdba(args, { env: env(files) });
      expect(r.stderr).toMatch(new RegExp(`^cdba: -o github appends to \\$${variable}, and ${made.path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} ${reason.source}`));
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.exitCode).toBe(2);
      // -o github: the same line as the workflow's ::error:: annotation, and nothing else.
      expect(r.stdout).toBe(`::error title=cdba env up::${r.stderr.trimEnd().replace(/^cdba: /, '').replace(/%/g, '%25')}\n`);
      expect(emu.stats().total).toBe(0);
      expect(readFileSync(good, 'utf8')).toBe('');
    } finally {
      made.after?.();
    }
  });
});

describe('env up checks where it records the env before it makes anything', () => {
  // Each: how the config dir is spoilt, and the reason the one line gives. (The same rules as env down's read.)
  const CASES: Array<[string, (configDir: string) => { configDir: string; after?: () => void }, RegExp, boolean]> = [
    ['the config dir is a file', (dir) => (writeFileSync(join(dir, 'file'), ''), { configDir: join(dir, 'file') }), /^cdba: cannot use the state file of env state-file \(.*\): a part of the path is a file, not a directory/, true],
    ['the state file is a directory', (dir) => (mkdirSync(join(dir, 'env', stateName(dir, 'state-dir')), { recursive: true }), { configDir: dir }), /^cdba: refusing the state file of env state-dir: .* is not a regular file/, true],
    ['the state file is a symbolic link', (dir) => {
      mkdirSync(join(dir, 'env'), { mode: 0o700 });
      writeFileSync(join(dir, 'elsewhere'), '');
      symlinkSync(join(dir, 'elsewhere'), join(dir, 'env', stateName(dir, 'state-link')));
      return { configDir: dir };
    }, /^cdba: refusing the state file of env state-link: .* is a symbolic link/, true],
    ['the config dir is writable by others', (dir) => (chmodSync(dir, 0o777), { configDir: dir }), /^cdba: refusing the state file of env state-open: directory .* is writable by others \(mode 0777\)/, true],
    ['the config dir cannot be written', (dir) => {
      if (isRoot) execFileSync('chattr', ['+i', dir]);
      else chmodSync(dir, 0o500);
      return { configDir: dir, after: () => isRoot && execFileSync('chattr', ['-i', dir]) };
    }, /^cdba: cannot use the state file of env state-locked \(.*\): (operation not permitted|permission denied)/, !isRoot || chattrWorks()],
  ];
  const names = ['state-file', 'state-dir', 'state-link', 'state-open', 'state-locked'];

  it.each(CASES.map((c, i) => [...c, names[i]!] as const))('%s: env up and run refuse it, exit 2, before any request', async (_what, spoil, reason, possible, name) => {
    if (!possible) return; // chattr cannot make a directory immutable here
    const made = spoil(tempDir());
    try {
      for (const args of [['env', 'up', name], ['run', '--name', name, '--', 'true']]) {
        emu.resetStats();
        const r = await cdba(args, { env: env({ CDBA_CONFIG_DIR: made.configDir }), configDir: made.configDir });
        expect(r.stderr, args.join(' ')).toMatch(reason);
        expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
        expect(r.exitCode, args.join(' ')).toBe(2);
        expect(emu.stats().total, args.join(' ')).toBe(0);
      }
    } finally {
      made.after?.();
    }
  });
});

/** The state file's name of env `name` (src/cli/env/state.ts). */
function stateName(_configDir: string, name: string): string {
  return `${createHash('sha256').update(`${emu.url}\n${PROJECT}\n${name}`, 'utf8').digest('hex')}.json`;
}

describe('a damaged answer after env up made things exits 7, naming the env down', () => {
  it.each([
    ['not an SRV string', 'mongodb://host.example.net:27017'],
    ['with a line break and a header after it', 'mongodb+srv://srv-x.mongodb.net\nX-Injected: 1'],
    ['with credentials of its own', 'mongodb+srv://someone:secret@srv-x.mongodb.net'],
    ['with no host', 'mongodb+srv://'],
    ['a number', 42],
    ['missing', undefined],
  ] as const)('standardSrv %s: one line, exit 7, the env down that removes what was made', async (_what, value) => {
    const proxy = await answerProxy(emu.url);
    const name = 'damaged-srv';
    try {
      // The flex cluster's document, once IDLE: its standardSrv as the case says.
      proxy.rewrite = (method, path, body) => {
        const doc = body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        if (method !== 'GET' || !path.endsWith(`/flexClusters/${name}`) || doc.stateName !== 'IDLE') return undefined;
        const strings = { ...doc.connectionStrings };
        if (value === undefined) delete strings.standardSrv;
        else strings.standardSrv = value;
        return { ...doc, connectionStrings: strings };
      };
      const configDir = tempDir();
      const up = await cdba(['env', 'up', name, '-o', 'json'], { env: env({ CDBA_BASE_URL: proxy.url }), configDir });
      expect(up.stderr).toMatch(/\ncdba: cluster damaged-srv answered a connectionStrings\.standardSrv that is not an SRV connection string( \(.*\))?; remove what env up made so far with `cdba env down damaged-srv`\n$/);
      expect(up.stderr).not.toMatch(/unexpected error|X-Injected: 1\n/);
      expect(up.stdout).toBe('');
      expect(up.exitCode).toBe(7);
      // The same service as up's (its state file is keyed by the base URL).
      const down = await cdba(['env', 'down', name, '--watch'], { env: env({ CDBA_BASE_URL: proxy.url }), configDir });
      expect(down.exitCode, down.stderr).toBe(0);
      expect(await cluster(name)).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });
});

describe('a cluster create whose answer is lost is recorded as the env\'s', () => {
  // An entry of someone's, there already: env up uses it without a POST (which the fault would drop too).
  const BLOCK = '10.77.0.0/16';
  beforeAll(async () => {
    expect((await cdba(['access-list', 'add', BLOCK], { env: env() })).exitCode).toBe(0);
  });
  // The emulator makes the cluster, then closes the connection without answering.
  const lost = async (name: string, configDir: string): Promise<void> => {
    emu.setFaults({ dropAfterCommit: true });
    try {
      const up = await cdba(['env', 'up', name, '--ip', BLOCK], { env: env(), configDir });
      expect(up.exitCode, up.stderr).toBe(7);
      expect(up.stderr).toContain(`remove what env up made so far with \`cdba env down ${name}\``);
    } finally {
      emu.setFaults({ dropAfterCommit: false });
    }
    expect((await cluster(name))?.tags).toContainEqual({ key: 'cdba-env', value: name });
    expect(JSON.parse(readFileSync(stateFiles(configDir)[0]!, 'utf8')).cluster).toEqual({ name, created: true });
  };

  it('env down deletes it', async () => {
    const configDir = tempDir();
    await lost('lost-1', configDir);
    const down = await cdba(['env', 'down', 'lost-1'], { env: env(), configDir });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(down.stderr).not.toContain('kept');
    expect(down.stderr).toContain('cluster lost-1 (deleting)');
    expect((await cluster('lost-1'))?.stateName ?? 'DELETED').toMatch(/^(DELETING|DELETED)$/);
  });

  it('env up again takes it as its own (not "reusing"), and env down then deletes it', async () => {
    const configDir = tempDir();
    await lost('lost-2', configDir);
    const again = await cdba(['env', 'up', 'lost-2', '--ip', BLOCK], { env: env(), configDir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('reusing cluster');
    const down = await cdba(['env', 'down', 'lost-2'], { env: env(), configDir });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(down.stderr).toContain('cluster lost-2 (deleting)');
  });

  it('run deletes it whatever happens', async () => {
    const configDir = tempDir();
    emu.setFaults({ dropAfterCommit: true });
    let run;
    try {
      run = await cdba(['run', '--name', 'lost-3', '--ip', BLOCK, '--', 'true'], { env: env(), configDir });
    } finally {
      emu.setFaults({ dropAfterCommit: false });
    }
    expect(run.exitCode, run.stderr).toBe(7);
    expect(run.stderr).not.toContain('was there before env up');
    expect((await cluster('lost-3'))?.stateName ?? 'DELETED').toMatch(/^(DELETING|DELETED)$/);
  });
});

describe('env down of a flex env forgets its name as a flex cluster', () => {
  it('the names cache holds it after up, and not after down (without --watch, while it is DELETING)', async () => {
    const configDir = tempDir();
    const cached = (): string[] => {
      const file = join(configDir, 'flex', `names-${createHash('sha256').update(`${emu.url}\n${PROJECT}`, 'utf8').digest('hex')}.json`);
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as { names: string[] }).names;
      } catch {
        return [];
      }
    };
    expect((await cdba(['env', 'up', 'flex-cache'], { env: env(), configDir })).exitCode).toBe(0);
    expect(cached()).toContain('flex-cache');
    const down = await cdba(['env', 'down', 'flex-cache'], { env: env(), configDir });
    expect(down.stderr).toContain('removed access-list entry 127.0.0.1, database user cdba-env-flex-cache, cluster flex-cache (deleting)');
    expect(cached()).not.toContain('flex-cache');
  });
});
