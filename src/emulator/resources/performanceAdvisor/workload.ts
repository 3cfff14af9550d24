// A seeded workload (the seed key `workload`) and everything derived from it: when each
// slow query ran, its mongod log line, the namespaces, the query shapes and the indexes
// that would serve them, the schema advice and the drop-index suggestions. Pure and
// deterministic: the same workload, host and window give the same answers and the same
// lines, so the advisor's slow queries are the lines of the log download (logs module).
//
// A query runs `perDay` times a day, every 86 400 000 / perDay ms from an offset drawn
// from its shape: any window holds the same runs whoever asks. It runs on the primary of
// one shard (drawn from its namespace), as reads and writes go to primaries.
import { createHash } from 'node:crypto';

/** One query of the workload: a find (or an aggregate with `lookup`) that is slow. */
export interface WorkloadQuery {
  filter: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  /** Runs a day (default 24). */
  perDay?: number;
  /** Its duration, in ms (default 250). */
  millis?: number;
  /** Documents read for each run (default 10 000) and returned (default 10). */
  docsExamined?: number;
  nReturned?: number;
  /** An aggregate whose pipeline joins another collection ($lookup). */
  lookup?: string;
}

/** An index the collection has (what the drop-index suggestions judge). */
export interface WorkloadIndex {
  name: string;
  key: Record<string, 1 | -1>;
  hidden?: boolean;
  sizeBytes?: number;
}

/** Who runs a namespace's queries, and from where: the access history and the logs' connections (accessLogs module). */
export interface WorkloadClient {
  username: string;
  ipAddress: string;
  /** Connections a day (default 24). */
  perDay?: number;
}

/** One namespace's workload in one cluster. */
export interface WorkloadEntry {
  projectId: string;
  cluster: string;
  /** `<database>.<collection>` */
  namespace: string;
  queries?: WorkloadQuery[];
  indexes?: WorkloadIndex[];
  /** Average document size in bytes (default 512). */
  avgObjSize?: number;
  /** The database users who connect to run them, and from which addresses. */
  clients?: WorkloadClient[];
}

export const DAY_MS = 86_400_000;
/** Most runs of one query a window yields (the service's nLogs cap is 20 000). */
export const MAX_RUNS_PER_QUERY = 20_000;
const MAX_PER_DAY = 10_000;
/** Above this many indexes a collection is told to remove some (the service's schema advice). */
export const MANY_INDEXES = 30;
/** Documents above 2 MB are too large (the service's schema advice). */
export const LARGE_DOCUMENT = 2 * 1024 * 1024;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
/** A 24-hex id fixed by its text. */
export const idOf = (text: string): string => digest(text).toString('hex').slice(0, 24);

/** One run of a query: where and when, and its log line. */
export interface SlowRun {
  namespace: string;
  query: WorkloadQuery;
  shapeId: string;
  /** ms since the epoch. */
  at: number;
  line: string;
  millis: number;
  docsExamined: number;
  nReturned: number;
  keysExamined: number;
  responseLength: number;
  numYields: number;
  /** "find" or "aggregate". */
  command: string;
}

const OPERATORS_RANGE = new Set(['$gt', '$gte', '$lt', '$lte', '$ne', '$nin', '$regex', '$exists', '$not']);

/** The fields of a filter, as equality or range, in the filter's order ($and / $or flattened). */
export function filterFields(filter: Record<string, unknown>): { equality: string[]; range: string[] } {
  const equality: string[] = [];
  const range: string[] = [];
  const add = (list: string[], field: string): void => {
    if (!equality.includes(field) && !range.includes(field)) list.push(field);
  };
  const walk = (doc: Record<string, unknown>): void => {
    for (const [field, value] of Object.entries(doc)) {
      if (field === '$and' || field === '$or' || field === '$nor') {
        for (const part of Array.isArray(value) ? value : []) if (isDoc(part)) walk(part);
        continue;
      }
      if (field.startsWith('$')) continue;
      const ops = isDoc(value) ? Object.keys(value) : [];
      const isRange = ops.some((op) => OPERATORS_RANGE.has(op));
      add(isRange ? range : equality, field);
    }
  };
  walk(filter);
  return { equality, range };
}

