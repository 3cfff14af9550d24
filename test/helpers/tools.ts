// What a test needs from the machine, and what happens where it is missing.
//
// On a developer's machine a test that needs a missing program skips, with a
// note naming the Debian package. In CI a skipped test is a test that does not
// exist: .ci/run sets CDBA_TEST_REQUIRE_ALL=1, and then the test file fails
// instead, naming the package that .ci/run must install. Skips that depend on
// who runs the suite (root, another user) are not missing tools and keep their
// skip; test/helpers/skipReporter.ts lists every skipped test at the end.
import { execFileSync } from 'node:child_process';

/** Every program a test may need, with the Debian package that has it; .ci/run installs each (test/unit/helpers/tools.test.ts). */
export const TOOLS = {
  apache2: 'apache2-bin',
  bash: 'bash',
  chattr: 'e2fsprogs',
  curl: 'curl',
  fish: 'fish',
  git: 'git',
  groff: 'groff-base',
  jq: 'jq',
  man: 'man-db',
  openssl: 'openssl',
  script: 'bsdutils',
  setpriv: 'util-linux',
  strip: 'binutils',
  zsh: 'zsh',
} as const;
export type Tool = keyof typeof TOOLS;

/** Whether `command ...args` runs and exits 0 (stdio ignored). */
export function commandWorks(command: string, args: string[] = ['--version']): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const requireAll = process.env.CDBA_TEST_REQUIRE_ALL === '1';

/**
 * The skip condition of tests that need a program: false where it is present.
 * Where it is missing: true with a note, or under CDBA_TEST_REQUIRE_ALL=1 an
 * error that fails the test file and names the package.
 */
export function missingTool(tool: Tool, present: boolean, skipped: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (present) return false;
  if (env.CDBA_TEST_REQUIRE_ALL === '1') {
    throw new Error(`${tool} is missing and CDBA_TEST_REQUIRE_ALL=1: install the Debian package ${TOOLS[tool]} (.ci/run installs it); ${skipped} would be skipped`);
  }
  if (env === process.env) process.stderr.write(`note: ${tool} is not installed (Debian: ${TOOLS[tool]}); ${skipped} skipped\n`);
  return true;
}
