// The wait loop: backoff from the first interval to ten times it, one stderr line
// per state change, the deadline (exit 8), Ctrl-C (exit 130), errors passing through.
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExitCode, InterruptedError, NetworkError, WatchTimeoutError } from '../../../src/base/errors.js';
import { IO } from '../../../src/base/io.js';
import { DEFAULT_WATCH_INTERVALS, formatElapsed, nextInterval, watch, wholeSeconds, type WatchStep } from '../../../src/core/watch.js';

/** An IO with a signal the test controls (IO.test() has none). */
function testIO(options: { errIsTTY?: boolean } = {}): { io: IO; stderr: () => string; interrupt: AbortController } {
  const chunks: string[] = [];
  const interrupt = new AbortController();
  const err = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const io = new IO({ out: new PassThrough(), err, in: new PassThrough(), outIsTTY: false, errIsTTY: options.errIsTTY ?? false, inIsTTY: false, colorLevel: 0, columns: 80, signal: interrupt.signal });
  return { io, stderr: () => chunks.join(''), interrupt };
}

/** A poll that answers the given states in turn (the last one repeats), counting calls at fake times. */
function states(list: string[], done: (state: string) => boolean = (s) => s === 'IDLE') {
  const calls: number[] = [];
  const poll = async (): Promise<WatchStep<string>> => {
    const state = list[Math.min(calls.length, list.length - 1)]!;
    calls.push(Date.now());
    return { state, done: done(state), value: `doc:${state}` };
  };
  return { poll, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('intervals', () => {
  it('double from the first up to ten times it', () => {
    const seen = [DEFAULT_WATCH_INTERVALS.firstMs];
    for (let i = 0; i < 6; i++) seen.push(nextInterval(seen.at(-1)!, DEFAULT_WATCH_INTERVALS));
    expect(seen).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('formats elapsed time', () => {
    expect(formatElapsed(250)).toBe('250ms');
    expect(formatElapsed(12_400)).toBe('12s');
    expect(formatElapsed(185_000)).toBe('3m05s');
    expect(wholeSeconds(999)).toBe('0s');
  });
});

describe('watch', () => {
  it('polls at once, then after 1 s, 2 s, 4 s, 8 s, 10 s, 10 s', async () => {
    vi.useFakeTimers({ now: 0 });
    const { io, stderr } = testIO();
    const { poll, calls } = states(['CREATING', 'CREATING', 'CREATING', 'CREATING', 'CREATING', 'CREATING', 'IDLE']);
    const result = watch({ io, subject: 'cluster c1', poll, resumeHint: 'later' });
    await vi.advanceTimersByTimeAsync(40_000);
    await expect(result).resolves.toBe('doc:IDLE');
    expect(calls).toEqual([0, 1000, 3000, 7000, 15_000, 25_000, 35_000]);
    expect(stderr()).toBe('cdba: cluster c1 is CREATING\ncdba: cluster c1 is IDLE (waited 35s)\n');
  });

  it('one line per state change; a known initial state is not announced again', async () => {
    vi.useFakeTimers({ now: 0 });
    const { io, stderr } = testIO();
    const { poll } = states(['UPDATING', 'UPDATING', 'REPAIRING', 'UPDATING', 'IDLE']);
    const result = watch({ io, subject: 'cluster c2', poll, resumeHint: 'later', initialState: 'UPDATING', intervals: { firstMs: 100, maxMs: 100 } });
    await vi.advanceTimersByTimeAsync(1000);
    await result;
    expect(stderr()).toBe('cdba: cluster c2 is REPAIRING\ncdba: cluster c2 is UPDATING\ncdba: cluster c2 is IDLE (waited 400ms)\n');
  });

  it('done at the first poll: no waiting', async () => {
    const { io, stderr } = testIO();
    const { poll, calls } = states(['IDLE']);
    await expect(watch({ io, subject: 'cluster c3', poll, resumeHint: 'later', now: () => 0 })).resolves.toBe('doc:IDLE');
    expect(calls).toHaveLength(1);
    expect(stderr()).toBe('cdba: cluster c3 is IDLE (waited 0ms)\n');
  });

  it('the deadline: WatchTimeoutError (exit 8) with the state and the hint', async () => {
    vi.useFakeTimers({ now: 0 });
    const { io } = testIO();
    const { poll, calls } = states(['CREATING']);
    const result = watch({ io, subject: 'cluster c4', poll, timeoutMs: 5000, resumeHint: 'follow it with `cdba clusters watch c4`' });
    const outcome = expect(result).rejects.toThrow(/^gave up waiting for cluster c4 after 5s; it is still CREATING$/);
    await vi.advanceTimersByTimeAsync(6000);
    await outcome;
    await result.catch((error: WatchTimeoutError) => {
      expect(error).toBeInstanceOf(WatchTimeoutError);
      expect(error.exitCode).toBe(ExitCode.watchTimeout);
      expect(error.hint).toBe('follow it with `cdba clusters watch c4`');
    });
    expect(calls).toEqual([0, 1000, 3000]);
  });

  it('the deadline ends a poll that hangs', async () => {
    vi.useFakeTimers({ now: 0 });
    const { io } = testIO();
    const result = watch({ io, subject: 'cluster c5', poll: () => new Promise<WatchStep<string>>(() => {}), timeoutMs: 2000, resumeHint: 'later' });
    const outcome = expect(result).rejects.toBeInstanceOf(WatchTimeoutError);
    await vi.advanceTimersByTimeAsync(2000);
    await outcome;
  });

  it('Ctrl-C while pausing: InterruptedError (exit 130), no more polls', async () => {
    vi.useFakeTimers({ now: 0 });
    const { io, interrupt } = testIO();
    const { poll, calls } = states(['DELETING'], (s) => s === 'DELETED');
    const result = watch({ io, subject: 'cluster c6', poll, resumeHint: 'the operation goes on at the service' });
    const outcome = expect(result).rejects.toThrow(/^interrupted while waiting for cluster c6 \(DELETING\)$/);
    await vi.advanceTimersByTimeAsync(1500);
    interrupt.abort();
    await outcome;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([0, 1000]);
    await result.catch((error: InterruptedError) => {
      expect(error).toBeInstanceOf(InterruptedError);
      expect(error.exitCode).toBe(130);
      expect(error.hint).toBe('the operation goes on at the service');
    });
  });

  it('Ctrl-C during a poll that hangs, or before the first', async () => {
    const hanging = testIO();
    const result = watch({ io: hanging.io, subject: 'cluster c7', poll: () => new Promise<WatchStep<string>>(() => {}), resumeHint: 'later' });
    hanging.interrupt.abort();
    await expect(result).rejects.toThrow(/^interrupted while waiting for cluster c7$/);

    const early = testIO();
    early.interrupt.abort();
    const { poll, calls } = states(['IDLE']);
    await expect(watch({ io: early.io, subject: 'cluster c8', poll, resumeHint: 'later' })).rejects.toBeInstanceOf(InterruptedError);
    expect(calls).toHaveLength(0);
  });

  it('an error from the poll passes through as it is', async () => {
    const { io } = testIO();
    const failure = new NetworkError('connection refused');
    await expect(watch({ io, subject: 'cluster c9', poll: () => Promise.reject(failure), resumeHint: 'later' })).rejects.toBe(failure);
  });

  it('on a terminal: a spinner with the state and the time waited, then the final line', async () => {
    const { io, stderr } = testIO({ errIsTTY: true });
    const { poll } = states(['CREATING', 'CREATING', 'IDLE']);
    // The watch's clock reads 0, then 1.5 s from the second poll on: what is shown does not depend on how long the pauses took.
    let polls = 0;
    const counted = async (): Promise<WatchStep<string>> => (polls++, poll());
    await watch({ io, subject: 'cluster c10', poll: counted, resumeHint: 'later', intervals: { firstMs: 20, maxMs: 20 }, now: () => (polls < 2 ? 0 : 1500) });
    const text = stderr();
    expect(text).toContain('cdba: cluster c10 is CREATING\n');
    expect(text).toContain('waiting for cluster c10: CREATING (0s)');
    expect(text).toMatch(/cdba: cluster c10 is IDLE \(waited 1s\)\n$/);
  });
});