const isDoc = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape of a query: its namespace, filter fields (values not kept) and sort. */
export function shapeKey(namespace: string, query: WorkloadQuery): string {
  const { equality, range } = filterFields(query.filter);
  return JSON.stringify([namespace, [...equality].sort(), [...range].sort(), query.sort ?? {}, query.lookup ?? null]);
}

/**
 * The index that serves a query, by the equality, sort, range rule: equality fields
 * first, then the sort's, then range fields. Empty when the query filters on nothing.
 */
export function indexFor(query: WorkloadQuery): Array<Record<string, 1 | -1>> {
  const { equality, range } = filterFields(query.filter);
  const keys: Array<Record<string, 1 | -1>> = [];
  const seen = new Set<string>();
  const push = (field: string, direction: 1 | -1): void => {
    if (seen.has(field)) return;
    seen.add(field);
    keys.push({ [field]: direction });
  };
  for (const field of equality) push(field, 1);
  for (const [field, direction] of Object.entries(query.sort ?? {})) push(field, direction === -1 ? -1 : 1);
  for (const field of range) push(field, 1);
  return keys;
}

const keyList = (key: Record<string, 1 | -1>): Array<[string, 1 | -1]> => Object.entries(key) as Array<[string, 1 | -1]>;

/** Whether an existing index's keys start with all of `wanted` (it serves the query). */
function covers(index: WorkloadIndex, wanted: Array<Record<string, 1 | -1>>): boolean {
  const have = keyList(index.key);
  return wanted.length <= have.length && wanted.every((entry, i) => {
    const [field, direction] = Object.entries(entry)[0]!;
    return have[i]![0] === field && have[i]![1] === direction;
  });
}

const perDayOf = (query: WorkloadQuery): number => Math.min(MAX_PER_DAY, Math.max(1, Math.floor(query.perDay ?? 24)));

/** When the runs of a query fall in [from, to): every period from its shape's offset. */
export function runTimes(namespace: string, query: WorkloadQuery, from: number, to: number): number[] {
  const period = Math.floor(DAY_MS / perDayOf(query));
  const offset = digest(`runs\0${shapeKey(namespace, query)}\0${JSON.stringify(query.filter)}`).readUInt32BE(0) % period;
  const first = Math.ceil((from - offset) / period);
  const out: number[] = [];
  for (let k = first; out.length < MAX_RUNS_PER_QUERY; k++) {
    const at = k * period + offset;
    if (at >= to) break;
    if (at >= from) out.push(at);
  }
  return out;
}

/** mongod's `$date`: ISO 8601 with milliseconds and +00:00. */
export const logDate = (ms: number): string => new Date(ms).toISOString().replace('Z', '+00:00');

/** The connection a run came in on: fixed per shape and run. */
const connOf = (shapeId: string, at: number): number => 100 + (digest(`conn\0${shapeId}\0${at}`).readUInt16BE(0) % 9000);

