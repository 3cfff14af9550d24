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

/** The versions of an operation the service answers on the emulated date. */
export function liveVersions(name: OperationName, lifecycle: Lifecycle): OperationVersion[] {
  const versions = OPERATIONS[name].versions as readonly OperationVersion[];
  return versions.filter((v) => !isGone(v, lifecycle) && (lifecycle.date === undefined || v.date <= lifecycle.date));
}

const VERSIONED_TYPE = /^application\/vnd\.atlas\.(\d{4}-\d{2}-\d{2})\+json$/i;

/** The version dates an Accept or Content-Type header names, in order. */
export function versionDates(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .flatMap((type) => {
      const match = VERSIONED_TYPE.exec(type);
      return match ? [match[1]!] : [];
    });
}

/**
 * The version a v2 call is served at: the first date in Accept that the operation has.
 * 410 VERSION_GONE when it names only removed ones, 406 INVALID_VERSION_DATE otherwise.
 */
export function negotiate(name: OperationName, accept: string | undefined, lifecycle: Lifecycle): OperationVersion {
  const dates = versionDates(accept);
  const versions = OPERATIONS[name].versions as readonly OperationVersion[];
  const live = liveVersions(name, lifecycle);
  for (const date of dates) {
    const version = live.find((v) => v.date === date);
    if (version) return version;
  }
  const gone = dates.find((date) => versions.some((v) => v.date === date && isGone(v, lifecycle)));
  if (gone) throw failures.versionGone(gone, live.at(-1)?.date ?? 'none');
  throw failures.invalidVersionDate(accept ?? '');
}

export function versionedContentType(date: string): string {
  return `application/vnd.atlas.${date}+json;charset=utf-8`;
}
