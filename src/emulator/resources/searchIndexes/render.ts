// An index as each family of paths answers it, field for field as recorded
// (reference/recorded-search), keys in the service's (alphabetical) order.
// - /search/indexes (2024-05-30): the names, latestDefinition, latestDefinitionVersion,
//   queryable and status; statusDetail per host once the build has an outcome.
// - /fts/indexes (2023-01-01, ClusterSearchIndex): the definition's fields beside the
//   names, "synonyms": [] and each custom analyzer's "charFilters": [] filled in, and the
//   status in that API's words (IN_PROGRESS while building, STEADY when ready).
import { projectHash } from '../../../connstring/index.js';
import { indexStatus, isQueryable, type IndexStatus, type SampleLoadRecord, type SearchIndexRecord } from './state.js';

type Doc = Record<string, unknown>;

function sorted(doc: Doc): Doc {
  return Object.fromEntries(Object.keys(doc).sort().map((key) => [key, doc[key]]));
}

function hosts(record: SearchIndexRecord): string[] {
  const hash = projectHash(record.groupId);
  return [0, 1, 2].map((i) => `${record.clusterName.toLowerCase()}-shard-00-0${i}.${hash}.mongodb.net`);
}

export interface Moment {
  now: number;
  transitionMs: number;
  /** The create and update answers say PENDING, whatever the transition time (recorded). */
  justChanged?: boolean;
}

function statusAt(record: SearchIndexRecord, moment: Moment): IndexStatus {
  return moment.justChanged ? 'PENDING' : indexStatus(record, moment.now, moment.transitionMs);
}

/** The current paths' document. */
export function renderIndex(record: SearchIndexRecord, moment: Moment): Doc {
  const status = statusAt(record, moment);
  const queryable = isQueryable(record, status);
  const version = { ...(record.versionCreatedAt ? { createdAt: record.versionCreatedAt } : {}), version: record.version };
  const doc: Doc = {
    collectionName: record.collectionName,
    database: record.database,
    indexID: record.indexID,
    latestDefinition: structuredClone(record.definition),
    latestDefinitionVersion: version,
    name: record.name,
    queryable,
    status,
    type: record.type,
  };
  if (status === 'READY' || status === 'FAILED') {
    const main = {
      definition: structuredClone(record.definition),
      definitionVersion: version,
      ...(record.failure !== undefined ? { message: record.failure } : {}),
      queryable,
      status,
    };
    doc.statusDetail = hosts(record).map((hostname) => ({ hostname, mainIndex: main, queryable, status }));
  }
  return doc;
}

/** The deprecated paths' status: the words of ClusterSearchIndex.status. */
function flatStatus(status: IndexStatus, paused: boolean): string {
  if (paused) return 'PAUSED';
  if (status === 'READY') return 'STEADY';
  if (status === 'FAILED') return 'FAILED';
  return 'IN_PROGRESS';
}

/**
 * The deprecated paths' document. `describe`: the single-index GET writes an absent
 * mappings.fields as null (recorded getFTSIndex); the list and the create answer leave it out.
 */
export function renderFlatIndex(record: SearchIndexRecord, moment: Moment & { paused: boolean; describe?: boolean }): Doc {
  const status = statusAt(record, moment);
  const definition = structuredClone(record.definition);
  if (record.type === 'search') {
    definition.synonyms ??= [];
    if (Array.isArray(definition.analyzers)) {
      definition.analyzers = (definition.analyzers as Doc[]).map((analyzer) => sorted({ charFilters: [], ...analyzer }));
    }
    const mappings = definition.mappings as Doc | undefined;
    if (moment.describe && mappings && mappings.fields === undefined) definition.mappings = { ...mappings, fields: null };
  }
  return sorted({
    ...definition,
    collectionName: record.collectionName,
    database: record.database,
    indexID: record.indexID,
    name: record.name,
    status: moment.justChanged ? 'IN_PROGRESS' : flatStatus(status, moment.paused),
    type: record.type,
  });
}

/** A sample dataset load's document (SampleDatasetStatus), as recorded: nulls where nothing is known yet. */
export function renderSampleLoad(load: SampleLoadRecord, now: number, iso: (ms: number) => string, justStarted = false): Doc {
  const done = !justStarted && load.completeAt <= now;
  return {
    _id: load._id,
    clusterName: load.clusterName,
    completeDate: done ? iso(load.completeAt) : null,
    createDate: load.createDate,
    errorMessage: null,
    state: done ? 'COMPLETED' : 'WORKING',
  };
}
