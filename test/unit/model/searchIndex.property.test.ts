// The definition checker (src/model/searchIndex.ts), by property: every definition the
// rules accept passes it (and, pinned from outside, validates against the description's
// schema), and every mutation the rules reject is refused with the field's JSON path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_ANALYZERS,
  INDEX_TYPES,
  MAX_DIMENSIONS,
  VECTOR_QUANTIZATIONS,
  VECTOR_SIMILARITIES,
  checkCreateRequest,
  checkDefinition,
  problemLine,
  splitFlatIndex,
  type IndexType,
} from '../../../src/model/searchIndex.js';
import { INDEX_TYPES as CLI_INDEX_TYPES } from '../../../src/cli/search-indexes/create.js';
import { readRecorded } from '../../helpers/reference.js';
import { searchValidator } from '../emulator/searchOpenApi.js';

type Doc = Record<string, unknown>;

const name = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,11}$/);
const fieldPath = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}(\.[a-z][a-z0-9_]{0,8}){0,2}$/);

// ---- vector search definitions the documented rules accept

const vectorField = fc.record(
  {
    type: fc.constant('vector'),
    path: fieldPath,
    numDimensions: fc.integer({ min: 1, max: MAX_DIMENSIONS }),
    similarity: fc.constantFrom(...VECTOR_SIMILARITIES),
    quantization: fc.constantFrom(...VECTOR_QUANTIZATIONS),
  },
  { requiredKeys: ['type', 'path', 'numDimensions', 'similarity'] },
);
const filterField = fc.record({ type: fc.constant('filter'), path: fieldPath });
const vectorDefinition: fc.Arbitrary<Doc> = fc
  .record(
    {
      vectors: fc.array(vectorField, { minLength: 1, maxLength: 3 }),
      filters: fc.array(filterField, { maxLength: 3 }),
      numPartitions: fc.constantFrom(1, 2, 4),
      storedSource: fc.oneof(fc.constant(false), fc.record({ include: fc.array(fieldPath, { maxLength: 3 }) })),
      nestedRoot: fieldPath,
    },
    { requiredKeys: ['vectors', 'filters'] },
  )
  .map(({ vectors, filters, ...rest }) => ({ fields: [...filters, ...vectors], ...rest }));

// ---- search definitions the description and the documented rules accept

const TOKENIZERS: Doc[] = [{ type: 'standard' }, { type: 'keyword' }, { type: 'whitespace', maxTokenLength: 255 }, { type: 'edgeGram', minGram: 2, maxGram: 5 }, { type: 'regexSplit', pattern: '[-_]' }];
const TOKEN_FILTERS: Doc[] = [{ type: 'lowercase' }, { type: 'asciiFolding' }, { type: 'nGram', minGram: 2, maxGram: 4 }, { type: 'stopword', tokens: ['the'] }];

const customAnalyzers = fc
  .uniqueArray(name, { maxLength: 3 })
  .chain((names) =>
    fc.tuple(
      ...names.map((analyzerName) =>
        fc.record(
          {
            name: fc.constant(analyzerName),
            tokenizer: fc.constantFrom(...TOKENIZERS),
            tokenFilters: fc.subarray(TOKEN_FILTERS),
            charFilters: fc.constant([{ type: 'htmlStrip' }]),
          },
          { requiredKeys: ['name', 'tokenizer'] },
        ),
      ),
    ),
  );

function searchField(analyzers: fc.Arbitrary<string>, depth: number): fc.Arbitrary<Doc> {
  const leaves: Array<fc.Arbitrary<Doc>> = [
    fc.record({ type: fc.constant('string'), analyzer: analyzers, searchAnalyzer: analyzers }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.constantFrom('number', 'boolean', 'date', 'objectId', 'token', 'uuid', 'geo', 'stringFacet') }),
    fc.record({ type: fc.constant('autocomplete'), analyzer: analyzers }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.constant('knnVector'), dimensions: fc.integer({ min: 1, max: MAX_DIMENSIONS }), similarity: fc.constantFrom(...VECTOR_SIMILARITIES) }),
  ];
  if (depth > 0) {
    leaves.push(
      fc.record({ type: fc.constant('document'), fields: fc.dictionary(name, searchField(analyzers, depth - 1), { minKeys: 1, maxKeys: 3 }) }),
      fc.record({ type: fc.constant('document'), dynamic: fc.constant(true) }),
    );
  }
  return fc.oneof(...leaves);
}

