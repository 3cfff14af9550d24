// When an env ends (issue 38): env up tags the cluster it makes with
// cdba-env-expires=<the user's and the entry's deleteAfterDate>; a re-run with a
// longer ttl moves it later, a shorter one never earlier; a reused cluster is never
// tagged; `env extend` moves the cluster's tag, the user's and the entry's date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000003b';
const HOUR = 3_600_000;
let emu: RunningEmulator;
const env = () => ownerEnv(emu.url, PROJECT);

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'expiry' }],
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

async function json(args: string[]): Promise<Doc> {
  const r = await cdba([...args, '-o', 'json'], { env: env() });
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Doc;
}
const tag = (cluster: Doc, key: string): string | undefined => (cluster.tags as Array<{ key: string; value: string }>).find((t) => t.key === key)?.value;
const userOf = async (name: string): Promise<Doc | undefined> => ((await json(['dbusers', 'list', '--all'])).results as Doc[]).find((u) => u.username === `cdba-env-${name}`);
const entryOf = async (name: string): Promise<Doc | undefined> => ((await json(['access-list', 'list'])).results as Doc[]).find((e) => e.comment === `cdba env ${name}`);
const hoursFromNow = (iso: string): number => (Date.parse(iso) - Date.now()) / HOUR;

describe('expiry on the cluster', () => {
  it('env up --ttl 3h: the cluster it makes carries cdba-env-expires, the same date as the user\'s and the entry\'s deleteAfterDate', async () => {
    const up = await cdba(['env', 'up', 'exp-1', '--ttl', '3h', '-o', 'json'], { env: env(), configDir: tempDir() });
    expect(up.exitCode, up.stderr).toBe(0);
    const cluster = await json(['clusters', 'get', 'exp-1']);
    const expires = tag(cluster, 'cdba-env-expires')!;
    expect(expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(hoursFromNow(expires)).toBeGreaterThan(2.9);
    expect(hoursFromNow(expires)).toBeLessThanOrEqual(3);
    expect(tag(cluster, 'cdba-env')).toBe('exp-1');
    expect((await userOf('exp-1'))!.deleteAfterDate).toBe(expires);
    expect((await entryOf('exp-1'))!.deleteAfterDate).toBe(expires);
  });

  it('a re-run with a longer ttl moves the tag later (other tags kept); a shorter one leaves it', async () => {
    const configDir = tempDir();
    expect((await cdba(['env', 'up', 'exp-2', '--ttl', '1h'], { env: env(), configDir })).exitCode).toBe(0);
    expect((await cdba(['clusters', 'patch', 'exp-2', '--tag', 'team=data'], { env: env() })).exitCode).toBe(0);
    // A re-run by its holder (the same state file).
    const longer = await cdba(['env', 'up', 'exp-2', '--ttl', '5h'], { env: env(), configDir });
    expect(longer.exitCode, longer.stderr).toBe(0);
    const after = await json(['clusters', 'get', 'exp-2']);
    const extended = tag(after, 'cdba-env-expires')!;
    expect(hoursFromNow(extended)).toBeGreaterThan(4.9);
    expect(tag(after, 'team')).toBe('data');
    expect(tag(after, 'cdba-env')).toBe('exp-2');

    expect((await cdba(['env', 'up', 'exp-2', '--ttl', '30m'], { env: env(), configDir })).exitCode).toBe(0);
    expect(tag(await json(['clusters', 'get', 'exp-2']), 'cdba-env-expires')).toBe(extended);
  });

  it('a cluster that was there before env up gets no expiry: it is not the env\'s', async () => {
    expect((await cdba(['clusters', 'create', 'exp-3', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { env: env() })).exitCode).toBe(0);
    expect((await cdba(['env', 'up', 'exp-3', '--ttl', '2h'], { env: env(), configDir: tempDir() })).exitCode).toBe(0);
    const cluster = await json(['clusters', 'get', 'exp-3']);
    expect(tag(cluster, 'cdba-env-expires')).toBeUndefined();
    expect(tag(cluster, 'cdba-env')).toBeUndefined();
  });
});

describe('env extend', () => {
  it('moves the cluster\'s tag, the user\'s and the entry\'s deleteAfterDate to now + ttl, from any runner; a second, shorter extend keeps them', async () => {
    expect((await cdba(['env', 'up', 'ext-1', '--ttl', '1h', '--ip', '10.1.1.1'], { env: env(), configDir: tempDir() })).exitCode).toBe(0);
    const extend = await cdba(['env', 'extend', 'ext-1', '--ttl', '4h'], { env: env(), configDir: tempDir() });
    expect(extend.exitCode, extend.stderr).toBe(0);
    const cluster = await json(['clusters', 'get', 'ext-1']);
    const expires = tag(cluster, 'cdba-env-expires')!;
    expect(hoursFromNow(expires)).toBeGreaterThan(3.9);
    expect(extend.stderr).toBe(`cdba: env ext-1: cluster ext-1, database user cdba-env-ext-1, access-list entry 10.1.1.1 now end at ${expires}\n`);
    expect((await userOf('ext-1'))!.deleteAfterDate).toBe(expires);
    expect((await entryOf('ext-1'))!.deleteAfterDate).toBe(expires);

    const shorter = await cdba(['env', 'extend', 'ext-1', '--ttl', '2h'], { env: env() });
    expect(shorter.exitCode).toBe(0);
    expect(shorter.stderr).toBe('cdba: env ext-1: cluster ext-1, database user cdba-env-ext-1, access-list entry 10.1.1.1 end later already: kept\n');
    expect(tag(await json(['clusters', 'get', 'ext-1']), 'cdba-env-expires')).toBe(expires);
  });

  it('an env on a reused cluster: the user and the entry are extended, the cluster is left alone', async () => {
    expect((await cdba(['clusters', 'create', 'ext-2', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { env: env() })).exitCode).toBe(0);
    expect((await cdba(['env', 'up', 'ext-2', '--ttl', '1h', '--ip', '10.9.0.0/16'], { env: env(), configDir: tempDir() })).exitCode).toBe(0);
    const extend = await cdba(['env', 'extend', 'ext-2', '--ttl', '3h'], { env: env() });
    expect(extend.exitCode).toBe(0);
    expect(extend.stderr).toMatch(/^cdba: cluster ext-2 was not made by env up \(no cdba-env=ext-2 tag\): it has no expiry, and is left alone\ncdba: env ext-2: database user cdba-env-ext-2, access-list entry 10\.9\.0\.0\/16 now end at \S+\n$/);
    expect(hoursFromNow((await userOf('ext-2'))!.deleteAfterDate as string)).toBeGreaterThan(2.9);
    expect(tag(await json(['clusters', 'get', 'ext-2']), 'cdba-env-expires')).toBeUndefined();
  });

  it('on the runner that brought it up: the entry it shares with another env (one per address) is extended too, its mark kept', async () => {
    const configDir = tempDir();
    expect((await cdba(['env', 'up', 'ext-first', '--ttl', '1h', '--ip', '10.2.2.2'], { env: env(), configDir })).exitCode).toBe(0);
    expect((await cdba(['env', 'up', 'ext-second', '--ttl', '1h', '--ip', '10.2.2.2'], { env: env(), configDir })).exitCode).toBe(0);
    const extend = await cdba(['env', 'extend', 'ext-second', '--ttl', '6h'], { env: env(), configDir });
    expect(extend.exitCode).toBe(0);
    expect(extend.stderr).toContain("access-list entry 10.2.2.2 (env ext-first's, which this env uses) now end at");
    const entry = await entryOf('ext-first');
    expect(entry!.ipAddress).toBe('10.2.2.2');
    expect(hoursFromNow(entry!.deleteAfterDate as string)).toBeGreaterThan(5.9);
  });

  it('from a --share run: this run\'s own user (cdba-env-<name>.<holder>) is extended too, not only the env\'s', async () => {
    expect((await cdba(['env', 'up', 'ext-sh', '--ttl', '1h', '--ip', '10.3.3.3'], { env: env(), configDir: tempDir() })).exitCode).toBe(0);
    const sharing = tempDir();
    const joined = await cdba(['env', 'up', 'ext-sh', '--share', '--ttl', '1h', '--ip', '10.3.3.3', '-o', 'json'], { env: env(), configDir: sharing });
    expect(joined.exitCode, joined.stderr).toBe(0);
    const own = (JSON.parse(joined.stdout) as Record<string, string>).MONGODB_USERNAME!;
    expect(own).toMatch(/^cdba-env-ext-sh\.[a-z0-9]+$/);
    const extend = await cdba(['env', 'extend', 'ext-sh', '--ttl', '5h'], { env: env(), configDir: sharing });
    expect(extend.exitCode, extend.stderr).toBe(0);
    const expires = tag(await json(['clusters', 'get', 'ext-sh']), 'cdba-env-expires')!;
    expect(extend.stderr).toBe(`cdba: env ext-sh: cluster ext-sh, database user cdba-env-ext-sh, database user ${own}, access-list entry 10.3.3.3 now end at ${expires}\n`);
    const users = (await json(['dbusers', 'list', '--all'])).results as Doc[];
    expect(users.find((u) => u.username === own)!.deleteAfterDate).toBe(expires);
    expect(users.find((u) => u.username === 'cdba-env-ext-sh')!.deleteAfterDate).toBe(expires);
  });

  it('an env that is not there: exit 4, naming what was looked for, the hint with the user\'s --project-id', async () => {
    const r = await cdba(['env', 'extend', 'nowhere-1', '--ttl', '1h', '--project-id', PROJECT], { env: env() });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toBe(`cdba: env nowhere-1 not found: no cluster nowhere-1, no database user cdba-env-nowhere-1, no access-list entry marked "cdba env nowhere-1"; see \`cdba --project-id ${PROJECT} env list\`\n`);
  });

  it.each([
    [['env', 'extend', 'ext-1'], /^cdba: required option '--ttl <duration>' not specified; see 'cdba env extend --help'$/],
    [['env', 'extend', 'ext-1', '--ttl', '8d'], /^cdba: invalid --ttl "8d": the service allows at most one week/],
    [['env', 'extend', 'bad_name', '--ttl', '1h'], /^cdba: invalid cluster name "bad_name"/],
  ])('%j: one line, exit 2, no request', async (argv, message) => {
    emu.resetStats();
    const r = await cdba(argv, { env: env() });
    expect(r.stderr.trimEnd()).toMatch(message);
    expect(r.exitCode).toBe(2);
    expect(emu.stats().total).toBe(0);
  });
});
