// What JSON.parse accepts but cdba must not send: nesting deep enough to exhaust
// the stack of whatever walks the document next ("Maximum call stack size
// exceeded"), and numbers a JavaScript number cannot carry exactly (1e400 would
// go out as null, a 20-digit integer rounded, -0 as 0). One pass over the text,
// without recursion, before anything else reads it.
import { UsageError } from '../base/errors.js';

/** A cluster body is 6 levels deep; a document past this is a mistake or an attack. */
export const MAX_JSON_DEPTH = 64;

export interface JsonTextProblem {
  kind: 'depth' | 'number';
  /** Offset in the text. */
  offset: number;
  /** The field, as `a.b[0].c` (empty at the top). */
  path: string;
  /** The number as written, for kind number. */
  literal?: string;
  /** What JavaScript would send instead, for kind number. */
  becomes?: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;

/**
 * The first problem in `text`, or undefined. Text that is not JSON is left to
 * JSON.parse to explain: the scan stops quietly where it loses its way.
 */
export function findJsonTextProblem(text: string, maxDepth = MAX_JSON_DEPTH): JsonTextProblem | undefined {
  // Each open container: an array's next index, or an object's current key.
  const stack: Array<{ array: true; index: number } | { array: false; key: string | undefined }> = [];
  let expectKey = false;
  let numberProblem: JsonTextProblem | undefined;
  const pathOf = (): string =>
    stack.map((frame) => (frame.array ? `[${frame.index}]` : `.${frame.key ?? ''}`)).join('').replace(/^\./, '');
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ':') {
      i++;
    } else if (c === '{' || c === '[') {
      if (stack.length >= maxDepth) return { kind: 'depth', offset: i, path: pathOf() };
      stack.push(c === '[' ? { array: true, index: 0 } : { array: false, key: undefined });
      expectKey = c === '{';
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
      i++;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      expectKey = top !== undefined && !top.array;
      i++;
    } else if (c === '"') {
      STRING.lastIndex = i;
      const match = STRING.exec(text);
      if (!match) return numberProblem;
      const top = stack[stack.length - 1];
      if (expectKey && top && !top.array) {
        try {
          top.key = JSON.parse(match[0]) as string;
        } catch {
          return numberProblem;
        }
        expectKey = false;
      }
      i += match[0].length;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) return numberProblem;
      if (numberProblem === undefined) {
        const becomes = inexactNumber(match[0]);
        if (becomes !== undefined) numberProblem = { kind: 'number', offset: i, path: pathOf(), literal: match[0], becomes };
      }
      i += match[0].length;
    } else if (text.startsWith('true', i) || text.startsWith('null', i)) {
      i += 4;
    } else if (text.startsWith('false', i)) {
      i += 5;
    } else {
      return numberProblem;
    }
  }
  return numberProblem;
}

/**
 * What a JSON number literal becomes in JavaScript when that is not the same
 * number: "null" for an overflow, the rounded value, "0" for -0. Undefined when
 * it is carried exactly (0.1 is: it goes out as 0.1 again).
 */
export function inexactNumber(literal: string): string | undefined {
  const value = Number(literal);
  if (!Number.isFinite(value)) return 'null';
  if (Object.is(value, -0)) return '0';
  return sameDecimal(literal, String(value)) ? undefined : String(value);
}

/** Two decimal literals denote the same number (compared as digits and exponent, not as floats). */
function sameDecimal(a: string, b: string): boolean {
  const norm = (literal: string): string => {
    const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
    if (!match) return literal;
    const [, sign, int, frac = '', exp = '0'] = match;
    let digits = `${int}${frac}`;
    let exponent = Number(exp) - frac.length;
    const lead = /^0*/.exec(digits)![0].length;
    digits = digits.slice(lead);
    if (digits === '') return '0';
    const trail = /0*$/.exec(digits)![0].length;
    digits = digits.slice(0, digits.length - trail);
    exponent += trail;
    return `${sign}${digits}e${exponent}`;
  };
  return norm(a) === norm(b);
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  return `line ${before.split('\n').length}, column ${offset - before.lastIndexOf('\n')}`;
}

/** Throws the one-line UsageError for the first problem in `text` (see findJsonTextProblem). */
export function checkJsonText(text: string, source: string, problem = findJsonTextProblem(text)): void {
  if (problem === undefined) return;
  if (problem.kind === 'depth') {
    throw new UsageError(`${source}: nested deeper than ${MAX_JSON_DEPTH} levels at ${lineColumn(text, problem.offset)}`);
  }
  const field = problem.path === '' ? '' : ` in "${problem.path}"`;
  const literal = problem.literal!.length > 40 ? `${problem.literal!.slice(0, 40)}…` : problem.literal!;
  throw new UsageError(
    `${source}: the number ${literal}${field} cannot be sent exactly (JSON in JavaScript would send ${problem.becomes}); write it as a string if it is an ID`,
  );
}
