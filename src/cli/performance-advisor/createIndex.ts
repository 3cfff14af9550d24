// A suggested index as the mongosh command that makes it (pure):
//   db.getSiblingDB("sample").getCollection("movies").createIndex({ "year": 1, "title": 1 })
// The namespace and field names are the server's (untrusted): each is written as a
// JavaScript string literal in which every character outside printable ASCII, and every
// quote and backslash, is a \u escape, so the line is safe to paste into a shell's
// mongosh and to show on a terminal. A direction is 1 or -1 (or an index type such as
// "text"); anything else is refused with undefined.

/** A JavaScript string literal of `text`: printable ASCII as is, the rest \u-escaped. */
export function jsString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f && ch !== '"' && ch !== '\\') out += ch;
    else if (code > 0xffff) {
      const hi = Math.floor((code - 0x10000) / 0x400) + 0xd800;
      const lo = ((code - 0x10000) % 0x400) + 0xdc00;
      out += `\\u${hi.toString(16).padStart(4, '0')}\\u${lo.toString(16).padStart(4, '0')}`;
    } else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

const INDEX_TYPES = new Set(['text', '2d', '2dsphere', 'hashed']);

/** The key document `{ "a": 1, "b": -1 }` of an index given as [{a: 1}, {b: -1}], or undefined when it is not one. */
export function keyDocument(index: unknown): string | undefined {
  if (!Array.isArray(index) || index.length === 0 || index.length > 64) return undefined;
  const parts: string[] = [];
  for (const entry of index) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
    const pairs = Object.entries(entry as Record<string, unknown>);
    if (pairs.length !== 1) return undefined;
    const [field, direction] = pairs[0]!;
    if (field === '' || field.length > 1024) return undefined;
    if (direction === 1 || direction === -1) parts.push(`${jsString(field)}: ${direction}`);
    else if (typeof direction === 'string' && INDEX_TYPES.has(direction)) parts.push(`${jsString(field)}: ${jsString(direction)}`);
    else return undefined;
  }
  return `{ ${parts.join(', ')} }`;
}

/** The createIndex line for a namespace `<db>.<collection>` and an index, or undefined when either is not one. */
export function createIndexCommand(namespace: unknown, index: unknown): string | undefined {
  if (typeof namespace !== 'string') return undefined;
  const dot = namespace.indexOf('.');
  if (dot <= 0 || dot === namespace.length - 1 || namespace.length > 1024) return undefined;
  const keys = keyDocument(index);
  if (keys === undefined) return undefined;
  return `db.getSiblingDB(${jsString(namespace.slice(0, dot))}).getCollection(${jsString(namespace.slice(dot + 1))}).createIndex(${keys})`;
}