const searchDefinition: fc.Arbitrary<Doc> = customAnalyzers.chain((analyzers) => {
  const names = analyzers.map((a) => a.name as string);
  const analyzer = fc.constantFrom(...BUILTIN_ANALYZERS, ...names);
  const mappings = fc.oneof(
    fc.constant({ dynamic: true }),
    fc.record({ dynamic: fc.constant(false), fields: fc.dictionary(name, searchField(analyzer, 2), { minKeys: 1, maxKeys: 4 }) }),
    fc.record({ fields: fc.dictionary(name, searchField(analyzer, 1), { minKeys: 1, maxKeys: 3 }) }),
    fc.record({ dynamic: fc.constant(true), fields: fc.dictionary(name, searchField(analyzer, 1), { maxKeys: 3 }) }),
  );
  return fc.record(
    {
      mappings,
      analyzer: fc.constantFrom(...BUILTIN_ANALYZERS),
      searchAnalyzer: fc.constantFrom(...BUILTIN_ANALYZERS),
      analyzers: fc.constant(analyzers),
      numPartitions: fc.constantFrom(1, 2, 4),
      storedSource: fc.oneof(fc.boolean(), fc.record({ exclude: fc.array(fieldPath, { maxLength: 2 }) })),
      synonyms: fc.array(fc.record({ analyzer: fc.constantFrom(...BUILTIN_ANALYZERS), name, source: fc.record({ collection: name }) }), { maxLength: 2 }).map((list) =>
        list.filter((entry, i) => list.findIndex((other) => other.name === entry.name) === i),
      ),
    },
    { requiredKeys: ['mappings', 'analyzers'] },
  );
});

const definitionOf = (type: IndexType): fc.Arbitrary<Doc> => (type === 'vectorSearch' ? vectorDefinition : searchDefinition);

// ---- mutations the rules reject, each with the JSON path it must be refused at

interface Mutation {
  what: string;
  type: IndexType;
  /** The mutated definition and the path the checker must name; undefined when it does not apply to this one. */
  apply(definition: Doc, pick: number, word: string): { definition: Doc; path: string } | undefined;
}

const vectorAt = (definition: Doc, pick: number): number => {
  const fields = definition.fields as Doc[];
  const vectors = fields.map((f, i) => (f.type === 'vector' ? i : -1)).filter((i) => i >= 0);
  return vectors[pick % vectors.length]!;
};
const withField = (definition: Doc, i: number, change: (field: Doc) => void): Doc => {
  const copy = structuredClone(definition);
  change((copy.fields as Doc[])[i]!);
  return copy;
};

