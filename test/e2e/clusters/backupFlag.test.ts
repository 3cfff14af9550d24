// `clusters create --backup` and `clusters patch --backup/--no-backup` (issue 36): cloud
// backup on or off in the field of the version sent (backupEnabled, or the legacy
// providerBackupEnabled), where the tier allows it: the shared tier has none (refused
// before any write) and a flex cluster's is always on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, digestEnv, expectOneErrorLine, knownSeed, modernBody } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const writes = (): number => (emu.stats().byMethod.POST ?? 0) + (emu.stats().byMethod.PATCH ?? 0);
const lastBody = (name: string): unknown => emu.state().clusters.find((c) => c.name === name)?.lastRequestBody;

beforeAll(async () => {
  const tenant = { name: 'shared', replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }] };
  ({ emu } = await withEmulator({
    seed: knownSeed({
      clusters: [{ projectId: PROJECT_ID, cluster: modernBody('plain') }, { projectId: PROJECT_ID, cluster: tenant }],
      flexClusters: [{ projectId: PROJECT_ID, cluster: { name: 'flexy', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
    }),
    transitionMs: 0,
  }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('clusters create --backup', () => {
  it('sends backupEnabled, or providerBackupEnabled at a legacy version', async () => {
    const created = await cdba(['clusters', 'create', 'withbackup', '--provider', 'AWS', '--region', 'US_EAST_1', '--backup', '-o', 'json', '--query', 'backupEnabled'], { env });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout.trim()).toBe('true');
    expect(lastBody('withbackup')).toMatchObject({ backupEnabled: true });
    const legacy = await cdba(['--api-version', '2023-01-01', 'clusters', 'create', 'legacybackup', '--provider', 'AWS', '--region', 'US_EAST_1', '--backup', '-o', 'json'], { env });
    expect(legacy.exitCode, legacy.stderr).toBe(0);
    expect(lastBody('legacybackup')).toMatchObject({ providerBackupEnabled: true });
    expect(lastBody('legacybackup')).not.toHaveProperty('backupEnabled');
  });

  it('the shared tier and flex clusters: refused before any request', async () => {
    const before = writes();
    expectOneErrorLine(await cdba(['clusters', 'create', 'free', '--provider', 'TENANT', '--region', 'US_EAST_1', '--backup'], { env }), 2, /--backup: not available for the shared tier \(--provider TENANT\)/);
    expectOneErrorLine(await cdba(['clusters', 'create', 'flexed', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--backup'], { env }), 2, /--backup: not available for --tier FLEX .*backups always on/);
    expect(writes()).toBe(before);
  });
});

describe('clusters patch --backup / --no-backup', () => {
  it('turns cloud backup on and off; asking for what the cluster already has sends nothing', async () => {
    const on = await cdba(['clusters', 'patch', 'plain', '--backup', '-o', 'json', '--query', 'backupEnabled'], { env });
    expect(on.exitCode, on.stderr).toBe(0);
    expect(on.stdout.trim()).toBe('true');
    expect(lastBody('plain')).toEqual({ backupEnabled: true });
    const before = writes();
    const again = await cdba(['clusters', 'patch', 'plain', '--backup', '-o', 'json'], { env });
    expect(again.stderr).toContain('cdba: cluster plain already is as asked; nothing to change, nothing sent');
    expect(writes()).toBe(before);
    const off = await cdba(['clusters', 'patch', 'plain', '--no-backup', '-o', 'json', '--query', 'backupEnabled'], { env });
    expect(off.stdout.trim()).toBe('false');
    expect(lastBody('plain')).toEqual({ backupEnabled: false });
  });

  it('a shared-tier cluster: refused once read, before any write; a flex cluster: its backup is always on', async () => {
    const before = writes();
    expectOneErrorLine(await cdba(['clusters', 'patch', 'shared', '--backup'], { env }), 2, /cluster shared is on the shared tier, which has no cloud backup: move it to M10 or larger first/);
    expect(writes()).toBe(before);
    expectOneErrorLine(await cdba(['clusters', 'patch', 'flexy', '--no-backup'], { env }), 1, /cluster flexy is a flex cluster: a flex cluster's cloud backup is always on/);
    expect(writes()).toBe(before);
  });
});
