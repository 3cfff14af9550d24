// Which API version each operation is called at (seed: Versioning). A profile's
// apiVersion is 'v1.0' (the legacy API for everything) or a date D; with D, each
// operation uses its newest version not later than D. The versions themselves
// live in one table, ./operations.ts, which the emulator reads too.
import { UsageError } from '../base/errors.js';
import { isCalendarDate, validateApiVersion } from '../config/validate.js';
import { NEWEST_DATE, OPERATIONS, operationFor, resourceForPath, versionAt, type OperationName, type ResourceName } from './operations.js';

export { NEWEST_DATE, OPERATIONS, operationFor, resourceForPath };
export type { OperationName, ResourceName };

export type VersionSelection = { base: 'v1.0' } | { base: 'v2'; version: string };

// One definition of a valid version serves flags, profiles and the client.
export { isCalendarDate, validateApiVersion };

export function selectVersion(name: OperationName, apiVersion: string): VersionSelection {
  validateApiVersion(apiVersion);
  if (apiVersion === 'v1.0') {
    if (!OPERATIONS[name].v2Only) return { base: 'v1.0' };
    const { resource, versions } = OPERATIONS[name];
    throw new UsageError(`${resource} exists only in the versioned API (from ${versions[0]!.date}); this call is at v1.0`, {
      remedy: { setting: 'apiVersion', version: versions[0]!.date, orLater: true },
    });
  }
  const chosen = versionAt(name, apiVersion);
  if (chosen === undefined) {
    const { resource, versions, v2Only } = OPERATIONS[name];
    const earliest = versions[0]!.date;
    throw new UsageError(
      `API version ${apiVersion} is older than the first version of ${resource} (${earliest})`,
      { remedy: { setting: 'apiVersion', version: earliest, orLater: true, ...(v2Only ? {} : { orV1: true }) } },
    );
  }
  return { base: 'v2', version: chosen.date };
}

/** The newest version of an operation that this cdba knows. */
export function newestVersion(name: OperationName): string {
  return OPERATIONS[name].versions.at(-1)!.date;
}

/**
 * The pin to move to when these operations' versions go: the latest of their newest
 * versions, so each of them is sent its newest. Not NEWEST_DATE: an operation that
 * exists only from a later date (flex, 2024-11-13) is no reason to move, and a later pin
 * changes the version of operations that were never affected.
 */
export function pinToNewest(names: readonly OperationName[]): string {
  return names.map(newestVersion).sort().at(-1) ?? NEWEST_DATE;
}

/** `application/vnd.<service>.<version>+json`, the media type of a v2 call (`+gzip` for a file the table says is one). */
export function versionedMediaType(service: string, version: string, suffix: 'json' | 'gzip' = 'json'): string {
  return `application/vnd.${service}.${version}+${suffix}`;
}

/** The version date in a versioned media type, e.g. from a response's Content-Type. */
export function versionFromMediaType(contentType: string | undefined): string | undefined {
  return contentType ? /application\/vnd\.[^.;\s]+\.(\d{4}-\d{2}-\d{2})\+(?:json|gzip)/i.exec(contentType)?.[1] : undefined;
}

/** The day (YYYY-MM-DD) the service removes an operation's version (its Sunset), when one is announced. */
export function sunsetOf(name: OperationName, version: string): string | undefined {
  const sunset = OPERATIONS[name].versions.find((v) => v.date === version)?.sunset;
  return sunset === undefined ? undefined : new Date(Date.parse(sunset)).toISOString().slice(0, 10);
}

/** One operation's lifecycle as `cdba versions` reports it, on the service's day. */
export interface OperationLifecycle {
  operation: OperationName;
  method: string;
  /** Relative to the API base, with placeholders. */
  path: string;
  /** The version cdba sends under the pin: a date, 'v1.0', or null when the pin is older than the first version. */
  sends: string | null;
  /** The newest version the service answers on that day (released, not past its Sunset). */
  newest: string | null;
  /** YYYY-MM-DD: when the version sent was superseded (null: not yet, as of that day). */
  deprecation: string | null;
  /** YYYY-MM-DD: when the version sent is removed (null: no date is set). */
  sunset: string | null;
  /** Days from the service's day to the Sunset; 0 or less: gone. */
  daysLeft: number | null;
  /** The description marks the operation itself deprecated, with no date. */
  operationDeprecated: boolean;
}

const DAY_MS = 86_400_000;
const isoOf = (httpDate: string): string => new Date(httpDate).toISOString().slice(0, 10);

/**
 * Every operation's lifecycle for a pin (`v1.0` or a date) on the service's day
 * (YYYY-MM-DD), from the operations table: what the client sends, what the
 * service would serve at best, and how long the version sent has left.
 */
export function operationLifecycles(apiVersion: string, today: string): OperationLifecycle[] {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  return (Object.keys(OPERATIONS) as OperationName[]).filter((name) => !OPERATIONS[name].passthrough).map((name) => {
    const { method, path, versions, deprecated } = OPERATIONS[name];
    const released = versions.filter((v) => v.date <= today);
    const live = released.filter((v) => !v.sunset || isoOf(v.sunset) > today);
    const sent = apiVersion === 'v1.0' ? undefined : versionAt(name, apiVersion);
    const deprecation = sent?.deprecation && isoOf(sent.deprecation) <= today ? isoOf(sent.deprecation) : null;
    const sunset = sent?.sunset ? isoOf(sent.sunset) : null;
    return {
      operation: name,
      method,
      path,
      sends: apiVersion === 'v1.0' ? 'v1.0' : (sent?.date ?? null),
      newest: live.at(-1)?.date ?? null,
      deprecation,
      sunset,
      daysLeft: sunset ? Math.round((Date.parse(`${sunset}T00:00:00Z`) - todayMs) / DAY_MS) : null,
      operationDeprecated: deprecated === true,
    };
  });
}
