// Which API version each resource is called at (seed: Versioning).
// A profile's apiVersion is 'v1.0' (the legacy API for everything) or a date D;
// with D, each resource uses its newest known version that is not later than D.
import { UsageError } from '../core/errors.js';
import { isCalendarDate, validateApiVersion } from '../config/validate.js';

/** Every resource version this cdba knows, oldest first. The one table. */
export const KNOWN_VERSIONS = {
  root: ['2023-01-01'],
  clusters: ['2023-01-01', '2023-02-01'],
  privateIpMode: ['2023-01-01'],
} as const satisfies Record<string, readonly string[]>;

export type ResourceName = keyof typeof KNOWN_VERSIONS;
export const RESOURCE_NAMES = Object.keys(KNOWN_VERSIONS) as ResourceName[];

export type VersionSelection = { base: 'v1.0' } | { base: 'v2'; version: string };

// One definition of a valid version serves flags, profiles and the client.
export { isCalendarDate, validateApiVersion };

export function selectVersion(resource: ResourceName, apiVersion: string): VersionSelection {
  validateApiVersion(apiVersion);
  if (apiVersion === 'v1.0') return { base: 'v1.0' };
  const versions: readonly string[] = KNOWN_VERSIONS[resource];
  // ISO dates compare correctly as strings.
  const chosen = versions.filter((v) => v <= apiVersion).at(-1);
  if (chosen === undefined) {
    const earliest = versions[0]!;
    throw new UsageError(
      `API version ${apiVersion} is older than the first version of ${resource} (${earliest}); use --api-version ${earliest} or later, or v1.0`,
    );
  }
  return { base: 'v2', version: chosen };
}

/** The newest version of a resource that this cdba knows. */
export function newestVersion(resource: ResourceName): string {
  return KNOWN_VERSIONS[resource].at(-1)!;
}

/** `application/vnd.<service>.<version>+json`, the media type of a v2 call. */
export function versionedMediaType(service: string, version: string): string {
  return `application/vnd.${service}.${version}+json`;
}

/** The version date in a versioned media type, e.g. from a response's Content-Type. */
export function versionFromMediaType(contentType: string | undefined): string | undefined {
  return contentType ? /application\/vnd\.[^.;\s]+\.(\d{4}-\d{2}-\d{2})\+json/i.exec(contentType)?.[1] : undefined;
}

/**
 * Guesses the resource a path (relative to the version base) addresses, so errors
 * from the raw `api` command can still name a version to use.
 */
export function resourceForPath(path: string): ResourceName | undefined {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  if (clean === '') return 'root';
  if (/^\/groups\/[^/]+\/clusters(\/[^/]+)?$/.test(clean)) return 'clusters';
  if (/^\/groups\/[^/]+\/privateIpMode$/.test(clean)) return 'privateIpMode';
  return undefined;
}
