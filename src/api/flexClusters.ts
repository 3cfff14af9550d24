// The flex clusters resource (/groups/{groupId}/flexClusters, 2024-11-13): the
// shared tier of today, which the clusters API refuses by name
// (400 CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API). Paths built here and nowhere else.
import type { ApiClient, ApiResponse, FetchAllOptions } from './client.js';
import type { Cluster, ListClustersOptions } from './clusters.js';
import { asListPage, type ListAll, type ListPage, type ListTail } from './pagination.js';

/** The clusters API's answer for a flex cluster's name (recorded). */
export const FLEX_IN_CLUSTER_API = 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API';

export function flexClustersPath(projectId: string, name?: string): string {
  const base = `/groups/${encodeURIComponent(projectId)}/flexClusters`;
  return name === undefined ? base : `${base}/${encodeURIComponent(name)}`;
}

export async function listFlexClusters(client: ApiClient, projectId: string, options: ListClustersOptions = {}): Promise<ApiResponse<ListPage<Cluster>>> {
  const response = await client.request<unknown>({
    method: 'GET',
    resource: 'flexClusters.list',
    path: flexClustersPath(projectId),
    query: { pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount },
  });
  return { ...response, body: asListPage<Cluster>(response.body, response.url) };
}

/** Every flex cluster of the project, as one list document. */
export async function listAllFlexClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<Cluster>> {
  return client.fetchAll<Cluster>(flexClustersPath(projectId), 'flexClusters.list', {}, options);
}

/** listAllFlexClusters one page at a time, for output that never holds every cluster. */
export function streamAllFlexClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): AsyncGenerator<Cluster[], ListTail, undefined> {
  return client.streamAll<Cluster>(flexClustersPath(projectId), 'flexClusters.list', {}, options);
}

export async function getFlexCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<Cluster>> {
  return client.request<Cluster>({ method: 'GET', resource: 'flexClusters.get', path: flexClustersPath(projectId, name) });
}

export async function createFlexCluster(client: ApiClient, projectId: string, body: Cluster, mayHaveAppliedHint: string): Promise<ApiResponse<Cluster>> {
  return client.request<Cluster>({ method: 'POST', resource: 'flexClusters.create', path: flexClustersPath(projectId), body, mayHaveAppliedHint });
}

/** Only tags and terminationProtectionEnabled can change; setting them again is harmless, so it is retried like PUT. */
export async function updateFlexCluster(client: ApiClient, projectId: string, name: string, body: Cluster): Promise<ApiResponse<Cluster>> {
  return client.request<Cluster>({ method: 'PATCH', resource: 'flexClusters.update', path: flexClustersPath(projectId, name), body, idempotent: true });
}

/** Answers 204 with no body; the cluster then goes DELETING, then away. */
export async function deleteFlexCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<unknown>> {
  return client.request<unknown>({ method: 'DELETE', resource: 'flexClusters.delete', path: flexClustersPath(projectId, name) });
}
