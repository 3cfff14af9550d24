// Where JSON.parse refused a text, in words that never quote it: the text may be a
// config file or a request body holding a key or a password, and V8's message for an
// unexpected token quotes the text around it ('Unexpected token 'T', ..."ivateKey":TOPSECRET-"...').
import { parse, type ParseError } from 'jsonc-parser';

/** Punctuation JSON is made of: naming one of these quotes nothing of the user's. */
const STRUCTURAL = /^[{}[\],:]$/;

/**
 * "line L, column C: reason" for text JSON.parse refused with `message`. V8 places
 * most errors itself (Node 22 adds "(line L column C)") in words of its own; for an
 * unexpected token or an early end it names no position but quotes the text, and
 * jsonc-parser, held to strict JSON, places it. The token itself is named only when
 * it is JSON's own punctuation: a word there may be a secret typed without quotes.
 */
export function jsonSyntaxPlace(text: string, message: string): string {
  const placed = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(message);
  let position: number;
  let reason: string;
  if (placed) {
    position = Number(placed[1]);
    reason = message.slice(0, placed.index);
    // V8's placed words quote only its own punctuation; anything quoted of the text is dropped.
    if (reason.includes('"')) reason = 'Unexpected token';
  } else {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    position = Math.min(first?.offset ?? text.length, text.length);
    const token = text.slice(position, position + (first?.length ?? 0));
    reason = token === '' ? 'unexpected end of input' : STRUCTURAL.test(token) ? `Unexpected token '${token}'` : 'Unexpected token';
  }
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  // The offending character may itself be a newline or tab: show it escaped, on one line.
  return `line ${line}, column ${column}: ${reason.replace(/[\r\n\t]/g, (c) => JSON.stringify(c).slice(1, -1))}`;
}
