// The handlers of the search indexes (current and deprecated paths, one store) and
// the sample dataset load. Versioned API only, as the service (no v1.0 paths).
//
// Life of an index: create -> PENDING -> IN_PROGRESS -> READY (queryable) on the
// transition time, or FAILED with the build's message when its definition breaks a
// documented rule the description leaves untyped, or names a collection the cluster
// does not hold (the service takes the request and the build fails: DOCS-15216);
// update -> PENDING again, an earlier built definition serving meanwhile; delete -> 204,
// DELETING for the transition time, then gone.
// Refused at once: what the description's schemas refuse (400, the field named), a
// name taken in the namespace (409), a flex cluster's eleventh index (400), a paused
// cluster (409).
import { checkCreateRequest, checkDefinition, indexTypeOf, splitFlatIndex, type DefinitionProblem, type IndexType } from '../../../model/searchIndex.js';
import type { Handler, ReadOnlyFields, RequestContext, Store } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { isoSeconds, objectId } from '../../store.js';
import { clusterFailures, clusterStore } from '../clusters/index.js';
import { flexCluster } from '../flexClusters/store.js';
import { projectOf } from '../projects/index.js';
import { renderFlatIndex, renderIndex, renderSampleLoad, type Moment } from './render.js';
import { collectionsOf, dropDeleted, indexStatus, isQueryable, searchStateOf, type SearchIndexRecord, type SearchState } from './state.js';

type Doc = Record<string, unknown>;

/** The documented limit of indexes on a flex cluster (search and vector alike; M10 and up have none). */
export const FLEX_INDEX_LIMIT = 10;

// The service's error-code table words these; the codes of the refusals below that it does not
// list are the closest it has (each says so).
const TABLE_DETAILS: Readonly<Record<string, string>> = {
  ATLAS_FTS_ANALYZER_NAME_NOT_UNIQUE: 'Analyzer name is not unique.',
  ATLAS_FTS_ANALYZER_NAME_CANNOT_REUSED: 'Stock analyzer name can not be re-used.',
};

export const searchFailures = {
  /** The error-code table's ATLAS_FTS_DUPLICATE_INDEX ("Duplicate Index.", 400 there); 409 as the description's conflict and the seed's unique-property rule say. */
  duplicateIndex: (name: string, database: string, collection: string) =>
    new ApiFailure(409, 'ATLAS_FTS_DUPLICATE_INDEX', `Duplicate Index. An index named ${name} exists on ${database}.${collection}.`, [name, database, collection]),
  /** No recording: the limit is documented (10 on flex clusters); ATLAS_GENERAL_ERROR ("Reason: %s.") is the table's generic 400. */
  flexLimit: (cluster: string) =>
    new ApiFailure(400, 'ATLAS_GENERAL_ERROR', `Reason: Flex cluster ${cluster} has ${FLEX_INDEX_LIMIT} search indexes, the most a flex cluster can have.`, [cluster]),
  /** As the clusters API refuses changes to a paused cluster (recorded code). */
  paused: (cluster: string) => clusterFailures.cannotUpdatePaused(cluster),
};

/** A definition problem the service refuses at once, as its 400. */
function refusal(problem: DefinitionProblem): ApiFailure {
  const field = problem.path.replace(/^\$\.?/, '');
  const detail = problem.errorCode ? TABLE_DETAILS[problem.errorCode] : undefined;
  if (problem.errorCode && detail) return new ApiFailure(400, problem.errorCode, detail, [field]);
  return problem.kind === 'missing' ? failures.missingAttribute(field) : failures.invalidAttribute(field);
}

interface ClusterTarget {
  id: string;
  name: string;
  paused: boolean;
  flex: boolean;
}

function v2Only(ctx: RequestContext): void {
  if (ctx.api !== 'v2') throw failures.resourceNotFound(ctx.path);
}

/** The path's cluster, dedicated or flex (search indexes and sample data serve both kinds). */
function clusterNamed(ctx: RequestContext, name: string): ClusterTarget {
  v2Only(ctx);
  const { store } = ctx.services;
  const project = projectOf(ctx);
  const dedicated = clusterStore(store).find(project.id, name);
  if (dedicated) return { id: dedicated.model.id, name: dedicated.model.name, paused: dedicated.model.paused, flex: false };
  const flex = flexCluster(store, project.id, name);
  if (flex) return { id: flex.model.id, name: flex.model.name, paused: false, flex: true };
  throw clusterFailures.clusterNotFound(name, project.id);
}

function stateOf(store: Store, now: number): SearchState {
  const state = searchStateOf(store.world);
  dropDeleted(state, now);
  return state;
}

interface Call {
  cluster: ClusterTarget;
  state: SearchState;
  now: number;
  moment: Moment;
}

function open(ctx: RequestContext): Call {
  const cluster = clusterNamed(ctx, ctx.params.clusterName!);
  // Builds, versions, deletions and loads are timed on the service's clock (--date), so an
  // index made or changed under --date says it was made that day.
  const now = ctx.services.store.serviceClock();
  return { cluster, state: stateOf(ctx.services.store, now), now, moment: { now, transitionMs: ctx.services.transitionMs } };
}

