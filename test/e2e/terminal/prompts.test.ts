// Prompts in a real pseudo-terminal: `profile add` asks again after a bad answer
// (up to three times, with the reason); Ctrl-C at any prompt exits 130 and
// changes nothing; confirmations name what is at stake; a long explanation
// keeps its question on screen. Without a terminal, `private-ip disable`
// refuses before any request.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/cli.js';
import { withEmulator } from '../../helpers/emulator.js';
import { digestEnv, knownSeed, modernBody, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, testServer } from '../../reliability/support.js';
import { inTerminal, scriptAvailable } from './pty.js';

const CLUSTERS = Array.from({ length: 30 }, (_, i) => `app-${String(i).padStart(2, '0')}`);

let emu: RunningEmulator;
beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({
      projects: [{ id: PROJECT_ID, name: 'reliability', privateIpMode: true, peering: true, privateEndpoints: [] }],
      clusters: CLUSTERS.map((name) => ({ projectId: PROJECT_ID, cluster: modernBody(name) })),
    }),
  }));
});
afterAll(async () => {
  await emu?.stop();
});

const configOf = (dir: string): { profiles: Record<string, Record<string, string>> } | undefined =>
  existsSync(join(dir, 'config.json')) ? JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) : undefined;

const CTRL_C = '\u0003';
const PUBLIC = /Public key \(blank for a service account\): $/;
const PRIVATE = /Private key \(hidden\): $/;
const PROJECT = /Project ID \(24 hex, blank to skip\): $/;
const BASE = /Base URL \(blank for https:\/\/cloud\.mongodb\.com\): $/;

describe.skipIf(!scriptAvailable)('profile add on a terminal', () => {
  it('a bad project ID is asked again with the reason; the secret typed before it is kept', async () => {
    const dir = tempDir();
    const t = inTerminal(['profile', 'add', 'p1'], { columns: 100, configDir: dir });
    await t.seen(PUBLIC);
    t.type('pubkey1\r');
    await t.seen(PRIVATE);
    t.type('the-secret-value\r');
    await t.seen(PROJECT);
    t.type('5e1ab\r');
    await t.seen(/invalid project ID "5e1ab": expected 24 hexadecimal characters; try again \(3 tries left\)\n.*Project ID \(24 hex, blank to skip\): $/);
    t.type(`${PROJECT_ID}\r`);
    await t.seen(BASE);
    t.type('\r');
    // Saved; the offer to check the credentials is declined (the default base URL is not reachable here).
    await t.seen(/Check these credentials against the service now\? \[Y\/n\] $/);
    t.type('n\r');
    const { exitCode, text } = await t.done();
    expect(exitCode, text).toBe(0);
    expect(text).not.toContain('the-secret-value');
    expect(configOf(dir)?.profiles.p1).toEqual({ publicKey: 'pubkey1', privateKey: 'the-secret-value', projectId: PROJECT_ID });
  });

  it('after three more bad answers it gives up: exit 2, nothing saved', async () => {
    const dir = tempDir();
    const t = inTerminal(['profile', 'add', 'p2', '--public-key', 'pubkey2'], { columns: 100, configDir: dir });
    await t.seen(PRIVATE);
    t.type('secret2-secret2\r');
    for (const left of ['3 tries', '2 tries', '1 try']) {
      await t.seen(PROJECT);
      t.type('nope\r');
      await t.seen(new RegExp(`try again \\(${left} left\\)\\n.*Project ID[^\\n]*: $`));
    }
    t.type('nope\r');
    const { exitCode, text } = await t.done();
    expect(exitCode).toBe(2);
    expect(text.trimEnd().split('\n').at(-1)).toBe('cdba: invalid project ID "nope": expected 24 hexadecimal characters');
    expect(configOf(dir)).toBeUndefined();
  });

  it.each([
    ['the public key', [] as RegExp[]],
    ['the hidden private key', [PUBLIC]],
    ['the project ID', [PUBLIC, PRIVATE]],
  ])('Ctrl-C at %s: exit 130, no profile saved', async (_label, before) => {
    const dir = tempDir();
    const t = inTerminal(['profile', 'add', 'p3'], { columns: 100, configDir: dir });
    for (const prompt of before) {
      await t.seen(prompt);
      t.type('something-typed\r');
    }
    await t.seen([PUBLIC, PRIVATE, PROJECT][before.length]!);
    t.type(CTRL_C);
    const { exitCode, text } = await t.done();
    expect(exitCode).toBe(130);
    expect(text.trimEnd().split('\n').at(-1)).toBe('cdba: interrupted; nothing was changed');
    expect(configOf(dir)).toBeUndefined();
  });
});

