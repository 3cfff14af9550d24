// Snapshot and restore job IDs for shell completion (`cdba __complete snapshots <cluster>`,
// `cdba __complete restore-jobs <cluster>`): the cluster's, newest first, through the API of
// its kind (a flex cluster's through the flex backup API); asked with the cluster names'
// short deadline, cached as they are, and silent on any error. Only 24-hex IDs reach the shell.
import type { Context } from '../../core/context.js';
import { CLUSTER_NAME, cacheFile, MAX_NAMES, readCache, writeCache } from '../shared/completionCache.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;
export const BACKUP_LISTS = ['snapshots', 'restore-jobs'] as const;

/** The IDs, or [] on any problem (no project, no such cluster, an error, the deadline). */
export async function backupIds(ctx: Context, list: (typeof BACKUP_LISTS)[number], cluster: string, now: () => number = Date.now): Promise<string[]> {
  try {
    if (!CLUSTER_NAME.test(cluster)) return [];
    const settings = await ctx.settings();
    const projectId = settings.projectId;
    if (!projectId) return [];
    const file = cacheFile(ctx.configDir, list, [settings.profileName, projectId, settings.baseUrl ?? '', settings.apiVersion ?? '', cluster]);
    const valid = (word: string): boolean => OBJECT_ID.test(word);
    const cached = await readCache(file, now(), valid);
    if (cached) return cached;
    const api = await import('../../api/resources/backups.js');
    const { ClusterLocator } = await import('../clusters/public.js');
    const client = await ctx.api();
    const locator = await ClusterLocator.open(ctx, client, projectId, cluster);
    const found =
      list === 'snapshots'
        ? await locator.call(() => api.listSnapshots(client, projectId, cluster), () => api.listFlexSnapshots(client, projectId, cluster))
        : await locator.call(() => api.listRestoreJobs(client, projectId, cluster), () => api.listFlexRestoreJobs(client, projectId, cluster));
    const words = found.results.map((item) => String(item.id)).filter(valid).slice(0, MAX_NAMES);
    await writeCache(ctx.configDir, file, { at: now(), names: words });
    return words;
  } catch {
    return [];
  }
}
