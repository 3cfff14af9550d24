// `cdba profile add` on a terminal offers to check the new credentials with
// `cdba auth status` at the end (CDBA_FORCE_TTY with piped answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';

const PROJECT = 'b0000000000000000000000b';
const KEY = { publicKey: 'newkey01', privateKey: '8e3b2a4c-3d5e-4f70-8b12-c3d4e5f6a7b8' };

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { projects: [{ id: PROJECT, name: 'p' }], apiKeys: [{ ...KEY, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }] } });
});
afterAll(async () => {
  await emu.stop();
});

const answers = (check: string): string => `${KEY.publicKey}\n${KEY.privateKey}\n${PROJECT}\n${emu.url}\n${check}`;

describe('profile add on a terminal', () => {
  it('Enter at the offer runs the check: the auth status view on stdout, one GET of the root', async () => {
    emu.resetStats();
    const result = await cdba(['profile', 'add', 'fresh'], { configDir: tempDir(), env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' }, input: answers('\n') });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('Check these credentials against the service now? [Y/n] ');
    expect(result.stdout).toContain('Status:      credentials accepted\n');
    expect(result.stdout).toContain('Profile:     fresh (from flag)\n');
    expect(result.stdout).not.toContain(KEY.privateKey);
    expect(Object.keys(emu.stats().byPath)).toEqual(['GET /api/atlas/v2']);
  });

  it('"n" at the offer: saved, nothing checked, nothing sent', async () => {
    emu.resetStats();
    const result = await cdba(['profile', 'add', 'quiet'], { configDir: tempDir(), env: { CDBA_FORCE_TTY: '1', NO_COLOR: '1' }, input: answers('n\n') });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(emu.stats().total).toBe(0);
  });

  it('without a terminal there is no offer', async () => {
    const result = await cdba(['profile', 'add', 'ci', '--public-key', KEY.publicKey, '--private-key-stdin'], { configDir: tempDir(), input: KEY.privateKey });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('Check these credentials');
  });
});
