// Shell lines run as a user pastes them: into bash, with `cdba` on PATH and a
// HOME of their own. For the README's blocks and the examples that help prints.
import { execa } from 'execa';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CDBA_BIN, tempDir } from './cli.js';

/**
 * A directory for PATH with a `cdba` that runs this checkout's launcher, as the
 * link `npm install -g` makes does, and any stand-ins given (name to script).
 */
export function cdbaOnPath(standIns: Record<string, string> = {}): string {
  const bin = join(tempDir('cdba-bash-bin-'), 'bin');
  mkdirSync(bin);
  const scripts = { cdba: `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CDBA_BIN)} "$@"\n`, ...standIns };
  for (const [name, script] of Object.entries(scripts)) {
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

/**
 * The environment of a new user's shell: a HOME of its own and nothing of cdba's
 * (no CDBA_CONFIG_DIR: the config goes to ~/.config/cdba, as for a user). Only the
 * V8 code cache is the run's shared one (test/helpers/globalSetup.ts).
 */
export function newUserEnv(home: string, bin: string): Record<string, string> {
  return {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    LANG: 'C.UTF-8',
    ...(process.env.CDBA_TEST_CODE_CACHE ? { XDG_CACHE_HOME: process.env.CDBA_TEST_CODE_CACHE } : {}),
  };
}

export interface Pasted {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `lines` as bash reads a paste: from its standard input, so a command that
 * reads stdin where it should not would swallow the lines after it, as in a
 * terminal. Under `set -euo pipefail`: the first failing command ends the run and
 * the ERR trap names it. A background job left behind (a run that failed before
 * stopping its emulator) is stopped when bash exits, however it exits.
 */
export async function paste(lines: string, env: Record<string, string>, cwd: string, timeoutMs = 180_000): Promise<Pasted> {
  const prelude = [
    'set -euo pipefail',
    `trap 'echo "paste: failed (exit $?): $BASH_COMMAND" >&2' ERR`,
    `trap 'kill $(jobs -p) 2>/dev/null || true' EXIT`,
    "trap 'exit 143' TERM",
    '',
  ].join('\n');
  // The deadline only stops a hung run; nothing is asserted about time.
  const result = await execa('bash', ['-s'], { cwd, env, extendEnv: false, reject: false, timeout: timeoutMs, input: `${prelude}${lines}\n` });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}
