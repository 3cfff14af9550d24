// `profile list` when the current profile no longer exists: it lists, marks
// none current, and warns once (it used to fail, pointing at itself).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../../helpers/cli.js';
import { inTerminal, scriptAvailable } from './pty.js';

function configWithGoneCurrent(): string {
  const dir = tempDir();
  const config = { currentProfile: 'gone', profiles: { a: { projectId: '5e1ab0c0ffee0000deadbeef' }, b: {} } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return dir;
}

const WARNING = 'cdba: warning: the current profile "gone" no longer exists; choose one with cdba profile use <name>\n';

describe('profile list with a current profile that is gone', () => {
  it('in a pipe: the profiles, none current, one warning', async () => {
    const result = await cdba(['profile', 'list'], { configDir: configWithGoneCurrent() });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(WARNING);
    expect(JSON.parse(result.stdout)).toEqual([
      { name: 'a', current: false, auth: 'none', projectId: '5e1ab0c0ffee0000deadbeef' },
      { name: 'b', current: false, auth: 'none' },
    ]);
  });

  it.skipIf(!scriptAvailable)('on a terminal: the table, no name marked *, one warning', async () => {
    const { exitCode, text } = await inTerminal(['profile', 'list'], { columns: 80, configDir: configWithGoneCurrent(), env: { NO_COLOR: '1' } }).done();
    expect(exitCode, text).toBe(0);
    expect(text.split('cdba: warning:')).toHaveLength(2);
    expect(text).toContain(WARNING);
    expect(text).toMatch(/^NAME\s+AUTH\s+PROJECT ID/m);
    expect(text).not.toContain('*');
  });
});