/** One run's mongod "Slow query" log line (id 51803), as mongod writes it. */
function slowLine(namespace: string, query: WorkloadQuery, shapeId: string, at: number, hostIndex: boolean): Omit<SlowRun, 'namespace' | 'query' | 'shapeId' | 'at'> {
  const dot = namespace.indexOf('.');
  const db = namespace.slice(0, dot);
  const coll = namespace.slice(dot + 1);
  const millis = Math.max(1, Math.floor(query.millis ?? 250));
  const nReturned = Math.max(0, Math.floor(query.nReturned ?? 10));
  const docsExamined = Math.max(nReturned, Math.floor(query.docsExamined ?? 10_000));
  const keysExamined = hostIndex ? docsExamined : 0;
  const numYields = Math.floor(docsExamined / 1000);
  const responseLength = 200 + nReturned * 350;
  const command = query.lookup
    ? { aggregate: coll, pipeline: [{ $match: query.filter }, ...(query.sort ? [{ $sort: query.sort }] : []), { $lookup: { from: query.lookup, localField: '_id', foreignField: `${coll}_id`, as: query.lookup } }], cursor: {}, $db: db }
    : { find: coll, filter: query.filter, ...(query.sort ? { sort: query.sort } : {}), $db: db };
  const line = {
    t: { $date: logDate(at) },
    s: 'I',
    c: 'COMMAND',
    id: 51803,
    ctx: `conn${connOf(shapeId, at)}`,
    msg: 'Slow query',
    attr: {
      type: 'command',
      ns: namespace,
      appName: 'cdba-workload',
      command,
      planSummary: hostIndex ? 'IXSCAN' : 'COLLSCAN',
      planningTimeMicros: 120,
      keysExamined,
      docsExamined,
      ...(query.sort && !hostIndex ? { hasSortStage: true } : {}),
      nreturned: nReturned,
      queryHash: shapeId.slice(0, 8).toUpperCase(),
      queryShapeHash: digest(`qsh\0${shapeId}`).toString('hex').toUpperCase(),
      numYields,
      reslen: responseLength,
      locks: { FeatureCompatibilityVersion: { acquireCount: { r: numYields + 1 } }, Global: { acquireCount: { r: numYields + 1 } } },
      readConcern: { level: 'local', provenance: 'implicitDefault' },
      storage: {},
      cpuNanos: millis * 900_000,
      remote: '203.0.113.10:52000',
      protocol: 'op_msg',
      durationMillis: millis,
    },
  };
  return { line: JSON.stringify(line), millis, docsExamined, nReturned, keysExamined, responseLength, numYields, command: query.lookup ? 'aggregate' : 'find' };
}

/** The shard (0-based) whose primary runs a namespace's queries. */
export const shardOf = (namespace: string, shards: number): number => (shards <= 1 ? 0 : digest(`shard\0${namespace}`).readUInt32BE(0) % shards);

/**
 * The slow runs in [from, to) of a cluster's workload on the primary of `shard` among
 * `shards`, oldest first. Each namespace's queries run on one shard's primary.
 */
export function slowRuns(entries: readonly WorkloadEntry[], shard: number, shards: number, from: number, to: number): SlowRun[] {
  const runs: SlowRun[] = [];
  for (const entry of entries) {
    if (shardOf(entry.namespace, shards) !== shard) continue;
    for (const query of entry.queries ?? []) {
      const shapeId = idOf(`shape\0${shapeKey(entry.namespace, query)}`);
      const served = (entry.indexes ?? []).some((index) => !index.hidden && covers(index, indexFor(query)));
      for (const at of runTimes(entry.namespace, query, from, to)) {
        runs.push({ namespace: entry.namespace, query, shapeId, at, ...slowLine(entry.namespace, query, shapeId, at, served) });
      }
    }
  }
  return runs.sort((a, b) => a.at - b.at || a.shapeId.localeCompare(b.shapeId));
}

/** The namespaces with slow runs (at most 20, as the service says), in first-run order. */
export function namespacesOf(runs: readonly SlowRun[]): Array<{ namespace: string; type: 'collection' }> {
  const seen: string[] = [];
  for (const run of runs) if (!seen.includes(run.namespace)) seen.push(run.namespace);
  return seen.slice(0, 20).map((namespace) => ({ namespace, type: 'collection' }));
}

