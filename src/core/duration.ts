// DURATION values: `90` (seconds), `90s`, `5m`, `1h`, or combinations like `1m30s`.
import { UsageError } from '../base/errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The longest wait a Node timer can hold (2^31-1 ms, about 24.8 days): setTimeout
 * turns anything longer into 1 ms, so a longer duration is refused, not clamped.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Returns milliseconds; `flag` names the option in the error. */
export function parseDuration(text: string, flag: string): number {
  const value = text.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Math.round(Number(value) * 1000);
  else {
    const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
    if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
      throw new UsageError(`invalid ${flag} "${text}": expected a duration like 90, 90s, 5m or 1h`);
    }
    ms = Math.round(parts.reduce((total, p) => total + Number(p[1]) * UNIT_MS[p[2]!]!, 0));
  }
  checkTimerMs(ms, flag, text);
  return ms;
}

/** Refuses a millisecond count a timer cannot hold (see MAX_TIMER_MS). */
export function checkTimerMs(ms: number, flag: string, text = String(ms)): void {
  if (!(ms <= MAX_TIMER_MS)) {
    throw new UsageError(`invalid ${flag} "${text}": longer than a timer can wait (at most ${MAX_TIMER_MS} ms, about 596h)`);
  }
}
