// Who holds an env (issue 43, item 4): the run that makes it, recorded on its user's
// labels (holder ID, the CI run and job in words, the entry it uses) and in its
// state file. An env up of a name another run holds is refused, exit 16, naming the
// holder, before anything is made; --share joins it with a user of its own; env down
// removes only this run's part while another run holds the env, refuses an env this
// runner has no record of holding (exit 16) unless --force (asked, or --yes). In
// process against one emulator whose transitions take 0 ms; each run its own
// config directory (its own runner), and its own GITHUB_* variables.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000004d';
let emu: RunningEmulator;
/**
 * A proxy in front of the emulator that holds the signed requests matching `together`
 * until `count` of them have arrived, then lets them all go: two env ups both past
 * their listing of the users before either claim is answered, the race at its closest.
 */
let proxy: Server;
let proxyUrl: string;
let together: { pattern: RegExp; count: number } | undefined;
const held: Array<() => void> = [];

function forward(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const target = new URL(emu.url);
  const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.end(body);
}
/** A job of a GitHub Actions run. */
const job = (run: string, jobName: string): Record<string, string> => ownerEnv(emu.url, PROJECT, { GITHUB_RUN_ID: run, GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: jobName, GITHUB_REPOSITORY: 'acme/app' });

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'holders' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // A digest challenge's first try carries no credentials: it passes.
      if (!together || !together.pattern.test(`${req.method} ${req.url}`) || req.headers.authorization === undefined) return forward(req, res, body);
      held.push(() => forward(req, res, body));
      if (held.length === together.count) {
        together = undefined;
        for (const release of held.splice(0)) release();
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await new Promise((resolve) => proxy.close(resolve));
  await emu.stop();
});

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function envUsers(name: string): Promise<Doc[]> {
  const r = await cdba(['dbusers', 'list', '--all', '-o', 'json'], { env: ownerEnv(emu.url, PROJECT) });
  expect(r.exitCode).toBe(0);
  return (JSON.parse(r.stdout).results as Doc[]).filter((u) => u.username === `cdba-env-${name}` || String(u.username).startsWith(`cdba-env-${name}.`));
}

async function clusterState(name: string): Promise<string | undefined> {
  const r = await cdba(['clusters', 'get', name, '-o', 'json'], { env: ownerEnv(emu.url, PROJECT) });
  if (r.exitCode === 4) return undefined;
  expect(r.exitCode, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as Doc).stateName as string;
}

const label = (user: Doc, key: string): string | undefined => (user.labels as Array<{ key: string; value: string }>).find((l) => l.key === key)?.value;
const writes = (): number => {
  const byPath = emu.stats().byPath;
  return Object.entries(byPath).filter(([route]) => /^(POST|PATCH|DELETE) /.test(route)).reduce((n, [, count]) => n + count, 0);
};