/** The slow query document of the service: `line` and `namespace`, the rest when asked. */
export function slowQueryDoc(run: SlowRun, include: { metrics: boolean; opType: boolean; replicaState: boolean }, replicaState: string): Record<string, unknown> {
  return {
    line: run.line,
    ...(include.metrics
      ? {
          metrics: {
            docsExamined: run.docsExamined,
            docsExaminedReturnedRatio: run.nReturned === 0 ? run.docsExamined : Math.round((run.docsExamined / run.nReturned) * 100) / 100,
            docsReturned: run.nReturned,
            fromUserConnection: true,
            hasIndexCoverage: run.keysExamined > 0,
            hasSort: run.query.sort !== undefined && run.keysExamined === 0,
            keysExamined: run.keysExamined,
            keysExaminedReturnedRatio: run.nReturned === 0 ? run.keysExamined : Math.round((run.keysExamined / run.nReturned) * 100) / 100,
            numYields: run.numYields,
            operationExecutionTime: run.millis,
            responseLength: run.responseLength,
          },
        }
      : {}),
    namespace: run.namespace,
    ...(include.opType ? { opType: 'read' } : {}),
    ...(include.replicaState ? { replicaState } : {}),
  };
}

/** The shapes of the runs with the indexes that would serve them: the service's PerformanceAdvisorResponse. */
export function suggestions(entries: readonly WorkloadEntry[], runs: readonly SlowRun[], nExamples = 5, nIndexes?: number): { shapes: Array<Record<string, unknown>>; suggestedIndexes: Array<Record<string, unknown>> } {
  const byShape = new Map<string, SlowRun[]>();
  for (const run of runs) {
    const list = byShape.get(run.shapeId) ?? [];
    list.push(run);
    byShape.set(run.shapeId, list);
  }
  const shapes: Array<Record<string, unknown>> = [];
  const indexes = new Map<string, { namespace: string; index: Array<Record<string, 1 | -1>>; impact: string[]; weight: number; avgObjSize: number }>();
  for (const [shapeId, list] of byShape) {
    const { namespace, query } = list[0]!;
    const entry = entries.find((e) => e.namespace === namespace);
    const index = indexFor(query);
    const served = (entry?.indexes ?? []).some((existing) => !existing.hidden && covers(existing, index));
    if (served || index.length === 0) continue;
    const avgMs = Math.round(list.reduce((sum, run) => sum + run.millis, 0) / list.length);
    const examined = list.reduce((sum, run) => sum + run.docsExamined, 0);
    const returned = list.reduce((sum, run) => sum + run.nReturned, 0);
    shapes.push({
      avgMs,
      count: list.length,
      id: shapeId,
      inefficiencyScore: Math.round(examined / Math.max(1, returned)),
      namespace,
      operations: list.slice(-Math.max(0, nExamples)).reverse().map((run) => ({
        predicates: [{ [run.command]: run.query.filter }, ...(run.query.sort ? [{ sort: run.query.sort }] : [])],
        stats: { ms: run.millis, nReturned: run.nReturned, nScanned: run.docsExamined, ts: Math.floor(run.at / 1000) },
      })),
    });
    const key = JSON.stringify([namespace, index]);
    const suggestion = indexes.get(key) ?? { namespace, index, impact: [], weight: 0, avgObjSize: entry?.avgObjSize ?? 512 };
    suggestion.impact.push(shapeId);
    suggestion.weight += list.length * avgMs;
    indexes.set(key, suggestion);
  }
  const suggestedIndexes = [...indexes.entries()]
    .map(([key, s]) => ({ avgObjSize: s.avgObjSize, id: idOf(`index\0${key}`), impact: s.impact, index: s.index, namespace: s.namespace, weight: Math.round(s.weight * 10) / 10 }))
    .sort((a, b) => b.weight - a.weight);
  return { shapes, suggestedIndexes: nIndexes === undefined ? suggestedIndexes : suggestedIndexes.slice(0, Math.max(0, nIndexes)) };
}

