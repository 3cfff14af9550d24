// Network peering: a project's containers (the network on the service's side, one per
// provider and region) and the peers made on them. A provider's list asks for it by
// providerName: without one the service lists AWS's only.
import type { ApiClient, ApiResponse } from '../client.js';
import { pathOf } from '../operations.js';
import type { ListAll } from '../pagination.js';

export type NetworkProviderName = 'AWS' | 'AZURE' | 'GCP';
export type Container = Record<string, unknown> & { id?: string; providerName?: string };
export type Peer = Record<string, unknown> & { id?: string; providerName?: string; containerId?: string };

/** One provider's containers. */
export async function listContainers(client: ApiClient, projectId: string, providerName: NetworkProviderName): Promise<ListAll<Container>> {
  return client.fetchAll(pathOf('containers.list', { groupId: projectId }), 'containers.list', { providerName });
}

/** Every provider's containers. */
export async function listAllContainers(client: ApiClient, projectId: string): Promise<ListAll<Container>> {
  return client.callAll('containers.listAll', { groupId: projectId });
}

/** 409 CONTAINER_ALREADY_EXISTS when the provider and region have one. */
export async function createContainer(client: ApiClient, projectId: string, body: Record<string, unknown>): Promise<ApiResponse<Container>> {
  return client.call('containers.create', { groupId: projectId }, { body, mayHaveAppliedHint: 'the container may have been created; check with cdba peering containers list' });
}

export async function getContainer(client: ApiClient, projectId: string, containerId: string): Promise<ApiResponse<Container>> {
  return client.call('containers.get', { groupId: projectId, containerId });
}

export async function deleteContainer(client: ApiClient, projectId: string, containerId: string): Promise<ApiResponse<unknown>> {
  return client.call('containers.delete', { groupId: projectId, containerId });
}

/** One provider's peers. */
export async function listPeers(client: ApiClient, projectId: string, providerName: NetworkProviderName): Promise<ListAll<Peer>> {
  return client.fetchAll(pathOf('peers.list', { groupId: projectId }), 'peers.list', { providerName });
}

export async function createPeer(client: ApiClient, projectId: string, body: Record<string, unknown>): Promise<ApiResponse<Peer>> {
  return client.call('peers.create', { groupId: projectId }, { body, mayHaveAppliedHint: 'the peer may have been created; check with cdba peering list' });
}

export async function getPeer(client: ApiClient, projectId: string, peerId: string): Promise<ApiResponse<Peer>> {
  return client.call('peers.get', { groupId: projectId, peerId });
}

/** 202; the peer is TERMINATING (AWS) or DELETING, then gone (404). */
export async function deletePeer(client: ApiClient, projectId: string, peerId: string): Promise<ApiResponse<unknown>> {
  return client.call('peers.delete', { groupId: projectId, peerId });
}
