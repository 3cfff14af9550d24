// The suite's own rule for missing programs: a skip on a developer's machine, a
// failure naming the package in CI (CDBA_TEST_REQUIRE_ALL=1, set by .ci/run).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';
import { commandWorks, missingTool, TOOLS } from '../../helpers/tools.js';

describe('missingTool', () => {
  it('a present program is never a skip, with or without the requirement', () => {
    expect(missingTool('zsh', true, 'x', {})).toBe(false);
    expect(missingTool('zsh', true, 'x', { CDBA_TEST_REQUIRE_ALL: '1' })).toBe(false);
  });

  it('a missing program skips where nothing requires it', () => {
    expect(missingTool('zsh', false, 'x', {})).toBe(true);
  });

  it('under CDBA_TEST_REQUIRE_ALL=1 a missing program fails, naming the Debian package', () => {
    expect(() => missingTool('apache2', false, 'the interop test is', { CDBA_TEST_REQUIRE_ALL: '1' })).toThrow(
      /apache2 is missing .*install the Debian package apache2-bin/,
    );
  });

  it('commandWorks tells a program that runs from one that does not exist', () => {
    expect(commandWorks(process.execPath)).toBe(true);
    expect(commandWorks('cdba-no-such-program-here')).toBe(false);
  });
});

describe('.ci/run', () => {
  const script = readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8');

  it('requires every tool, so that no test is skipped in CI for a missing one', () => {
    expect(script).toMatch(/^export CDBA_TEST_REQUIRE_ALL=1$/m);
  });

  it.each(Object.entries(TOOLS))('installs %s (Debian package %s) where it is missing', (tool, debianPackage) => {
    expect(script).toContain(`|| need+=(${debianPackage})`);
    expect(script).toMatch(new RegExp(`^(command -v ${tool} |\\[ -x /usr/sbin/${tool} \\]).*need\\+=\\(${debianPackage.replace(/[.+]/g, '\\$&')}\\)$`, 'm'));
  });
});
