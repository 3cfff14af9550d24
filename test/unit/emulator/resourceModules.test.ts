// Issue 33: a resource of the emulator is one module (src/emulator/contract.ts), and the
// shared files loop over the one list of them. A fixture resource (test/fixtures/widgets/)
// is served, seeded and stored from its module alone, and the shared files name no resource.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, validateSeed, type RunningEmulator, type SeedDocument } from '../../../src/emulator/index.js';
import { RESOURCES } from '../../../src/emulator/resources/index.js';
import { OPERATIONS, type OperationName } from '../../../src/api/operations.js';
import { widgetsResource } from '../../fixtures/widgets/emulator.js';
import { registerWidgets } from '../../fixtures/widgets/register.js';
import { tempDir } from '../../helpers/cli.js';
import { withEmulator } from '../../helpers/emulator.js';
import { OWNER, PROJECT_A, PROJECT_B, READER, client, testSeed, v2 } from './fixtures.js';

const EMULATOR = join(import.meta.dirname, '../../../src/emulator');
/** The files every request, seed and state file goes through. */
const SHARED = ['store.ts', 'server.ts', 'routes.ts', 'seed.ts', 'errors.ts', 'index.ts', 'context.ts', 'modules.ts', 'contract.ts'];
/** The service's own words about the caller, not the database users resource. */
const SERVICE_WORDING = ['cannot be changed by the user'];
/** Modules the pipeline itself goes through: the API root, and the credentials it authenticates with. */
const PIPELINE = ['root', 'credentials'];
/**
 * A resource's word the shared files use in another sense: `peer`, the caller's network
 * address; `process` (singular), an operating system's (the resource's `processes` is still caught).
 */
const OTHER_SENSES = /\bpeer\b|\bprocess\b/g;
/**
 * What the shared files must not name: each module's name and the resources of the table
 * its operations are of, singular (the product's modules and the widgets fixture's), and
 * the first words this test held (`flex`, `user`: parts of those names).
 */
const RESOURCE_WORDS = [
  ...new Set(
    [...RESOURCES, widgetsResource]
      .flatMap((module) => [module.name, ...Object.keys(module.operations ?? {}).map((name) => OPERATIONS[name as OperationName]?.resource ?? name.slice(0, name.indexOf('.')))])
      .filter((word) => !PIPELINE.includes(word))
      .map((word) => word.replace(/(?<!s)s$|es$/, '').replace(/ie$/, 'y'))
      .concat(['flex', 'user']),
  ),
];

