// The wait until a search index is READY and queryable: search-indexes create and
// update --watch run it, and env up for each --search-index. FAILED ends it with the
// service's message (exit 1).
import type { ApiClient } from '../../api/client.js';
import type { IndexRef, SearchIndex } from '../../api/resources/searchIndexes.js';
import { ApiError, FailedError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { formatIndexRef, indexRefOf } from './indexRef.js';

/** How messages and hints name the index: the form `get`, `update` and `delete` read back as the same index. */
export const refText = (ref: IndexRef): string => formatIndexRef(ref);

/** An index document as `db.collection/name`, the form `get`, `update` and `delete` take (its id when its names cannot be one). */
export const indexName = (doc: SearchIndex): string => indexRefOf(doc);

export interface IndexWatch {
  /** --watch-timeout as given. */
  timeout?: string | undefined;
  /** Or a caller's own limit in ms (env up's: what is left of it). */
  timeoutMs?: number | undefined;
  /** The state the caller already saw (the create or update answer). */
  initialState?: string | undefined;
  /** The definition version to wait for (an update's): an older one being READY is not this one. */
  version?: number | undefined;
}

/** The service's words for a failed build: each host's message, once. */
export function failureMessage(doc: SearchIndex): string {
  const details = Array.isArray(doc.statusDetail) ? (doc.statusDetail as Array<Record<string, unknown>>) : [];
  const messages = details.map((host) => (host.mainIndex as Record<string, unknown> | undefined)?.message).filter((m): m is string => typeof m === 'string');
  // Without a closing period each: the line goes on with `; <hint>`, and `.;` reads as a slip.
  return [...new Set(messages.map((m) => m.trim().replace(/\.+$/, '')))].join('; ') || 'the service gives no reason';
}

/** The collection the build needs is not there (the service's words for it, in the emulator's and the live service's forms). */
const NO_COLLECTION = /collection .* does not exist|namespace .*(not found|does not exist)|NamespaceNotFound/i;

/** What to do after a FAILED build: load the data first when the collection is missing, else fix the definition. */
function failedHint(ctx: Context, cluster: string, ref: IndexRef, message: string): string {
  const update = `\`${ctx.followUp('search-indexes', 'update', cluster, refText(ref))} --file <definition.json> --watch\``;
  if (NO_COLLECTION.test(message)) {
    const where = 'indexId' in ref ? 'its collection' : `${ref.databaseName}.${ref.collectionName}`;
    return `${where} has no data yet: load it first (\`${ctx.followUp('clusters', 'load-sample-data', cluster)} --watch\` for the sample data, or --sample-data with env up), or index a collection that exists`;
  }
  return `fix the definition and run ${update}`;
}

/**
 * Polls the index until it is READY and queryable (returns it). FAILED ends the wait
 * with the service's message (exit 1); 404 (deleted meanwhile) with exit 4.
 */
export async function waitForIndex(ctx: Context, target: { client: ApiClient; projectId: string }, cluster: string, ref: IndexRef, options: IndexWatch): Promise<SearchIndex> {
  const { watch } = await import('../../core/watch.js');
  const { getSearchIndex } = await import('../../api/resources/searchIndexes.js');
  const follow = ctx.followUp('search-indexes', 'get', cluster, refText(ref));
  return watch<SearchIndex>({
    io: ctx.io,
    subject: `search index ${refText(ref)}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs: options.timeout === undefined ? options.timeoutMs : watchTimeoutMs(options.timeout),
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
        const message = failureMessage(doc);
        throw new FailedError(`search index ${refText(ref)} FAILED: ${message}`, { hint: failedHint(ctx, cluster, ref, message) });
      }
      const version = (doc.latestDefinitionVersion as { version?: unknown } | undefined)?.version;
      const current = options.version === undefined || (typeof version === 'number' && version >= options.version);
      const queryable = doc.queryable === true;
      const done = status === 'READY' && queryable && current;
      return { state: status === 'READY' && !queryable ? 'READY, not yet queryable' : status, done, value: doc };
    },
  });
}
