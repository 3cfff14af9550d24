// Issue 34 item 3: a path parameter that is ".", ".." or empty. encodeURIComponent
// leaves dots alone, and the URL layer and proxies normalise dot segments, so
// `projects delete .. --yes` once sent DELETE /api/atlas/v2/. The one function that
// fills every path (pathOf, src/api/operations.ts) refuses them: every typed
// command that puts a name in a path exits 2 with one line, before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { cdba } from '../../helpers/inProcess.js';

let emu: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  ({ emu, env } = await withEmulator());
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

// Each command that names something the path carries, with what it needs besides the name.
const COMMANDS: ReadonlyArray<(name: string) => string[]> = [
  (name) => ['projects', 'get', name],
  (name) => ['projects', 'delete', name, '--yes'],
  (name) => ['projects', 'use', name],
  (name) => ['dbusers', 'get', name],
  (name) => ['dbusers', 'get', name, '--auth-db', '$external'],
  (name) => ['dbusers', 'update', name, '--description', 'x'],
  (name) => ['dbusers', 'delete', name, '--yes'],
  (name) => ['clusters', 'get', name],
  (name) => ['clusters', 'delete', name, '--yes'],
  (name) => ['clusters', 'patch', name, '--tag', 'a=b'],
  (name) => ['clusters', 'pause', name],
  (name) => ['clusters', 'resume', name],
  (name) => ['clusters', 'watch', name],
  (name) => ['clusters', 'connect', name],
  (name) => ['conn-string', 'get', name],
  (name) => ['conn-string', 'list', name],
  (name) => ['access-list', 'status', name],
  (name) => ['access-list', 'delete', name, '--yes'],
];
const cases = COMMANDS.flatMap((argv) => ['.', '..', ''].map((name) => ({ argv: argv(name) })));

describe('a path parameter that is ".", ".." or empty', () => {
  it.each(cases)('cdba $argv: exit 2, one line, no request', async ({ argv }) => {
    emu.resetStats();
    const result = await cdba(argv, { env });
    const context = `exit ${result.exitCode}; stderr: ${result.stderr}`;
    expect(result.exitCode, context).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr, context).toMatch(/^cdba: [^\n]+\n$/);
    expect(result.stderr, context).not.toMatch(/unexpected error/);
    expect(emu.stats().total, context).toBe(0);
  });
});
