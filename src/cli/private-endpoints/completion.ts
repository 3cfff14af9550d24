// The IDs of a project's private endpoint services, every provider's, for shell
// completion (`cdba __complete private-endpoint-services`, the lookup this group
// registers). Asked of the service under the completion lookup's short deadline,
// and silent on any error: nothing but 24-hex IDs reaches the shell.
import type { Context } from '../../core/context.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;
const PROVIDERS = ['AWS', 'AZURE', 'GCP'] as const;

/** The IDs, or [] on any problem. */
export async function endpointServiceIds(ctx: Context): Promise<string[]> {
  try {
    const projectId = (await ctx.settings()).projectId;
    if (!projectId) return [];
    const { listEndpointServices } = await import('../../api/resources/privateEndpoints.js');
    const client = await ctx.api();
    const lists = await Promise.all(PROVIDERS.map(async (provider) => (await listEndpointServices(client, projectId, provider)).body));
    return lists.flatMap((list) => (Array.isArray(list) ? list.map((item: { id?: unknown }) => item.id).filter((id): id is string => typeof id === 'string' && OBJECT_ID.test(id)) : []));
  } catch {
    return [];
  }
}
