// Search and vector search index definitions: the one checker the CLI runs before
// any request and the emulator runs on every create and update. Pure.
//
// Two sources of rules, and the problem says which one it broke:
// - the service's description (admin-api-v2-2026-08-search-subset.json): the types,
//   required fields and enums of TextSearchIndexDefinition, VectorSearchIndexDefinition,
//   the analyzers, tokenizers, filters and synonyms, and the create request. The service
//   refuses these at once (400): `missing` / `invalid`;
// - where the description leaves a field untyped (`BasicDBObject`, `Fields`), MongoDB's
//   documented rules as the reference README quotes them (vector fields: numDimensions,
//   similarity, quantization; field mapping types; analyzers named in the definition).
//   The service takes such a definition and its build fails: `build`.
import { isObject } from '../base/object.js';
import { jsonPath } from '../base/jsonPath.js';

export const INDEX_TYPES = ['search', 'vectorSearch'] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

/** The description's enum of built-in analyzers (TextSearchIndexDefinition.analyzer). */
export const BUILTIN_ANALYZERS = [
  'lucene.standard', 'lucene.simple', 'lucene.whitespace', 'lucene.keyword', 'lucene.arabic', 'lucene.armenian', 'lucene.basque',
  'lucene.bengali', 'lucene.brazilian', 'lucene.bulgarian', 'lucene.catalan', 'lucene.chinese', 'lucene.cjk', 'lucene.czech',
  'lucene.danish', 'lucene.dutch', 'lucene.english', 'lucene.finnish', 'lucene.french', 'lucene.galician', 'lucene.german',
  'lucene.greek', 'lucene.hindi', 'lucene.hungarian', 'lucene.indonesian', 'lucene.irish', 'lucene.italian', 'lucene.japanese',
  'lucene.korean', 'lucene.kuromoji', 'lucene.latvian', 'lucene.lithuanian', 'lucene.morfologik', 'lucene.nori', 'lucene.norwegian',
  'lucene.persian', 'lucene.portuguese', 'lucene.romanian', 'lucene.russian', 'lucene.smartcn', 'lucene.sorani', 'lucene.spanish',
  'lucene.swedish', 'lucene.thai', 'lucene.turkish', 'lucene.ukrainian',
] as const;

/** Tokenizer types (the discriminator of ApiAtlasFTSAnalyzersViewManual.tokenizer) and their required fields. */
const TOKENIZERS: Readonly<Record<string, readonly string[]>> = {
  edgeGram: ['minGram', 'maxGram'],
  keyword: [],
  nGram: ['minGram', 'maxGram'],
  regexCaptureGroup: ['pattern', 'group'],
  regexSplit: ['pattern'],
  standard: [],
  uaxUrlEmail: [],
  whitespace: [],
};
const TOKEN_FILTERS: Readonly<Record<string, readonly string[]>> = {
  asciiFolding: [], daitchMokotoffSoundex: [], edgeGram: ['minGram', 'maxGram'], englishPossessive: [], flattenGraph: [],
  icuFolding: [], icuNormalizer: [], kStemming: [], length: [], lowercase: [], nGram: ['minGram', 'maxGram'], porterStemming: [],
  regex: ['pattern', 'replacement', 'matches'], reverse: [], shingle: ['minShingleSize', 'maxShingleSize'],
  snowballStemming: ['stemmerName'], spanishPluralStemming: [], stempel: [], stopword: ['tokens'], trim: [], wordDelimiterGraph: [],
};
const CHAR_FILTERS: Readonly<Record<string, readonly string[]>> = { htmlStrip: [], icuNormalize: [], mapping: ['mappings'], persian: [] };

/** Field mapping types of a search index (the documented field types; the description leaves `Fields` untyped). */
export const FIELD_TYPES = [
  'autocomplete', 'boolean', 'date', 'dateFacet', 'document', 'embeddedDocuments', 'geo', 'knnVector', 'number', 'numberFacet',
  'objectId', 'string', 'stringFacet', 'token', 'uuid',
] as const;

