// The clusters resource: one function per operation of the table, so commands
// never build URLs. Bodies and answers are the API's documents as is; which shape
// they have follows selectVersion(operation, apiVersion): reads and writes may be
// called at different versions (src/api/operations.ts).
import type { JsonText } from '../../base/jsonText.js';
import type { ApiClient, ApiResponse, FetchAllOptions } from '../client.js';
import { asListPage, linkHref, type ListAll, type ListPage, type ListTail } from '../pagination.js';

export type Cluster = Record<string, unknown>;

export interface ListClustersOptions {
  pageNum?: number;
  itemsPerPage?: number;
  includeCount?: boolean;
}

/** One page of clusters; a 2xx that is not a list is a damaged answer (InvalidResponseError, exit 7), not a list. */
export async function listClusters(client: ApiClient, projectId: string, options: ListClustersOptions = {}): Promise<ApiResponse<ListPage<Cluster>>> {
  const response = await client.call(
    'clusters.list',
    { groupId: projectId },
    { query: { pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount } },
  );
  return { ...response, body: asListPage<Cluster>(response.body, response.url) };
}

/** Whether the service links a next page. */
export function hasNextPage(page: ListPage<unknown>): boolean {
  return linkHref(page, 'next') !== undefined;
}

/** Every cluster of the project, as one list document `{results, totalCount, links:[self]}`. */
export async function listAllClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<Cluster>> {
  return client.callAll('clusters.list', { groupId: projectId }, options);
}

/** listAllClusters one page at a time, for output that never holds every cluster; returns totalCount and links. */
/** With `itemsAsText`, items may come as their JSON text (for writing them out as JSON). */
export function streamAllClusters(client: ApiClient, projectId: string, options: FetchAllOptions = {}): AsyncGenerator<Array<Cluster | JsonText>, ListTail, undefined> {
  return client.callStream('clusters.list', { groupId: projectId }, options);
}

export async function getCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<Cluster>> {
  return client.call('clusters.get', { groupId: projectId, clusterName: name });
}

/** `mayHaveAppliedHint`: what to say when the connection breaks after sending (the caller knows how to check). */
export async function createCluster(
  client: ApiClient,
  projectId: string,
  body: Cluster,
  mayHaveAppliedHint = 'the cluster may have been created; check that it exists before trying again',
): Promise<ApiResponse<Cluster>> {
  return client.call('clusters.create', { groupId: projectId }, { body, mayHaveAppliedHint });
}

/** PATCH sets the given fields to the given values, so repeating it is harmless: it is retried like PUT. */
export async function updateCluster(client: ApiClient, projectId: string, name: string, body: Cluster): Promise<ApiResponse<Cluster>> {
  return client.call('clusters.update', { groupId: projectId, clusterName: name }, { body, idempotent: true });
}

/** Answers 202 with `{}`; the cluster then goes DELETING, then away. */
export async function deleteCluster(client: ApiClient, projectId: string, name: string): Promise<ApiResponse<Record<string, never>>> {
  return client.call('clusters.delete', { groupId: projectId, clusterName: name });
}

/**
 * Moves a shared-tier (M0) cluster to a dedicated tier: `body` is a legacy-shape cluster
 * (name, providerSettings). Answers the cluster, UPDATING. Not repeated on a lost answer.
 */
export async function upgradeTenantCluster(client: ApiClient, projectId: string, body: Cluster, mayHaveAppliedHint: string): Promise<ApiResponse<Cluster>> {
  return client.call('clusters.tenantUpgrade', { groupId: projectId }, { body, mayHaveAppliedHint });
}
