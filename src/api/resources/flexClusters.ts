// The flex clusters resource (/groups/{groupId}/flexClusters, 2024-11-13): the
// shared tier of today, which the clusters API refuses by name
// (400 CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API). One function per operation of the table.
import type { ApiClient, ApiResponse, FetchAllOptions } from '../client.js';
import type { Cluster, ListClustersOptions } from './clusters.js';
import { asListPage, type ListAll, type ListPage, type ListTail } from '../pagination.js';

/** The clusters API's answer for a flex cluster's name (recorded). */
export const FLEX_IN_CLUSTER_API = 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API';

export async function listFlexClusters(client: ApiClient, projectId: string, options: ListClustersOptions = {}): Promise<ApiResponse<ListPage<Cluster>>> {
  const response = await client.call(
    'flexClusters.list',
    { groupId: projectId },
    { query: { pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount } },
  );
  return { ...response, body: asListPage<Cluster>(response.body, response.url) };
}

/** Every flex cluster of the project, as one list document. */
export async function listAllFlexClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<Cluster>> {
  return client.callAll('flexClusters.list', { groupId: projectId }, options);
}

/** listAllFlexClusters one page at a time, for output that never holds every cluster. */
export function streamAllFlexClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): AsyncGenerator<Cluster[], ListTail, undefined> {
  return client.callStream('flexClusters.list', { groupId: projectId }, options);
}

export async function getFlexCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<Cluster>> {
  return client.call('flexClusters.get', { groupId: projectId, name });
}

export async function createFlexCluster(client: ApiClient, projectId: string, body: Cluster, mayHaveAppliedHint: string): Promise<ApiResponse<Cluster>> {
  return client.call('flexClusters.create', { groupId: projectId }, { body, mayHaveAppliedHint });
}

/** Only tags and terminationProtectionEnabled can change; setting them again is harmless, so it is retried like PUT. */
export async function updateFlexCluster(client: ApiClient, projectId: string, name: string, body: Cluster): Promise<ApiResponse<Cluster>> {
  return client.call('flexClusters.update', { groupId: projectId, name }, { body, idempotent: true });
}

/** Answers 204 with no body; the cluster then goes DELETING, then away. */
export async function deleteFlexCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<unknown>> {
  return client.call('flexClusters.delete', { groupId: projectId, name });
}

/**
 * Moves a flex cluster to a dedicated tier: `body` is a 2024-08-05 cluster (name,
 * replicationSpecs). Answers the flex cluster, UPDATING; from then on the clusters API
 * serves it. Not repeated on a lost answer.
 */
export async function upgradeFlexCluster(client: ApiClient, projectId: string, body: Cluster, mayHaveAppliedHint: string): Promise<ApiResponse<Cluster>> {
  return client.call('flexClusters.tenantUpgrade', { groupId: projectId }, { body, mayHaveAppliedHint });
}
