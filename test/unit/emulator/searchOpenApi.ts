// The OpenAPI validator for search indexes and the sample dataset load: the 2026-08
// description cut to them (admin-api-v2-2026-08-search-subset.json), with the patches
// its defects need. Each patch says what the recordings (reference/recorded-search)
// or the description's own words prove.
import { OpenApiValidator } from './openapiValidator.js';

type Json = Record<string, unknown>;

export const SEARCH_SCHEMA_PATCHES = [
  'mappings.dynamic is typed object, but the description says "Set to true to enable dynamic mapping" and every recorded index answers "dynamic": true; true, false or {typeSet} are accepted',
  'storedSource is typed object, but the description says "store all fields (true)"; true, false or {include | exclude} are accepted',
  'BasicDBObject (and AtlasSearchAnalyzer.tokenizer) types every value as an object; a BSON document\'s values are any JSON, as the recorded analyzers\' tokenFilters ({"type": "lowercase"}) show: any value is accepted',
  'the deprecated shape\'s mappings.fields is typed object, and the recorded describe (getFTSIndex) answers "fields": null for a dynamic index; null is accepted',
  'SampleDatasetStatus.completeDate and errorMessage are typed string; the live service answers null until the load completes, and while it has not failed (recorded loads); null is accepted',
] as const;

/**
 * What the live service answers outside the description, on purpose reproduced by the
 * emulator, so the conformance test names it rather than patching it away: a current-path
 * index being built reads `"status": "IN_PROGRESS"` (the recordings show IN_PROGRESS;
 * SearchIndexResponse.status lists PENDING, BUILDING, READY, FAILED, STALE, DELETING, DOES_NOT_EXIST).
 */
export const LIVE_DEPARTURES = ['SearchIndexResponse.status IN_PROGRESS'] as const;

function patch(schemas: Json): void {
  const prop = (schema: string, ...path: string[]): Json | undefined => {
    let node = schemas[schema] as Json | undefined;
    for (const key of path) node = (node?.[key] as Json | undefined) ?? undefined;
    return node;
  };
  const dynamic = prop('SearchMappings', 'properties', 'dynamic');
  if (dynamic) {
    delete dynamic.type;
    dynamic.anyOf = [{ type: 'boolean' }, { type: 'object' }];
  }
  const stored = (node: Json | undefined): void => {
    if (!node) return;
    delete node.type;
    node.anyOf = [{ type: 'boolean' }, { type: 'object' }];
  };
  for (const name of ['TextSearchIndexDefinition', 'VectorSearchIndexDefinition', 'SearchIndexDefinition', 'ClusterSearchIndex']) stored(prop(name, 'properties', 'storedSource'));
  for (const field of ['completeDate', 'errorMessage']) {
    const node = prop('SampleDatasetStatus', 'properties', field);
    if (node) node.type = ['string', 'null'];
  }
  const basic = schemas.BasicDBObject as Json | undefined;
  if (basic) basic.additionalProperties = {};
  const tokenizer = prop('AtlasSearchAnalyzer', 'properties', 'tokenizer');
  if (tokenizer) tokenizer.additionalProperties = {};
  const flatFields = prop('ApiAtlasFTSMappingsViewManual', 'properties', 'fields');
  if (flatFields) flatFields.nullable = true;
  if (flatFields) flatFields.type = ['object', 'null'];
}

export function searchValidator(): OpenApiValidator {
  return new OpenApiValidator({ v2: 'v2-2026-08-search', patch });
}