describe('env up of a name another run holds', () => {
  it('two env up of one name at once: exactly one wins; the other is refused, exit 16, naming the winner, and makes nothing', async () => {
    emu.resetStats();
    const dirs = [tempDir(), tempDir()];
    // Both claims (the user's create) held until both have arrived: each run listed the users and found no holder.
    together = { pattern: /^POST \S+\/databaseUsers$/, count: 2 };
    const viaProxy = (run: string, jobName: string) => ({ ...job(run, jobName), CDBA_BASE_URL: proxyUrl });
    const runs = await Promise.all([
      cdba(['--project-id', PROJECT, 'env', 'up', 'dup', '-o', 'json'], { env: viaProxy('101', 'test-a'), configDir: dirs[0] }),
      cdba(['--project-id', PROJECT, 'env', 'up', 'dup', '-o', 'json'], { env: viaProxy('202', 'test-b'), configDir: dirs[1] }),
    ]);
    expect(together).toBeUndefined(); // both claims arrived before either was answered
    const won = runs.filter((r) => r.exitCode === 0);
    const refused = runs.filter((r) => r.exitCode !== 0);
    expect(won, runs.map((r) => r.stderr).join('\n')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const [winner] = won;
    const [loser] = refused;
    expect(loser!.exitCode, loser!.stderr).toBe(16);
    expect(loser!.stdout).toBe('');
    const winnerJob = winner === runs[0] ? 'GitHub Actions run 101, job test-a of acme/app' : 'GitHub Actions run 202, job test-b of acme/app';
    // One line, its hint carrying the invocation's flags.
    expect(loser!.stderr).toMatch(new RegExp(`^cdba: env dup is held by another run: ${winnerJob}, since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(user cdba-env-dup\\); nothing was changed; give this run an env of its own name, or use it alongside that run with \`cdba --project-id ${PROJECT} env up dup --share\` [^\\n]*\\n$`));

    // One user, the winner's, whose password is the one printed; one cluster, one entry: the loser made none.
    const users = await envUsers('dup');
    expect(users.map((u) => u.username)).toEqual(['cdba-env-dup']);
    expect(label(users[0]!, 'cdba-env-held-by')).toMatch(new RegExp(`^${winnerJob}, since `));
    const stats = emu.stats().byPath;
    expect(stats['POST /api/atlas/v2/groups/{groupId}/databaseUsers']).toBe(2); // the loser's answered 409
    expect(stats['POST /api/atlas/v2/groups/{groupId}/flexClusters']).toBe(1);
    expect(stats['POST /api/atlas/v2/groups/{groupId}/accessList']).toBe(1);
    expect(stats['PATCH /api/atlas/v2/groups/{groupId}/databaseUsers/{databaseName}/{username}'] ?? 0).toBe(0); // no password changed under the winner
    expect(JSON.parse(winner!.stdout).MONGODB_USERNAME).toBe('cdba-env-dup');
    const down = await cdba(['env', 'down', 'dup', '--watch'], { env: viaProxy('101', 'x'), configDir: dirs[runs.indexOf(winner!)] });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(down.stderr).toContain('removed access-list entry 127.0.0.1, database user cdba-env-dup, cluster dup (deleting)');
  });

  it('refused before any write when the holder is known from the listing; a re-run by the holder renews it', async () => {
    const holderDir = tempDir();
    const first = await cdba(['env', 'up', 'held-1', '-o', 'json'], { env: job('301', 'first'), configDir: holderDir });
    expect(first.exitCode, first.stderr).toBe(0);
    const otherDir = tempDir();
    emu.resetStats();
    const second = await cdba(['env', 'up', 'held-1', '-o', 'json'], { env: job('302', 'second'), configDir: otherDir });
    expect(second.exitCode).toBe(16);
    expect(second.stderr).toMatch(/^cdba: env held-1 is held by another run: GitHub Actions run 301, job first of acme\/app, since \S+ \(user cdba-env-held-1\); nothing was changed; [^\n]*--share[^\n]*\n$/);
    expect(writes()).toBe(0);
    // Its state file was not written: its env down has nothing of its own (and is refused in turn).
    const down = await cdba(['env', 'down', 'held-1'], { env: job('302', 'second'), configDir: otherDir });
    expect(down.exitCode).toBe(16);

    // run: the same rule, before CMD, and nothing to remove after.
    emu.resetStats();
    const run = await cdba(['run', '--name', 'held-1', '--', process.execPath, '-e', 'process.exit(3)'], { env: job('303', 'third'), configDir: tempDir() });
    expect(run.exitCode, run.stderr).toBe(16);
    expect(run.stderr).toContain('cdba: env held-1 is held by another run: GitHub Actions run 301');
    expect(run.stderr).toContain('`cdba run --name held-1 --share -- <command>`');
    expect(writes()).toBe(0);

    // The holder again (its state file): idempotent, a new password, no second user.
    const again = await cdba(['env', 'up', 'held-1', '-o', 'json'], { env: job('301', 'first'), configDir: holderDir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).MONGODB_PASSWORD).not.toBe(JSON.parse(first.stdout).MONGODB_PASSWORD);
    expect((await envUsers('held-1')).map((u) => u.username)).toEqual(['cdba-env-held-1']);
    expect((await cdba(['env', 'down', 'held-1', '--watch'], { env: job('301', 'first'), configDir: holderDir })).exitCode).toBe(0);
    expect(await clusterState('held-1')).toBeUndefined();
  });
});

describe('env up --share', () => {
  it('each run its own user, no password changed under the other; the first env down keeps the env for the other, the last removes it', async () => {
    const aDir = tempDir();
    const bDir = tempDir();
    const a = await cdba(['env', 'up', 'sh-1', '-o', 'json'], { env: job('401', 'a'), configDir: aDir });
    expect(a.exitCode, a.stderr).toBe(0);
    emu.resetStats();
    const b = await cdba(['env', 'up', 'sh-1', '--share', '-o', 'json'], { env: job('402', 'b'), configDir: bDir });
    expect(b.exitCode, b.stderr).toBe(0);
    expect(b.stderr).toMatch(/cdba: env sh-1 is held by GitHub Actions run 401, job a of acme\/app, since \S+ \(user cdba-env-sh-1\) too; sharing it with a user of its own, cdba-env-sh-1\.[a-z0-9]{10} /);
    // No write touched A's user: its password still works.
    expect(emu.stats().byPath['PATCH /api/atlas/v2/groups/{groupId}/databaseUsers/{databaseName}/{username}'] ?? 0).toBe(0);
    const aConn = JSON.parse(a.stdout) as Record<string, string>;
    const bConn = JSON.parse(b.stdout) as Record<string, string>;
    expect(aConn.MONGODB_USERNAME).toBe('cdba-env-sh-1');
    expect(bConn.MONGODB_USERNAME).toMatch(/^cdba-env-sh-1\.[a-z0-9]{10}$/);
    expect(bConn.MONGODB_PASSWORD).not.toBe(aConn.MONGODB_PASSWORD);
    expect(new URL(bConn.MONGODB_URI!).host).toBe(new URL(aConn.MONGODB_URI!).host); // one cluster
    const users = await envUsers('sh-1');
    expect(users.map((u) => u.username).sort()).toEqual([aConn.MONGODB_USERNAME, bConn.MONGODB_USERNAME].sort());
    for (const user of users) expect(user.scopes).toEqual([{ name: 'sh-1', type: 'CLUSTER' }]);

    // env list names both.
    const list = await cdba(['env', 'list', '-o', 'json'], { env: ownerEnv(emu.url, PROJECT) });
    const item = (JSON.parse(list.stdout).results as Doc[]).find((e) => e.name === 'sh-1')!;
    expect(item.users).toHaveLength(2);
    expect(item.heldBy.join('\n')).toMatch(/run 401[\s\S]*run 402|run 402[\s\S]*run 401/);

    // A's re-run renews A's user only.
    emu.resetStats();
    const aAgain = await cdba(['env', 'up', 'sh-1', '-o', 'json'], { env: job('401', 'a'), configDir: aDir });
    expect(aAgain.exitCode, aAgain.stderr).toBe(0);
    expect(emu.stats().byPath['PATCH /api/atlas/v2/groups/{groupId}/databaseUsers/{databaseName}/{username}']).toBe(1);
    expect(aAgain.stderr).toContain('cdba: database user cdba-env-sh-1 exists; its password was changed');

    // A's env down: A's user goes; the cluster, B's user and the entry both use (one address) stay.
    emu.resetStats();
    const aDown = await cdba(['env', 'down', 'sh-1'], { env: job('401', 'a'), configDir: aDir });
    expect(aDown.exitCode, aDown.stderr).toBe(0);
    expect(aDown.stderr).toContain('cdba: access-list entry 127.0.0.1 kept: GitHub Actions run 402, job b of acme/app');
    expect(aDown.stderr).toMatch(/cdba: env sh-1: removed database user cdba-env-sh-1; kept cluster sh-1 for GitHub Actions run 402, job b of acme\/app, since \S+ \(user cdba-env-sh-1\.[a-z0-9]{10}\), whose env down removes it\n/);
    expect(emu.stats().byPath['DELETE /api/atlas/v2/groups/{groupId}/flexClusters/{name}'] ?? 0).toBe(0);
    expect(await clusterState('sh-1')).toBe('IDLE');
    expect((await envUsers('sh-1')).map((u) => u.username)).toEqual([bConn.MONGODB_USERNAME]);
    const entries = await cdba(['access-list', 'list', '-o', 'json'], { env: ownerEnv(emu.url, PROJECT) });
    expect((JSON.parse(entries.stdout).results as Doc[]).map((e) => e.comment)).toContain('cdba env sh-1');

    // A new run without --share is still refused: B holds it.
    const c = await cdba(['env', 'up', 'sh-1'], { env: job('403', 'c'), configDir: tempDir() });
    expect(c.exitCode).toBe(16);
    expect(c.stderr).toContain('held by another run: GitHub Actions run 402, job b');

    // B, the last holder: everything goes.
    const bDown = await cdba(['env', 'down', 'sh-1', '--watch'], { env: job('402', 'b'), configDir: bDir });
    expect(bDown.exitCode, bDown.stderr).toBe(0);
    expect(bDown.stderr).toMatch(/removed access-list entry 127\.0\.0\.1, database user cdba-env-sh-1\.[a-z0-9]{10}, cluster sh-1 \(deleting\)/);
    expect(await clusterState('sh-1')).toBeUndefined();
    expect(await envUsers('sh-1')).toEqual([]);
  });
});

describe('env down of an env another run holds', () => {
  it('refused (exit 16) naming the holder, nothing removed; --force needs --yes without a terminal, asks on one, and removes it all', async () => {
    const holderDir = tempDir();
    expect((await cdba(['env', 'up', 'fo-1'], { env: job('501', 'dies'), configDir: holderDir })).exitCode).toBe(0);

    emu.resetStats();
    const refused = await cdba(['--project-id', PROJECT, 'env', 'down', 'fo-1'], { env: job('502', 'cleanup'), configDir: tempDir() });
    expect(refused.exitCode).toBe(16);
    expect(refused.stderr).toMatch(/^cdba: env fo-1 is held by another run: GitHub Actions run 501, job dies of acme\/app, since \S+ \(user cdba-env-fo-1\); this runner has no record of holding it [^\n]*; nothing was removed; [^\n]*\n$/);
    expect(refused.stderr).toContain(`if that run is gone: \`cdba --project-id ${PROJECT} env down fo-1 --force\``);
    expect(writes()).toBe(0);

    // --force without a terminal and without --yes: refused before any request.
    emu.resetStats();
    const unconfirmed = await cdba(['env', 'down', 'fo-1', '--force'], { env: job('502', 'cleanup'), configDir: tempDir() });
    expect(unconfirmed.exitCode).toBe(2);
    expect(unconfirmed.stderr).toMatch(/^cdba: refusing to continue without confirmation: pass --yes/);
    expect(emu.stats().total).toBe(0);

    // On a terminal it asks, naming the holder; no: exit 15, nothing removed.
    const declined = await cdba(['env', 'down', 'fo-1', '--force'], { env: job('502', 'cleanup'), configDir: tempDir(), tty: true, input: 'n\n' });
    expect(declined.exitCode).toBe(15);
    expect(declined.stderr).toContain('Remove env fo-1, which another run holds (GitHub Actions run 501, job dies');
    expect(await envUsers('fo-1')).toHaveLength(1);

    const forced = await cdba(['env', 'down', 'fo-1', '--force', '--yes', '--watch'], { env: job('502', 'cleanup'), configDir: tempDir() });
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('cdba: env fo-1: removed access-list entry 127.0.0.1, database user cdba-env-fo-1, cluster fo-1 (deleting)');
    expect(await clusterState('fo-1')).toBeUndefined();
    // The holder's own down later: nothing left, not an error.
    const late = await cdba(['env', 'down', 'fo-1'], { env: job('501', 'dies'), configDir: holderDir });
    expect(late.exitCode, late.stderr).toBe(0);
    expect(late.stderr).toContain('nothing left to remove');
  });

  it('an env nobody holds any more (its users ended) is removed by its marks, from any runner', async () => {
    const configDir = tempDir();
    expect((await cdba(['env', 'up', 'orphan-1'], { env: job('601', 'x'), configDir })).exitCode).toBe(0);
    expect((await cdba(['dbusers', 'delete', 'cdba-env-orphan-1', '--yes'], { env: ownerEnv(emu.url, PROJECT) })).exitCode).toBe(0);
    const down = await cdba(['env', 'down', 'orphan-1', '--watch'], { env: job('602', 'y'), configDir: tempDir() });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(down.stderr).toContain('cluster orphan-1 (deleting)');
    expect(await clusterState('orphan-1')).toBeUndefined();
  });
});
