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
/** Raw control characters: whitespace between tokens (not compact), or invalid in strings. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f]/;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

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

class PageScan {
  private i = 0;
  /** Canonical text of the value being read, up to `copied`; the rest is s.slice(copied, i). */
  private out = '';
  private copied = 0;
  /** The first backslash at or after the position last asked about (s.length when none). */
  private backslash = -1;
  /** The keys of the objects being read, outermost first, as start and end offsets in s. */
  private readonly keys: number[] = [];

  constructor(private readonly s: string) {}

  page(): ListPage<JsonText> {
    const { s } = this;
    const members: Record<string, unknown> = {};
    let results: JsonText[] | undefined;
    this.i = 1;
    if (s.charCodeAt(this.i) === CLOSE_BRACE) decline();
    for (;;) {
      const key = this.key();
      if (key === '__proto__' || Object.hasOwn(members, key) || (key === 'results' && results)) decline();
      if (key === 'results') results = this.items();
      else members[key] = JSON.parse(this.canonical(0));
      const c = s.charCodeAt(this.i++);
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) decline();
    }
    if (this.i !== s.length || !results) decline();
    return { ...members, results };
  }

  /** The array of items: each one's canonical text. */
  private items(): JsonText[] {
    const { s } = this;
    if (s.charCodeAt(this.i++) !== OPEN_BRACKET) decline();
    const items: JsonText[] = [];
    if (s.charCodeAt(this.i) === CLOSE_BRACKET) {
      this.i++;
      return items;
    }
    for (;;) {
      items.push(new JsonText(this.canonical(0)));
      const c = s.charCodeAt(this.i++);
      if (c === CLOSE_BRACKET) return items;
      if (c !== COMMA) decline();
    }
  }

  /** Reads one value and returns the text JSON.stringify(JSON.parse(value)) gives. */
  private canonical(depth: number): string {
    this.out = '';
    this.copied = this.i;
    this.value(depth);
    const text = this.out + this.s.slice(this.copied, this.i);
    this.out = '';
    return text;
  }

  /** `key:` of a member of the page, without escapes; leaves i after the colon. */
  private key(): string {
    const start = this.i + 1;
    return this.s.slice(start, this.keyEnd());
  }

  /** Reads `"key":` without escapes and returns where the key's characters end; leaves i after the colon. */
  private keyEnd(): number {
    const { s } = this;
    if (s.charCodeAt(this.i) !== QUOTE) decline();
    const end = s.indexOf('"', this.i + 1);
    if (end < 0 || this.backslashFrom(this.i) < end || s.charCodeAt(end + 1) !== COLON) decline();
    this.i = end + 2;
    return end;
  }

  private value(depth: number): void {
    const { s } = this;
    const c = s.charCodeAt(this.i);
    if (c === QUOTE) this.string();
    else if (c === OPEN_BRACE) this.object(depth + 1);
    else if (c === OPEN_BRACKET) this.array(depth + 1);
    else if (c === 45 || (c >= 48 && c <= 57)) this.number();
    else if (s.startsWith('true', this.i) || s.startsWith('null', this.i)) this.i += 4;
    else if (s.startsWith('false', this.i)) this.i += 5;
    else decline();
  }

  private object(depth: number): void {
    if (depth > MAX_ITEM_DEPTH) decline();
    const { s } = this;
    this.i++;
    if (s.charCodeAt(this.i) === CLOSE_BRACE) {
      this.i++;
      return;
    }
    // JSON.parse keeps a repeated key's last value at its first place: declined, like
    // numeric keys. Services write keys sorted, and ascending keys cannot repeat, so
    // the earlier keys are searched only once the keys stop ascending. Keys are
    // compared where they stand in the text: slicing each one out made a page's
    // 60,000 keys into garbage for the young generation.
    const keys = this.keys;
    const base = keys.length;
    let ascending = true;
    for (;;) {
      const start = this.i + 1;
      const end = this.keyEnd();
      if (isDigits(s, start, end)) decline();
      if (keys.length > base && (!ascending || compareRanges(s, keys[keys.length - 2]!, keys[keys.length - 1]!, start, end) >= 0)) {
        ascending = false;
        for (let k = base; k < keys.length; k += 2) if (compareRanges(s, keys[k]!, keys[k + 1]!, start, end) === 0) decline();
      }
      keys.push(start, end);
      this.value(depth);
      const c = s.charCodeAt(this.i++);
      if (c === CLOSE_BRACE) {
        keys.length = base;
        return;
      }
      if (c !== COMMA) decline();
    }
  }

  private array(depth: number): void {
    if (depth > MAX_ITEM_DEPTH) decline();
    const { s } = this;
    this.i++;
    if (s.charCodeAt(this.i) === CLOSE_BRACKET) {
      this.i++;
      return;
    }
    for (;;) {
      this.value(depth);
      const c = s.charCodeAt(this.i++);
      if (c === CLOSE_BRACKET) return;
      if (c !== COMMA) decline();
    }
  }

  private string(): void {
    const { s } = this;
    const start = this.i;
    let end = s.indexOf('"', start + 1);
    if (end < 0) decline();
    if (this.backslashFrom(start) > end) {
      this.i = end + 1;
      return;
    }
    // Escapes: find the real end, and write the string as JSON.stringify would.
    for (end = start + 1; ; end++) {
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
    this.i = end + 1;
    if (canonical !== literal) this.rewrite(start, canonical);
  }

  private number(): void {
    const { s } = this;
    const start = this.i;
    // Most numbers are short integers, already in the form JSON.stringify writes.
    let end = s.charCodeAt(start) === 45 ? start + 1 : start;
    const first = s.charCodeAt(end);
    while (end < s.length && isDigit(s.charCodeAt(end))) end++;
    const next = s.charCodeAt(end);
    if (first !== 48 && end - start <= 15 && end > start && (next === COMMA || next === CLOSE_BRACE || next === CLOSE_BRACKET) && s.charCodeAt(start) !== 45) {
      this.i = end;
      return;
    }
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(s);
    if (!match) decline();
    const literal = match[0];
    this.i += literal.length;
    // JSON.stringify(Infinity) is null and of -0 is 0, as JSON.parse then JSON.stringify give.
    const canonical = JSON.stringify(Number(literal));
    if (canonical !== literal) this.rewrite(start, canonical);
  }

  /** The text from `start` to i becomes `canonical`. */
  private rewrite(start: number, canonical: string): void {
    this.out += this.s.slice(this.copied, start) + canonical;
    this.copied = this.i;
  }

  private backslashFrom(position: number): number {
    if (this.backslash < position) {
      const found = this.s.indexOf('\\', position);
      this.backslash = found < 0 ? this.s.length : found;
    }
    return this.backslash;
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** A key of digits only: JavaScript orders such keys (array indices, and kin) first, so they are declined, not reordered. */
function isDigits(s: string, start: number, end: number): boolean {
  if (end === start) return false;
  for (let k = start; k < end; k++) if (!isDigit(s.charCodeAt(k))) return false;
  return true;
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
