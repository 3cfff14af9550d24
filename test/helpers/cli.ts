// Runs the built bin/cdba.js in a child process, with a clean environment:
// nothing from the developer's own CDBA_* variables or config leaks into a test.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CDBA_BIN = join(REPO_ROOT, 'bin', 'cdba.js');

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** Defaults to a fresh temporary directory per call. */
  configDir?: string;
  timeoutMs?: number;
}

/** A new directory in the run's own temporary directory (globalSetup.ts), which goes at the end of the run. */
export function tempDir(prefix = 'cdba-test-'): string {
  return mkdtempSync(join(process.env.CDBA_TEST_TMP ?? tmpdir(), prefix));
}

export function cleanEnv(extra: Record<string, string | undefined> = {}, configDir = tempDir()): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: configDir,
    CDBA_CONFIG_DIR: configDir,
    LANG: 'C.UTF-8',
    // One V8 code cache for the whole run (test/helpers/globalSetup.ts), as a
    // user's runs share ~/.cache/cdba: each fresh HOME would compile the bundle again.
    ...(process.env.CDBA_TEST_CODE_CACHE ? { XDG_CACHE_HOME: process.env.CDBA_TEST_CODE_CACHE } : {}),
  };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

export async function cdba(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const result = await execa('node', [CDBA_BIN, ...args], {
    env: cleanEnv(options.env, options.configDir),
    extendEnv: false,
    input: options.input ?? '',
    reject: false,
    timeout: options.timeoutMs ?? 20_000,
    stripFinalNewline: false,
  });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}
