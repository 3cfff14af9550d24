// parseJson places syntax errors at a line and column. V8 names a position for
// most errors but not for an unexpected token; jsonErrorOffset finds it then.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, parseJson } from '../../../src/core/input.js';

describe('jsonErrorOffset', () => {
  it('is the length of valid JSON', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonErrorOffset(text)).toBe(text.length);
      }),
    );
  });

  it('agrees with V8 wherever V8 names a position', () => {
    const broken = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom(',', '}', ']', ':', 'x', '"', '{', '[', '\\', '\n', '-', '0'))
      .map(([text, at, ch]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + ch + text.slice(i);
      });
    let compared = 0;
    fc.assert(
      fc.property(broken, (text) => {
        let position: number | undefined;
        try {
          JSON.parse(text);
          return;
        } catch (error) {
          const match = /position (\d+)/.exec((error as Error).message);
          position = match ? Number(match[1]) : undefined;
        }
        if (position === undefined) return;
        compared++;
        expect(jsonErrorOffset(text)).toBe(position);
      }),
      { numRuns: 2000 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  it('finds unexpected tokens, which V8 leaves unplaced', () => {
    expect(jsonErrorOffset('{\n  "a": 1,\n  "tags": [,]\n}')).toBe(23);
    expect(jsonErrorOffset('[1, 2, x]')).toBe(7);
    expect(jsonErrorOffset('{"a": tru}')).toBe(9);
    expect(jsonErrorOffset('{"a": "\\q"}')).toBe(8);
    expect(jsonErrorOffset('{"a": "\\u12G4"}')).toBe(11);
    expect(jsonErrorOffset('{"a": 1')).toBe(7);
  });
});

describe('parseJson', () => {
  it('names the line and column of an unexpected token, on one line', () => {
    expect(() => parseJson('{\n  "clusterType": "REPLICASET",\n  "tags": [,]\n}', 'stdin')).toThrow(
      /^stdin: invalid JSON at line 3, column 12: Unexpected token ','$/,
    );
  });

  it('names the line and column V8 gives, and the end of input', () => {
    expect(() => parseJson('{\n  "a": 1,\n}', 'f.json')).toThrow(/^f\.json: invalid JSON at line 3, column 1: /);
    expect(() => parseJson('{"a": [1, 2', 'f.json')).toThrow(/^f\.json: invalid JSON at line 1, column 12: /);
  });

  it('returns the value of valid JSON', () => {
    expect(parseJson('{"a": [1, {"b": null}]}', 'x')).toEqual({ a: [1, { b: null }] });
  });
});
