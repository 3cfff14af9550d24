// Search index names for shell completion (`cdba __complete indexes <cluster>`): the
// cluster's indexes as `database.collection/name`, the form `search-indexes get`,
// `update` and `delete` take; asked at once with the cluster names' short deadline,
// cached as they are, and silent on any error.
import type { Context } from '../../core/context.js';
import { CLUSTER_NAME, cacheFile, MAX_NAMES, readCache, writeCache } from '../shared/completionCache.js';

// Only words that are safe on a shell's command line; an index with another name is
// still reachable by its id.
const INDEX_WORD = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/** The words, or [] on any problem (no project, no such cluster, an error, the deadline). */
export async function indexNames(ctx: Context, cluster: string, now: () => number = Date.now): Promise<string[]> {
  try {
    if (!CLUSTER_NAME.test(cluster)) return [];
    const settings = await ctx.settings();
    const projectId = settings.projectId;
    if (!projectId) return [];
    const file = cacheFile(ctx.configDir, 'indexes', [settings.profileName, projectId, settings.baseUrl ?? '', settings.apiVersion ?? '', cluster]);
    const valid = (word: string): boolean => INDEX_WORD.test(word);
    const cached = await readCache(file, now(), valid);
    if (cached) return cached;
    const { listSearchIndexes } = await import('../../api/resources/searchIndexes.js');
    const indexes = await listSearchIndexes(await ctx.api(), projectId, cluster);
    const words = indexes.map((index) => `${String(index.database)}.${String(index.collectionName)}/${String(index.name)}`).filter(valid).slice(0, MAX_NAMES);
    await writeCache(ctx.configDir, file, { at: now(), names: words });
    return words;
  } catch {
    return [];
  }
}
