// The time flags of the diagnostics commands (`events list --since/--until`,
// `access-logs list --start/--end`): an RFC 3339 / ISO 8601 time (a time without a zone is
// UTC, as everywhere in cdba: src/base/isoDate.ts), or a duration with its unit counted
// back from now (`30m`, `6h`, `2d`, `1h30m`: the units and the rule of `env gc
// --older-than`, where a bare number would be seconds elsewhere in cdba, so it is refused).
// Pure: `now` is given. A UsageError (exit 2) names the flag, before any request.
import { UsageError } from '../../base/errors.js';
import { parseIsoDateTime } from '../../base/isoDate.js';
import { durationMillis } from '../../core/duration.js';

const AGO_UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
/** The furthest back a relative time may reach (a year and a bit): a typo like 9999d is refused, not sent. */
const MAX_AGO_DAYS = 400;
export const MAX_AGO_MS = MAX_AGO_DAYS * 86_400_000;

/** The time a flag names: an ISO 8601 time, or that long before `now`. */
export function parseTimeFlag(text: string, flag: string, now: number): Date {
  const value = text.trim();
  const iso = /^\d{4}-/.test(value) ? parseIsoDateTime(value) : undefined;
  if (iso) return iso;
  const ago = /^\d+(\.\d+)?$/.test(value) || value === '' ? undefined : durationMillis(value, AGO_UNITS);
  if (ago === undefined || ago <= 0) {
    throw new UsageError(`invalid ${flag} "${text}": expected a time like 2026-08-10T03:06:46Z, or how long ago, like 30m, 6h or 2d`);
  }
  if (ago > MAX_AGO_MS) throw new UsageError(`invalid ${flag} "${text}": how long ago goes back at most ${MAX_AGO_DAYS} days; give a time instead, like 2025-01-31T00:00:00Z`);
  return new Date(now - ago);
}

/** Both ends of a window, when given, in order; a UsageError otherwise. */
export function timeWindow(flags: { from?: string | undefined; to?: string | undefined }, names: [string, string], now: number): { from?: Date; to?: Date } {
  const from = flags.from === undefined ? undefined : parseTimeFlag(flags.from, names[0], now);
  const to = flags.to === undefined ? undefined : parseTimeFlag(flags.to, names[1], now);
  if (from && to && from.getTime() > to.getTime()) throw new UsageError(`${names[0]} ${flags.from} is after ${names[1]} ${flags.to}: give the earlier time first`);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
