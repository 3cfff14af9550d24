// findJsonTextProblem: nesting depth and numbers JavaScript cannot carry exactly, found in one pass over the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJsonText, findJsonTextProblem, inexactNumber, MAX_JSON_DEPTH } from '../../../src/core/jsonText.js';

describe('inexactNumber', () => {
  it.each([
    ['1e400', 'null'],
    ['-1e400', 'null'],
    ['12345678901234567890', '12345678901234567000'],
    ['9007199254740993', '9007199254740992'],
    ['-0', '0'],
    ['-0.0', '0'],
    ['1.00000000000000000001', '1'],
  ])('%s becomes %s', (literal, becomes) => {
    expect(inexactNumber(literal)).toBe(becomes);
  });

  it.each(['0', '0.1', '1.0', '10', '1e3', '1E+21', '-5', '9007199254740991', '2.5e-8', '0.30000000000000004'])('%s is carried exactly', (literal) => {
    expect(inexactNumber(literal)).toBeUndefined();
  });

  it('every finite double as JSON.stringify writes it is carried exactly (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)), (n) => {
        expect(inexactNumber(JSON.stringify(n))).toBeUndefined();
      }),
    );
  });
});

describe('findJsonTextProblem', () => {
  it('names the field of the first inexact number', () => {
    expect(findJsonTextProblem('{"a":{"b":[1,2,{"c":-0}]}}')).toMatchObject({ kind: 'number', path: 'a.b[2].c', literal: '-0' });
    expect(findJsonTextProblem('{"x\\"y":1e400}')).toMatchObject({ path: 'x"y', becomes: 'null' });
    expect(findJsonTextProblem('[1, 123456789012345678901]')).toMatchObject({ path: '[1]' });
  });

  it('a number inside a string is text, not a number', () => {
    expect(findJsonTextProblem('{"id":"12345678901234567890","n":"1e400"}')).toBeUndefined();
  });

  it('refuses nesting past the cap, in arrays and objects alike, and accepts it at the cap', () => {
    expect(findJsonTextProblem('['.repeat(10_000) + ']'.repeat(10_000))).toMatchObject({ kind: 'depth' });
    expect(findJsonTextProblem('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000))).toMatchObject({ kind: 'depth' });
    expect(findJsonTextProblem('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findJsonTextProblem('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toMatchObject({ kind: 'depth' });
  });

  it('any JSON document of ordinary numbers within the cap passes (property)', () => {
    // JSON.stringify writes -0 as 0, so every number here is one JavaScript carries.
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(findJsonTextProblem(JSON.stringify(value, null, 1))).toBeUndefined();
      }),
    );
  });

  it('checkJsonText words each problem on one line', () => {
    expect(() => checkJsonText('{"diskSizeGB": 1e400}', 'in.json')).toThrow(
      'in.json: the number 1e400 in "diskSizeGB" cannot be sent exactly (JSON in JavaScript would send null); write it as a string if it is an ID',
    );
    expect(() => checkJsonText('[[[' + '['.repeat(100), 'stdin')).toThrow(`stdin: nested deeper than ${MAX_JSON_DEPTH} levels at line 1, column ${MAX_JSON_DEPTH + 1}`);
  });
});
