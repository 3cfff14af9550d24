// What every search-indexes verb needs: the cluster's name checked, the index named
// by its id or as `db.collection/name`, and the wait until an index is READY and
// queryable (create, update and env up --search-index run it).
import type { ApiClient } from '../../api/client.js';
import type { IndexRef, SearchIndex } from '../../api/resources/searchIndexes.js';
import { ApiError, FailedError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { parseDuration } from '../../core/duration.js';
import { checkClusterName } from '../shared/target.js';

export interface SearchTarget {
  client: ApiClient;
  projectId: string;
}

export async function searchTarget(ctx: Context, cluster: string): Promise<SearchTarget> {
  checkClusterName(cluster);
  const projectId = await ctx.projectId();
  return { projectId, client: await ctx.api() };
}

const INDEX_ID = /^[0-9a-f]{24}$/;

/**
 * `<index>`: its 24-hex id, or `db.collection/name` (the database ends at the first
 * dot, as database names hold none; the name starts after the last slash).
 */
export function parseIndexRef(text: string): IndexRef {
  if (INDEX_ID.test(text)) return { indexId: text };
  const dot = text.indexOf('.');
  const slash = text.lastIndexOf('/');
  if (dot > 0 && slash > dot + 1 && slash < text.length - 1) {
    return { databaseName: text.slice(0, dot), collectionName: text.slice(dot + 1, slash), indexName: text.slice(slash + 1) };
  }
  throw new UsageError(`invalid index "${text}": give its id (24 hex digits) or database.collection/name, e.g. sample_mflix.movies/default`);
}

/** How messages and hints name the index. */
export function refText(ref: IndexRef): string {
  return 'indexId' in ref ? ref.indexId : `${ref.databaseName}.${ref.collectionName}/${ref.indexName}`;
}

/** An index document as `db.collection/name`, the form `get`, `update` and `delete` take. */
export function indexName(doc: SearchIndex): string {
  return `${String(doc.database)}.${String(doc.collectionName)}/${String(doc.name)}`;
}

export interface IndexWatch {
  /** --watch-timeout as given. */
  timeout?: string | undefined;
  /** The state the caller already saw (the create or update answer). */
  initialState?: string | undefined;
  /** The definition version to wait for (an update's): an older one being READY is not this one. */
  version?: number | undefined;
}

export function watchTimeoutMs(value: string | undefined): number | undefined {
  return value === undefined ? undefined : parseDuration(value, '--watch-timeout');
}

/** The service's words for a failed build: each host's message, once. */
export function failureMessage(doc: SearchIndex): string {
  const details = Array.isArray(doc.statusDetail) ? (doc.statusDetail as Array<Record<string, unknown>>) : [];
  const messages = details.map((host) => (host.mainIndex as Record<string, unknown> | undefined)?.message).filter((m): m is string => typeof m === 'string');
  return [...new Set(messages)].join('; ') || 'the service gives no reason';
}

/**
 * Polls the index until it is READY and queryable (returns it). FAILED ends the wait
 * with the service's message (exit 1); 404 (deleted meanwhile) with exit 4.
 */
export async function waitForIndex(ctx: Context, target: SearchTarget, cluster: string, ref: IndexRef, options: IndexWatch): Promise<SearchIndex> {
  const { watch } = await import('../../core/watch.js');
  const { getSearchIndex } = await import('../../api/resources/searchIndexes.js');
  const follow = ctx.followUp('search-indexes', 'get', cluster, refText(ref));
  return watch<SearchIndex>({
    io: ctx.io,
    subject: `search index ${refText(ref)}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs: watchTimeoutMs(options.timeout),
    initialState: options.initialState,
    resumeHint: `the build goes on at the service; see it with \`${follow}\``,
    poll: async () => {
      let doc: SearchIndex;
      try {
        doc = await getSearchIndex(target.client, target.projectId, cluster, ref);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && error.errorCode !== 'CLUSTER_NOT_FOUND') {
          error.hint ??= `it is gone: see the cluster's indexes with \`${ctx.followUp('search-indexes', 'list', cluster)}\``;
        }
        throw error;
      }
      const status = typeof doc.status === 'string' ? doc.status : 'UNKNOWN';
      if (status === 'FAILED') {
        throw new FailedError(`search index ${refText(ref)} FAILED: ${failureMessage(doc)}`, {
          hint: `fix the definition and run \`${ctx.followUp('search-indexes', 'update', cluster, refText(ref))} --file <definition.json> --watch\``,
        });
      }
      const version = (doc.latestDefinitionVersion as { version?: unknown } | undefined)?.version;
      const current = options.version === undefined || (typeof version === 'number' && version >= options.version);
      const queryable = doc.queryable === true;
      const done = status === 'READY' && queryable && current;
      return { state: status === 'READY' && !queryable ? 'READY, not yet queryable' : status, done, value: doc };
    },
  });
}