const MUTATIONS: Mutation[] = [
  {
    what: 'a vector field without numDimensions',
    type: 'vectorSearch',
    apply: (d, pick) => {
      const i = vectorAt(d, pick);
      return { definition: withField(d, i, (f) => delete f.numDimensions), path: `$.fields[${i}].numDimensions` };
    },
  },
  {
    what: 'an unknown similarity',
    type: 'vectorSearch',
    apply: (d, pick, word) => {
      if ((VECTOR_SIMILARITIES as readonly string[]).includes(word)) return undefined;
      const i = vectorAt(d, pick);
      return { definition: withField(d, i, (f) => (f.similarity = word)), path: `$.fields[${i}].similarity` };
    },
  },
  {
    what: 'numDimensions out of range or not whole',
    type: 'vectorSearch',
    apply: (d, pick) => {
      const i = vectorAt(d, pick);
      const bad = [0, -3, MAX_DIMENSIONS + 1, 1.5, '128'][pick % 5];
      return { definition: withField(d, i, (f) => (f.numDimensions = bad)), path: `$.fields[${i}].numDimensions` };
    },
  },
  {
    what: 'a vector field without its path',
    type: 'vectorSearch',
    apply: (d, pick) => {
      const i = vectorAt(d, pick);
      return { definition: withField(d, i, (f) => delete f.path), path: `$.fields[${i}].path` };
    },
  },
  {
    what: 'an unknown quantization',
    type: 'vectorSearch',
    apply: (d, pick, word) => {
      if ((VECTOR_QUANTIZATIONS as readonly string[]).includes(word)) return undefined;
      const i = vectorAt(d, pick);
      return { definition: withField(d, i, (f) => (f.quantization = word)), path: `$.fields[${i}].quantization` };
    },
  },
  {
    what: 'a misspelt key of a vector field',
    type: 'vectorSearch',
    apply: (d, pick) => {
      const i = vectorAt(d, pick);
      return { definition: withField(d, i, (f) => (f.similarty = 'cosine')), path: `$.fields[${i}].similarty` };
    },
  },
  { what: 'no fields at all', type: 'vectorSearch', apply: (d) => ({ definition: { ...d, fields: undefined }, path: '$.fields' }) },
  {
    what: 'only filter fields',
    type: 'vectorSearch',
    apply: (d) => ({ definition: { ...d, fields: (d.fields as Doc[]).filter((f) => f.type === 'filter').concat([{ type: 'filter', path: 'x' }]) }, path: '$.fields' }),
  },
  { what: 'storedSource true in a vector index', type: 'vectorSearch', apply: (d) => ({ definition: { ...d, storedSource: true }, path: '$.storedSource' }) },
  { what: 'numPartitions 3', type: 'vectorSearch', apply: (d) => ({ definition: { ...d, numPartitions: 3 }, path: '$.numPartitions' }) },
  {
    what: 'an unknown top-level key',
    type: 'vectorSearch',
    apply: (d, _pick, word) => (['fields', 'nestedRoot', 'numPartitions', 'storedSource'].includes(word) ? undefined : { definition: { ...d, [word]: 1 }, path: `$.${word}` }),
  },
  { what: 'mappings missing', type: 'search', apply: (d) => ({ definition: { ...d, mappings: undefined }, path: '$.mappings' }) },
  {
    what: 'an index analyzer that is not built in (the description\'s enum)',
    type: 'search',
    apply: (d, _pick, word) => {
      const custom = ((d.analyzers as Doc[] | undefined) ?? []).map((a) => a.name as string);
      return { definition: { ...d, analyzer: custom[0] ?? word }, path: '$.analyzer' };
    },
  },
  {
    what: 'a field analyzer neither built in nor defined',
    type: 'search',
    apply: (d, _pick, word) => {
      const defined = ((d.analyzers as Doc[] | undefined) ?? []).map((a) => a.name);
      if (defined.includes(word)) return undefined;
      const mappings = structuredClone(d.mappings) as Doc;
      mappings.fields = { ...((mappings.fields as Doc | undefined) ?? {}), zzTitle: { type: 'string', analyzer: word } };
      return { definition: { ...d, mappings }, path: '$.mappings.fields.zzTitle.analyzer' };
    },
  },
  {
    what: 'static mappings without fields',
    type: 'search',
    apply: (d) => ({ definition: { ...d, mappings: { dynamic: false } }, path: '$.mappings.fields' }),
  },
  {
    what: 'a custom analyzer named like a built-in',
    type: 'search',
    apply: (d, _pick, word) => {
      const analyzers = [...((d.analyzers as Doc[] | undefined) ?? []), { name: `lucene.${word}`, tokenizer: { type: 'standard' } }];
      return { definition: { ...d, analyzers }, path: `$.analyzers[${analyzers.length - 1}].name` };
    },
  },
  {
    what: 'a custom analyzer without a tokenizer',
    type: 'search',
    apply: (d, _pick, word) => {
      const existing = ((d.analyzers as Doc[] | undefined) ?? []).map((a) => a.name);
      if (existing.includes(`${word}X`)) return undefined;
      const analyzers = [...((d.analyzers as Doc[] | undefined) ?? []), { name: `${word}X` }];
      return { definition: { ...d, analyzers }, path: `$.analyzers[${analyzers.length - 1}].tokenizer` };
    },
  },
  {
    what: 'an unknown field type',
    type: 'search',
    apply: (d) => {
      const mappings = structuredClone(d.mappings) as Doc;
      mappings.fields = { ...((mappings.fields as Doc | undefined) ?? {}), 'zz.odd name': { type: 'text' } };
      return { definition: { ...d, mappings }, path: '$.mappings.fields["zz.odd name"].type' };
    },
  },
  {
    what: 'an unknown top-level key',
    type: 'search',
    apply: (d, _pick, word) =>
      ['analyzer', 'analyzers', 'mappings', 'numPartitions', 'searchAnalyzer', 'sort', 'storedSource', 'synonyms', 'typeSets'].includes(word)
        ? undefined
        : { definition: { ...d, [word]: true }, path: `$.${word}` },
  },
  {
    what: 'a synonym mapping with a custom analyzer',
    type: 'search',
    apply: (d) => {
      const custom = ((d.analyzers as Doc[] | undefined) ?? [])[0];
      if (!custom) return undefined;
      return { definition: { ...d, synonyms: [{ analyzer: custom.name, name: 's', source: { collection: 'syn' } }] }, path: '$.synonyms[0].analyzer' };
    },
  },
];

