// From nothing to a usable connection against the emulator, as README's "From
// nothing to a connection" walks it: projects create -> projects use -> clusters
// create --watch -> dbusers create --generate-password --scope cluster:... ->
// access-list add --current-ip --delete-after 1h --watch -> conn-string get ->
// deletes. Three ways: on a real terminal (pty, one process per step), in a pipe
// (in process, no terminal), and with credentials from the environment alone (no
// profile at all). The emulator's transitions take no time (transitionMs 0), so
// every --watch ends on its first read: no step waits on a clock.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { inTerminal, scriptAvailable } from './terminal/pty.js';

let emu: RunningEmulator;
beforeAll(async () => {
  ({ emu } = await withEmulator({ transitionMs: 0 }));
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

/** A config dir whose current profile holds the emulator's owner key and no project. */
function profileDir(): string {
  const dir = tempDir('cdba-from-nothing-');
  const { publicKey, privateKey } = emu.defaults.owner;
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ currentProfile: 'e2e', profiles: { e2e: { baseUrl: emu.url, publicKey, privateKey } } }), { mode: 0o600 });
  chmodSync(join(dir, 'config.json'), 0o600);
  return dir;
}

const SRV = /^mongodb\+srv:\/\/c1\.[a-z0-9]+\.mongodb\.net$/;

/** What the emulator holds at the end of the connection steps, for the project. */
async function expectConnectable(projectId: string, password: string): Promise<void> {
  const state = emu.state();
  expect(state.projects.map((p) => p.id)).toContain(projectId);
  expect(state.clusters.find((c) => c.projectId === projectId && c.name === 'c1')?.model.stateName).toBe('IDLE');
  expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
}

