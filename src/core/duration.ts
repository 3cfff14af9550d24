// DURATION values: `90` (seconds), `90s`, `5m`, `1h`, or combinations like `1m30s`.
import { UsageError } from '../base/errors.js';

/** Units of a timer flag (--timeout, --watch-timeout, ...). */
export const TIMER_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The longest wait a Node timer can hold (2^31-1 ms, about 24.8 days): setTimeout
 * turns anything longer into 1 ms, so a longer duration is refused, not clamped.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The grammar every duration flag shares: bare seconds (`90`, `1.5`) or unit parts
 * (`1h30m`), each unit one of `units` (name → ms). Returns whole milliseconds, or
 * undefined when the text is not a duration in those units.
 */
export function durationMillis(text: string, units: Readonly<Record<string, number>>): number | undefined {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // Longest unit name first, so `ms` is not read as `m` followed by garbage.
  const names = Object.keys(units).sort((a, b) => b.length - a.length).join('|');
  const parts = [...value.matchAll(new RegExp(`(\\d+(?:\\.\\d+)?)(${names})`, 'g'))];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) return undefined;
  return Math.round(parts.reduce((total, p) => total + Number(p[1]) * units[p[2]!]!, 0));
}

/** Returns milliseconds; `flag` names the option in the error. */
export function parseDuration(text: string, flag: string): number {
  const ms = durationMillis(text, TIMER_UNITS);
  if (ms === undefined) throw new UsageError(`invalid ${flag} "${text}": expected a duration like 90, 90s, 5m or 1h`);
  checkTimerMs(ms, flag, text);
  return ms;
}

/** `--watch-timeout`, when given: its milliseconds (a usage error, exit 2, for a bad value). */
export function watchTimeoutMs(value: string | undefined): number | undefined {
  return value === undefined ? undefined : parseDuration(value, '--watch-timeout');
}

/** Refuses a millisecond count a timer cannot hold (see MAX_TIMER_MS). */
export function checkTimerMs(ms: number, flag: string, text = String(ms)): void {
  if (!(ms <= MAX_TIMER_MS)) {
    throw new UsageError(`invalid ${flag} "${text}": longer than a timer can wait (at most ${MAX_TIMER_MS} ms, about 596h)`);
  }
}
