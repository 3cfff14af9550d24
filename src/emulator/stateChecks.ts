// The shape of a --state file's world, checked on load as a seed is (issue 42): each module
// declares the shape of its keys (contract.ts, StatePart.shape) — what its code reads of
// them, not every field — and a file that breaks it is refused naming the field, instead of
// failing at start-up ("world.projects is not iterable") or later, on a request.
import { isObject } from '../base/object.js';
import type { Problems } from './seedChecks.js';

export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'any'
  | { kind: 'array'; of: Shape }
  | { kind: 'object'; fields: Readonly<Record<string, Shape>> }
  | { kind: 'optional'; shape: Shape };

/** The vocabulary modules declare their shapes in. */
export const shape = {
  array: (of: Shape): Shape => ({ kind: 'array', of }),
  /** An object with at least these fields (others are allowed: modules merge theirs into shared records). */
  object: (fields: Readonly<Record<string, Shape>>): Shape => ({ kind: 'object', fields }),
  /** May be absent (a key a module's upgrade fills in, or a field only some records have). */
  optional: (inner: Shape): Shape => ({ kind: 'optional', shape: inner }),
};

const WORDS: Record<'string' | 'number' | 'boolean', string> = { string: 'a string', number: 'a number', boolean: 'true or false' };

/** Adds a problem for each place `value` breaks `expected`; at most one per container level's first bad item. */
export function checkShape(where: string, value: unknown, expected: Shape, problems: Problems): void {
  if (typeof expected === 'string') {
    if (expected === 'any') return;
    if (typeof value !== expected || (expected === 'number' && !Number.isFinite(value))) problems.add(where, `must be ${WORDS[expected]}`);
    return;
  }
  switch (expected.kind) {
    case 'optional':
      if (value !== undefined) checkShape(where, value, expected.shape, problems);
      return;
    case 'array':
      if (!Array.isArray(value)) {
        problems.add(where, value === undefined ? 'missing (must be an array)' : 'must be an array');
        return;
      }
      value.forEach((item, i) => checkShape(`${where}[${i}]`, item, expected.of, problems));
      return;
    case 'object':
      if (!isObject(value)) {
        problems.add(where, value === undefined ? 'missing (must be an object)' : 'must be an object');
        return;
      }
      for (const [field, inner] of Object.entries(expected.fields)) {
        const at = `${where}.${field}`;
        if (value[field] === undefined && !(typeof inner === 'object' && inner.kind === 'optional')) problems.add(at, 'missing');
        else checkShape(at, value[field], inner, problems);
      }
  }
}
