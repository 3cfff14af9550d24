// The read-only echo rule, for every resource's request bodies (issues 24 and 32).
// A client written for the service sends back what it read: `groupId` equal to the
// path's project in a create (MongoDB's MCP server, SDKs), the whole document of a
// GET in a PATCH. The service's refusal reads "The attribute %s is read-only and
// cannot be changed by the user": it is about changing a value. So a read-only field
// whose value equals what the service holds, or the path's own parameter of that
// name (the project's groupId), is taken out of the body before the handler sees it;
// any other value stays, and the resource's own check refuses it naming the field.
// Nothing that would change is dropped (the seed's "never ignored").
import type { ReadOnlyFields, RequestContext } from './contract.js';

type Doc = Record<string, unknown>;

/** The body without the read-only fields it echoes unchanged (each entry of an array body alike). */
export function withoutEchoes(ctx: RequestContext, body: Doc | unknown[], rule: ReadOnlyFields | undefined): Doc | unknown[] {
  if (!rule) return body;
  const fields = typeof rule.fields === 'function' ? rule.fields(ctx) : rule.fields;
  const current: Doc = { ...ctx.params, ...rule.held?.(ctx) };
  const prune = (entry: unknown): unknown => {
    if (!isDoc(entry)) return entry;
    const rest = structuredClone(entry);
    for (const path of fields) pruneEqual(rest, current, path.split('.'));
    return rest;
  };
  return Array.isArray(body) ? body.map(prune) : (prune(body) as Doc);
}

const isDoc = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Deletes the field at `segments` wherever the body's value equals the current one.
 * Array entries are matched by `id` where the body gives one, else by position.
 */
function pruneEqual(body: unknown, current: unknown, segments: string[]): void {
  if (!isDoc(body)) return;
  const here = isDoc(current) ? current : {};
  const [head, ...rest] = segments;
  if (head === undefined || !(head in body)) return;
  if (rest.length === 0) {
    if (head in here && sameJson(body[head], here[head])) delete body[head];
    return;
  }
  const next = body[head];
  const counterpart = here[head];
  if (Array.isArray(next)) {
    const others = Array.isArray(counterpart) ? (counterpart as unknown[]) : [];
    next.forEach((item, i) => {
      const id = (item as { id?: unknown } | null)?.id;
      const byId = id === undefined ? undefined : others.find((other) => (other as { id?: unknown } | null)?.id === id);
      pruneEqual(item, byId ?? others[i], rest);
    });
  } else {
    pruneEqual(next, counterpart, rest);
  }
}
