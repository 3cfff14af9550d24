// Guarantee: commands can be tested in-process, and the product carries no
// test-only hooks. A Context takes an IO double and a ready API client; main()
// takes the watch intervals; nothing in src/ reads CDBA_FORCE_TTY or
// CDBA_WATCH_INTERVAL_MS, so a user who sets them changes nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { runClustersList } from '../../src/cli/clusters/list.js';
import { apiEventsFor } from '../../src/core/apiEvents.js';
import { Context } from '../../src/core/context.js';
import { IO } from '../../src/base/io.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba as cdbaProcess, REPO_ROOT, tempDir } from '../helpers/cli.js';
import { withEmulator } from '../helpers/emulator.js';
import { cdba } from '../helpers/inProcess.js';
import { digestEnv, knownSeed, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, SEEDED_CLUSTER } from './support.js';

let emu: RunningEmulator;
beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed(), transitionMs: 200 }));
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('in-process seam', () => {
  it('no production module reads a test hook from the environment', () => {
    const offenders = sourceFiles(join(REPO_ROOT, 'src')).filter((file) => /CDBA_FORCE_TTY|CDBA_WATCH_INTERVAL_MS/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('CDBA_FORCE_TTY in a pipe changes nothing: the built binary still prints JSON, not a table', async () => {
    const result = await cdbaProcess(['clusters', 'get', SEEDED_CLUSTER], { env: { ...digestEnv(emu.url), CDBA_FORCE_TTY: '1' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: SEEDED_CLUSTER });
    expect(result.stderr).toBe('');
  });

  it('a Context built with an IO double and an injected client runs a command against an in-process emulator', async () => {
    const io = IO.test();
    const settings = { profileName: 'test', baseUrl: emu.url, publicKey: OWNER_PUBLIC, privateKey: OWNER_PRIVATE, projectId: PROJECT_ID, apiVersion: '2024-10-23', service: 'atlas' };
    const client = createApiClient({ settings, events: apiEventsFor(io), signal: io.signal, configDir: tempDir(), userAgentVersion: 'test' });
    try {
      // The environment names another service; the injected client is what is used.
      const ctx = new Context(io, { CDBA_CONFIG_DIR: tempDir(), CDBA_PROJECT_ID: PROJECT_ID, CDBA_BASE_URL: 'http://127.0.0.1:9' }, 'test', { output: 'json' }, { apiClient: client });
      await runClustersList(ctx, { count: true });
      expect(JSON.parse(io.stdout).results.map((c: { name: string }) => c.name)).toEqual([SEEDED_CLUSTER]);
      expect(io.stderr).toBe('');
      await ctx.close();
      // Closing the context leaves the injected client to its owner: it still works.
      await runClustersList(ctx, { count: true });
      expect(io.stdout.trim().split('\n')).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  it('main() in-process: a terminal IO double renders a table; watch intervals come from the options', async () => {
    const table = await cdba(['clusters', 'list', '--no-color'], { env: digestEnv(emu.url), tty: true, columns: 200 });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^NAME\s/);
    expect(table.stdout).toContain(SEEDED_CLUSTER);
    const created = await cdba(['clusters', 'create', 'seam1', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], {
      env: digestEnv(emu.url),
      watchIntervalMs: 20,
    });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'seam1', stateName: 'IDLE' });
    expect(created.stderr).toMatch(/cdba: cluster seam1 is IDLE \(waited /);
  });
});
