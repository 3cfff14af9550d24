// listPageText reads a list page's items as their JSON text. Whatever it accepts
// must be exactly what JSON.parse then JSON.stringify give (the bytes `list --all
// -o json` wrote before it); whatever it declines goes to JSON.parse as before.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { JsonText } from '../../../src/base/jsonText.js';
import { listPageText, MAX_ITEM_DEPTH } from '../../../src/api/pageText.js';

/** What the page's items and members are when parsed: the reference listPageText must match. */
function parsedView(text: string): { items: string[]; members: Record<string, unknown> } {
  const { results, ...members } = JSON.parse(text) as { results: unknown[] };
  return { items: results.map((item) => JSON.stringify(item)), members };
}

function readView(text: string): { items: string[]; members: Record<string, unknown> } | undefined {
  const page = listPageText(text);
  if (page === undefined) return undefined;
  const { results, ...members } = page;
  for (const item of results) expect(item).toBeInstanceOf(JsonText);
  return { items: results.map((item) => item.text), members };
}

const page = (items: string[], tail = ',"totalCount":3,"links":[{"href":"http://h/x?pageNum=1","rel":"self"}]'): string =>
  `{"results":[${items.join(',')}]${tail}}`;

/** JSON text of `value` written the way a server other than JavaScript might: other number forms, escapes, key order, whitespace. */
const serverText = (value: unknown): fc.Arbitrary<string> => {
  if (Array.isArray(value)) return fc.tuple(...value.map(serverText)).map((parts) => `[${parts.join(',')}]`);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return fc
      .tuple(fc.shuffledSubarray(entries, { minLength: entries.length }), ...entries.map(([, inner]) => serverText(inner)), fc.boolean())
      .map(([order, ...rest]) => {
        const spaced = rest.pop() as boolean;
        const texts = new Map(entries.map(([key], i) => [key, rest[i] as string]));
        const sep = spaced ? ', ' : ',';
        return `{${(order as Array<[string, unknown]>).map(([key]) => `${JSON.stringify(key)}:${texts.get(key)}`).join(sep)}}`;
      });
  }
  if (typeof value === 'number') {
    const forms = [JSON.stringify(value)];
    if (Number.isInteger(value)) forms.push(`${value}.0`, `${value}e0`, `${value}.000E+0`);
    if (Object.is(value, 0)) forms.push('-0', '0.0e5');
    return fc.constantFrom(...forms);
  }
  if (typeof value === 'string') {
    // Escapes JSON.stringify does not write: \/ and \u0061 for a letter.
    const escaped = [...value].map((ch) => (ch === '/' ? '\\/' : /[a-z]/.test(ch) ? `\\u00${ch.charCodeAt(0).toString(16)}` : JSON.stringify(ch).slice(1, -1))).join('');
    return fc.constantFrom(JSON.stringify(value), `"${escaped}"`);
  }
  return fc.constant(JSON.stringify(value));
};