describe('the search index definition checker', () => {
  it('accepts every vector search definition the documented rules accept', () => {
    fc.assert(
      fc.property(vectorDefinition, (definition) => {
        expect(checkDefinition('vectorSearch', definition)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('accepts every search definition the description and the rules accept', () => {
    fc.assert(
      fc.property(searchDefinition, (definition) => {
        expect(checkDefinition('search', definition)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('and what it accepts validates against the description (pinned from outside)', () => {
    const validator = searchValidator();
    const text = validator.component('v2', 'TextSearchIndexDefinition');
    const vector = validator.component('v2', 'VectorSearchIndexDefinition');
    fc.assert(
      fc.property(searchDefinition, vectorDefinition, (search, vectors) => {
        expect(text(search), JSON.stringify(text.errors)).toBe(true);
        expect(vector(vectors), JSON.stringify(vector.errors)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  for (const mutation of MUTATIONS) {
    it(`refuses ${mutation.what} (${mutation.type}), naming the field`, () => {
      let applied = 0;
      fc.assert(
        fc.property(definitionOf(mutation.type), fc.nat(), fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,9}$/), (definition, pick, word) => {
          const mutated = mutation.apply(definition, pick, word);
          if (!mutated) return;
          applied += 1;
          const problem = checkDefinition(mutation.type, JSON.parse(JSON.stringify(mutated.definition)));
          expect(problem?.path, JSON.stringify(mutated.definition)).toBe(mutated.path);
          const line = problemLine(problem!);
          expect(line.startsWith(`${mutated.path}: `)).toBe(true);
          expect(line).not.toContain('\n');
        }),
        { numRuns: 150 },
      );
      expect(applied).toBeGreaterThan(50);
    });
  }

  it('names each mistake of the issue in one line', () => {
    const lines = [
      checkDefinition('vectorSearch', { fields: [{ type: 'vector', path: 'embedding', similarity: 'cosine' }] }),
      checkDefinition('vectorSearch', { fields: [{ type: 'vector', path: 'embedding', numDimensions: 1536, similarity: 'cosin' }] }),
      checkDefinition('search', { analyzer: 'lucene.standard' }),
      checkDefinition('search', { mappings: { dynamic: false, fields: { title: { type: 'string', analyzer: 'myAnalyzer' } } } }),
    ].map((problem) => problemLine(problem!));
    expect(lines).toEqual([
      '$.fields[0].numDimensions: required: the vector\'s number of dimensions (1 to 8192)',
      '$.fields[0].similarity: unknown similarity "cosin" (one of "euclidean", "cosine", "dotProduct")',
      '$.mappings: required: mappings ({"dynamic": true} indexes every field)',
      '$.mappings.fields.title.analyzer: analyzer "myAnalyzer" is neither built in (lucene.standard, lucene.english, ...) nor defined in "analyzers"',
    ]);
  });

  it('says which mistakes the service refuses at once and which fail the build', () => {
    expect(checkDefinition('search', {})?.kind).toBe('missing');
    expect(checkDefinition('search', { mappings: { dynamic: true }, colour: 1 })?.kind).toBe('invalid');
    expect(checkDefinition('vectorSearch', { fields: [{ type: 'vector', path: 'v', numDimensions: 3, similarity: 'manhattan' }] })?.kind).toBe('build');
    const twice = { mappings: { dynamic: true }, analyzers: [{ name: 'a', tokenizer: { type: 'standard' } }, { name: 'a', tokenizer: { type: 'keyword' } }] };
    expect(checkDefinition('search', twice)).toMatchObject({ path: '$.analyzers[1].name', kind: 'invalid', errorCode: 'ATLAS_FTS_ANALYZER_NAME_NOT_UNIQUE' });
  });

  it('checks a whole create request (the file may hold one), naming paths from its root', () => {
    const request = { database: 'sample_mflix', collectionName: 'movies', name: 'v', type: 'vectorSearch', definition: { fields: [{ type: 'vector', path: 'plot_embedding' }] } };
    expect(checkCreateRequest(request)?.path).toBe('$.definition.fields[0].numDimensions');
    expect(checkCreateRequest({ ...request, type: 'knn' })?.path).toBe('$.type');
    expect(checkCreateRequest({ database: 'd', collectionName: 'c', definition: { mappings: { dynamic: true } } })?.path).toBe('$.name');
    expect(checkCreateRequest({ database: 'd', collectionName: 'c', name: 'n', definition: { mappings: { dynamic: true } } })).toBeUndefined();
  });

  it('passes every definition the live service took (recorded-search)', () => {
    const definitions = readRecorded('recorded-search')
      .filter((r) => /indexes/.test(r.file) && r.body.trim().startsWith('{') || r.body.trim().startsWith('['))
      .flatMap((r) => [JSON.parse(r.body)].flat() as Doc[])
      .filter((doc) => doc.indexID !== undefined)
      .map((doc) => (doc.latestDefinition as Doc | undefined) ?? splitFlatIndex(doc).definition);
    expect(definitions.length).toBeGreaterThanOrEqual(5);
    for (const definition of definitions) expect(checkDefinition('search', definition)).toBeUndefined();
  });

  it('the CLI\'s --type choices are the checker\'s types (kept apart so the checker loads only when a command runs)', () => {
    expect(CLI_INDEX_TYPES).toEqual(INDEX_TYPES);
  });
});