export const VECTOR_SIMILARITIES = ['euclidean', 'cosine', 'dotProduct'] as const;
export const VECTOR_QUANTIZATIONS = ['none', 'scalar', 'binary'] as const;
/** The current pages cap numDimensions at 8192 (older ones at 4096). */
export const MAX_DIMENSIONS = 8192;
const PARTITIONS = [1, 2, 4];
/** Custom analyzer names may not start with these (AtlasSearchAnalyzer.name). */
const RESERVED_PREFIXES = ['lucene.', 'builtin.', 'mongodb.'];

const SEARCH_KEYS = ['analyzer', 'analyzers', 'mappings', 'numPartitions', 'searchAnalyzer', 'sort', 'storedSource', 'synonyms', 'typeSets'];
const VECTOR_KEYS = ['fields', 'nestedRoot', 'numPartitions', 'storedSource'];
const REQUEST_KEYS = ['collectionName', 'database', 'name', 'type', 'definition'];

export interface DefinitionProblem {
  /** JSON path of the field, from the document's root: `$.definition.fields[0].numDimensions`. */
  path: string;
  /** What is wrong, in a few words. */
  message: string;
  /** missing / invalid: the service refuses at once (400); build: it takes the index and the build FAILS. */
  kind: 'missing' | 'invalid' | 'build';
  /** The service's own error code, where its error-code table has one for this mistake. */
  errorCode?: string;
}

/** `path: message`, the one line a user sees. */
export function problemLine(problem: DefinitionProblem): string {
  return `${problem.path}: ${problem.message}`;
}

export { jsonPath };

class Found extends Error {
  constructor(readonly problem: DefinitionProblem) {
    super(problem.message);
  }
}

const missing = (path: string, what: string): never => {
  throw new Found({ path, message: `required: ${what}`, kind: 'missing' });
};
const invalid = (path: string, message: string, errorCode?: string): never => {
  throw new Found({ path, message, kind: 'invalid', ...(errorCode ? { errorCode } : {}) });
};
const build = (path: string, message: string): never => {
  throw new Found({ path, message, kind: 'build' });
};

const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : JSON.stringify(value));
const oneOf = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(', ');

function object(value: unknown, path: string, what = 'an object'): Record<string, unknown> {
  if (!isObject(value)) invalid(path, `must be ${what}, not ${describe(value)}`);
  return value as Record<string, unknown>;
}

function array(value: unknown, path: string, what = 'an array'): unknown[] {
  if (!Array.isArray(value)) invalid(path, `must be ${what}, not ${describe(value)}`);
  return value as unknown[];
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') invalid(path, `must be a non-empty string, not ${describe(value)}`);
  return value as string;
}

function onlyKeys(doc: Record<string, unknown>, path: string, allowed: readonly string[]): void {
  const unknown = Object.keys(doc).find((key) => !allowed.includes(key));
  if (unknown !== undefined) invalid(jsonPath(path, unknown), `unknown field (allowed here: ${allowed.join(', ')})`);
}

function required(doc: Record<string, unknown>, path: string, keys: readonly string[], owner?: string): void {
  const absent = keys.find((key) => doc[key] === undefined);
  if (absent !== undefined) missing(jsonPath(path, absent), owner ? `${absent} (${owner} needs it)` : absent);
}

/** A typed entry ({type, ...}) of a table of types, with the fields that type requires. */
function typed(value: unknown, path: string, table: Readonly<Record<string, readonly string[]>>, what: string): void {
  const entry = object(value, path);
  if (entry.type === undefined) missing(jsonPath(path, 'type'), `the ${what} type (${Object.keys(table).join(', ')})`);
  const needs = typeof entry.type === 'string' ? table[entry.type] : undefined;
  if (needs === undefined) invalid(jsonPath(path, 'type'), `unknown ${what} type ${describe(entry.type)} (one of ${Object.keys(table).join(', ')})`);
  required(entry, path, needs!, `a ${String(entry.type)} ${what}`);
}

function partitions(value: unknown, path: string): void {
  if (value !== undefined && !PARTITIONS.includes(value as number)) invalid(path, `must be 1, 2 or 4, not ${describe(value)}`);
}

