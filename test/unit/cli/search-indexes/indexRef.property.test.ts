// The search index reference `<db>.<collection>/<name>` (src/cli/search-indexes/indexRef.ts), by
// property (issue 42, item 8): every reference cdba prints names the index it came from.
// The parser reads back what the printer writes, two indexes never print alike, what the
// naming rules refuse never reaches a request, and an index document whose names the form
// cannot carry is printed by its id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexRef } from '../../../../src/api/resources/searchIndexes.js';
import { UsageError } from '../../../../src/base/errors.js';
import {
  MAX_DATABASE_BYTES,
  MAX_NAMESPACE_BYTES,
  asFlag,
  checkIndexNames,
  collectionNameProblem,
  databaseNameProblem,
  formatIndexRef,
  indexNameProblem,
  indexNamesProblem,
  indexRefOf,
  parseIndexRef,
} from '../../../../src/cli/search-indexes/indexRef.js';

// Characters that matter to the form and to the rules, beside ordinary ones (multi-byte too).
const tricky = ['.', '/', '\\', ' ', '"', '$', '\0', '*', ':', 'é', '日', '🙂', '-', '_'];
const unit = fc.oneof(fc.constantFrom(...tricky), fc.constantFrom(...'abcXYZ019'));
const anyName = fc.string({ unit, minLength: 0, maxLength: 12 });

/** Names the rules accept, drawn from the same tricky alphabet. */
const validNames = fc
  .record({ database: anyName, collectionName: anyName, name: anyName })
  .filter((names) => indexNamesProblem(names) === undefined);
const toRef = (n: { database: string; collectionName: string; name: string }): IndexRef => ({ databaseName: n.database, collectionName: n.collectionName, indexName: n.name });

describe('the reference form', () => {
  it('reads back what it prints: parse(format(ref)) is ref, for every triple the rules accept', () => {
    fc.assert(
      fc.property(validNames, (names) => {
        expect(parseIndexRef(formatIndexRef(toRef(names)))).toEqual(toRef(names));
      }),
      { numRuns: 2000 },
    );
  });

  it('prints two different indexes differently', () => {
    fc.assert(
      fc.property(validNames, validNames, (a, b) => {
        fc.pre(a.database !== b.database || a.collectionName !== b.collectionName || a.name !== b.name);
        expect(formatIndexRef(toRef(a))).not.toBe(formatIndexRef(toRef(b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('prints back what it reads: every text the parser takes as names is the reference of those names', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), (text) => {
        let ref: IndexRef;
        try {
          ref = parseIndexRef(text);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).not.toContain('\n');
          return;
        }
        expect(formatIndexRef(ref)).toBe(text);
        if (!('indexId' in ref)) expect(indexNamesProblem({ database: ref.databaseName, collectionName: ref.collectionName, name: ref.indexName })).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
  });

  it('splits at the first dot and the last slash: (a, b.c, d) is a.b.c/d, and (a.b, c, d) is refused', () => {
    expect(parseIndexRef('a.b.c/d')).toEqual({ databaseName: 'a', collectionName: 'b.c', indexName: 'd' });
    expect(parseIndexRef('app.logs/2026/x')).toEqual({ databaseName: 'app', collectionName: 'logs/2026', indexName: 'x' });
    expect(() => checkIndexNames({ database: 'a.b', collectionName: 'c', name: 'd' }, asFlag)).toThrow(/invalid --db "a\.b": a database name cannot contain "\."/);
    expect(() => checkIndexNames({ database: 'a', collectionName: 'c', name: 'x/y' }, asFlag)).toThrow(/invalid --name "x\/y": an index name cannot contain "\/"/);
  });

  it('an index document prints as a reference that resolves to it, or as its id', () => {
    const id = fc.stringMatching(/^[0-9a-f]{24}$/);
    fc.assert(
      fc.property(anyName, anyName, anyName, id, (database, collectionName, name, indexID) => {
        const printed = indexRefOf({ database, collectionName, name, indexID });
        const ref = parseIndexRef(printed);
        if ('indexId' in ref) expect(ref.indexId).toBe(indexID);
        else expect(ref).toEqual(toRef({ database, collectionName, name }));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the naming rules', () => {
  it('refuse every name MongoDB refuses: a database with / \\ . space " $ or null, empty, or over 63 bytes', () => {
    for (const c of ['/', '\\', '.', ' ', '"', '$', '\0']) expect(databaseNameProblem(`a${c}b`)).toBeDefined();
    expect(databaseNameProblem('')).toBeDefined();
    expect(databaseNameProblem('d'.repeat(MAX_DATABASE_BYTES))).toBeUndefined();
    expect(databaseNameProblem('d'.repeat(MAX_DATABASE_BYTES + 1))).toMatch(/at most 63 bytes \(this one is 64\)/);
    expect(databaseNameProblem('é'.repeat(32))).toMatch(/this one is 64/); // bytes, not characters
  });

  it('a collection: not empty, not starting with ".", no $ or null; the namespace at most 255 bytes', () => {
    for (const bad of ['', '.x', 'a$b', 'a\0b']) expect(collectionNameProblem(bad)).toBeDefined();
    for (const good of ['a.b', 'logs/2026', 'with space', 'system.views']) expect(collectionNameProblem(good)).toBeUndefined();
    expect(collectionNameProblem('c'.repeat(MAX_NAMESPACE_BYTES - 3), 'db')).toBeUndefined();
    expect(collectionNameProblem('c'.repeat(MAX_NAMESPACE_BYTES - 2), 'db')).toMatch(/at most 255 bytes/);
  });

  it('an index name: not empty, no "/", no null, not "." or ".."', () => {
    for (const bad of ['', 'x/y', 'a\0', '.', '..']) expect(indexNameProblem(bad)).toBeDefined();
    for (const good of ['default', 'a.b', 'with space', '$x', '...']) expect(indexNameProblem(good)).toBeUndefined();
  });

  it('every refusal is one line naming where the value came from', () => {
    fc.assert(
      fc.property(anyName, anyName, anyName, (database, collectionName, name) => {
        const names = { database, collectionName, name };
        const problem = indexNamesProblem(names);
        if (problem === undefined) {
          expect(() => checkIndexNames(names, (key) => key)).not.toThrow();
          return;
        }
        expect(() => checkIndexNames(names, (key) => `<${key}>`)).toThrow(new RegExp(`^<${problem.key}> `));
        try {
          checkIndexNames(names, (key) => key);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).not.toMatch(/[\n\r]/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
