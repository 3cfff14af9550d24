// A create body as a whole (a --file with flags on top, or a file alone) gets the model's
// own create check (src/model/cluster.ts, the one the emulator answers with) before any
// request: a region of another provider than the file's, a region no cloud has (in create
// and in apply's create). Each was sent and refused by the service (exit 1).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const dir = tempDir('cdba-create-checks-');
const writes = (): number => (emu.stats().byMethod.POST ?? 0) + (emu.stats().byMethod.PATCH ?? 0);
/** A clean 2024-10-23 body on AWS, as `get -o json` would give one less its read-only fields. */
const clean = (name: string, regionName = 'US_EAST_1'): Record<string, unknown> => ({
  name,
  clusterType: 'REPLICASET',
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName, priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3, diskSizeGB: 10 } }] }],
});
const file = (name: string, body: Record<string, unknown>): string => {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(body));
  return path;
};

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed({}), transitionMs: 0 }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  await emu?.stop();
});

describe('a create body is checked whole before any request', () => {
  it.each([
    ['a file\'s AWS region with --provider GCP', ['clusters', 'create', 'c5', '--file', file('c5', clean('c5')), '--provider', 'GCP'], /invalid values for: replicationSpecs\.regionConfigs\.regionName/],
    ['a region no cloud has, in the file', ['clusters', 'create', 'c8', '--file', file('c8', clean('c8', 'MARS_1'))], /invalid values for: replicationSpecs\.regionConfigs\.regionName/],
    ['apply of a new cluster in a region no cloud has', ['clusters', 'apply', '--file', file('c9', clean('c9', 'MARS_1')), '--dry-run'], /invalid values for: replicationSpecs\.regionConfigs\.regionName/],
  ])('%s: exit 2, one line, nothing written', async (_label, argv, message) => {
    const before = writes();
    const result = await cdba(argv, { env });
    expectOneErrorLine(result, 2, message);
    expect(result.stdout).toBe('');
    expect(writes()).toBe(before);
  });

  it('a clean file still creates, with flags on top that fit it', async () => {
    const result = await cdba(['clusters', 'create', 'c6', '--file', file('c6', clean('c6')), '--tier', 'M20', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'c6' });
  });
});
