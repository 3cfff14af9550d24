// The process-level smoke set: the built bin/cdba.js as a shell runs it. Most
// command tests run main() in-process (test/helpers/inProcess.ts); these keep
// the launcher, the bundle and exit codes as a shell sees them honest.
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CDBA_BIN, cdba, cleanEnv, REPO_ROOT } from '../helpers/cli.js';
import { withEmulator } from '../helpers/emulator.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let emu: RunningEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  ({ emu, env } = await withEmulator());
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe.concurrent('the built binary', () => {
  it('--version answers from the launcher alone', async () => {
    const result = await cdba(['--version']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`${VERSION}\n`);
    expect(result.stderr).toBe('');
  });

  it('a command against the emulator: exit 0, the document on stdout, nothing on stderr', async () => {
    const result = await cdba(['clusters', 'list', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveProperty('results');
    expect(result.stderr).toBe('');
  });

  it('exit codes as a shell sees them: usage 2, not found 4', async () => {
    const shell = (args: string): Promise<string> =>
      execa('sh', ['-c', `node '${CDBA_BIN}' ${args} >/dev/null 2>&1; echo $?`], { env: cleanEnv(env), extendEnv: false }).then((r) => r.stdout);
    const [usage, missing] = await Promise.all([shell('clusters get'), shell('clusters get nope-nope')]);
    expect(usage).toBe('2');
    expect(missing).toBe('4');
  });
});
