// Resource versions of the versioned API (seed: Versioning). Each resource has its
// own list; a v2 call names one in Accept: application/vnd.atlas.<date>+json.
// A deprecated version answers with Deprecation (the successor's date) and Sunset.
import { failures } from './errors.js';

export type Resource = 'root' | 'clusters' | 'privateIpMode';

export interface ResourceVersion {
  date: string;
  /** HTTP-date of the successor's release, sent as Deprecation. */
  deprecation?: string;
  /** HTTP-date of planned removal, sent as Sunset. */
  sunset?: string;
}

export const RESOURCE_VERSIONS: Record<Resource, readonly ResourceVersion[]> = {
  root: [{ date: '2023-01-01' }],
  clusters: [
    { date: '2023-01-01', deprecation: 'Wed, 1 Feb 2023 00:00:00 GMT', sunset: 'Thu, 1 Jul 2027 00:00:00 GMT' },
    { date: '2023-02-01' },
  ],
  privateIpMode: [{ date: '2023-01-01' }],
};

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
 * The version a v2 call is served at: the first date in Accept that the resource has.
 * 410 VERSION_GONE when it names only removed ones, 406 INVALID_VERSION_DATE otherwise.
 */
export function negotiate(resource: Resource, accept: string | undefined, removed: ReadonlySet<string>): ResourceVersion {
  const dates = versionDates(accept);
  const versions = RESOURCE_VERSIONS[resource];
  const live = versions.filter((v) => !removed.has(v.date));
  for (const date of dates) {
    const version = live.find((v) => v.date === date);
    if (version) return version;
  }
  const gone = dates.find((date) => removed.has(date) && versions.some((v) => v.date === date));
  if (gone) throw failures.versionGone(gone, live.at(-1)?.date ?? 'none');
  throw failures.invalidVersionDate(accept ?? '');
}

export function versionedContentType(date: string): string {
  return `application/vnd.atlas.${date}+json;charset=utf-8`;
}
