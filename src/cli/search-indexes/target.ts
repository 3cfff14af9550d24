// What every search-indexes verb needs: the cluster's name checked, and the index
// named by its id or as `db.collection/name`. (The wait until an index is READY and
// queryable, which env up runs too, is src/cli/shared/waitForIndex.ts.)
import type { ApiClient } from '../../api/client.js';
import type { IndexRef } from '../../api/resources/searchIndexes.js';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
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
