// The one test for "a JSON object" (not null, not an array), used by every
// layer that reads documents: server answers, files, the config, seeds.

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value if it is an object, else an empty one (for reading optional nested fields). */
export function asObject(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}
