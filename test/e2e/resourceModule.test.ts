// Issue 33, done means: a fixture resource (test/fixtures/widgets/: operations,
// API module, emulator module with routes, seed key and state, and one command)
// is served by the emulator and the CLI from its own files alone; nothing shared
// names it. Registered, run, and taken out again.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { registerWidgetsCommands } from '../fixtures/widgets/cli.js';
import { registerWidgets } from '../fixtures/widgets/register.js';
import { withEmulator } from '../helpers/emulator.js';
import { REPO_ROOT, cdba } from '../helpers/inProcess.js';
import { digestEnv, knownSeed, PROJECT_ID } from '../reliability/support.js';

let undo: () => void;
let emu: RunningEmulator;
beforeAll(async () => {
  undo = registerWidgets();
  ({ emu } = await withEmulator({ seed: { ...knownSeed(), widgets: [{ projectId: PROJECT_ID, id: 'w-1', name: 'gear' }, { projectId: PROJECT_ID, id: 'w-2', name: 'cog' }] } as never }));
});
afterAll(async () => {
  await emu.stop();
  undo();
});

describe('a resource from its module alone: the widgets fixture', () => {
  it('cdba widgets list: the seeded widgets, as a table and as JSON', async () => {
    const table = await cdba(['widgets', 'list', '-o', 'table'], { env: digestEnv(emu.url), extendProgram: registerWidgetsCommands });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toBe('ID\tNAME\nw-1\tgear\nw-2\tcog\n');
    const json = await cdba(['widgets', 'list', '-o', 'json', '--query', 'results[].name'], { env: digestEnv(emu.url), extendProgram: registerWidgetsCommands });
    expect(json.stdout).toBe('["gear","cog"]\n');
  });

  it('its bad input is refused before any request, as every command\'s', async () => {
    const before = emu.stats().total;
    const result = await cdba(['widgets', 'list', '--limit', '3'], { env: digestEnv(emu.url), extendProgram: registerWidgetsCommands });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^cdba: unknown option '--limit'/);
    expect(emu.stats().total).toBe(before);
  });

  it('no product file names it: src/ has no widget anywhere', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
    const naming = files(join(REPO_ROOT, 'src')).filter((file) => /widget/i.test(readFileSync(file, 'utf8')));
    expect(naming).toEqual([]);
  });

  it('without its registration line the tree does not know it', async () => {
    const result = await cdba(['widgets', 'list'], { env: digestEnv(emu.url) });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'widgets'/);
  });
});
