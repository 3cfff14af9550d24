// A service account's bearer token is fetched once and reused by the next cdba
// process through the 0600 token cache in the config directory, when the
// credentials are a profile's. Credentials from the environment (CI) get no
// token file: `cdba run` hands CMD its HOME, and a file there would hand it the token.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';

let emu: RunningEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  ({ emu } = await withEmulator());
  const { projectId, serviceAccount } = emu.defaults;
  env = { CDBA_BASE_URL: emu.url, CDBA_PROJECT_ID: projectId, CDBA_CLIENT_ID: serviceAccount.clientId, CDBA_CLIENT_SECRET: serviceAccount.clientSecret };
});
afterAll(async () => emu.stop());

const list = ['clusters', 'list', '-o', 'json', '--query', 'totalCount'];

it('a profile\'s credentials: two processes on one config dir make one token request', async () => {
  const configDir = tempDir();
  const { projectId, serviceAccount } = emu.defaults;
  const added = await cdba(['--base-url', emu.url, '--project-id', projectId, 'profile', 'add', 'sa', '--client-id', serviceAccount.clientId, '--client-secret-stdin'], {
    configDir,
    input: `${serviceAccount.clientSecret}\n`,
  });
  expect(added.exitCode, added.stderr).toBe(0);
  emu.resetStats();
  for (const run of [1, 2]) {
    const result = await cdba(['-P', 'sa', ...list], { configDir });
    expect({ run, exitCode: result.exitCode, stderr: result.stderr }).toEqual({ run, exitCode: 0, stderr: '' });
    expect(result.stdout).toBe('0\n');
  }
  const stats = emu.stats();
  expect(stats.byPath['POST /api/oauth/token']).toBe(1);
  expect(stats.total).toBe(3); // one token exchange, then one list call per process
  expect(stats.challenges).toBe(0);
  const tokens = join(configDir, 'tokens');
  const files = readdirSync(tokens);
  expect(files).toHaveLength(1);
  expect(statSync(join(tokens, files[0]!)).mode & 0o777).toBe(0o600);
  expect(statSync(tokens).mode & 0o777).toBe(0o700);
});

it('credentials from the environment: the token stays in the process, no file (each process asks for its own)', async () => {
  const configDir = tempDir();
  emu.resetStats();
  for (const run of [1, 2]) {
    const result = await cdba(list, { env, configDir });
    expect({ run, exitCode: result.exitCode, stderr: result.stderr }).toEqual({ run, exitCode: 0, stderr: '' });
  }
  expect(emu.stats().byPath['POST /api/oauth/token']).toBe(2);
  expect(readdirSync(configDir)).not.toContain('tokens');
});
