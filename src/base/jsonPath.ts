// A JSON path as cdba's refusals name a field: `$.a.b`, `$.a["b c"]`, `$.a[0]`; a key that is
// not an identifier is quoted, so `{"a.b": 1}` is `$["a.b"]`, never `$.a.b`.

/** The path of `key` under `parent`. */
export function jsonPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}