describe('from nothing to a connection', () => {
  it('in a pipe: every step prints JSON or the bare value, and the user, the entry and the string fit together', async () => {
    const configDir = profileDir();
    const run = (...args: string[]) => cdba(args, { configDir });
    const orgs = await run('orgs', 'list', '-o', 'json', '--query', 'results[0].id');
    expect(orgs.exitCode, orgs.stderr).toBe(0);
    const orgId = JSON.parse(orgs.stdout) as string;
    const created = await run('projects', 'create', 'shop', '--org-id', orgId, '-o', 'json');
    expect(created.exitCode, created.stderr).toBe(0);
    const projectId = (JSON.parse(created.stdout) as { id: string }).id;
    expect((await run('projects', 'use', 'shop')).exitCode).toBe(0);
    const cluster = await run('clusters', 'create', 'c1', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10', '--watch');
    expect(cluster.exitCode, cluster.stderr).toBe(0);
    const user = await run('dbusers', 'create', 'app', '--role', 'readWrite@app', '--scope', 'cluster:c1', '--generate-password');
    expect(user.exitCode, user.stderr).toBe(0);
    const password = user.stdout.trimEnd();
    const entry = await run('access-list', 'add', '--current-ip', '--delete-after', '1h', '--watch');
    expect(entry.exitCode, entry.stderr).toBe(0);
    const uri = await run('conn-string', 'get', 'c1');
    expect(uri.stdout.trimEnd()).toMatch(SRV);
    await expectConnectable(projectId, password);
    const userDoc = JSON.parse((await run('dbusers', 'get', 'app')).stdout) as Record<string, unknown>;
    expect(userDoc).toMatchObject({ groupId: projectId, scopes: [{ name: 'c1', type: 'CLUSTER' }] });
    const entries = JSON.parse((await run('access-list', 'list')).stdout) as { results: Array<{ ipAddress?: string }> };
    expect(entries.results.map((e) => e.ipAddress)).toContain('127.0.0.1');
    // The deletes, in the README's order.
    for (const args of [['access-list', 'delete', '127.0.0.1', '--yes'], ['dbusers', 'delete', 'app', '--yes'], ['clusters', 'delete', 'c1', '--yes', '--watch'], ['projects', 'delete', 'shop', '--yes']]) {
      const result = await run(...args);
      expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    }
    expect(emu.state().projects.map((p) => p.id)).not.toContain(projectId);
  });

  it('with credentials from the environment only: the CI flow of README, no profile anywhere', async () => {
    const { publicKey, privateKey } = emu.defaults.owner;
    const env: Record<string, string> = { CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: publicKey, CDBA_PRIVATE_KEY: privateKey };
    const configDir = tempDir('cdba-from-nothing-env-');
    const run = (...args: string[]) => cdba(args, { env, configDir });
    const orgId = JSON.parse((await run('orgs', 'list', '-o', 'json', '--query', 'results[0].id')).stdout) as string;
    const created = await run('projects', 'create', 'ci-1', '--org-id', orgId, '-o', 'json', '--query', 'id');
    expect(created.exitCode, created.stderr).toBe(0);
    env.CDBA_PROJECT_ID = JSON.parse(created.stdout) as string;
    expect((await run('clusters', 'create', 'c1', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10', '--watch', '--watch-timeout', '20m')).exitCode).toBe(0);
    const password = (await run('dbusers', 'create', 'ci', '--role', 'readWrite@app', '--scope', 'cluster:c1', '--delete-after', '2h', '--generate-password')).stdout.trimEnd();
    expect((await run('access-list', 'add', '--current-ip', '--delete-after', '1h', '--watch')).exitCode).toBe(0);
    expect((await run('conn-string', 'get', 'c1')).stdout.trimEnd()).toMatch(SRV);
    await expectConnectable(env.CDBA_PROJECT_ID, password);
    expect((await run('clusters', 'delete', 'c1', '--yes', '--watch')).exitCode).toBe(0);
    expect((await run('projects', 'delete', env.CDBA_PROJECT_ID, '--yes')).exitCode).toBe(0);
  });

  it.skipIf(!scriptAvailable)('on a terminal: tables and views, the generated password shown once, the confirmations answered', async () => {
    const configDir = profileDir();
    const step = async (args: string[], answers: Array<[RegExp, string]> = []): Promise<string> => {
      const t = inTerminal(args, { columns: 100, configDir });
      for (const [prompt, answer] of answers) {
        await t.seen(prompt);
        t.type(answer);
      }
      const { exitCode, text } = await t.done();
      expect(exitCode, `${args.join(' ')}: ${text}`).toBe(0);
      return text;
    };
    const orgs = await step(['orgs', 'list']);
    const orgId = /\b([0-9a-f]{24})\b/.exec(orgs)?.[1];
    expect(orgId).toBeDefined();
    await step(['projects', 'create', 'tty-shop', '--org-id', orgId!]);
    await step(['projects', 'use', 'tty-shop']);
    expect(await step(['clusters', 'create', 'c1', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10', '--watch'])).toMatch(/c1/);
    const shown = await step(['dbusers', 'create', 'app', '--role', 'readWrite@app', '--scope', 'cluster:c1', '--generate-password']);
    const passwords = shown.match(/\b[A-Za-z0-9]{24}\b/g) ?? [];
    expect(passwords).toHaveLength(1);
    expect(shown).toMatch(/its password was printed once/);
    await step(['access-list', 'add', '--current-ip', '--delete-after', '1h', '--watch']);
    expect((await step(['conn-string', 'get', 'c1'])).trim()).toMatch(/mongodb\+srv:\/\/c1\./);
    expect(await step(['dbusers', 'get', 'app'])).toMatch(/Scopes:\s+cluster:c1/);
    await step(['dbusers', 'delete', 'app'], [[/\[y\/N\] $/, 'y\r']]);
    await step(['clusters', 'delete', 'c1', '--watch'], [[/\[y\/N\] $/, 'y\r']]);
    await step(['projects', 'delete', 'tty-shop'], [[/\[y\/N\] $/, 'y\r']]);
  });
});