/** The service's DropIndexSuggestionsResponse of a cluster's workload: hidden, redundant and unused indexes. */
export function dropIndexSuggestions(entries: readonly WorkloadEntry[], shardNames: readonly string[], since: string): Record<string, Array<Record<string, unknown>>> {
  const hiddenIndexes: Array<Record<string, unknown>> = [];
  const redundantIndexes: Array<Record<string, unknown>> = [];
  const unusedIndexes: Array<Record<string, unknown>> = [];
  for (const entry of entries) {
    const all = entry.indexes ?? [];
    for (const index of all) {
      const doc = {
        accessCount: 0,
        index: keyList(index.key).map(([field, direction]) => ({ [field]: direction })),
        name: index.name,
        namespace: entry.namespace,
        shards: [...shardNames],
        since,
        sizeBytes: index.sizeBytes ?? 20_480,
      };
      const used = (entry.queries ?? []).filter((query) => covers(index, indexFor(query).slice(0, 1)));
      const runs = used.reduce((sum, query) => sum + perDayOf(query), 0);
      if (index.hidden) {
        hiddenIndexes.push(doc);
        continue;
      }
      const keys = keyList(index.key);
      const prefixOf = all.find((other) => other !== index && !other.hidden && keyList(other.key).length > keys.length && keys.every(([f, d], i) => keyList(other.key)[i]![0] === f && keyList(other.key)[i]![1] === d));
      if (prefixOf) redundantIndexes.push({ ...doc, accessCount: runs });
      else if (runs === 0) unusedIndexes.push(doc);
    }
  }
  return { hiddenIndexes, redundantIndexes, unusedIndexes };
}

const hasCaseInsensitiveRegex = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.some(hasCaseInsensitiveRegex);
  if (!isDoc(value)) return false;
  if (typeof value.$regex === 'string' && typeof value.$options === 'string' && value.$options.includes('i')) return true;
  return Object.values(value).some(hasCaseInsensitiveRegex);
};

/** The service's SchemaAdvisorResponse of a cluster's workload. */
export function schemaAdvice(entries: readonly WorkloadEntry[]): { recommendations: Array<Record<string, unknown>> } {
  const recommendations: Array<Record<string, unknown>> = [];
  const add = (recommendation: string, description: string, affected: Array<{ namespace: string | null; triggerType: string; description: string }>): void => {
    if (affected.length === 0) return;
    recommendations.push({
      affectedNamespaces: affected.map((a) => ({ namespace: a.namespace, triggers: [{ description: a.description, triggerType: a.triggerType }] })),
      description,
      recommendation,
    });
  };
  add('REDUCE_LOOKUP_OPS', 'Reduce $lookup operations', entries.flatMap((e) => {
    const queries = e.queries ?? [];
    const lookups = queries.filter((q) => q.lookup !== undefined).length;
    return lookups === 0 ? [] : [{ namespace: e.namespace, triggerType: 'PERCENT_QUERIES_USE_LOOKUP', description: `${Math.round((lookups / queries.length) * 100)}% of queries in the collection use $lookup.` }];
  }));
  add('OPTIMIZE_CASE_INSENSITIVE_REGEX_QUERIES', 'Use case-insensitive indexes or Atlas Search for case-insensitive regex queries', entries.flatMap((e) =>
    (e.queries ?? []).some((q) => hasCaseInsensitiveRegex(q.filter)) ? [{ namespace: e.namespace, triggerType: 'QUERIES_CONTAIN_CASE_INSENSITIVE_REGEX', description: 'Queries in the collection use case-insensitive regular expressions.' }] : []));
  add('REDUCE_DOCUMENT_SIZE', 'Reduce the size of documents', entries.flatMap((e) =>
    (e.avgObjSize ?? 0) > LARGE_DOCUMENT ? [{ namespace: e.namespace, triggerType: 'DOC_SIZE_TOO_LARGE', description: `The collection's documents average ${Math.round(e.avgObjSize! / 1024 / 1024 * 10) / 10} MB.` }] : []));
  add('REMOVE_UNNECESSARY_INDEXES', 'Remove unnecessary indexes', entries.flatMap((e) =>
    (e.indexes ?? []).length > MANY_INDEXES ? [{ namespace: e.namespace, triggerType: 'NUM_INDEXES', description: `The collection has ${(e.indexes ?? []).length} indexes.` }] : []));
  return { recommendations };
}
