// Version negotiation of the versioned API (seed: Versioning). Which versions each
// operation has, and their Deprecation / Sunset, come from the one table in
// src/api/operations.ts; a v2 call names one in Accept: application/vnd.atlas.<date>+json.
import { OPERATIONS, type OperationName, type OperationVersion } from '../api/operations.js';
import { failures } from './errors.js';

export type { OperationVersion };

/** What the emulated service has removed: versions named by --removed-version, and those past Sunset on the emulated date. */
export interface Lifecycle {
  removed: ReadonlySet<string>;
  /** YYYY-MM-DD the service runs as on (cdba emulator --date); undefined: no Sunset takes effect. */
  date?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Thu, 1 Jul 2027 00:00:00 GMT" -> "2027-07-01". */
export function isoDateOf(httpDate: string): string | undefined {
  const match = /^\w{3}, (\d{1,2}) (\w{3}) (\d{4})/.exec(httpDate);
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[2]!) + 1;
  if (month === 0) return undefined;
  return `${match[3]}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

function isGone(version: OperationVersion, lifecycle: Lifecycle): boolean {
  if (lifecycle.removed.has(version.date)) return true;
  const sunset = version.sunset ? isoDateOf(version.sunset) : undefined;
  return lifecycle.date !== undefined && sunset !== undefined && sunset <= lifecycle.date;
}

/** 2024-02-29 yes, 2024-13-01 no. */
function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

const VERSIONED_TYPE = /^application\/vnd\.atlas\.(\d{4}-\d{2}-\d{2})\+(json|gzip)$/i;

/**
 * The version dates an Accept or Content-Type header names, in order, of media types with
 * this suffix: `json`, or `gzip` for an operation that answers a file (the table's `media`).
 */
export function versionDates(header: string | undefined, suffix: 'json' | 'gzip' = 'json'): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .flatMap((type) => {
      const match = VERSIONED_TYPE.exec(type);
      return match && match[2]!.toLowerCase() === suffix && isCalendarDate(match[1]!) ? [match[1]!] : [];
    });
}

/**
 * The version a v2 call is served at, as the live service picks it (reference README,
 * "Which version the service serves"): for the first date in Accept, the operation's
 * newest version not after it, among those the service has on the emulated date. A
 * client may send one date for everything (MongoDB's MCP server sends 2025-03-12).
 * 410 VERSION_GONE when that version is removed (--removed-version, or past its Sunset
 * under --date); 406 INVALID_VERSION_DATE when the date is before the operation's
 * first version or Accept names no version. `path` is the request path, for the 410.
 */
export function negotiate(name: OperationName, accept: string | undefined, lifecycle: Lifecycle, path: string): OperationVersion {
  // A file's operation (the log download) is asked for by its +gzip type: a +json Accept names no version of it.
  const requested = versionDates(accept, OPERATIONS[name].media ?? 'json')[0];
  if (requested === undefined) throw failures.invalidVersionDate(accept ?? '');
  const versions = OPERATIONS[name].versions as readonly OperationVersion[];
  const known = lifecycle.date === undefined ? versions : versions.filter((v) => v.date <= lifecycle.date!);
  const chosen = known.filter((v) => v.date <= requested).at(-1);
  if (!chosen) throw failures.invalidVersionDate(accept ?? '');
  if (isGone(chosen, lifecycle)) throw failures.versionGone(chosen.date, path.replace(/^\/+/, '').replace(/\/+$/, ''));
  // Deprecation names the successor's release: on a day before it, the service has no successor to name.
  const successor = versions[versions.indexOf(chosen) + 1];
  if (successor && !known.includes(successor)) {
    const { deprecation: _notYet, ...current } = chosen;
    return current;
  }
  return chosen;
}

/** Whether a request body's Content-Type names a version that negotiates to `served` (or none: plain JSON). */
export function bodyTypeMatches(name: OperationName, date: string, served: OperationVersion): boolean {
  const versions = OPERATIONS[name].versions as readonly OperationVersion[];
  return versions.filter((v) => v.date <= date).at(-1)?.date === served.date;
}

/** A JSON answer's type; a file's (`media`) has no charset, as the recorded log download's. */
export function versionedContentType(date: string, media?: 'gzip'): string {
  return media ? `application/vnd.atlas.${date}+${media}` : `application/vnd.atlas.${date}+json;charset=utf-8`;
}
