// The clusters resource: paths, version and idempotence in one place, so
// commands never build URLs. Bodies and answers are the API's documents as is;
// which shape they have follows selectVersion(operation, apiVersion): reads and
// writes may be called at different versions (src/api/operations.ts).
import type { JsonText } from '../base/jsonText.js';
import type { ApiClient, ApiResponse, FetchAllOptions } from './client.js';
import { asListPage, linkHref, type ListAll, type ListPage, type ListTail } from './pagination.js';

export type Cluster = Record<string, unknown>;

export interface ListClustersOptions {
  pageNum?: number;
  itemsPerPage?: number;
  includeCount?: boolean;
}

export function clustersPath(projectId: string, name?: string): string {
  const base = `/groups/${encodeURIComponent(projectId)}/clusters`;
  return name === undefined ? base : `${base}/${encodeURIComponent(name)}`;
}

/** One page of clusters; a 2xx that is not a list is a damaged answer (InvalidResponseError, exit 7), not a list. */
export async function listClusters(client: ApiClient, projectId: string, options: ListClustersOptions = {}): Promise<ApiResponse<ListPage<Cluster>>> {
  const response = await client.request<unknown>({
    method: 'GET',
    resource: 'clusters.list',
    path: clustersPath(projectId),
    query: { pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount },
  });
  return { ...response, body: asListPage<Cluster>(response.body, response.url) };
}

/** Whether the service links a next page. */
export function hasNextPage(page: ListPage<unknown>): boolean {
  return linkHref(page, 'next') !== undefined;
}

/** Every cluster of the project, as one list document `{results, totalCount, links:[self]}`. */
export async function listAllClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<Cluster>> {
  return client.fetchAll<Cluster>(clustersPath(projectId), 'clusters.list', {}, options);
}

/** listAllClusters one page at a time, for output that never holds every cluster; returns totalCount and links. */
/** With `itemsAsText`, items may come as their JSON text (for writing them out as JSON). */
export function streamAllClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): AsyncGenerator<Array<Cluster | JsonText>, ListTail, undefined> {
  return client.streamAll<Cluster | JsonText>(clustersPath(projectId), 'clusters.list', {}, options);
}

export async function getCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<Cluster>> {
  return client.request<Cluster>({ method: 'GET', resource: 'clusters.get', path: clustersPath(projectId, name) });
}

/** `mayHaveAppliedHint`: what to say when the connection breaks after sending (the caller knows how to check). */
export async function createCluster(
  client: ApiClient,
  projectId: string,
  body: Cluster,
  mayHaveAppliedHint = 'the cluster may have been created; check that it exists before trying again',
): Promise<ApiResponse<Cluster>> {
  return client.request<Cluster>({
    method: 'POST',
    resource: 'clusters.create',
    path: clustersPath(projectId),
    body,
    mayHaveAppliedHint,
  });
}

/** PATCH sets the given fields to the given values, so repeating it is harmless: it is retried like PUT. */
export async function updateCluster(client: ApiClient, projectId: string, name: string, body: Cluster): Promise<ApiResponse<Cluster>> {
  return client.request<Cluster>({ method: 'PATCH', resource: 'clusters.update', path: clustersPath(projectId, name), body, idempotent: true });
}

/** Answers 202 with `{}`; the cluster then goes DELETING, then away. */
export async function deleteCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<Record<string, never>>> {
  return client.request<Record<string, never>>({ method: 'DELETE', resource: 'clusters.delete', path: clustersPath(projectId, name) });
}
