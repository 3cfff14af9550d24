// `cdba env up` and `cdba env down` in-process against one emulator whose
// transitions take 0 ms (the create's answer says CREATING, the next look IDLE):
// what up makes (a flex or a dedicated cluster, the user, the entry), the state
// file (names, never the password), the outputs, a re-run without a second user,
// down with and without the state file, a reused cluster kept, and bad input
// refused before any request.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
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
    expect(JSON.parse(text)).toMatchObject({ name: 'flex-1', cluster: { name: 'flex-1', created: true }, user: { username: 'cdba-env-flex-1' }, entry: '127.0.0.1' });

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
    expect(lines.map((l) => l.split('=')[0])).toEqual(['MONGODB_URI', 'MONGODB_USERNAME', 'MONGODB_PASSWORD', 'MONGODB_CLUSTER']);
    expect(lines[1]).toBe('MONGODB_USERNAME=cdba-env-rerun-1');
    expect(lines[3]).toBe('MONGODB_CLUSTER=rerun-1');
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

  it('a dedicated M10 with --db-version and an --ip block; down without the state file finds it by its marks', async () => {
    const up = await cdba(['env', 'up', 'dedicated-1', '--tier', 'M10', '--db-version', '8.0', '--ip', '10.1.0.0/16', '--role', 'readWrite@app', '-o', 'json'], { env: env() });
    expect(up.stderr).toContain('ready');
    expect(up.exitCode).toBe(0);
    const made = (await cluster('dedicated-1'))!;
    expect(made.mongoDBMajorVersion).toBe('8.0');
    expect(made.replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize).toBe('M10');
    expect(JSON.parse(up.stdout).MONGODB_URI).toContain(new URL(made.connectionStrings.standardSrv as string).host);
    expect((await users()).find((u) => u.username === 'cdba-env-dedicated-1')!.roles).toEqual([{ databaseName: 'app', roleName: 'readWrite' }]);
    expect((await entries()).find((e) => e.comment === 'cdba env dedicated-1')!.cidrBlock).toBe('10.1.0.0/16');

    // Another runner: a fresh config dir, no state file.
    const down = await cdba(['env', 'down', 'dedicated-1', '--watch'], { env: env(), configDir: tempDir() });
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
    // Without a state file: the cluster has no env tag, so it stays.
    expect((await cdba(['env', 'up', 'kept-1'], { env: env(), configDir })).exitCode).toBe(0);
    rmSync(join(configDir, 'env'), { recursive: true });
    const blind = await cdba(['env', 'down', 'kept-1'], { env: env(), configDir });
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
    expect(kept.stderr).toBe('cdba: env keep-2: removed access-list entry 127.0.0.1, database user cdba-env-keep-2\n');
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
