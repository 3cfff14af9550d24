// What every search-indexes verb needs: the cluster's name checked, and the index
// named by its id or as `db.collection/name` (parsed in src/cli/shared/indexRef.ts).
// (The wait until an index is READY and queryable, which env up runs too, is
// src/cli/shared/waitForIndex.ts.)
import type { ApiClient } from '../../api/client.js';
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

/** `<index>`: its id or `db.collection/name` (src/cli/shared/indexRef.ts, with the naming rules). */
export { parseIndexRef } from '../shared/indexRef.js';