describe.skipIf(!scriptAvailable)('confirmations on a terminal', () => {
  it('clusters delete names the cluster, the project and the profile; Ctrl-C exits 130 and deletes nothing', async () => {
    const dir = tempDir();
    const add = await cdba(['profile', 'add', 'big', '--public-key', OWNER_PUBLIC, '--private-key-stdin', '--base-url', emu.url, '--project-id', PROJECT_ID], {
      configDir: dir,
      input: OWNER_PRIVATE,
    });
    expect(add.exitCode, add.stderr).toBe(0);
    const t = inTerminal(['-P', 'big', 'clusters', 'delete', 'app-01'], { columns: 120, configDir: dir });
    await t.seen(new RegExp(`Delete cluster "app-01" of project ${PROJECT_ID} \\(profile "big"\\) and all its data\\? \\[y/N\\] $`));
    t.type(CTRL_C);
    const { exitCode, text } = await t.done();
    expect(exitCode).toBe(130);
    expect(text.trimEnd().split('\n').at(-1)).toBe('cdba: interrupted; nothing was changed');
    expect(emu.state().clusters.find((c) => c.name === 'app-01')?.model.stateName).toBe('IDLE');
  });

  it('private-ip disable names the project; Ctrl-C exits 130 and the mode stays on', async () => {
    const t = inTerminal(['private-ip', 'disable'], { columns: 120, rows: 200, env: digestEnv(emu.url) });
    await t.seen(new RegExp(`Turn private IP mode off for project ${PROJECT_ID}\\? \\[y/N\\] $`));
    t.type(CTRL_C);
    const { exitCode, text } = await t.done();
    expect(exitCode).toBe(130);
    expect(text.trimEnd().split('\n').at(-1)).toBe('cdba: interrupted; nothing was changed');
    const status = await cdba(['private-ip', 'status', '-o', 'json'], { env: digestEnv(emu.url) });
    expect(JSON.parse(status.stdout)).toMatchObject({ enabled: true });
  });

  it('an explanation taller than the screen: the question is said before it and again on the last line', async () => {
    const question = `cdba: Turn private IP mode off for project ${PROJECT_ID}?`;
    const t = inTerminal(['private-ip', 'disable'], { columns: 120, rows: 24, env: digestEnv(emu.url) });
    await t.seen(/\[y\/N\] $/);
    const lines = t.done();
    t.type('n\r');
    const { exitCode, text } = await lines;
    expect(exitCode).toBe(15);
    const all = text.split('\n');
    const asked = all.findIndex((l) => l.startsWith(question));
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(all[asked]).toBe(question);
    expect(all[asked + 1]).toMatch(/^cdba: Private IP mode \(peering-only mode\) is on/);
    expect(all.filter((l) => l.startsWith(`${question} [y/N] `))).toHaveLength(1);
    expect(all.findIndex((l) => l.startsWith(`${question} [y/N] `))).toBeGreaterThan(asked + 30);
  });

  it('an explanation that fits: the question once, after it', async () => {
    const question = `Turn private IP mode off for project ${PROJECT_ID}?`;
    const t = inTerminal(['private-ip', 'disable'], { columns: 120, rows: 200, env: digestEnv(emu.url) });
    await t.seen(/\[y\/N\] $/);
    const done = t.done();
    t.type('n\r');
    const { exitCode, text } = await done;
    expect(exitCode).toBe(15);
    expect(text.split(question)).toHaveLength(2);
    expect(text).toMatch(/^cdba: Private IP mode \(peering-only mode\) is on/m);
  });
});

describe('private-ip disable without a terminal', () => {
  it('with no --yes, refuses before any request: exit 2, one line', async () => {
    const server = await testServer((_req, res) => {
      res.writeHead(500);
      res.end();
    });
    try {
      const result = await cdba(['private-ip', 'disable'], { env: digestEnv(server.url) });
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('cdba: refusing to continue without confirmation: pass --yes when not on a terminal\n');
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
