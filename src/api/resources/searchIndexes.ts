// Search and vector search indexes (/clusters/{clusterName}/search/indexes, 2024-05-30)
// and the sample dataset load (/sampleDatasetLoad, 2023-01-01): one function per
// operation of the table (operations/searchIndexes.ts), each answer checked for its shape
// (a 2xx of another shape is a damaged answer, exit 7). The CLI calls the current
// paths only; the deprecated /fts ones are in the table for the `api` passthrough.
import type { ApiClient, ApiResponse } from '../client.js';
import { InvalidResponseError } from '../errors.js';
import { asItemList } from '../pagination.js';

export type SearchIndex = Record<string, unknown>;
export type SampleDatasetLoad = Record<string, unknown>;

/** Where an index is: by its id, or by database, collection and name. */
export type IndexRef = { indexId: string } | { databaseName: string; collectionName: string; indexName: string };

function document(response: ApiResponse<unknown>, what: string): Record<string, unknown> {
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidResponseError(`expected ${what} from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  return body as Record<string, unknown>;
}

function list(response: ApiResponse<unknown>): SearchIndex[] {
  return asItemList<SearchIndex>(response.body, response.url, 'search indexes');
}

/** Every index of the cluster, or of one collection. */
export async function listSearchIndexes(client: ApiClient, projectId: string, clusterName: string, collection?: { databaseName: string; collectionName: string }): Promise<SearchIndex[]> {
  const response = collection
    ? await client.call('searchIndexes.listByCollection', { groupId: projectId, clusterName, ...collection })
    : await client.call('searchIndexes.list', { groupId: projectId, clusterName });
  return list(response);
}

export async function getSearchIndex(client: ApiClient, projectId: string, clusterName: string, ref: IndexRef): Promise<SearchIndex> {
  const response = 'indexId' in ref
    ? await client.call('searchIndexes.get', { groupId: projectId, clusterName, indexId: ref.indexId })
    : await client.call('searchIndexes.getByName', { groupId: projectId, clusterName, ...ref });
  return document(response, 'a search index');
}

/** A create whose answer is lost may have happened: the caller says how to check. */
export async function createSearchIndex(client: ApiClient, projectId: string, clusterName: string, body: SearchIndex, mayHaveAppliedHint: string): Promise<SearchIndex> {
  return document(await client.call('searchIndexes.create', { groupId: projectId, clusterName }, { body, mayHaveAppliedHint }), 'a search index');
}

/** Sets the definition: sending the same one again is harmless, so it is retried like PUT. */
export async function updateSearchIndex(client: ApiClient, projectId: string, clusterName: string, ref: IndexRef, definition: Record<string, unknown>): Promise<SearchIndex> {
  const options = { body: { definition }, idempotent: true };
  const response = 'indexId' in ref
    ? await client.call('searchIndexes.update', { groupId: projectId, clusterName, indexId: ref.indexId }, options)
    : await client.call('searchIndexes.updateByName', { groupId: projectId, clusterName, ...ref }, options);
  return document(response, 'a search index');
}

/** Answers 204; the index is DELETING for a while ("eventually consistent"). */
export async function deleteSearchIndex(client: ApiClient, projectId: string, clusterName: string, ref: IndexRef): Promise<void> {
  if ('indexId' in ref) await client.call('searchIndexes.delete', { groupId: projectId, clusterName, indexId: ref.indexId });
  else await client.call('searchIndexes.deleteByName', { groupId: projectId, clusterName, ...ref });
}

/** Starts loading the sample dataset into a cluster: 201 with the load's id, WORKING. */
export async function loadSampleDataset(client: ApiClient, projectId: string, clusterName: string, mayHaveAppliedHint: string): Promise<SampleDatasetLoad> {
  return document(await client.call('sampleDatasets.load', { groupId: projectId, nameOrId: clusterName }, { mayHaveAppliedHint }), 'a sample dataset load');
}

export async function getSampleDatasetLoad(client: ApiClient, projectId: string, loadId: string): Promise<SampleDatasetLoad> {
  return document(await client.call('sampleDatasets.get', { groupId: projectId, nameOrId: loadId }), 'a sample dataset load');
}
