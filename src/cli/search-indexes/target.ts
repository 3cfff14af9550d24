// What every search-indexes verb needs: the cluster's name checked, and the index
// named by its id or as `db.collection/name` (parsed in src/cli/search-indexes/indexRef.ts).
// (The wait until an index is READY and queryable, which env up runs too, is
// src/cli/search-indexes/waitForIndex.ts.)
import type { ApiClient } from '../../api/client.js';
import type { IndexRef } from '../../api/resources/searchIndexes.js';
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { formatIndexRef } from './indexRef.js';
import { checkClusterName } from '../clusters/public.js';

export interface SearchTarget {
  client: ApiClient;
  projectId: string;
}

export async function searchTarget(ctx: Context, cluster: string): Promise<SearchTarget> {
  checkClusterName(cluster);
  const projectId = await ctx.projectId();
  return { projectId, client: await ctx.api() };
}

/** `<index>`: its id or `db.collection/name` (src/cli/search-indexes/indexRef.ts, with the naming rules). */
export { parseIndexRef } from './indexRef.js';

/** A 404 about the cluster or the project is theirs to say; any other, on an index request, is the index's. */
const NOT_THE_INDEX = ['CLUSTER_NOT_FOUND', 'GROUP_NOT_FOUND'];

/**
 * Runs a request about one index; its 404 says which index is not there and names the
 * list command (with the invocation's -P, --project-id, --base-url), not the service's
 * path (issue 43, item 10).
 */
export async function aboutIndex<T>(ctx: Context, cluster: string, ref: IndexRef, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404 || NOT_THE_INDEX.includes(error.errorCode ?? '')) throw error;
    throw new ApiError(error.status, error.document, `cluster ${cluster} has no search index ${formatIndexRef(ref)}`, {
      hint: `see its indexes with \`${ctx.followUp('search-indexes', 'list', cluster)}\``,
    });
  }
}
