// Process IDs for shell completion (`cdba __complete processes`): the project's processes
// as `host:port`, asked at once with the cluster names' short deadline, cached as they
// are, and silent on any error.
import type { Context } from '../../core/context.js';
import { cacheFile, MAX_NAMES, readCache, writeCache } from '../shared/completionCache.js';

// Only words that are safe on a shell's command line.
const PROCESS_ID = /^[a-z0-9.-]+:[0-9]{1,5}$/;

/** The IDs, or [] on any problem (no project, an error, the deadline). */
export async function processIds(ctx: Context, now: () => number = Date.now): Promise<string[]> {
  try {
    const settings = await ctx.settings();
    const projectId = settings.projectId;
    if (!projectId) return [];
    const file = cacheFile(ctx.configDir, 'processes', [settings.profileName, projectId, settings.baseUrl ?? '', settings.apiVersion ?? '']);
    const valid = (word: string): boolean => PROCESS_ID.test(word);
    const cached = await readCache(file, now(), valid);
    if (cached) return cached;
    const { listProcesses } = await import('../../api/resources/processes.js');
    const list = await listProcesses(await ctx.api(), projectId);
    const words = list.results.map((p) => (typeof p.id === 'string' ? p.id : '')).filter(valid).slice(0, MAX_NAMES);
    await writeCache(ctx.configDir, file, { at: now(), names: words });
    return words;
  } catch {
    return [];
  }
}
