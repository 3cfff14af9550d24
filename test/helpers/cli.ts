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

export function tempDir(prefix = 'cdba-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function cleanEnv(extra: Record<string, string | undefined> = {}, configDir = tempDir()): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: configDir,
    CDBA_CONFIG_DIR: configDir,
    LANG: 'C.UTF-8',
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