const ofCluster = (call: Call): SearchIndexRecord[] => call.state.indexes.filter((record) => record.clusterId === call.cluster.id);

/** The path's index: by id, or by database, collection and name. Mutations do not see one being deleted. */
function findIndex(ctx: RequestContext, call: Call, forChange: boolean): SearchIndexRecord {
  const { indexId, databaseName, collectionName, indexName } = ctx.params;
  const record = ofCluster(call).find((candidate) =>
    indexId !== undefined
      ? candidate.indexID === indexId
      : candidate.database === databaseName && candidate.collectionName === collectionName && candidate.name === indexName,
  );
  if (!record || (forChange && record.deletingUntil !== undefined)) throw failures.resourceNotFound(ctx.path);
  return record;
}

/** Why the build of this definition on this namespace fails, if it does. */
function buildFailure(call: Call, type: IndexType, definition: Doc, database: string, collection: string): string | undefined {
  const problem = checkDefinition(type, definition, 'definition');
  if (problem) return `${problem.path}: ${problem.message}`;
  if (!collectionsOf(call.state, call.cluster.id).has(`${database}.${collection}`)) {
    return `Collection ${database}.${collection} does not exist on cluster ${call.cluster.name}.`;
  }
  return undefined;
}

/** Refuses at once what the description's schemas refuse. */
function refuseInvalid(type: IndexType, definition: unknown, at: string): void {
  const problem = checkDefinition(type, definition, at);
  if (problem && problem.kind !== 'build') throw refusal(problem);
}

function create(ctx: RequestContext, call: Call, names: { database: string; collectionName: string; name: string; type: IndexType }, definition: Doc): SearchIndexRecord {
  if (call.cluster.paused) throw searchFailures.paused(call.cluster.name);
  const live = ofCluster(call).filter((record) => record.deletingUntil === undefined);
  if (live.some((record) => record.database === names.database && record.collectionName === names.collectionName && record.name === names.name)) {
    throw searchFailures.duplicateIndex(names.name, names.database, names.collectionName);
  }
  if (call.cluster.flex && live.length >= FLEX_INDEX_LIMIT) throw searchFailures.flexLimit(call.cluster.name);
  const failure = buildFailure(call, names.type, definition, names.database, names.collectionName);
  const record: SearchIndexRecord = {
    indexID: objectId(call.now),
    groupId: projectOf(ctx).id,
    clusterId: call.cluster.id,
    clusterName: call.cluster.name,
    database: names.database,
    collectionName: names.collectionName,
    name: names.name,
    type: names.type,
    definition,
    version: 0,
    since: call.now,
    ...(failure !== undefined ? { failure } : {}),
    servedBefore: false,
  };
  call.state.indexes.push(record);
  return record;
}

function update(call: Call, record: SearchIndexRecord, definition: Doc): void {
  if (call.cluster.paused) throw searchFailures.paused(call.cluster.name);
  const status = indexStatus(record, call.now, call.moment.transitionMs);
  record.servedBefore = isQueryable(record, status);
  record.definition = definition;
  record.version += 1;
  record.versionCreatedAt = isoSeconds(call.now);
  record.since = call.now;
  const failure = buildFailure(call, record.type, definition, record.database, record.collectionName);
  if (failure === undefined) delete record.failure;
  else record.failure = failure;
}

function remove(call: Call, record: SearchIndexRecord): void {
  record.deletingUntil = call.now + call.moment.transitionMs;
  dropDeleted(call.state, call.now);
}

// ---- the current paths (2024-05-30)

export const CREATE_READ_ONLY: ReadOnlyFields = { fields: [] };

export const listIndexes: Handler = (ctx) => {
  const call = open(ctx);
  return { status: 200, body: ofCluster(call).map((record) => renderIndex(record, call.moment)) };
};

export const listCollectionIndexes: Handler = (ctx) => {
  const call = open(ctx);
  const { databaseName, collectionName } = ctx.params;
  const records = ofCluster(call).filter((record) => record.database === databaseName && record.collectionName === collectionName);
  return { status: 200, body: records.map((record) => renderIndex(record, call.moment)) };
};

export const createIndex: Handler = async (ctx) => {
  const call = open(ctx);
  const body = ctx.body as Doc;
  const problem = checkCreateRequest(body);
  if (problem && problem.kind !== 'build') throw refusal(problem);
  const names = { database: body.database as string, collectionName: body.collectionName as string, name: body.name as string, type: indexTypeOf(body)! };
  const record = create(ctx, call, names, body.definition as Doc);
  await ctx.services.store.commit();
  return { status: 201, body: renderIndex(record, { ...call.moment, justChanged: true }) };
};

export const getIndex: Handler = (ctx) => {
  const call = open(ctx);
  return { status: 200, body: renderIndex(findIndex(ctx, call, false), call.moment) };
};

export const UPDATE_READ_ONLY: ReadOnlyFields = { fields: [] };

