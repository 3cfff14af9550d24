// Issue 42, item 11: a --state file's world is checked as a seed is, before anything reads
// it: each module's declared shape (StatePart.shape), every problem named by its field, the
// file named, exit 2. `{"format":"cdba-emulator-state/1","world":{}}` used to end in
// "unexpected error: world.projects is not iterable", and a partial world failed later, on a request.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/cli.js';
import { testSeed, modernCreate, PROJECT_A } from './fixtures.js';

const FORMAT = 'cdba-emulator-state/1';

/** A state file the emulator wrote itself (from the test seed with one cluster), as parsed JSON. */
async function goodWorld(): Promise<Record<string, unknown>> {
  const statePath = join(tempDir(), 'state.json');
  const emu = await startEmulator({ seed: testSeed({ clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }] }), statePath });
  await emu.stop();
  return (JSON.parse(readFileSync(statePath, 'utf8')) as { world: Record<string, unknown> }).world;
}

async function refusal(world: unknown): Promise<{ path: string; message: string }> {
  const path = join(tempDir(), 'state.json');
  writeFileSync(path, JSON.stringify({ format: FORMAT, world }));
  const error = await startEmulator({ statePath: path }).then(
    async (emu) => {
      await emu.stop();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  return { path, message: (error as Error).message };
}

describe('the --state file\'s shape', () => {
  it('an empty world: refused naming the file and every missing key', async () => {
    const { path, message } = await refusal({});
    expect(message).toContain(`--state: ${path} is not a usable emulator state`);
    for (const key of ['world.apiKeys', 'world.serviceAccounts', 'world.orgs', 'world.projects', 'world.clusters']) expect(message).toContain(`${key}: missing`);
  });

  const breaks: Array<[string, (world: Record<string, any>) => void, string]> = [ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['projects not an array', (w) => (w.projects = {}), 'world.projects: must be an array'],
    ['a project without its id', (w) => delete w.projects[0].id, 'world.projects[0].id: missing'],
    ['a cluster without its project', (w) => delete (w.clusters[0].model as Record<string, unknown>).groupId, 'world.clusters[0].model.groupId: missing'],
    ['a cluster that is null', (w) => (w.clusters[0] = null), 'world.clusters[0]: must be an object'],
    ['an API key whose roles are a string', (w) => (w.apiKeys[0].roles = 'GROUP_OWNER'), 'world.apiKeys[0].roles: must be an array'],
    ['backups that are a number', (w) => (w.backups = 3), 'world.backups: must be an object'],
    ['a stored snapshot with a date for a time', (w) => (w.backups = { snapshots: [{ id: 'a', clusterId: 'b', requestedAt: '2026-01-01', completeAt: 1, retentionDays: 7 }] }), 'world.backups.snapshots[0].requestedAt: must be a number'],
    ['peering without its peers', (w) => (w.peering = { containers: [] }), 'world.peering.peers: missing'],
    ['flex clusters of strings', (w) => (w.flexClusters = ['f1']), 'world.flexClusters[0]: must be an object'],
  ];

  it.each(breaks)('%s: refused, naming the field', async (_label, change, expected) => {
    const world = await goodWorld();
    change(world as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect((await refusal(world)).message).toContain(expected);
  });

  it('a world the emulator wrote, and one written before the optional keys, still load', async () => {
    const world = await goodWorld();
    for (const key of ['backups', 'search', 'peering', 'privateEndpoints', 'databaseUsers', 'flexClusters']) delete world[key];
    const path = join(tempDir(), 'state.json');
    writeFileSync(path, JSON.stringify({ format: FORMAT, world }));
    const emu = await startEmulator({ statePath: path });
    expect(emu.state()).toBeDefined();
    await emu.stop();
  });

  it('cdba emulator: exit 2, one line naming the file and the field', async () => {
    const path = join(tempDir(), 'state.json');
    writeFileSync(path, JSON.stringify({ format: FORMAT, world: {} }));
    const result = await cdba(['emulator', '--state', path]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^cdba: --state: ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not a usable emulator state: world\\.orgs: missing \\(must be an array\\);[^\\n]*world\\.projects: missing[^\\n]*\\n$`));
    expect(result.stderr).not.toContain('unexpected error');
  });
});