/** The names of the custom analyzers, after checking them. */
function checkAnalyzers(value: unknown, path: string): Set<string> {
  const names = new Set<string>();
  if (value === undefined) return names;
  array(value, path).forEach((entry, i) => {
    const at = jsonPath(path, i);
    const analyzer = object(entry, at);
    onlyKeys(analyzer, at, ['name', 'tokenizer', 'charFilters', 'tokenFilters']);
    if (analyzer.name === undefined) missing(jsonPath(at, 'name'), 'the custom analyzer name');
    const name = string(analyzer.name, jsonPath(at, 'name'));
    const reserved = RESERVED_PREFIXES.find((prefix) => name.startsWith(prefix));
    if (reserved) invalid(jsonPath(at, 'name'), `a custom analyzer name cannot start with "${reserved}"`, 'ATLAS_FTS_ANALYZER_NAME_CANNOT_REUSED');
    if (names.has(name)) invalid(jsonPath(at, 'name'), `a second analyzer named "${name}" (names are unique in an index)`, 'ATLAS_FTS_ANALYZER_NAME_NOT_UNIQUE');
    names.add(name);
    if (analyzer.tokenizer === undefined) missing(jsonPath(at, 'tokenizer'), 'the tokenizer ({"type": "standard"} or another)');
    typed(analyzer.tokenizer, jsonPath(at, 'tokenizer'), TOKENIZERS, 'tokenizer');
    for (const [key, table, what] of [['charFilters', CHAR_FILTERS, 'character filter'], ['tokenFilters', TOKEN_FILTERS, 'token filter']] as const) {
      if (analyzer[key] === undefined) continue;
      array(analyzer[key], jsonPath(at, key)).forEach((filter, j) => typed(filter, jsonPath(jsonPath(at, key), j), table, what));
    }
  });
  return names;
}

/** An analyzer reference: built-in, or one the definition defines. */
function analyzerName(value: unknown, path: string, custom: Set<string>, builtinOnly = false): void {
  if (value === undefined) return;
  const name = string(value, path);
  if ((BUILTIN_ANALYZERS as readonly string[]).includes(name)) return;
  if (builtinOnly) invalid(path, `${JSON.stringify(name)} is not a built-in analyzer (lucene.standard, lucene.keyword, ...); custom analyzers serve fields (mappings.fields.<name>.analyzer)`);
  if (!custom.has(name)) {
    const defined = custom.size > 0 ? `; the definition's own: ${[...custom].join(', ')}` : '';
    build(path, `analyzer ${JSON.stringify(name)} is neither built in (lucene.standard, lucene.english, ...) nor defined in "analyzers"${defined}`);
  }
}

interface SearchScope {
  analyzers: Set<string>;
  typeSets: Set<string>;
}

function checkDynamic(value: unknown, path: string, scope: SearchScope): void {
  if (value === undefined || typeof value === 'boolean') return;
  const dynamic = object(value, path, 'true, false or {"typeSet": <name>}');
  onlyKeys(dynamic, path, ['typeSet']);
  const name = string(dynamic.typeSet, jsonPath(path, 'typeSet'));
  if (!scope.typeSets.has(name)) build(jsonPath(path, 'typeSet'), `type set ${JSON.stringify(name)} is not defined in "typeSets"`);
}

/** `fields` of mappings or of a document field: name -> one field definition or an array of them. */
function checkFields(value: unknown, path: string, scope: SearchScope): void {
  const fields = object(value, path, 'an object of field name to field definition');
  for (const [name, spec] of Object.entries(fields)) {
    const at = jsonPath(path, name);
    if (Array.isArray(spec)) spec.forEach((one, i) => checkField(one, jsonPath(at, i), scope));
    else checkField(spec, at, scope);
  }
}

