// Property tests of `-f path=value` for `cdba api <operationId>`: whatever dotted paths
// and values are given (none inside another), the body holds each value at its path,
// typed by the schema where it says (text for a string field, as written).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyOfFields } from '../../../../src/cli/api/fields.js';
import type { FieldSpec } from '../../../../src/model/clusterFields.js';

const segment = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,7}$/);
/** Dotted paths no one of which is a prefix of another (a path inside a value is refused). */
const paths = fc.uniqueArray(fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.')), { minLength: 1, maxLength: 8 })
  .filter((list) => list.every((a) => list.every((b) => a === b || !b.startsWith(`${a}.`))));

const at = (body: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body);

describe('-f path=value', () => {
  it('a free schema: each text value at its path, JSON where it parses', () => {
    fc.assert(
      fc.property(paths, fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.constantFrom('true', 'null', '[1,2]')), { minLength: 8, maxLength: 8 }), (list, values) => {
        const fields = list.map((path, i) => [path, values[i]!] as const);
        const body = bodyOfFields(fields, undefined);
        for (const [path, raw] of fields) {
          let expected: unknown;
          try {
            expected = JSON.parse(raw);
          } catch {
            expected = raw;
          }
          expect(at(body, path)).toEqual(expected);
        }
      }),
    );
  });

  it('a string field keeps the text as written, whatever it looks like', () => {
    const spec: FieldSpec = { kind: 'object', fields: {}, extra: { kind: 'string' } };
    fc.assert(
      fc.property(segment, fc.string({ maxLength: 20 }), (name, raw) => {
        expect(bodyOfFields([[name, raw]], spec)).toEqual({ [name]: raw });
      }),
    );
  });

  it('array indexes in order build the array; an integer field takes any safe integer', () => {
    const spec: FieldSpec = { kind: 'object', fields: { items: { kind: 'array', items: { kind: 'object', fields: { n: { kind: 'integer' } } } } } };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 6 }), (numbers) => {
        const fields = numbers.map((n, i) => [`items.${i}.n`, String(n)] as const);
        expect(bodyOfFields(fields, spec)).toEqual({ items: numbers.map((n) => ({ n })) });
      }),
    );
  });
});
