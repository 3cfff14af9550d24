// Runs cdba's main() in the test process, with buffers for stdout and stderr:
// the same CliResult as test/helpers/cli.ts, without starting node. A test file
// switches by importing `cdba` from here instead of from cli.ts.
//
// What stays process-level (cli.ts, or a real pty through util-linux `script`):
// the bin launcher, real terminals and signals, exit codes as a shell sees
// them, the install and SEA tests, and a small smoke set.
import { main, prebuildProgram, type PrebuiltProgram } from '../../src/main.js';
import { colorLevelFor, IO } from '../../src/base/io.js';
import type { DeadlineTimer } from '../../src/core/watch.js';
import { cleanEnv, type CliOptions, type CliResult } from './cli.js';

// Everything else (cleanEnv, tempDir, CDBA_BIN...) as cli.ts has it; this module's cdba wins.
export * from './cli.js';

export interface InProcessOptions extends CliOptions {
  /** stdin, stdout and stderr are terminals (as a pty would make them). */
  tty?: boolean;
  /** The terminal's width; default $COLUMNS, else 100 (what a pipe gets). */
  columns?: number;
  /** First poll interval of every --watch, in ms (the longest is ten times it); default 1 s. */
  watchIntervalMs?: number;
  /** Aborting it is Ctrl-C. */
  signal?: AbortSignal;
  /** The timer of --watch-timeout (heldDeadline().timer); default a real one. */
  watchDeadline?: DeadlineTimer;
  /** stdout takes one write, then nothing until this settles: a reader that has not started reading (`| (sleep 9; wc -c)`), so the run meets backpressure. */
  stdoutHeldUntil?: Promise<void>;
  /** Adds to the command tree before the run, as a new command group's one line in program.ts would (the recipe's fixture). */
  extendProgram?: (program: PrebuiltProgram['program'], app: PrebuiltProgram['app']) => void;
}

export interface HeldDeadline {
  timer: DeadlineTimer;
  /** The --watch-timeout the run armed, in ms. */
  armed: Promise<number>;
  /** Ends the wait now, as the timer would have. */
  expire(): void;
}

/**
 * A --watch-timeout that runs out when the test says, not when a clock does:
 * the test waits for what must happen before the deadline (a state line on
 * stderr), then calls expire(). No race with how fast the machine is.
 */
export function heldDeadline(): HeldDeadline {
  let arm!: (ms: number) => void;
  const armed = new Promise<number>((resolve) => (arm = resolve));
  let expireRun: (() => void) | undefined;
  let expired = false;
  return {
    timer: (ms, expire) => {
      arm(ms);
      expireRun = expire;
      if (expired) expire();
      return () => {
        expireRun = undefined;
      };
    },
    armed,
    expire: () => {
      expired = true;
      expireRun?.();
    },
  };
}

/**
 * Test-side names some older test files pass in `env`; the product reads
 * neither, so they are taken out here and become options.
 */
const TTY_KEY = 'CDBA_FORCE_TTY';
const WATCH_KEY = 'CDBA_WATCH_INTERVAL_MS';

export function cdba(args: string[], options: InProcessOptions = {}): Promise<CliResult> {
  return start(args, options).result;
}

export interface Running {
  result: Promise<CliResult>;
  /** What was written so far. */
  stdout(): string;
  stderr(): string;
  /** Ctrl-C: aborts the run's signal, as the launcher's SIGINT handler does. */
  interrupt(): void;
  /** Resolves once stderr matches `pattern`. */
  seen(pattern: RegExp): Promise<void>;
}

/** Starts a run without waiting for it, for tests that interrupt it. */
export function start(args: string[], options: InProcessOptions = {}): Running {
  const interrupt = new AbortController();
  options.signal?.addEventListener('abort', () => interrupt.abort(), { once: true });
  const { [TTY_KEY]: forceTTY, [WATCH_KEY]: watchMs, ...rest } = options.env ?? {};
  const env = cleanEnv(rest, options.configDir);
  const tty = options.tty ?? forceTTY === '1';
  const firstMs = options.watchIntervalMs ?? (watchMs ? Number(watchMs) : undefined);
  const io = IO.test({
    stdin: options.input ?? '',
    outIsTTY: tty,
    errIsTTY: tty,
    inIsTTY: tty,
    colorLevel: colorLevelFor(env, tty),
    // Like a process whose TTY reports no size: tables are not fitted unless a test gives columns.
    columns: options.columns ?? (Number(env.COLUMNS) || 0),
    signal: interrupt.signal,
    ...(options.stdoutHeldUntil ? { outHeldUntil: options.stdoutHeldUntil } : {}),
  });
  const seams = {
    ...(firstMs ? { watchIntervals: { firstMs, maxMs: firstMs * 10 } } : {}),
    ...(options.watchDeadline ? { watchDeadline: options.watchDeadline } : {}),
  };
  const prebuilt = options.extendProgram ? prebuildProgram() : undefined;
  if (prebuilt) options.extendProgram!(prebuilt.program, prebuilt.app);
  const result = main(args, env, io, seams, prebuilt).then((exitCode) => ({
    exitCode,
    stdout: io.stdout,
    stderr: io.stderr,
  }));
  let finished = false;
  const end = (): void => {
    finished = true;
  };
  result.then(end, end);
  return {
    result,
    stdout: () => io.stdout,
    stderr: () => io.stderr,
    interrupt: () => interrupt.abort(),
    seen: async (pattern) => {
      while (!pattern.test(io.stderr)) {
        if (finished) throw new Error(`the run ended without ${pattern} on stderr: ${io.stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