function checkField(value: unknown, path: string, scope: SearchScope): void {
  const field = object(value, path, 'a field definition object ({"type": "string", ...})');
  if (field.type === undefined) build(jsonPath(path, 'type'), `required: the field type (${FIELD_TYPES.join(', ')})`);
  if (!(FIELD_TYPES as readonly unknown[]).includes(field.type)) build(jsonPath(path, 'type'), `unknown field type ${describe(field.type)} (one of ${FIELD_TYPES.join(', ')})`);
  analyzerName(field.analyzer, jsonPath(path, 'analyzer'), scope.analyzers);
  analyzerName(field.searchAnalyzer, jsonPath(path, 'searchAnalyzer'), scope.analyzers);
  if (field.type === 'document' || field.type === 'embeddedDocuments') {
    checkDynamic(field.dynamic, jsonPath(path, 'dynamic'), scope);
    if (field.fields !== undefined) checkFields(field.fields, jsonPath(path, 'fields'), scope);
    else if (field.dynamic === undefined || field.dynamic === false) build(jsonPath(path, 'fields'), 'required: the fields of a document without dynamic mapping');
  }
  if (field.multi !== undefined) {
    const multi = object(field.multi, jsonPath(path, 'multi'));
    for (const [name, spec] of Object.entries(multi)) {
      const at = jsonPath(jsonPath(path, 'multi'), name);
      const alternative = object(spec, at);
      analyzerName(alternative.analyzer, jsonPath(at, 'analyzer'), scope.analyzers);
      analyzerName(alternative.searchAnalyzer, jsonPath(at, 'searchAnalyzer'), scope.analyzers);
    }
  }
  if (field.type === 'knnVector') {
    dimensions(field.dimensions, jsonPath(path, 'dimensions'));
    similarity(field.similarity, jsonPath(path, 'similarity'));
  }
}

function dimensions(value: unknown, path: string): void {
  if (value === undefined) build(path, `required: the vector's number of dimensions (1 to ${MAX_DIMENSIONS})`);
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_DIMENSIONS) {
    build(path, `must be a whole number from 1 to ${MAX_DIMENSIONS}, not ${describe(value)}`);
  }
}

function similarity(value: unknown, path: string): void {
  if (value === undefined) build(path, `required: how vectors compare (${VECTOR_SIMILARITIES.join(', ')})`);
  if (!(VECTOR_SIMILARITIES as readonly unknown[]).includes(value)) build(path, `unknown similarity ${describe(value)} (one of ${oneOf(VECTOR_SIMILARITIES)})`);
}

function storedSource(value: unknown, path: string, vector: boolean): void {
  if (value === undefined) return;
  if (typeof value === 'boolean') {
    if (vector && value) invalid(path, 'true (store every field) is not allowed in a vector search index; name the fields: {"include": [...]}');
    return;
  }
  const spec = object(value, path, 'true, false, {"include": [...]} or {"exclude": [...]}');
  const keys = Object.keys(spec);
  if (keys.length !== 1 || (keys[0] !== 'include' && keys[0] !== 'exclude')) invalid(path, 'must hold exactly one of "include" and "exclude"');
  array(spec[keys[0]!], jsonPath(path, keys[0]!), 'an array of field paths').forEach((field, i) => string(field, jsonPath(jsonPath(path, keys[0]!), i)));
}

