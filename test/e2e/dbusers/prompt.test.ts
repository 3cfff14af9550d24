// The password prompt of `dbusers create` on a real terminal: what is typed is not
// echoed and never shown; Ctrl-C at the prompt exits 130 and creates nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { tempDir } from '../../helpers/cli.js';
import { withEmulator } from '../../helpers/emulator.js';
import { inTerminal, scriptAvailable } from '../terminal/pty.js';

let emu: RunningEmulator;
let configDir: string;
beforeAll(async () => {
  ({ emu } = await withEmulator());
  configDir = tempDir('cdba-dbusers-pty-');
  const { publicKey, privateKey } = emu.defaults.owner;
  const profile = { baseUrl: emu.url, publicKey, privateKey, projectId: emu.defaults.projectId };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ currentProfile: 'pty', profiles: { pty: profile } }), { mode: 0o600 });
});
afterAll(async () => {
  await emu.stop();
});

const creates = (): number => emu.stats().byPath['POST /api/atlas/v2/groups/{groupId}/databaseUsers'] ?? 0;

describe.skipIf(!scriptAvailable)('dbusers create asks for the password on a terminal', () => {
  it('reads it without echo and shows the new user, never the password', async () => {
    const t = inTerminal(['dbusers', 'create', 'app', '--role', 'readWrite@app'], { columns: 100, configDir });
    await t.seen(/Password: $/);
    t.type('typed-Secret-42\r');
    const { exitCode, text } = await t.done();
    expect(exitCode, text).toBe(0);
    expect(text).not.toContain('typed-Secret-42');
    expect(text).toMatch(/Username:\s+app/);
    // One user created (the digest challenge before it is the other POST counted).
    expect(emu.stats().byStatus['201']).toBe(1);
  });

  it('Ctrl-C at the prompt: exit 130, nothing created', async () => {
    const before = creates();
    const t = inTerminal(['dbusers', 'create', 'never', '--role', 'read@app'], { columns: 100, configDir });
    await t.seen(/Password: $/);
    t.type('half-typ');
    t.type('\u0003');
    const { exitCode, text } = await t.done();
    expect(exitCode, text).toBe(130);
    expect(text).not.toContain('half-typ');
    expect(creates()).toBe(before);
  });
});
