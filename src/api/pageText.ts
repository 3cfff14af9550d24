// A list page read without building its items: each item of `results` becomes
// the text JSON.stringify(JSON.parse(item)) gives (a JsonText), found in one
// pass over the page. `list --all -o json` writes those texts as they are, so it
// neither builds twenty pages of objects nor serialises them again
// (test/bench/RESULTS.md, figure 4). The pass accepts only compact JSON it can
// vouch for; anything else (whitespace, a control character, an escape in a
// key, a duplicate or numeric key, nesting past MAX_ITEM_DEPTH) gives undefined
// and the caller parses the page as before. Rewritten on the way: numbers not
// in JavaScript's own form (30.0 -> 30, 1e400 -> null, -0 -> 0) and strings with
// escapes JSON.stringify would write otherwise ("\/" -> "/", "\u00e9" -> "é").
import { JsonText } from '../base/jsonText.js';
import type { ListPage } from './pagination.js';

/** Nesting inside one item that the pass follows (a cluster is 6 deep); deeper goes to JSON.parse. */
export const MAX_ITEM_DEPTH = 64;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;
/**
 * Raw control characters: whitespace between tokens (not compact), or invalid
 * in strings. One pass of this costs 0.85 ms a page; 32 includes() (memchr)
 * 0.5 ms on a one-byte page but 1.9-7 ms on a two-byte one (one character
 * past U+00FF in the page makes it so), hence the regular expression.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f]/;

/**
 * The page with `results` as JsonTexts and its other members parsed, or
 * undefined when the text is not compact JSON this pass vouches for (or not a
 * list page): then JSON.parse decides, and explains.
 */