export const updateIndex: Handler = async (ctx) => {
  const call = open(ctx);
  const record = findIndex(ctx, call, true);
  const body = ctx.body as Doc;
  const unknown = Object.keys(body).find((key) => key !== 'definition');
  if (unknown !== undefined) throw failures.invalidAttribute(unknown);
  if (body.definition === undefined) throw failures.missingAttribute('definition');
  refuseInvalid(record.type, body.definition, 'definition');
  update(call, record, body.definition as Doc);
  await ctx.services.store.commit();
  return { status: 200, body: renderIndex(record, { ...call.moment, justChanged: true }) };
};

export const deleteIndex: Handler = async (ctx) => {
  const call = open(ctx);
  remove(call, findIndex(ctx, call, true));
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};

// ---- the deprecated paths (2023-01-01): the definition's fields beside the names

function flatMoment(call: Call, extra: Partial<Moment> & { describe?: boolean } = {}): Moment & { paused: boolean; describe?: boolean } {
  return { ...call.moment, paused: call.cluster.paused, ...extra };
}

/** The read-only fields of ClusterSearchIndex: echoed unchanged they pass (an update may send back what a GET gave). */
export const FLAT_CREATE_READ_ONLY: ReadOnlyFields = { fields: ['indexID', 'status'] };
export const FLAT_UPDATE_READ_ONLY: ReadOnlyFields = {
  fields: ['indexID', 'status'],
  held: (ctx) => {
    try {
      const call = open(ctx);
      return renderFlatIndex(findIndex(ctx, call, false), flatMoment(call, { describe: true }));
    } catch {
      return undefined; // the handler answers the 404
    }
  },
};

/** A deprecated-API body split, its names checked as the description's ClusterSearchIndex requires. */
function flatBody(body: Doc): { names: Doc; type: IndexType; definition: Doc } {
  const { names, definition } = splitFlatIndex(body);
  for (const key of ['collectionName', 'database', 'name'] as const) {
    if (names[key] === undefined) throw failures.missingAttribute(key);
    if (typeof names[key] !== 'string' || names[key] === '') throw failures.invalidAttribute(key);
  }
  for (const key of ['indexID', 'status'] as const) if (names[key] !== undefined) throw failures.attributeReadOnly(key);
  const type = indexTypeOf(names);
  if (type === undefined) throw failures.invalidAttribute('type');
  refuseInvalid(type, definition, '$');
  return { names, type, definition };
}

export const ftsCreateIndex: Handler = async (ctx) => {
  const call = open(ctx);
  const { names, type, definition } = flatBody(ctx.body as Doc);
  const record = create(ctx, call, { database: names.database as string, collectionName: names.collectionName as string, name: names.name as string, type }, definition);
  await ctx.services.store.commit();
  // The deprecated create answers 200 (recorded, and the description).
  return { status: 200, body: renderFlatIndex(record, flatMoment(call, { justChanged: true })) };
};

export const ftsListIndexes: Handler = (ctx) => {
  const call = open(ctx);
  const { databaseName, collectionName } = ctx.params;
  const records = ofCluster(call).filter((record) => record.database === databaseName && record.collectionName === collectionName);
  return { status: 200, body: records.map((record) => renderFlatIndex(record, flatMoment(call))) };
};

export const ftsGetIndex: Handler = (ctx) => {
  const call = open(ctx);
  return { status: 200, body: renderFlatIndex(findIndex(ctx, call, false), flatMoment(call, { describe: true })) };
};

export const ftsUpdateIndex: Handler = async (ctx) => {
  const call = open(ctx);
  const record = findIndex(ctx, call, true);
  const { names, type, definition } = flatBody(ctx.body as Doc);
  // The names say which index; they are not changed here.
  for (const key of ['database', 'collectionName', 'name'] as const) if (names[key] !== record[key]) throw failures.invalidAttribute(key);
  if (type !== record.type) throw failures.invalidAttribute('type');
  update(call, record, definition);
  await ctx.services.store.commit();
  return { status: 200, body: renderFlatIndex(record, flatMoment(call, { justChanged: true })) };
};

// ---- the sample dataset load

export const loadSampleDataset: Handler = async (ctx) => {
  const cluster = clusterNamed(ctx, ctx.params.nameOrId!);
  if (cluster.paused) throw searchFailures.paused(cluster.name);
  const { transitionMs, store } = ctx.services;
  const now = store.serviceClock();
  const state = stateOf(store, now);
  const load = { _id: objectId(now), groupId: projectOf(ctx).id, clusterId: cluster.id, clusterName: cluster.name, createDate: isoSeconds(now), completeAt: now + transitionMs };
  state.sampleLoads.push(load);
  await store.commit();
  return { status: 201, body: renderSampleLoad(load, now, isoSeconds, true) };
};

export const getSampleLoad: Handler = (ctx) => {
  v2Only(ctx);
  const { store } = ctx.services;
  const now = store.serviceClock();
  const id = ctx.params.nameOrId!;
  const load = stateOf(store, now).sampleLoads.find((candidate) => candidate._id === id && candidate.groupId === projectOf(ctx).id);
  if (!load) throw failures.resourceNotFound(ctx.path);
  return { status: 200, body: renderSampleLoad(load, now, isoSeconds) };
};
