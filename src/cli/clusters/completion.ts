// Cluster names for shell completion (`cdba __complete clusters`, the lookup this
// group registers): the clusters API's and the flex API's (where the profile's
// version reaches it), asked of the service at once with a short deadline, cached
// for a few seconds per profile and project, and silent on any error: a completion
// must never print a message into the user's command line, nor hang it.
import type { Context } from '../../core/context.js';
import { CLUSTER_NAME, cacheFile, MAX_NAMES, readCache, writeCache } from '../shared/completionCache.js';

/** The names, or [] on any problem (no project, no credentials, an error, the deadline). */
export async function clusterNames(ctx: Context, now: () => number = Date.now): Promise<string[]> {
  try {
    const settings = await ctx.settings();
    const projectId = settings.projectId;
    if (!projectId) return [];
    const file = cacheFile(ctx.configDir, 'clusters', [settings.profileName, projectId, settings.baseUrl ?? '', settings.apiVersion ?? '']);
    const cached = await readCache(file, now());
    if (cached) return cached;
    const { streamAllClusters } = await import('../../api/resources/clusters.js');
    const { streamAllFlexClusters } = await import('../../api/resources/flexClusters.js');
    const { flexReachable } = await import('./flex.js');
    const client = await ctx.api();
    const lists = await Promise.allSettled([
      namesOf(streamAllClusters(client, projectId)),
      ...((await flexReachable(ctx)) ? [namesOf(streamAllFlexClusters(client, projectId))] : []),
    ]);
    // A list that failed costs its names, not the other's; only a whole answer is cached.
    const names = [...new Set(lists.flatMap((list) => (list.status === 'fulfilled' ? list.value : [])))].slice(0, MAX_NAMES);
    if (lists.every((list) => list.status === 'fulfilled')) await writeCache(ctx.configDir, file, { at: now(), names });
    return names;
  } catch {
    return [];
  }
}

/** Every page's names, not only the first 500's (the deadline still bounds the whole lookup). */
async function namesOf(pages: AsyncGenerator<unknown[], unknown, undefined>): Promise<string[]> {
  const names: string[] = [];
  for await (const page of pages) {
    for (const cluster of page) {
      const name = (cluster as { name?: unknown } | null)?.name;
      if (typeof name === 'string' && CLUSTER_NAME.test(name)) names.push(name);
    }
    if (names.length >= MAX_NAMES) break;
  }
  return names;
}
