// The IDs of a project's peers and containers, every provider's, for shell
// completion (`cdba __complete peers|containers`, the lookups this group registers).
// Asked of the service under the completion lookup's short deadline, and silent on
// any error: nothing but 24-hex IDs reaches the shell.
import type { Context } from '../../core/context.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;
const PROVIDERS = ['AWS', 'AZURE', 'GCP'] as const;

const ids = (items: ReadonlyArray<{ id?: unknown }>): string[] => items.map((item) => item.id).filter((id): id is string => typeof id === 'string' && OBJECT_ID.test(id));

/** The IDs of `list` in the profile's project, or [] on any problem. */
async function listed(ctx: Context, lookup: (ctx: Context, projectId: string) => Promise<string[]>): Promise<string[]> {
  try {
    const projectId = (await ctx.settings()).projectId;
    return projectId ? await lookup(ctx, projectId) : [];
  } catch {
    return [];
  }
}

export const peerIds = (ctx: Context): Promise<string[]> =>
  listed(ctx, async (ctx, projectId) => {
    const { listPeers } = await import('../../api/resources/peering.js');
    const client = await ctx.api();
    return (await Promise.all(PROVIDERS.map(async (provider) => ids((await listPeers(client, projectId, provider)).results)))).flat();
  });

export const containerIds = (ctx: Context): Promise<string[]> =>
  listed(ctx, async (ctx, projectId) => {
    const { listAllContainers } = await import('../../api/resources/peering.js');
    return ids((await listAllContainers(await ctx.api(), projectId)).results);
  });