/** Keys a service writes: never digits only (JavaScript would move those to the front), no escapes. */
// eslint-disable-next-line no-control-regex -- keys without control characters
const PLAIN_KEY = /^[^"\\\u0000-\u001f]*$/;
const itemValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string().filter((k) => !/^\d+$/.test(k) && k !== '__proto__' && PLAIN_KEY.test(k)), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('listPageText', () => {
  test('accepts compact pages as JSON.stringify writes them, with the same items and members', () => {
    fc.assert(
      fc.property(fc.array(itemValue, { maxLength: 6 }), fc.nat(), (items, total) => {
        const text = JSON.stringify({ links: [{ href: 'http://h/', rel: 'self' }], results: items, totalCount: total });
        expect(readView(text)).toEqual(parsedView(text));
      }),
      { numRuns: 300 },
    );
  });

  test('what it accepts of any server spelling is what JSON.parse then JSON.stringify give', () => {
    const spelled = fc.array(itemValue, { maxLength: 4 }).chain((items) => fc.tuple(...items.map(serverText)));
    let accepted = 0;
    fc.assert(
      fc.property(spelled, (items) => {
        const text = page(items);
        const read = readView(text);
        if (read === undefined) return;
        accepted++;
        expect(read).toEqual(parsedView(text));
      }),
      { numRuns: 300 },
    );
    // Only whitespace and repeated keys are declined here: most spellings are read (and rewritten).
    expect(accepted).toBeGreaterThan(100);
  });

  test('never accepts what JSON.parse refuses: damaged pages are declined', () => {
    const damaged = fc
      .tuple(fc.array(itemValue, { minLength: 1, maxLength: 3 }), fc.nat(), fc.constantFrom('delete', 'insert'), fc.constantFrom('"', ',', '}', ']', '{', '[', ':', '0', '.', 'e', '\\', 'x'))
      .map(([items, at, how, ch]) => {
        const text = JSON.stringify({ results: items });
        const i = at % text.length;
        return how === 'delete' ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + ch + text.slice(i);
      });
    fc.assert(
      fc.property(damaged, (text) => {
        const read = readView(text);
        if (read === undefined) return;
        expect(read).toEqual(parsedView(text)); // throws if JSON.parse refuses it
      }),
      { numRuns: 1000 },
    );
  });

  test('numbers of any spelling, JSON or not, are read as JSON.parse then JSON.stringify give, or declined', () => {
    // Short integers are taken as they stand (no leading zero, no sign of -0, up to 15 digits); the rest are rewritten.
    const digit = fc.constantFrom('0', '1', '9');
    const digits = fc.oneof(fc.string({ unit: digit, minLength: 1, maxLength: 3 }), fc.string({ unit: digit, minLength: 14, maxLength: 18 }));
    const spelling = fc.tuple(fc.constantFrom('', '-', '--', '+'), digits, fc.constantFrom('', '.5', '.', 'e3', 'E-400', 'e'), fc.constantFrom(',', '}', ']', ' ', 'x'));
    fc.assert(
      fc.property(spelling, ([sign, whole, tail, after]) => {
        const literal = `${sign}${whole}${tail}`;
        for (const text of [page([literal]), page([`{"n":${literal}${after === ',' ? ',"m":1' : ''}}`]), page([`[${literal}${after === ']' ? '' : ',2'}]`])]) {
          const read = readView(text);
          let parsed: ReturnType<typeof parsedView> | undefined;
          try {
            parsed = parsedView(text);
          } catch {
            parsed = undefined;
          }
          if (read !== undefined) expect(read).toEqual(parsed);
          else if (/^-?(0|[1-9]\d*)$/.test(literal)) expect.fail(`declined the integer ${literal} in ${text}`);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('an object is declined exactly when a key repeats (or is digits only), whatever the order of its keys', () => {
    // Few letters, so keys share first characters and prefixes and repeat often; '' is a key too.
    const key = fc.string({ unit: fc.constantFrom('a', 'b', 'B', '_'), maxLength: 3 });
    fc.assert(
      fc.property(fc.array(key, { maxLength: 7 }), fc.boolean(), (keys, nested) => {
        const object = `{${keys.map((k, i) => `${JSON.stringify(k)}:${i}`).join(',')}}`;
        const text = page([nested ? `{"x":[${object}],"y":${object}}` : object]);
        const read = readView(text);
        if (new Set(keys).size < keys.length) expect(read).toBeUndefined();
        else expect(read).toEqual(parsedView(text));
      }),
      { numRuns: 1000 },
    );
  });

  test('a raw control character anywhere inside the page is declined', () => {
    const text = JSON.stringify({ links: [{ href: 'http://h/', rel: 'self' }], results: [{ name: 'a', n: 1, tags: [{ key: 'k', value: 'v' }] }, 'é', null], totalCount: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: text.length - 1 }), fc.integer({ min: 0, max: 0x1f }), (at, code) => {
        expect(listPageText(text.slice(0, at) + String.fromCharCode(code) + text.slice(at))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  test('rewrites numbers and escapes as JavaScript writes them', () => {
    const text = page(['{"diskSizeGB":30.0,"huge":1e400,"neg":-0,"exp":1E2,"big":12345678901234567890}', '{"a":"\\/\\u00e9\\ud800x","b":"\\"q\\""}']);
    expect(readView(text)!.items).toEqual([
      '{"diskSizeGB":30,"huge":null,"neg":0,"exp":100,"big":12345678901234567000}',
      '{"a":"/é\\ud800x","b":"\\"q\\""}',
    ]);
    expect(readView(text)).toEqual(parsedView(text));
  });

  test('items already in that form are the page text itself', () => {
    const items = ['{"name":"a","n":1,"tags":[{"key":"k","value":"v"}]}', '[]', '"s"', '7', 'true', 'null', '{}'];
    expect(readView(page(items))!.items).toEqual(items);
    expect(readView(`${page(items)}\n`)!.items).toEqual(items);
  });

  test.each([
    ['a repeated key (JSON.parse keeps the last value at the first place)', page(['{"b":1,"a":2,"b":3}'])],
    ['a key of digits (JavaScript orders those first)', page(['{"b":1,"10":2}'])],
    ['an escape in a key', page(['{"\\u0061":1}'])],
    ['whitespace between tokens', '{"results": [1]}'],
    ['a raw control character in a string', page(['"a\tb"'])],
    ['a lone surrogate written raw', page(['"\ud800"'])],
    ['nesting past MAX_ITEM_DEPTH', page(['['.repeat(MAX_ITEM_DEPTH + 1) + ']'.repeat(MAX_ITEM_DEPTH + 1)])],
    ['results that are not an array', '{"results":{"a":1}}'],
    ['no results', '{"totalCount":1}'],
    ['results twice', '{"results":[1],"results":[2]}'],
    ['a __proto__ member', '{"results":[1],"__proto__":{"x":1}}'],
    ['text after the document', `${page(['1'])}x`],
    ['not an object', '[1]'],
  ])('declines %s', (_why, text) => {
    expect(listPageText(text)).toBeUndefined();
  });

  test('nesting up to MAX_ITEM_DEPTH is read', () => {
    const deep = '['.repeat(MAX_ITEM_DEPTH) + ']'.repeat(MAX_ITEM_DEPTH);
    expect(readView(page([deep]))!.items).toEqual([deep]);
  });
});
