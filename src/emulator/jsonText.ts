// Pre-serialised JSON: a cluster's rendered document is kept as its JSON text, and a
// response body is written by splicing those texts in, instead of building and
// serialising the same objects again on every request.
//
// serializeJson(body) gives exactly JSON.stringify(body) for plain data; a JsonText
// inside it stands for the value its text encodes. JSON.stringify itself (used for
// pretty=true) reaches the same value through toJSON, at the cost of a parse.
// (JsonText itself is in src/base: the CLI reads list pages into it too.)
import { JsonText } from '../base/jsonText.js';

/** An object or array JSON.stringify would walk itself: no toJSON, no special prototype. */
function isPlainContainer(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null || (proto === Array.prototype && Array.isArray(value));
  return plain && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** JSON.stringify(value) for plain data, with each JsonText written as its text. */
export function serializeJson(value: unknown): string {
  return member(value) as string;
}

/** undefined where JSON.stringify leaves the member out (undefined, functions, symbols). */
function member(value: unknown): string | undefined {
  if (value instanceof JsonText) return value.text;
  if (typeof value !== 'object' || value === null || !isPlainContainer(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += member(value[i]) ?? 'null';
    }
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const [key, inner] of Object.entries(value)) {
    const text = member(inner);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * Nesting the request pipeline accepts in a body (the service's parser, Jackson, refuses
 * past 1000 by default): whatever walks a body next (the read-only rule's copy, a model's
 * check, the state's serialisation) recurses, and a body thousands of levels deep would
 * exhaust the stack there, on one route or another.
 */
export const MAX_BODY_DEPTH = 1000;

/** Whether `text` opens more than `max` arrays or objects inside one another: one pass, no recursion. */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
