// The wait loop behind every --watch: poll, back off from 1 s up to 10 s, show
// the state (a spinner on a terminal, one line per change elsewhere), and stop
// on success, on the deadline (exit 8) or on Ctrl-C (exit 130). What is polled
// and what counts as done belong to the caller. The intervals come from the
// context (in-process tests pass shorter ones to main()); users get 1 s → 10 s.
import { InterruptedError, UsageError, WatchTimeoutError } from '../base/errors.js';
import { durationMillis, TIMER_UNITS } from './duration.js';
import { onTerminateReport } from '../base/terminate.js';
import type { IO, Spinner } from '../base/io.js';

export interface WatchStep<T> {
  /** What the user sees, e.g. "CREATING". */
  state: string;
  done: boolean;
  value: T;
}

export interface WatchOptions<T> {
  io: IO;
  /** What is waited for, as a message names it: "cluster c1". */
  subject: string;
  /** One look at the service. */
  poll: () => Promise<WatchStep<T>>;
  /** Give up after this long (WatchTimeoutError, exit 8). Undefined or 0: no limit, as --timeout 0 means. */
  timeoutMs?: number | undefined;
  intervals?: WatchIntervals;
  /** Said after a timeout or Ctrl-C: the operation goes on at the service, and how to follow it. */
  resumeHint: string;
  /** The state already known (e.g. from the create answer), so it is not announced twice. */
  initialState?: string | undefined;
  now?: () => number;
  /** Starts the deadline's timer; default setTimeout (in-process tests pass one they end themselves). */
  deadlineTimer?: DeadlineTimer;
}

/** Calls `expire` once `ms` have passed; the function it returns cancels that. */
export type DeadlineTimer = (ms: number, expire: () => void) => () => void;

const realDeadlineTimer: DeadlineTimer = (ms, expire) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};

export interface WatchIntervals {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_WATCH_INTERVALS: WatchIntervals = { firstMs: 1000, maxMs: 10_000 };
/** The shortest first wait CDBA_WATCH_INTERVAL may ask for: a watch is no load test. */
export const MIN_WATCH_INTERVAL_MS = 100;

/**
 * CDBA_WATCH_INTERVAL: a watch's first wait between polls (a duration, 100ms to 10s;
 * it doubles from there up to 10 s), for an emulator whose transitions are short.
 * Unset: the defaults. Anything else is a usage error, as other CDBA_ variables are.
 */
export function watchIntervalsFromEnv(env: Readonly<Record<string, string | undefined>>): WatchIntervals | undefined {
  const text = env.CDBA_WATCH_INTERVAL;
  if (text === undefined || text === '') return undefined;
  const ms = durationMillis(text, TIMER_UNITS);
  if (ms === undefined || ms < MIN_WATCH_INTERVAL_MS || ms > DEFAULT_WATCH_INTERVALS.maxMs) {
    throw new UsageError(`invalid CDBA_WATCH_INTERVAL "${text}": expected a duration from 100ms to 10s, like 250ms or 2s`);
  }
  return { firstMs: ms, maxMs: DEFAULT_WATCH_INTERVALS.maxMs };
}

/** Doubles the wait after each poll, up to the longest. */
export function nextInterval(current: number, intervals: WatchIntervals): number {
  return Math.min(intervals.maxMs, current * 2);
}

/** "850ms", "12s", "3m05s". */
export function formatElapsed(ms: number): string {
  return ms < 1000 ? `${Math.max(0, Math.round(ms))}ms` : wholeSeconds(ms);
}

/** "0s", "12s", "3m05s": the spinner's clock, which ticks once a second. */
export function wholeSeconds(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** What the user sees while waiting: lines on state changes, and on a terminal a spinner with the time waited. */
class Progress {
  private spinner: Spinner | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private state = '';

  constructor(
    private readonly io: IO,
    private readonly subject: string,
    private readonly started: number,
    private readonly now: () => number,
  ) {}

  private text(): string {
    return `waiting for ${this.subject}: ${this.state} (${wholeSeconds(this.now() - this.started)})`;
  }

  async show(state: string, announce: boolean): Promise<void> {
    const changed = state !== this.state;
    this.state = state;
    if (changed && announce) {
      const line = `cdba: ${this.subject} is ${state}`;
      if (this.spinner) {
        // A persisted line above the spinner.
        this.spinner.stop(line);
        this.spinner = undefined;
      } else {
        this.io.note(line);
      }
    }
    if (!this.io.errIsTTY) return;
    if (!this.spinner) {
      this.spinner = await this.io.spinner(this.text());
      this.ticker ??= setInterval(() => this.spinner?.update(this.text()), 1000).unref();
    } else {
      this.spinner.update(this.text());
    }
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    this.spinner?.stop();
    this.spinner = undefined;
  }
}

/** Resolves after `ms`, or rejects early when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const TIMED_OUT = Symbol('timed out');
const INTERRUPTED = Symbol('interrupted');

/**
 * Polls until a step is done and returns its value. Throws WatchTimeoutError at
 * the deadline and InterruptedError on Ctrl-C (io.signal); errors from `poll` pass through.
 */
export async function watch<T>(options: WatchOptions<T>): Promise<T> {
  const { io, subject } = options;
  const now = options.now ?? Date.now;
  const intervals = options.intervals ?? DEFAULT_WATCH_INTERVALS;
  const started = now();
  const progress = new Progress(io, subject, started, now);
  // One controller ends the pause and the race on either Ctrl-C or the deadline.
  const stop = new AbortController();
  const onInterrupt = (): void => stop.abort(INTERRUPTED);
  if (io.signal.aborted) onInterrupt();
  io.signal.addEventListener('abort', onInterrupt, { once: true });
  const cancelDeadline = options.timeoutMs ? (options.deadlineTimer ?? realDeadlineTimer)(options.timeoutMs, () => stop.abort(TIMED_OUT)) : undefined;
  let interval = intervals.firstMs;
  let state = options.initialState ?? '';
  if (options.initialState !== undefined) await progress.show(options.initialState, false);
  // SIGTERM ends the process at once (IO.fromProcess): what it says then, as Ctrl-C would.
  const forgetTerminateReport = onTerminateReport(() => ({ message: `terminated while waiting for ${subject}${state ? ` (${state})` : ''}`, ...(options.resumeHint ? { hint: options.resumeHint } : {}) }));
  try {
    for (;;) {
      const step = await raceWith(options.poll, stop.signal);
      state = step.state;
      if (step.done) {
        progress.stop();
        io.note(`cdba: ${subject} is ${step.state} (waited ${formatElapsed(now() - started)})`);
        return step.value;
      }
      await progress.show(step.state, true);
      await pause(interval, stop.signal);
      interval = nextInterval(interval, intervals);
    }
  } catch (error) {
    progress.stop();
    if (error === TIMED_OUT) {
      throw new WatchTimeoutError(`gave up waiting for ${subject} after ${formatElapsed(options.timeoutMs ?? 0)}${state ? `; it is still ${state}` : ''}`, {
        hint: options.resumeHint,
      });
    }
    if (error === INTERRUPTED) {
      throw new InterruptedError(`interrupted while waiting for ${subject}${state ? ` (${state})` : ''}`, { hint: options.resumeHint });
    }
    throw error;
  } finally {
    forgetTerminateReport();
    cancelDeadline?.();
    io.signal.removeEventListener('abort', onInterrupt);
  }
}

/** The outcome of `start()`, unless the signal aborts first (then its reason is thrown); not started when already aborted. */
function raceWith<T>(start: () => Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    start().then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
