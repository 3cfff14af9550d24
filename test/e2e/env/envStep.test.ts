// The env step recipe, followed once: a fixture step (test/fixtures/gilds/envStep.ts)
// registered as program.ts registers the product's, and nothing else. env up and run
// take its flag (in help, between the other steps' and --share), plan it with the other
// flags (a mistake: exit 2 before any request), and run it where it says: prepared before
// anything is made, told of the cluster, and run once the cluster is IDLE, before the
// connection is printed. No file of src/ names it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnvStep } from '../../../src/cli/envStep.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { REPO_ROOT, tempDir } from '../../helpers/cli.js';
import { cdba } from '../../helpers/inProcess.js';
import { GILD_STEP, gildLog } from '../../fixtures/gilds/envStep.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000005f';
let emu: RunningEmulator;
let undo: () => void;
const env = () => ownerEnv(emu.url, PROJECT);
const runner = tempDir('cdba-env-step-');

beforeAll(async () => {
  undo = registerEnvStep(GILD_STEP);
  emu = await startEmulator({
    transitionMs: 0,
    seed: { projects: [{ id: PROJECT, name: 'steps' }], apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }], rateLimit: { perMinute: 100_000 } },
  });
});
afterAll(async () => {
  undo();
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));

describe('an env step declared outside src/', () => {
  it('is an option of env up and run, after the other steps and before --share', async () => {
    for (const command of [['env', 'up'], ['run']]) {
      const help = await cdba([...command, '--help'], { env: env() });
      expect(help.stdout).toMatch(/--from-snapshot[\s\S]*--gild <word>[\s\S]*--share/);
    }
  });

  it('is planned with the other flags: a mistake is exit 2, nothing asked', async () => {
    const before = emu.stats().total;
    const up = await cdba(['env', 'up', 'ci-gild0', '--gild', 'No!', '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runner });
    expect(up.exitCode).toBe(2);
    expect(up.stderr).toMatch(/invalid --gild "No!"/);
    expect(emu.stats().total).toBe(before);
  });

  it('runs where it says in the plan, before the connection is printed', async () => {
    gildLog.length = 0;
    const up = await cdba(['env', 'up', 'ci-gild1', '--gild', 'blue', '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runner });
    expect(up.exitCode, up.stderr).toBe(0);
    expect(JSON.parse(up.stdout).MONGODB_CLUSTER).toBe('ci-gild1');
    expect(gildLog).toEqual(['prepare ci-gild1 blue', 'made blue:ci-gild1 ci-gild1 true', 'idle blue:ci-gild1']);
    const lines = up.stderr.split('\n');
    const gilded = lines.findIndex((l) => l === 'cdba: cluster ci-gild1 gilded blue:ci-gild1');
    expect(gilded).toBeGreaterThan(-1);
    expect(lines.findIndex((l) => /env ci-gild1 is ready/.test(l))).toBeGreaterThan(gilded);
    const down = await cdba(['env', 'down', 'ci-gild1'], { env: env(), configDir: runner });
    expect(down.exitCode, down.stderr).toBe(0);
  });

  it('is named by no file of src/', () => {
    const naming = files(join(REPO_ROOT, 'src')).filter((file) => /gild/i.test(readFileSync(file, 'utf8')));
    expect(naming).toEqual([]);
  });
});
