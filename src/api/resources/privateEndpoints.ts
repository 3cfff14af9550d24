// Private endpoints: a project's endpoint services (one per provider and region), the
// interface endpoints added to each (AWS VPC endpoints, Azure private endpoints, GCP
// endpoint groups) and the regionalized setting. A provider's list of services is a
// bare array, not a page (as the live service answers).
import type { ApiClient, ApiResponse } from '../client.js';
import { asItemList } from '../pagination.js';
import type { NetworkProviderName } from './peering.js';

export type EndpointService = Record<string, unknown> & { id?: string; cloudProvider?: string; status?: string; regionName?: string };
export type InterfaceEndpoint = Record<string, unknown> & { cloudProvider?: string };

export async function listEndpointServices(client: ApiClient, projectId: string, provider: NetworkProviderName): Promise<ApiResponse<EndpointService[]>> {
  const response = await client.call('privateEndpoints.listServices', { groupId: projectId, cloudProvider: provider });
  return { ...response, body: asItemList<EndpointService>(response.body, response.url, 'endpoint services') };
}

/** 201 with the service INITIATING; `region` in the provider's own spelling (us-east-1, eastus2, us-east4). */
export async function createEndpointService(client: ApiClient, projectId: string, body: { providerName: NetworkProviderName; region: string }): Promise<ApiResponse<EndpointService>> {
  return client.call('privateEndpoints.createService', { groupId: projectId }, { body, mayHaveAppliedHint: 'the service may have been created; check with cdba private-endpoints list' });
}

export async function getEndpointService(client: ApiClient, projectId: string, provider: NetworkProviderName, serviceId: string): Promise<ApiResponse<EndpointService>> {
  return client.call('privateEndpoints.getService', { groupId: projectId, cloudProvider: provider, endpointServiceId: serviceId });
}

/** 202 {}; the service is DELETING, then gone (404). */
export async function deleteEndpointService(client: ApiClient, projectId: string, provider: NetworkProviderName, serviceId: string): Promise<ApiResponse<unknown>> {
  return client.call('privateEndpoints.deleteService', { groupId: projectId, cloudProvider: provider, endpointServiceId: serviceId });
}

export async function createInterfaceEndpoint(
  client: ApiClient,
  projectId: string,
  provider: NetworkProviderName,
  serviceId: string,
  body: Record<string, unknown>,
): Promise<ApiResponse<InterfaceEndpoint>> {
  return client.call(
    'privateEndpoints.createEndpoint',
    { groupId: projectId, cloudProvider: provider, endpointServiceId: serviceId },
    { body, mayHaveAppliedHint: 'the endpoint may have been added; check with cdba private-endpoints get' },
  );
}

/** `endpointId`: the VPC endpoint id, the Azure resource id (sent percent-encoded) or the GCP endpoint group's name. */
export async function getInterfaceEndpoint(client: ApiClient, projectId: string, provider: NetworkProviderName, serviceId: string, endpointId: string): Promise<ApiResponse<InterfaceEndpoint>> {
  return client.call('privateEndpoints.getEndpoint', { groupId: projectId, cloudProvider: provider, endpointServiceId: serviceId, endpointId });
}

export async function deleteInterfaceEndpoint(client: ApiClient, projectId: string, provider: NetworkProviderName, serviceId: string, endpointId: string): Promise<ApiResponse<unknown>> {
  return client.call('privateEndpoints.deleteEndpoint', { groupId: projectId, cloudProvider: provider, endpointServiceId: serviceId, endpointId });
}

export async function getRegionalMode(client: ApiClient, projectId: string): Promise<ApiResponse<{ enabled?: boolean }>> {
  return client.call('privateEndpoints.getRegionalMode', { groupId: projectId });
}

/** 202 with the resulting setting; turning it off is refused while endpoints are in more than one region. */
export async function setRegionalMode(client: ApiClient, projectId: string, enabled: boolean): Promise<ApiResponse<{ enabled?: boolean }>> {
  return client.call('privateEndpoints.setRegionalMode', { groupId: projectId }, { body: { enabled }, idempotent: true });
}
