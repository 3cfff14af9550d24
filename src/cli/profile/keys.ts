// Profile key names and secret masking, shared by the profile verbs.
import { UsageError } from '../../core/errors.js';
import { PROFILE_KEYS, SECRET_KEYS, type ProfileKey } from '../../config/settings.js';

/** Accepts `projectId`, `project-id` or `project_id`. */
export function profileKey(name: string): ProfileKey {
  const camel = name.replace(/[-_]([a-z])/g, (_, c: string) => c.toUpperCase());
  const key = PROFILE_KEYS.find((k) => k.toLowerCase() === camel.toLowerCase());
  if (!key) throw new UsageError(`unknown profile key "${name}": expected one of ${PROFILE_KEYS.join(', ')}`);
  return key;
}

/** Shows the first four characters of a secret, enough to tell keys apart. */
export function mask(value: string): string {
  return value.length >= 12 ? `${value.slice(0, 4)}****` : '****';
}

export function displayValue(key: ProfileKey, value: string | undefined): string | undefined {
  return value !== undefined && SECRET_KEYS.has(key) ? mask(value) : value;
}
