// What the interfaces verbs share: an endpoint's provider, told by its ID's form (AWS
// vpce-..., an Azure resource ID, else a GCP endpoint group's name), and the wait for an
// endpoint to be AVAILABLE or gone.
import type { ApiClient } from '../../api/client.js';
import type { InterfaceEndpoint } from '../../api/resources/privateEndpoints.js';
import { ApiError, FailedStateError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { ProviderChoice } from '../shared/networkFlags.js';
import { endpointStatus } from './view.js';

/** The provider an endpoint ID belongs to, checked as its provider writes it. */
export async function endpointProvider(id: string): Promise<ProviderChoice> {
  const { checked } = await import('../shared/networkInput.js');
  if (id.startsWith('vpce-')) return (checked('endpoint ID', id, 'vpcEndpointId'), 'AWS');
  if (id.startsWith('/subscriptions/')) return (checked('endpoint ID', id, 'azureEndpointId'), 'AZURE');
  if (/^[a-z]/.test(id)) return (checked('endpoint group', id, 'gcpNetworkName'), 'GCP');
  throw new UsageError(`invalid endpoint ID ${JSON.stringify(id.slice(0, 60))}: expected an AWS VPC endpoint (vpce-...), an Azure private endpoint's resource ID (/subscriptions/...) or a GCP endpoint group's name`);
}

export interface EndpointWait {
  client: ApiClient;
  projectId: string;
  provider: ProviderChoice;
  serviceId: string;
  endpointId: string;
  until: 'AVAILABLE' | 'DELETED';
  timeoutMs?: number | undefined;
}

export async function waitForEndpoint(ctx: Context, wait: EndpointWait): Promise<InterfaceEndpoint | undefined> {
  const { watch } = await import('../../core/watch.js');
  const { getInterfaceEndpoint } = await import('../../api/resources/privateEndpoints.js');
  return watch<InterfaceEndpoint | undefined>({
    io: ctx.io,
    subject: `endpoint ${wait.endpointId}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs: wait.timeoutMs,
    resumeHint: `it goes on at the service; see \`${ctx.followUp('private-endpoints', 'interfaces', 'get', wait.serviceId, wait.endpointId)}\``,
    poll: async () => {
      let endpoint: InterfaceEndpoint;
      try {
        endpoint = (await getInterfaceEndpoint(wait.client, wait.projectId, wait.provider, wait.serviceId, wait.endpointId)).body;
      } catch (error) {
        if (wait.until === 'DELETED' && error instanceof ApiError && error.status === 404) return { state: 'DELETED', done: true, value: undefined };
        throw error;
      }
      const state = endpointStatus(endpoint) || 'UNKNOWN';
      if (state === 'FAILED' || state === 'REJECTED') {
        const reason = typeof endpoint.errorMessage === 'string' ? `: ${endpoint.errorMessage}` : '';
        throw new FailedStateError(`endpoint ${wait.endpointId} is ${state}${reason}`, {
          hint: `delete it and add it again: ${ctx.followUp('private-endpoints', 'interfaces', 'delete', wait.serviceId, wait.endpointId)}`,
        });
      }
      return { state, done: wait.until === 'AVAILABLE' && state === 'AVAILABLE', value: endpoint };
    },
  });
}
