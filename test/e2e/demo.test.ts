// `npm run demo` (dist/demo.js) tours the real CLI against the embedded
// emulator, exits 0 and leaves nothing behind.
import { execa } from 'execa';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

it('runs the whole tour green and cleans up', { timeout: 90_000 }, async () => {
  // A temporary directory of its own: other runs (another suite on the machine) make and remove theirs meanwhile.
  const tmp = tempDir('cdba-demo-tmp-');
  const result = await execa('node', [join(REPO_ROOT, 'dist', 'demo.js')], {
    env: { PATH: process.env.PATH ?? '', HOME: tempDir('cdba-demo-home-'), TMPDIR: tmp },
    extendEnv: false,
    reject: false,
    timeout: 80_000,
  });
  expect(result.stderr).not.toMatch(/demo: step failed/);
  expect(result.exitCode).toBe(0);
  for (const step of [
    '$ cdba profile add demo',
    '$ cdba clusters create demo-cluster',
    '$ cdba clusters list',
    '$ cdba conn-string get demo-cluster',
    '$ cdba conn-string parse',
    '$ cdba private-ip disable --yes',
    '$ cdba clusters delete demo-cluster --yes --watch',
  ]) {
    expect(result.stdout).toContain(step);
  }
  expect(result.stdout).toMatch(/mongodb\+srv:\/\/demo-cluster\.[a-z0-9]+\.mongodb\.net/);
  expect(result.stdout).toContain('Tour complete.');
  // Nothing of this run is left behind.
  expect(readdirSync(tmp)).toEqual([]);
});
