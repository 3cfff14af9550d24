// A service's provider, which every path of it names: --provider when given, else
// the provider whose list has the ID (the three lists asked at once).
import type { ApiClient } from '../../api/client.js';
import type { EndpointService } from '../../api/resources/privateEndpoints.js';
import { NotFoundError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { PROVIDER_CHOICES, type ProviderChoice } from '../shared/networkFlags.js';

export interface FoundService {
  provider: ProviderChoice;
  service: EndpointService;
}

export async function findService(ctx: Context, client: ApiClient, projectId: string, serviceId: string, provider: ProviderChoice | undefined): Promise<FoundService> {
  const api = await import('../../api/resources/privateEndpoints.js');
  if (provider) return { provider, service: (await api.getEndpointService(client, projectId, provider, serviceId)).body };
  const lists = await Promise.all(PROVIDER_CHOICES.map(async (p) => ({ provider: p, services: (await api.listEndpointServices(client, projectId, p)).body })));
  for (const { provider: p, services } of lists) {
    const service = (Array.isArray(services) ? services : []).find((s) => s.id === serviceId);
    if (service) return { provider: p, service };
  }
  throw new NotFoundError(`project ${projectId} has no private endpoint service ${serviceId}`, { hint: `see ${ctx.followUp('private-endpoints', 'list')}` });
}