export function listPageText(text: string): ListPage<JsonText> | undefined {
  const s = text.trim();
  if (s.charCodeAt(0) !== OPEN_BRACE || CONTROL.test(s) || !isWellFormed(s)) return undefined;
  try {
    return new PageScan(s).page();
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

const DECLINE = Symbol('decline');

function decline(): never {
  throw DECLINE;
}

// This pass is most of the main thread's CPU in `list --all -o json`. In Node
// 20's V8 an s.charCodeAt costs some 25 instructions and a loop over characters
// in JavaScript about 30 a character, against well under one a character for the
// memchr inside indexOf (and ~100 a call): so the pass reads only punctuation
// and the first character of each token itself, and leaves the runs inside
// strings to indexOf. Positions are passed and returned, not kept on the scanner.
class PageScan {
  /** Canonical text of the value being read, up to `copied`; the rest is still the page's own. */
  private out = '';
  private copied = 0;
  /** The first backslash at or after the position last asked about (s.length when none). */
  private backslash = -1;
  /** Where the last value read by `canonical` ends. */
  private end = 0;
  /**
   * The keys of the objects being read, outermost first, each as its first
   * character (-1 when empty) and its start and end offsets in s; an object's
   * keys sit from the `base` it is given. Never shortened, only overwritten:
   * setting an array's length is a call into the runtime.
   */
  private readonly keys: number[] = [];

  constructor(private readonly s: string) {}

  page(): ListPage<JsonText> {
    const { s } = this;
    const members: Record<string, unknown> = {};
    let results: JsonText[] | undefined;
    let i = 1;
    if (s.charCodeAt(i) === CLOSE_BRACE) decline();
    for (;;) {
      if (s.charCodeAt(i) !== QUOTE) decline();
      const end = this.keyEnd(i + 1);
      const key = s.slice(i + 1, end);
      i = end + 2;
      if (key === '__proto__' || Object.hasOwn(members, key) || (key === 'results' && results)) decline();
      if (key === 'results') results = this.items(i);
      else members[key] = JSON.parse(this.canonical(i));
      i = this.end;
      const c = s.charCodeAt(i++);
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) decline();
    }
    if (i !== s.length || !results) decline();
    return { ...members, results };
  }

  /** The array of items at i: each one's canonical text. */
  private items(i: number): JsonText[] {
    const { s } = this;
    if (s.charCodeAt(i++) !== OPEN_BRACKET) decline();
    const items: JsonText[] = [];
    if (s.charCodeAt(i) === CLOSE_BRACKET) {
      this.end = i + 1;
      return items;
    }
    for (;;) {
      items.push(new JsonText(this.canonical(i)));
      i = this.end;
      const c = s.charCodeAt(i++);
      if (c === CLOSE_BRACKET) break;
      if (c !== COMMA) decline();
    }
    this.end = i;
    return items;
  }

  /** Reads the value at i and returns the text JSON.stringify(JSON.parse(value)) gives; `end` is where it ends. */
  private canonical(i: number): string {
    this.out = '';
    this.copied = i;
    const end = this.value(i, 0, 0);
    const text = this.out === '' ? this.s.slice(i, end) : this.out + this.s.slice(this.copied, end);
    this.out = '';
    this.end = end;
    return text;
  }

  /** Reads the value at i, `depth` deep, with the keys of the objects around it below `keyTop`; returns where it ends. */
  private value(i: number, depth: number, keyTop: number): number {
    const { s } = this;
    const c = s.charCodeAt(i);
    if (c === QUOTE) return this.string(i);
    if (c === OPEN_BRACE) return this.object(i, depth + 1, keyTop);
    if (c === OPEN_BRACKET) return this.array(i, depth + 1, keyTop);
    if (c === MINUS || (c >= ZERO && c <= NINE)) return this.number(i, c);
    if (c === 116 && s.charCodeAt(i + 1) === 114 && s.charCodeAt(i + 2) === 117 && s.charCodeAt(i + 3) === 101) return i + 4; // true
    if (c === 110 && s.charCodeAt(i + 1) === 117 && s.charCodeAt(i + 2) === 108 && s.charCodeAt(i + 3) === 108) return i + 4; // null
    if (c === 102 && s.charCodeAt(i + 1) === 97 && s.charCodeAt(i + 2) === 108 && s.charCodeAt(i + 3) === 115 && s.charCodeAt(i + 4) === 101) return i + 5; // false
    decline();
  }

  private object(i: number, depth: number, base: number): number {
    if (depth > MAX_ITEM_DEPTH) decline();
    const { s, keys } = this;
    i++;
    if (s.charCodeAt(i) === CLOSE_BRACE) return i + 1;
    // JSON.parse keeps a repeated key's last value at its first place: declined, like
    // numeric keys. Services write keys sorted, and ascending keys cannot repeat, so
    // the earlier keys are searched only once the keys stop ascending. Keys are
    // compared where they stand in the text: slicing each one out made a page's
    // 60,000 keys into garbage for the young generation.
    let top = base;
    let ascending = true;
    for (;;) {
      if (s.charCodeAt(i) !== QUOTE) decline();
      const start = i + 1;
      const end = this.keyEnd(start);
      const first = end > start ? s.charCodeAt(start) : -1;
      if (first >= ZERO && first <= NINE && isDigits(s, start, end)) decline();
      // Most keys differ from the one before in their first character.
      if (top > base) {
        const previous = keys[top - 3]!;
        if (!ascending || first < previous || (first === previous && compareRanges(s, keys[top - 2]!, keys[top - 1]!, start, end) >= 0)) {
          ascending = false;
          for (let k = base; k < top; k += 3) if (keys[k] === first && sameRange(s, keys[k + 1]!, keys[k + 2]!, start, end)) decline();
        }
      }
      keys[top] = first;
      keys[top + 1] = start;
      keys[top + 2] = end;
      top += 3;
      i = this.value(end + 2, depth, top);
      const c = s.charCodeAt(i);
      if (c === COMMA) i++;
      else if (c === CLOSE_BRACE) return i + 1;
      else decline();
    }
  }

  private array(i: number, depth: number, keyTop: number): number {
    if (depth > MAX_ITEM_DEPTH) decline();
    const { s } = this;
    i++;
    if (s.charCodeAt(i) === CLOSE_BRACKET) return i + 1;
    for (;;) {
      i = this.value(i, depth, keyTop);
      const c = s.charCodeAt(i);
      if (c === COMMA) i++;
      else if (c === CLOSE_BRACKET) return i + 1;
      else decline();
    }
  }

  private string(start: number): number {
    const end = this.s.indexOf('"', start + 1);
    if (end < 0) decline();
    if (this.backslashFrom(start) > end) return end + 1;
    return this.escapedString(start);
  }

  /** A string with escapes: found to its real end and written as JSON.stringify would. */
  private escapedString(start: number): number {
    const { s } = this;
    let end = start + 1;
    for (; ; end++) {
      const c = s.charCodeAt(end);
      if (Number.isNaN(c)) decline();
      if (c === QUOTE) break;
      if (c === BACKSLASH) end++;
    }
    const literal = s.slice(start, end + 1);
    let canonical: string;
    try {
      canonical = JSON.stringify(JSON.parse(literal) as string);
    } catch {
      decline();
    }
    if (canonical !== literal) this.rewrite(start, end + 1, canonical);
    return end + 1;
  }

  private number(start: number, c: number): number {
    const { s } = this;
    // Most numbers are short integers, already in the form JSON.stringify writes:
    // up to 15 digits, no leading zero (but 0 itself), no fraction or exponent, not -0.
    const negative = c === MINUS;
    const digits = negative ? start + 1 : start;
    const lead = negative ? s.charCodeAt(digits) : c;
    let end = digits + 1;
    let next = s.charCodeAt(end);
    if (lead > ZERO && lead <= NINE) {
      while (next >= ZERO && next <= NINE) next = s.charCodeAt(++end);
    } else if (lead !== ZERO || negative) {
      next = -1;
    }
    if (end - digits <= 15 && (next === COMMA || next === CLOSE_BRACE || next === CLOSE_BRACKET)) return end;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(s);
    if (!match) decline();
    const literal = match[0];
    // JSON.stringify(Infinity) is null and of -0 is 0, as JSON.parse then JSON.stringify give.
    const canonical = JSON.stringify(Number(literal));
    if (canonical !== literal) this.rewrite(start, start + literal.length, canonical);
    return start + literal.length;
  }

  /** Reads a key from `start` (after its quote) up to its closing quote and the colon after it; returns where its characters end. No escapes. */
  private keyEnd(start: number): number {
    const { s } = this;
    const end = s.indexOf('"', start);
    if (end < 0 || this.backslashFrom(start) < end || s.charCodeAt(end + 1) !== COLON) decline();
    return end;
  }

  /** The first backslash at or after `position` (s.length when none). */
  private backslashFrom(position: number): number {
    if (this.backslash < position) {
      const found = this.s.indexOf('\\', position);
      this.backslash = found < 0 ? this.s.length : found;
    }
    return this.backslash;
  }

  /** The page's text from `start` to `end` becomes `canonical`. */
  private rewrite(start: number, end: number, canonical: string): void {
    this.out += this.s.slice(this.copied, start) + canonical;
    this.copied = end;
  }
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/** A key of digits only: JavaScript orders such keys (array indices, and kin) first, so they are declined, not reordered. */
function isDigits(s: string, start: number, end: number): boolean {
  if (end === start) return false;
  for (let k = start; k < end; k++) if (!isDigit(s.charCodeAt(k))) return false;
  return true;
}

/** s.slice(a, aEnd) === s.slice(b, bEnd), without slicing. */
function sameRange(s: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
  return aEnd - a === bEnd - b && compareRanges(s, a, aEnd, b, bEnd) === 0;
}

/** s.slice(a, aEnd) against s.slice(b, bEnd), as < and > compare strings: negative, 0 or positive. */
function compareRanges(s: string, a: number, aEnd: number, b: number, bEnd: number): number {
  const common = Math.min(aEnd - a, bEnd - b);
  for (let k = 0; k < common; k++) {
    const d = s.charCodeAt(a + k) - s.charCodeAt(b + k);
    if (d !== 0) return d;
  }
  return aEnd - a - (bEnd - b);
}

/** No lone surrogate (JSON.stringify would write one as an escape). Node 20 has it; TypeScript's es2022 lib does not. */
function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}
