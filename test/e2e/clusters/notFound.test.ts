// Only the service's "no such cluster" (404 CLUSTER_NOT_FOUND, the clusters and the flex
// API's alike) means a cluster is absent. Any other 404 keeps its error and exit 4: a
// project that does not exist (404 GROUP_NOT_FOUND) is no missing cluster, so apply
// plans no create (a CI drift check fails instead of reporting "changes pending", 10),
// and watch --until DELETED reports no deletion (exit 0 otherwise).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed, modernBody } from '../../reliability/support.js';

/** A project ID the emulator does not know: it answers 404 GROUP_NOT_FOUND for it. */
const NO_PROJECT = '0123456789abcdef01234567';
const GONE = new RegExp(`^cdba: No group with ID ${NO_PROJECT} exists\\. \\(GROUP_NOT_FOUND, HTTP 404\\)`);

const dir = tempDir('cdba-notfound-');
function file(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}
const dedicated = file('c3.json', modernBody('c3'));
const flex = file('f3.json', { name: 'f3', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });

let emu: RunningEmulator;
let env: Record<string, string>;
let elsewhere: Record<string, string>;
beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed(), transitionMs: 0 }));
  env = digestEnv(emu.url);
  elsewhere = { ...env, CDBA_PROJECT_ID: NO_PROJECT };
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('a project that does not exist is not a missing cluster', () => {
  it('the emulator answers GROUP_NOT_FOUND for it (the premise)', async () => {
    expectOneErrorLine(await cdba(['clusters', 'get', 'c3'], { env: elsewhere }), 4, GONE);
  });

  it.each([
    ['a dedicated cluster', dedicated],
    ['a flex cluster', flex],
  ])('apply --dry-run --exit-code of %s: exit 4 with the service\'s error, no plan', async (_what, path) => {
    for (const output of ['json', 'table']) {
      const result = await cdba(['clusters', 'apply', '--file', path, '--dry-run', '--exit-code', '-o', output], { env: elsewhere });
      expectOneErrorLine(result, 4, GONE);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(/create/);
    }
  });

  it('apply without --dry-run sends no create', async () => {
    const before = emu.stats().byMethod.POST ?? 0;
    expectOneErrorLine(await cdba(['clusters', 'apply', '--file', dedicated], { env: elsewhere }), 4, GONE);
    expect(emu.stats().byMethod.POST ?? 0).toBe(before);
  });

  it('watch --until DELETED: exit 4 with the service\'s error, not "is DELETED"', async () => {
    const result = await cdba(['clusters', 'watch', 'c3', '--until', 'DELETED'], { env: elsewhere });
    expectOneErrorLine(result, 4, GONE);
    expect(result.stdout).toBe('');
  });

  it('in a project that exists, a missing cluster still is absent: apply plans a create, watch --until DELETED ends', async () => {
    const planned = await cdba(['clusters', 'apply', '--file', dedicated, '--dry-run', '--exit-code', '-o', 'json'], { env });
    expect(planned.exitCode, planned.stderr).toBe(10);
    expect(JSON.parse(planned.stdout)).toEqual({ action: 'create', changes: [] });
    const flexPlanned = await cdba(['clusters', 'apply', '--file', flex, '--dry-run', '--exit-code', '-o', 'json'], { env });
    expect(flexPlanned.exitCode, flexPlanned.stderr).toBe(10);
    expect(JSON.parse(flexPlanned.stdout)).toEqual({ action: 'create', changes: [] });
    const watched = await cdba(['clusters', 'watch', 'c3', '--until', 'DELETED'], { env });
    expect(watched.exitCode, watched.stderr).toBe(0);
    expect(watched.stderr).toMatch(/cluster c3 is DELETED/);
  });
});
