// Guarantee: Ctrl-C (SIGINT) during `clusters watch` or a `--watch` exits 130
// with a message saying the operation goes on and how to follow it, and leaves
// the terminal clean: the spinner stopped and the cursor shown again.
// The terminal cases run cdba in a real pseudo-terminal through util-linux
// `script`, and send Ctrl-C as the byte a terminal sends (0x03).
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CDBA_BIN, cdba, cleanEnv } from '../helpers/cli.js';
import { withEmulator } from '../helpers/emulator.js';
import { start } from '../helpers/inProcess.js';
import { digestEnv, knownSeed } from './support.js';
import { scriptAvailable } from '../e2e/terminal/pty.js';

const ESC = '\u001b';
const HIDE_CURSOR = `${ESC}[?25l`;
const SHOW_CURSOR = `${ESC}[?25h`;
const COLOUR = new RegExp(`${ESC}\\[\\d+m`, 'g');
const CURSOR = new RegExp(`${ESC}\\[\\?25[lh]`, 'g');


let emu: RunningEmulator;
beforeAll(async () => {
  // Transitions last an hour: every watch is still waiting when Ctrl-C comes.
  ({ emu } = await withEmulator({ seed: knownSeed(), transitionMs: 3_600_000 }));
});
afterAll(async () => {
  await emu?.stop();
});

async function createCreating(name: string): Promise<void> {
  const result = await cdba(['clusters', 'create', name, '--provider', 'AWS', '--region', 'US_EAST_1'], { env: digestEnv(emu.url) });
  expect(result.exitCode, result.stderr).toBe(0);
}

/** Collects a child's output and resolves once it matches `pattern`. */
function outputOf(child: ResultPromise): { text: () => string; seen: (pattern: RegExp) => Promise<void> } {
  let text = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const waiter of waiters.filter((w) => w.pattern.test(text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return {
    text: () => text,
    seen: (pattern) => (pattern.test(text) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ pattern, resolve }))),
  };
}

/** Runs cdba in a pseudo-terminal of the given size (0 columns: a terminal nobody sized). */
function inTerminal(args: string[], columns: number): ResultPromise {
  const quoted = [CDBA_BIN, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const command = `${columns > 0 ? `stty cols ${columns} rows 30; ` : ''}exec node ${quoted}`;
  return execa('script', ['-qfec', command, '/dev/null'], {
    env: cleanEnv({ ...digestEnv(emu.url), TERM: 'xterm-256color' }),
    extendEnv: false,
    reject: false,
    buffer: false,
    timeout: 20_000,
  });
}

describe('interrupt', () => {
  it('Ctrl-C during clusters watch on a terminal (in-process, a TTY IO double): exit 130 with a message, nothing after it', async () => {
    await createCreating('slow1');
    const run = start(['clusters', 'watch', 'slow1'], { env: digestEnv(emu.url), tty: true });
    await run.seen(/waiting for cluster slow1: CREATING/);
    run.interrupt();
    const result = await run.result;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    const plain = result.stderr.replace(COLOUR, ''); // a terminal has colour on
    expect(plain).toMatch(/cdba: interrupted while waiting for cluster slow1 \(CREATING\); the operation goes on at the service; follow it with `cdba clusters watch slow1`\n$/);
  });

  it('SIGINT during clusters create --watch without a terminal: exit 130, the create stands', async () => {
    const child = execa('node', [CDBA_BIN, 'clusters', 'create', 'slow2', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], {
      env: cleanEnv(digestEnv(emu.url)),
      extendEnv: false,
      reject: false,
      buffer: false,
      timeout: 20_000,
    });
    const output = outputOf(child);
    await output.seen(/cluster slow2 is CREATING/);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(output.text()).toBe(
      'cdba: cluster slow2 is CREATING\ncdba: interrupted while waiting for cluster slow2 (CREATING); the operation goes on at the service; follow it with `cdba clusters watch slow2`\n',
    );
    expect(emu.state().clusters.find((c) => c.name === 'slow2')?.model.stateName).toBe('CREATING');
  });

  it.skipIf(!scriptAvailable)('Ctrl-C in a terminal during clusters watch: exit 130, spinner stopped, cursor shown again', async () => {
    await createCreating('slow3');
    const child = inTerminal(['clusters', 'watch', 'slow3'], 100);
    const output = outputOf(child);
    await output.seen(/waiting for cluster slow3: CREATING/);
    child.stdin?.write('\u0003');
    const result = await child;
    expect(result.exitCode).toBe(130);
    const text = output.text();
    expect(text).toContain(HIDE_CURSOR); // the spinner really ran, hiding the cursor
    const cursorEscapes = text.match(CURSOR) ?? [];
    expect(cursorEscapes.at(-1)).toBe(SHOW_CURSOR);
    expect(text).toMatch(/cdba: interrupted while waiting for cluster slow3 \(CREATING\)/);
    // After the message nothing is drawn: no spinner frame overwrites it.
    const afterMessage = text.slice(text.lastIndexOf('follow it with'));
    expect(afterMessage).not.toMatch(/waiting for cluster/);
  });

  it.skipIf(!scriptAvailable)('a terminal that reports 0 columns: no runaway output, and Ctrl-C still exits 130', async () => {
    await createCreating('slow4');
    const child = inTerminal(['clusters', 'watch', 'slow4'], 0);
    const output = outputOf(child);
    await output.seen(/waiting for cluster slow4: CREATING/);
    child.stdin?.write('\u0003');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(output.text().length).toBeLessThan(16_384);
    expect(output.text()).toMatch(/cdba: interrupted while waiting for cluster slow4 \(CREATING\)/);
  });
});