function checkSearch(definition: Record<string, unknown>, path: string): void {
  onlyKeys(definition, path, SEARCH_KEYS);
  if (definition.mappings === undefined) missing(jsonPath(path, 'mappings'), 'mappings ({"dynamic": true} indexes every field)');
  const typeSets = new Set<string>();
  if (definition.typeSets !== undefined) {
    const list = array(definition.typeSets, jsonPath(path, 'typeSets'));
    if (list.length > 100) invalid(jsonPath(path, 'typeSets'), 'at most 100 type sets');
    list.forEach((entry, i) => {
      const at = jsonPath(jsonPath(path, 'typeSets'), i);
      const set = object(entry, at);
      onlyKeys(set, at, ['name', 'types']);
      required(set, at, ['name', 'types']);
      const name = string(set.name, jsonPath(at, 'name'));
      if (typeSets.has(name)) build(jsonPath(at, 'name'), `a second type set named "${name}" (names are unique in an index)`);
      typeSets.add(name);
      array(set.types, jsonPath(at, 'types')).forEach((type, j) => object(type, jsonPath(jsonPath(at, 'types'), j)));
    });
  }
  const scope: SearchScope = { analyzers: checkAnalyzers(definition.analyzers, jsonPath(path, 'analyzers')), typeSets };
  // The index's own analyzers: the description's enum of built-in ones (custom analyzers serve fields).
  analyzerName(definition.analyzer, jsonPath(path, 'analyzer'), scope.analyzers, true);
  analyzerName(definition.searchAnalyzer, jsonPath(path, 'searchAnalyzer'), scope.analyzers, true);
  partitions(definition.numPartitions, jsonPath(path, 'numPartitions'));
  storedSource(definition.storedSource, jsonPath(path, 'storedSource'), false);
  if (definition.sort !== undefined) object(definition.sort, jsonPath(path, 'sort'));
  const mappingsPath = jsonPath(path, 'mappings');
  const mappings = object(definition.mappings, mappingsPath);
  onlyKeys(mappings, mappingsPath, ['dynamic', 'fields']);
  checkDynamic(mappings.dynamic, jsonPath(mappingsPath, 'dynamic'), scope);
  if (mappings.fields !== undefined && mappings.fields !== null) checkFields(mappings.fields, jsonPath(mappingsPath, 'fields'), scope);
  else if (mappings.dynamic === undefined || mappings.dynamic === false) {
    missing(jsonPath(mappingsPath, 'fields'), 'fields, when mappings.dynamic is false or absent (or set "dynamic": true)');
  }
  if (definition.synonyms !== undefined) {
    const names = new Set<string>();
    array(definition.synonyms, jsonPath(path, 'synonyms')).forEach((entry, i) => {
      const at = jsonPath(jsonPath(path, 'synonyms'), i);
      const synonym = object(entry, at);
      onlyKeys(synonym, at, ['analyzer', 'name', 'source']);
      required(synonym, at, ['analyzer', 'name', 'source']);
      analyzerName(synonym.analyzer, jsonPath(at, 'analyzer'), scope.analyzers, true);
      const name = string(synonym.name, jsonPath(at, 'name'));
      if (names.has(name)) build(jsonPath(at, 'name'), `a second synonym mapping named "${name}"`);
      names.add(name);
      const source = object(synonym.source, jsonPath(at, 'source'));
      onlyKeys(source, jsonPath(at, 'source'), ['collection']);
      if (source.collection === undefined) missing(jsonPath(jsonPath(at, 'source'), 'collection'), 'the collection of synonyms');
      string(source.collection, jsonPath(jsonPath(at, 'source'), 'collection'));
    });
  }
}

function checkVector(definition: Record<string, unknown>, path: string): void {
  onlyKeys(definition, path, VECTOR_KEYS);
  const at = jsonPath(path, 'fields');
  if (definition.fields === undefined) missing(at, 'fields: at least one {"type": "vector", "path", "numDimensions", "similarity"}');
  const fields = array(definition.fields, at, 'an array of field objects');
  fields.forEach((entry, i) => object(entry, jsonPath(at, i)));
  partitions(definition.numPartitions, jsonPath(path, 'numPartitions'));
  storedSource(definition.storedSource, jsonPath(path, 'storedSource'), true);
  if (definition.nestedRoot !== undefined) string(definition.nestedRoot, jsonPath(path, 'nestedRoot'));
  // Past the description's types: the documented rules of each field (the description's BasicDBObject).
  fields.forEach((entry, i) => {
    const fieldPath = jsonPath(at, i);
    const field = entry as Record<string, unknown>;
    if (field.type !== 'vector' && field.type !== 'filter') {
      build(jsonPath(fieldPath, 'type'), field.type === undefined ? 'required: "vector" or "filter"' : `must be "vector" or "filter", not ${describe(field.type)}`);
    }
    const allowed = field.type === 'vector' ? ['type', 'path', 'numDimensions', 'similarity', 'quantization'] : ['type', 'path'];
    const unknown = Object.keys(field).find((key) => !allowed.includes(key));
    if (unknown !== undefined) build(jsonPath(fieldPath, unknown), `unknown field of a ${String(field.type)} field (allowed: ${allowed.join(', ')})`);
    if (field.path === undefined) build(jsonPath(fieldPath, 'path'), 'required: the path of the indexed field');
    if (typeof field.path !== 'string' || field.path === '') build(jsonPath(fieldPath, 'path'), `must be a non-empty string, not ${describe(field.path)}`);
    if (field.type !== 'vector') return;
    dimensions(field.numDimensions, jsonPath(fieldPath, 'numDimensions'));
    similarity(field.similarity, jsonPath(fieldPath, 'similarity'));
    if (field.quantization !== undefined && !(VECTOR_QUANTIZATIONS as readonly unknown[]).includes(field.quantization)) {
      build(jsonPath(fieldPath, 'quantization'), `unknown quantization ${describe(field.quantization)} (one of ${oneOf(VECTOR_QUANTIZATIONS)})`);
    }
  });
  if (!fields.some((field) => (field as Record<string, unknown>).type === 'vector')) build(at, 'needs at least one {"type": "vector"} field');
}

