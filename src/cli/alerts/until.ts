// When an acknowledgement ends: `--until` as an ISO 8601 time (a time without a zone is
// UTC) or a duration from now (`90m`, `12h`, `7d`, `2w`), and `--forever` as the Atlas CLI
// sends it: 100 years, 1 month and 1 day from now (its source, acknowledge.go). A time
// not after now is refused before any request. Pure: the clock is given.
import { UsageError } from '../../base/errors.js';
import { formatServiceDate, parseIsoDateTime } from '../../base/isoDate.js';
import { durationMillis } from '../../core/duration.js';

const UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The acknowledgedUntil an --until value names, as the service writes times (UTC, seconds, Z). */
export function parseUntil(text: string, now: number): string {
  const value = text.trim();
  let at: number | undefined;
  const date = parseIsoDateTime(value);
  if (date) at = date.getTime();
  else if (/^\d/.test(value) && !/^\d+(\.\d+)?$/.test(value)) at = ((ms) => (ms === undefined ? undefined : now + ms))(durationMillis(value, UNITS));
  if (at === undefined || !Number.isFinite(at)) throw new UsageError(`invalid --until "${text}": expected an ISO 8601 time (2026-09-01T12:00:00Z) or a duration from now (90m, 12h, 7d, 2w)`);
  if (Math.floor(at / 1000) <= Math.floor(now / 1000)) throw new UsageError(`invalid --until "${text}": ${formatServiceDate(new Date(at))} is not in the future`, { hint: 'give a later time, or --forever' });
  if (new Date(at).getUTCFullYear() > 9999) throw new UsageError(`invalid --until "${text}": too far ahead; use --forever`);
  return formatServiceDate(new Date(at));
}

/** --forever: 100 years, 1 month and 1 day from now, as the Atlas CLI sends it. */
export function forever(now: number): string {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() + 100);
  at.setUTCMonth(at.getUTCMonth() + 1);
  at.setUTCDate(at.getUTCDate() + 1);
  return formatServiceDate(at);
}
