// Dates and times as the service and cdba read them, for the CLI and the emulator alike:
// one ISO 8601 parser (a time without a zone is UTC; an impossible date such as
// 2026-02-30 is refused, never rolled over), the service's form of a time, and the
// one reading of `--date` (`cdba emulator --date`, startEmulator's `date`).
import { UsageError } from './errors.js';

// An ISO 8601 date and time; the zone may be left off (UTC, as the service reads it).
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO 8601 date and time (zone optional: UTC), or undefined; refuses impossible dates such as 02-30. */
export function parseIsoDateTime(text: string): Date | undefined {
  const m = ISO_DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', frac = '', zone = 'Z'] = m;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const utc = Date.UTC(...fields, Number(frac.padEnd(3, '0').slice(0, 3)));
  const check = new Date(utc);
  // Date.UTC rolls 02-30 over to 03-02; a date that does not round-trip did not exist.
  if (check.getUTCFullYear() !== fields[0] || check.getUTCMonth() !== fields[1] || check.getUTCDate() !== fields[2]
    || check.getUTCHours() !== fields[3] || check.getUTCMinutes() !== fields[4] || check.getUTCSeconds() !== fields[5]) {
    return undefined;
  }
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2));
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  return new Date(utc - offsetMinutes * 60_000);
}

/** The service's date form: UTC, whole seconds, `Z` (as in the recorded access-list entries). */
export function formatServiceDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A `--date` as the emulator runs by it (serviceNow in src/emulator/context.ts): a calendar
 * date (YYYY-MM-DD, a day that exists) as given, or an ISO 8601 time (a zone optional: UTC
 * without one) in the service's form, UTC to the second. Anything else, an impossible day
 * (2026-02-30, 2026-02-29) and surrounding spaces included, is a UsageError naming
 * `option` (`--date` on the command line).
 */
export function parseServiceDate(value: string, option = '--date'): string {
  if (CALENDAR_DATE.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value) return value;
  } else if (value === value.trim()) {
    const time = parseIsoDateTime(value);
    if (time) return formatServiceDate(time);
  }
  throw new UsageError(`invalid ${option} "${value}": expected a calendar date like 2027-07-01 or a time like 2026-12-01T14:00:00Z`);
}