function run(check: () => void): DefinitionProblem | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof Found) return error.problem;
    throw error;
  }
}

/** The first problem of a definition of the given type, or undefined when it passes. `at`: its JSON path. */
export function checkDefinition(type: IndexType, definition: unknown, at = '$'): DefinitionProblem | undefined {
  return run(() => {
    const doc = object(definition, at, 'the index definition object');
    if (type === 'vectorSearch') checkVector(doc, at);
    else checkSearch(doc, at);
  });
}

/** The type of a request or index document: its `type`, search by default. */
export function indexTypeOf(doc: Record<string, unknown>): IndexType | undefined {
  if (doc.type === undefined) return 'search';
  return (INDEX_TYPES as readonly unknown[]).includes(doc.type) ? (doc.type as IndexType) : undefined;
}

/**
 * The first problem of a create request of the current API (SearchIndexCreateRequest:
 * collectionName, database, name, type, definition), or undefined.
 */
export function checkCreateRequest(body: unknown, at = '$'): DefinitionProblem | undefined {
  return run(() => {
    const doc = object(body, at, 'the create request object');
    onlyKeys(doc, at, REQUEST_KEYS);
    for (const key of ['database', 'collectionName', 'name', 'definition'] as const) {
      if (doc[key] === undefined) missing(jsonPath(at, key), key === 'definition' ? 'the index definition' : key);
    }
    for (const key of ['database', 'collectionName', 'name'] as const) string(doc[key], jsonPath(at, key));
    const type = indexTypeOf(doc);
    if (type === undefined) invalid(jsonPath(at, 'type'), `must be ${oneOf(INDEX_TYPES)}, not ${describe(doc.type)}`);
    const problem = checkDefinition(type!, doc.definition, jsonPath(at, 'definition'));
    if (problem) throw new Found(problem);
  });
}

/** The same in the deprecated API's shape (ClusterSearchIndex): the definition's fields beside the names. */
export const FLAT_NAME_KEYS = ['collectionName', 'database', 'name', 'type', 'indexID', 'status'] as const;

/** A deprecated-API document split into its names and its definition. */
export function splitFlatIndex(doc: Record<string, unknown>): { names: Record<string, unknown>; definition: Record<string, unknown> } {
  const names: Record<string, unknown> = {};
  const definition: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if ((FLAT_NAME_KEYS as readonly string[]).includes(key)) names[key] = value;
    else definition[key] = value;
  }
  return { names, definition };
}

/**
 * Whether two definitions say the same, ignoring key order and what the service fills in
 * when it is left out (`env up` compares the file it is given with the index it finds).
 */
export function sameDefinition(a: unknown, b: unknown): boolean {
  return canonical(withoutDefaults(a)) === canonical(withoutDefaults(b));
}

function withoutDefaults(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === null) continue;
    if (key === 'numPartitions' && inner === 1) continue;
    if ((key === 'analyzer' || key === 'searchAnalyzer') && inner === 'lucene.standard') continue;
    if ((key === 'synonyms' || key === 'analyzers' || key === 'charFilters') && Array.isArray(inner) && inner.length === 0) continue;
    out[key] = Array.isArray(inner) ? inner.map(withoutDefaults) : withoutDefaults(inner);
  }
  return out;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value);
}
