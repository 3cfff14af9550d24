// The Performance Advisor and the managed slow operation threshold: one function per
// operation of the table (operations/performanceAdvisor.ts), each answer checked for its
// shape (a 2xx of another shape is a damaged answer, exit 7). The cluster-level answers
// come in the envelope the service defaults to ({content, status}); they are unwrapped.
import type { ApiClient, ApiResponse, Query } from '../client.js';
import { InvalidResponseError } from '../errors.js';

export type Doc = Record<string, unknown>;

function document(response: ApiResponse<unknown>, what: string): Doc {
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidResponseError(`expected ${what} from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  return body as Doc;
}

/** The content of an enveloped answer, or the answer itself when it came without one. */
function content(response: ApiResponse<unknown>, what: string): Doc {
  const body = document(response, what);
  if ('content' in body && 'status' in body) {
    const inner = body.content;
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) throw new InvalidResponseError(`expected ${what} in the envelope from ${response.url}`);
    return inner as Doc;
  }
  return body;
}

export interface ProcessQuery {
  /** ms since the epoch */
  since?: number;
  /** ms */
  duration?: number;
  /** Sent as the parameter repeated, once per namespace (the description: "pass the parameter multiple times"). */
  namespaces?: string[];
}

const query = (q: ProcessQuery, extra: Query = {}): Query => ({
  ...(q.since !== undefined ? { since: q.since } : {}),
  ...(q.duration !== undefined ? { duration: q.duration } : {}),
  ...(q.namespaces && q.namespaces.length > 0 ? { namespaces: q.namespaces } : {}),
  ...extra,
});

export async function listNamespaces(client: ApiClient, projectId: string, processId: string, q: ProcessQuery): Promise<Doc> {
  return document(await client.call('performanceAdvisor.namespaces', { groupId: projectId, processId }, { query: query({ ...q, namespaces: [] }) }), 'namespaces');
}

export async function listSlowQueries(client: ApiClient, projectId: string, processId: string, q: ProcessQuery & { nLogs?: number }): Promise<Doc> {
  const extra: Query = { includeMetrics: true, includeOpType: true, includeReplicaState: true, ...(q.nLogs !== undefined ? { nLogs: q.nLogs } : {}) };
  return document(await client.call('performanceAdvisor.slowQueryLogs', { groupId: projectId, processId }, { query: query(q, extra) }), 'slow queries');
}

export async function listSuggestedIndexes(client: ApiClient, projectId: string, processId: string, q: ProcessQuery): Promise<Doc> {
  return document(await client.call('performanceAdvisor.suggestedIndexes', { groupId: projectId, processId }, { query: query(q) }), 'suggested indexes');
}

export async function listSchemaAdvice(client: ApiClient, projectId: string, clusterName: string): Promise<Doc> {
  return content(await client.call('performanceAdvisor.schemaAdvice', { groupId: projectId, clusterName }), 'schema advice');
}

export async function listDropIndexSuggestions(client: ApiClient, projectId: string, clusterName: string): Promise<Doc> {
  return content(await client.call('performanceAdvisor.dropIndexSuggestions', { groupId: projectId, clusterName }), 'drop-index suggestions');
}

/** Whether the project's managed slow operation threshold is on. */
export async function getManagedSlowMs(client: ApiClient, projectId: string): Promise<boolean> {
  const response = await client.call('performanceAdvisor.managedSlowMs', { groupId: projectId });
  if (typeof response.body !== 'boolean') throw new InvalidResponseError(`expected true or false from ${response.url}`);
  return response.body;
}

/** Both answer 204; doing either twice is harmless. */
export async function setManagedSlowMs(client: ApiClient, projectId: string, enabled: boolean): Promise<void> {
  if (enabled) await client.call('performanceAdvisor.enableManagedSlowMs', { groupId: projectId }, { idempotent: true });
  else await client.call('performanceAdvisor.disableManagedSlowMs', { groupId: projectId });
}
