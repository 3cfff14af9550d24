// `--delete-after <duration>` / `--delete-after-date <ISO>`: when the service deletes a
// temporary database user or IP access-list entry. One parser for both resources,
// because the service's rule is the same for both: the date must be later than the
// request and no later than one week after it (NetworkPermissionEntry.deleteAfterDate,
// CloudDatabaseUser.deleteAfterDate in the 2026-08 description).
import { UsageError } from '../base/errors.js';
import { formatServiceDate, parseIsoDateTime } from '../base/isoDate.js';
import { durationMillis } from './duration.js';

/** One week: the furthest `deleteAfterDate` the service accepts, counted from the request. */
export const DELETE_AFTER_LIMIT_MS = 7 * 24 * 3_600_000;

const DELETE_AFTER_UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The two flags as commander hands them over. */
export interface DeleteAfterFlags {
  deleteAfter?: string;
  deleteAfterDate?: string;
}

/** Help text for the two options, the same on every command that has them. */
export const DELETE_AFTER_HELP = {
  deleteAfter: 'delete it this long from now, at most one week (e.g. 1h, 2h30m, 7d)',
  deleteAfterDate: 'delete it at this ISO 8601 date (UTC unless it has a zone), at most one week from now',
} as const;

/**
 * The `deleteAfterDate` to send, in the service's form (`2026-08-10T03:08:14Z`),
 * or undefined when neither flag is given. Refuses (UsageError, exit 2, before any
 * request) both flags together, text that does not parse, a date not later than
 * `now`, and a date more than one week after `now`. A duration's date is rounded down
 * to the whole second: the service measures the week from its own clock, a moment after
 * `now`, so rounding up made the documented maximum (7d) land past it and be refused.
 */
export function resolveDeleteAfter(flags: DeleteAfterFlags, now: Date = new Date()): string | undefined {
  const { deleteAfter, deleteAfterDate } = flags;
  if (deleteAfter !== undefined && deleteAfterDate !== undefined) {
    throw new UsageError('--delete-after and --delete-after-date cannot be used together: give one');
  }
  if (deleteAfter !== undefined) {
    const ms = durationMillis(deleteAfter, DELETE_AFTER_UNITS);
    if (ms === undefined) throw new UsageError(`invalid --delete-after "${deleteAfter}": expected a duration like 30m, 2h or 7d`);
    if (ms > DELETE_AFTER_LIMIT_MS) {
      throw new UsageError(`invalid --delete-after "${deleteAfter}": the service allows at most one week (7d)`);
    }
    const date = new Date(Math.floor((now.getTime() + ms) / 1000) * 1000);
    // Under a second can round down to now itself (0.1s at 03:03:14.250 is 03:03:14).
    if (date.getTime() <= now.getTime()) throw new UsageError(`invalid --delete-after "${deleteAfter}": must be later than now (at least 1s)`);
    return formatServiceDate(date);
  }
  if (deleteAfterDate !== undefined) {
    const parsed = parseIsoDateTime(deleteAfterDate);
    if (parsed === undefined) {
      throw new UsageError(`invalid --delete-after-date "${deleteAfterDate}": expected an ISO 8601 date and time like 2026-08-10T03:08:14Z`);
    }
    // The service keeps whole seconds: compare what will be sent.
    const date = new Date(Math.floor(parsed.getTime() / 1000) * 1000);
    if (date.getTime() <= now.getTime()) {
      throw new UsageError(`invalid --delete-after-date "${deleteAfterDate}": must be later than now (${formatServiceDate(now)})`);
    }
    if (date.getTime() - now.getTime() > DELETE_AFTER_LIMIT_MS) {
      throw new UsageError(`invalid --delete-after-date "${deleteAfterDate}": the service allows at most one week from now (until ${formatServiceDate(new Date(now.getTime() + DELETE_AFTER_LIMIT_MS))})`);
    }
    return formatServiceDate(date);
  }
  return undefined;
}
