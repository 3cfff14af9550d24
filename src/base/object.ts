// The one test for "a JSON object" (not null, not an array), used by every
// layer that reads documents: server answers, files, the config, seeds.

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value if it is an object, else an empty one (for reading optional nested fields). */
export function asObject(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

interface Nested {
  node: object;
  depth: number;
  key?: string | number;
  parent?: Nested;
}

/**
 * Where `value` nests objects or arrays more than `max` deep (the value itself is
 * level 1): the keys down to the first place beyond, or undefined when it does not.
 * Without recursion, so a document nested thousands deep is measured, not a stack
 * overflow (JSON.parse takes any depth; JSON.stringify and what walks it next do not).
 */
export function nestingBeyond(value: unknown, max: number): Array<string | number> | undefined {
  const pending: Nested[] = value !== null && typeof value === 'object' ? [{ node: value, depth: 1 }] : [];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > max) {
      const path: Array<string | number> = [];
      for (let at: Nested | undefined = next; at?.key !== undefined; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    const array = Array.isArray(next.node);
    for (const [key, child] of Object.entries(next.node)) {
      if (child !== null && typeof child === 'object') pending.push({ node: child as object, depth: next.depth + 1, key: array ? Number(key) : key, parent: next });
    }
  }
  return undefined;
}
