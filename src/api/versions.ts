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
    const { resource, versions } = OPERATIONS[name];
    const earliest = versions[0]!.date;
    throw new UsageError(
      `API version ${apiVersion} is older than the first version of ${resource} (${earliest})`,
      { remedy: { setting: 'apiVersion', version: earliest, orLater: true } },
    );
  }
  return { base: 'v2', version: chosen.date };
}

/** The newest version of an operation that this cdba knows. */
export function newestVersion(name: OperationName): string {
  return OPERATIONS[name].versions.at(-1)!.date;
}

/** `application/vnd.<service>.<version>+json`, the media type of a v2 call. */
export function versionedMediaType(service: string, version: string): string {
  return `application/vnd.${service}.${version}+json`;
}

/** The version date in a versioned media type, e.g. from a response's Content-Type. */
export function versionFromMediaType(contentType: string | undefined): string | undefined {
  return contentType ? /application\/vnd\.[^.;\s]+\.(\d{4}-\d{2}-\d{2})\+json/i.exec(contentType)?.[1] : undefined;
}