describe('the shared files of the emulator', () => {
  it('name no resource: no word of any resource module (its name, the resources it serves) is in them', () => {
    expect(RESOURCE_WORDS.length).toBeGreaterThan(RESOURCES.length);
    const pattern = new RegExp(RESOURCE_WORDS.join('|'), 'i');
    const found = SHARED.flatMap((file) =>
      readFileSync(join(EMULATOR, file), 'utf8')
        .split('\n')
        .map((line, i) => [line, i] as const)
        .filter(([line]) => pattern.test(line.replace(OTHER_SENSES, '')) && !SERVICE_WORDING.some((words) => line.includes(words)))
        .map(([line, i]) => `${file}:${i + 1}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('the product\'s resources are the one list, each declared once', () => {
    const names = RESOURCES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    const operations = RESOURCES.flatMap((module) => Object.keys(module.operations ?? {}));
    expect(new Set(operations).size).toBe(operations.length);
  });
});

describe('a resource served from its module alone (the widgets fixture)', () => {
  let undo: () => void;
  let emu: RunningEmulator;
  const seed = (): SeedDocument => testSeed({ widgets: [{ projectId: PROJECT_A, id: 'w-7', name: 'gear' }, { projectId: PROJECT_B, id: 'w-8', name: 'cog' }] });
  const widgets = (project: string) => `/api/atlas/v2/groups/${project}/widgets`;
  beforeAll(async () => {
    undo = registerWidgets();
    ({ emu } = await withEmulator({ seed: seed() }));
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
    undo();
  });

  it('routes: its operations at their versions, under the scope of the path, with their permissions', async () => {
    const owner = client(emu, OWNER);
    const list = await owner.request('GET', widgets(PROJECT_A), { headers: v2('2024-10-23') });
    expect([list.status, list.headers.get('content-type')]).toEqual([200, 'application/vnd.atlas.2023-02-01+json;charset=utf-8']);
    expect(list.json.results).toEqual([{ id: 'w-7', name: 'gear', groupId: PROJECT_A }]);
    // Its own rate limit, counted on its own.
    expect(list.headers.get('ratelimit-limit')).toBe('500');
    expect((await owner.request('GET', `${widgets(PROJECT_A)}/w-8`, { headers: v2('2023-01-01') })).status).toBe(404);
    const unknownProject = await owner.request('GET', widgets('b'.repeat(24)), { headers: v2('2023-02-01') });
    expect([unknownProject.status, unknownProject.json.errorCode]).toEqual([404, 'GROUP_NOT_FOUND']);
    const reader = await client(emu, READER).request('PATCH', `${widgets(PROJECT_A)}/w-7`, { headers: v2('2023-02-01'), body: { name: 'x' } });
    expect(reader.status).toBe(401);
  });

  it('its bodies follow the read-only echo rule: an unchanged id passes, a changed one is refused', async () => {
    const owner = client(emu, OWNER);
    const renamed = await owner.request('PATCH', `${widgets(PROJECT_A)}/w-7`, { headers: v2('2023-02-01'), body: { id: 'w-7', groupId: PROJECT_A, name: 'sprocket' } });
    expect([renamed.status, renamed.json]).toEqual([200, { id: 'w-7', name: 'sprocket', groupId: PROJECT_A }]);
    const moved = await owner.request('PATCH', `${widgets(PROJECT_A)}/w-7`, { headers: v2('2023-02-01'), body: { id: 'w-9' } });
    expect([moved.status, moved.json.errorCode, moved.json.parameters]).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['id']]);
    expect(emu.state().widgets).toEqual([{ id: 'w-7', name: 'sprocket', groupId: PROJECT_A }, { id: 'w-8', name: 'cog', groupId: PROJECT_B }]);
  });

  it('its seed key is checked by its own validation, naming the entry, beside every other key', () => {
    const bad = { ...seed(), widgets: [{ projectId: PROJECT_A, id: 'gadget', name: 'x', colour: 'red' }, { projectId: 'c'.repeat(24), id: 'w-1', name: 'y' }] };
    expect(() => validateSeed(bad, 'seed.json')).toThrow(
      'seed.json is not a valid seed: widgets[0]: unknown field "colour" (allowed: projectId, id, name); widgets[0].id: "gadget" is not a widget id (w-<digits>); widgets[1].projectId: "cccccccccccccccccccccccc" is not one of the seed\'s projects',
    );
  });

  it('its state is written with the rest and read back; a state file from before it is upgraded', async () => {
    const statePath = join(tempDir('cdba-widgets-'), 'state.json');
    const first = await startEmulator({ seed: seed(), statePath });
    await client(first, OWNER).request('PATCH', `${widgets(PROJECT_B)}/w-8`, { headers: v2('2023-02-01'), body: { name: 'kept' } });
    await first.stop();
    expect(JSON.parse(readFileSync(statePath, 'utf8')).world.widgets).toContainEqual({ id: 'w-8', name: 'kept', groupId: PROJECT_B });
    const again = await startEmulator({ seed: testSeed(), statePath });
    try {
      expect(again.state().widgets.find((w) => w.id === 'w-8')?.name).toBe('kept');
    } finally {
      await again.stop();
    }
    const older = JSON.parse(readFileSync(statePath, 'utf8')) as { world: Record<string, unknown> };
    delete older.world.widgets;
    writeFileSync(statePath, JSON.stringify(older));
    const upgraded = await startEmulator({ statePath });
    try {
      expect(upgraded.state().widgets).toEqual([]);
      expect((await client(upgraded, OWNER).request('GET', widgets(PROJECT_A), { headers: v2('2023-02-01') })).json.results).toEqual([]);
    } finally {
      await upgraded.stop();
    }
  });

  it('taken out again, its seed key is unknown and its routes are gone', async () => {
    undo();
    try {
      expect(() => validateSeed(seed(), 'seed.json')).toThrow('seed.json: unknown field "widgets"');
      expect((await client(emu, OWNER).request('GET', widgets(PROJECT_A), { headers: v2('2023-02-01') })).status).toBe(404);
    } finally {
      undo = registerWidgets();
    }
  });
});
