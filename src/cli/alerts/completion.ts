// Alert and alert configuration IDs for shell completion (`cdba __complete alerts`,
// `cdba __complete alert-configs`): the project's, cached as cluster names are, and
// silent on any error.
import type { Context } from '../../core/context.js';
import { cacheFile, MAX_NAMES, readCache, writeCache } from '../shared/completionCache.js';

const ID = /^[a-f0-9]{24}$/;

async function ids(ctx: Context, kind: 'alerts' | 'alert-configs', now: () => number): Promise<string[]> {
  try {
    const settings = await ctx.settings();
    const projectId = settings.projectId;
    if (!projectId) return [];
    const file = cacheFile(ctx.configDir, kind, [settings.profileName, projectId, settings.baseUrl ?? '', settings.apiVersion ?? '']);
    const valid = (word: string): boolean => ID.test(word);
    const cached = await readCache(file, now(), valid);
    if (cached) return cached;
    const api = await import('../../api/resources/alerts.js');
    const client = await ctx.api();
    const page = kind === 'alerts' ? await api.listAlerts(client, projectId, undefined, { itemsPerPage: 500 }) : await api.listAlertConfigs(client, projectId, { itemsPerPage: 500 });
    const words = page.results.map((item) => String(item.id)).filter(valid).slice(0, MAX_NAMES);
    await writeCache(ctx.configDir, file, { at: now(), names: words });
    return words;
  } catch {
    return [];
  }
}

export const alertIds = (ctx: Context, now: () => number = Date.now): Promise<string[]> => ids(ctx, 'alerts', now);
export const alertConfigIds = (ctx: Context, now: () => number = Date.now): Promise<string[]> => ids(ctx, 'alert-configs', now);
