// parseJson places syntax errors at a line and column. V8 names a position for
// most errors but not for an unexpected token or an early end; jsonc-parser
// (strict JSON) places those.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/core/input.js';

const failure = (text: string): string => {
  try {
    parseJson(text, 'f');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`parsed: ${text}`);
};

describe('parseJson', () => {
  it('names the line and column of an unexpected token, on one line', () => {
    expect(() => parseJson('{\n  "clusterType": "REPLICASET",\n  "tags": [,]\n}', 'stdin')).toThrow(
      /^stdin: invalid JSON at line 3, column 12: Unexpected token ','$/,
    );
  });

  it('places the tokens V8 leaves unplaced, quoting only JSON punctuation (a bare word may be a password)', () => {
    expect(failure('[1, 2, x]')).toBe('f: invalid JSON at line 1, column 8: Unexpected token');
    expect(failure('{"a": tru}')).toBe('f: invalid JSON at line 1, column 7: Unexpected token');
    expect(failure('[1,]')).toBe("f: invalid JSON at line 1, column 4: Unexpected token ']'");
    expect(failure('{"a": NaN}')).toBe('f: invalid JSON at line 1, column 7: Unexpected token');
    expect(failure('{"name":')).toBe('f: invalid JSON at line 1, column 9: unexpected end of input');
    expect(failure('{"password":hunter2-SECRET}')).toBe('f: invalid JSON at line 1, column 13: Unexpected token');
  });

  it('names the line and column V8 gives, and the end of input', () => {
    expect(() => parseJson('{\n  "a": 1,\n}', 'f.json')).toThrow(/^f\.json: invalid JSON at line 3, column 1: /);
    expect(() => parseJson('{"a": [1, 2', 'f.json')).toThrow(/^f\.json: invalid JSON at line 1, column 12: /);
    expect(failure('{"a": "\\q"}')).toBe('f: invalid JSON at line 1, column 9: Bad escaped character');
  });

  it('does not take a position from the echoed text', () => {
    expect(failure('["x in JSON at position 9", x]')).toBe('f: invalid JSON at line 1, column 29: Unexpected token');
  });

  it('places every error JSON.parse raises within the text, on one line', () => {
    const broken = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom(',', '}', ']', ':', 'x', '"', '{', '[', '\\', '\n', '-', '0', '/', '//', '/*'))
      .map(([text, at, ch]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + ch + text.slice(i);
      });
    let checked = 0;
    fc.assert(
      fc.property(broken, (text) => {
        try {
          JSON.parse(text);
          return;
        } catch {
          checked++;
        }
        const match = /^f: invalid JSON at line (\d+), column (\d+): [^\n]+$/.exec(failure(text));
        expect(match).not.toBeNull();
        const lines = text.split('\n');
        const line = Number(match![1]);
        expect(line).toBeLessThanOrEqual(lines.length);
        expect(Number(match![2])).toBeLessThanOrEqual(lines[line - 1]!.length + 1);
      }),
      { numRuns: 2000 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('returns the value of valid JSON', () => {
    expect(parseJson('{"a": [1, {"b": null}]}', 'x')).toEqual({ a: [1, { b: null }] });
  });
});
