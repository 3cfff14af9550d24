// `clusters patch` of a shared-tier (M0) cluster's hardware (--tier, --disk-size-gb,
// --members, a file's tier): the service refuses such a PATCH (400), and `clusters
// upgrade` is the way off the shared tier. Refused once the cluster is read, before any
// write (exit 2), with the upgrade command as the hint, carrying the invocation's -P,
// --project-id and --base-url.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, digestEnv, expectOneErrorLine, knownSeed, modernBody } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const writes = (): number => (emu.stats().byMethod.POST ?? 0) + (emu.stats().byMethod.PATCH ?? 0);
const tenant = { name: 'm02', replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }] };

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({ clusters: [{ projectId: PROJECT_ID, cluster: modernBody('plain') }, { projectId: PROJECT_ID, cluster: tenant }] }),
    transitionMs: 0,
  }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('clusters patch of a shared-tier cluster\'s hardware', () => {
  it.each([
    [['--tier', 'M10'], '--tier', 'M10'],
    [['--tier', 'm30'], '--tier', 'M30'],
    [['--disk-size-gb', '20'], '--disk-size-gb', 'M10'],
    [['--tier', 'M2', '--disk-size-gb', '20'], '--tier, --disk-size-gb', 'M10'],
    [['--members', '5'], '--members', 'M10'],
  ])('%j: exit 2 before any write, with the upgrade command', async (flags, asked, tier) => {
    const before = writes();
    const result = await cdba(['clusters', 'patch', 'm02', ...flags], { env });
    expectOneErrorLine(result, 2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `cdba: cluster m02 is on the shared tier, whose ${asked} a patch cannot change: move it to a dedicated tier first; upgrade it with \`cdba clusters upgrade m02 --tier ${tier}\`\n`,
    );
    expect(writes()).toBe(before);
  });

  it('a file that changes only the legacy tier is refused the same way', async () => {
    const before = writes();
    const result = await cdba(['clusters', 'patch', 'm02', '--file', '-'], { env, input: '{"providerSettings":{"instanceSizeName":"M20"}}' });
    // The note of what the file's tier means comes first (said before the cluster is read); then the one error line.
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr.split('\n').at(-2)).toBe(
      'cdba: cluster m02 is on the shared tier, whose --tier a patch cannot change: move it to a dedicated tier first; upgrade it with `cdba clusters upgrade m02 --tier M20`',
    );
    expect(writes()).toBe(before);
  });

  it('the hint carries -P, --project-id and --base-url as given', async () => {
    const configDir = tempDir('cdba-shared-');
    const profile = { publicKey: OWNER_PUBLIC, privateKey: OWNER_PRIVATE };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles: { 'ci-prof': profile } }), { mode: 0o600 });
    const before = writes();
    const result = await cdba(['-P', 'ci-prof', '--project-id', PROJECT_ID, '--base-url', emu.url, 'clusters', 'patch', 'm02', '--tier', 'M10'], { configDir });
    expectOneErrorLine(result, 2);
    expect(result.stderr).toContain(`upgrade it with \`cdba -P ci-prof --project-id ${PROJECT_ID} --base-url ${emu.url} clusters upgrade m02 --tier M10\``);
    expect(writes()).toBe(before);
  });

  it('--backup names the upgrade too; tags and termination protection still go through', async () => {
    expectOneErrorLine(await cdba(['clusters', 'patch', 'm02', '--backup'], { env }), 2, /which has no cloud backup: move it to M10 or larger first; upgrade it with `cdba clusters upgrade m02 --tier M10`\n$/);
    const tagged = await cdba(['clusters', 'patch', 'm02', '--tag', 'env=ci', '-o', 'json', '--query', 'tags'], { env });
    expect(tagged.exitCode, tagged.stderr).toBe(0);
    expect(JSON.parse(tagged.stdout)).toEqual([{ key: 'env', value: 'ci' }]);
  });

  it('a dedicated cluster\'s tier still changes', async () => {
    const result = await cdba(['clusters', 'patch', 'plain', '--tier', 'M20', '-o', 'json', '--query', 'replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('"M20"');
  });
});
