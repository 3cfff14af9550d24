// IDs for shell completion of the arguments that name something the service lists
// (scripts.ts, LISTED_ARGUMENTS): a project's peers, containers and private endpoint
// services, every provider's. Asked of the service under the same short deadline as
// cluster names, and silent on any error: nothing but 24-hex IDs reaches the shell.
import type { Context } from '../../core/context.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;
const PROVIDERS = ['AWS', 'AZURE', 'GCP'] as const;

const ids = (items: ReadonlyArray<{ id?: unknown }>): string[] => items.map((item) => item.id).filter((id): id is string => typeof id === 'string' && OBJECT_ID.test(id));

const LISTS: Readonly<Record<string, (ctx: Context, projectId: string) => Promise<string[]>>> = {
  peers: async (ctx, projectId) => {
    const { listPeers } = await import('../../api/resources/peering.js');
    const client = await ctx.api();
    return (await Promise.all(PROVIDERS.map(async (provider) => ids((await listPeers(client, projectId, provider)).results)))).flat();
  },
  containers: async (ctx, projectId) => {
    const { listAllContainers } = await import('../../api/resources/peering.js');
    return ids((await listAllContainers(await ctx.api(), projectId)).results);
  },
  'private-endpoint-services': async (ctx, projectId) => {
    const { listEndpointServices } = await import('../../api/resources/privateEndpoints.js');
    const client = await ctx.api();
    const lists = await Promise.all(PROVIDERS.map(async (provider) => (await listEndpointServices(client, projectId, provider)).body));
    return lists.flatMap((list) => (Array.isArray(list) ? ids(list) : []));
  },
};

export const LISTED = Object.keys(LISTS);

/** The IDs of `list` in the profile's project, or [] on any problem. */
export async function listedIds(ctx: Context, list: string): Promise<string[]> {
  try {
    const lookup = LISTS[list];
    const projectId = (await ctx.settings()).projectId;
    return lookup && projectId ? await lookup(ctx, projectId) : [];
  } catch {
    return [];
  }
}
