// The processes of a project (GET /groups/{groupId}/processes[/{processId}], 2023-01-01):
// one function per operation of the table (operations/processes.ts), each answer checked
// for its shape (a 2xx of another shape is a damaged answer, exit 7).
import type { ApiClient, FetchAllOptions } from '../client.js';
import { InvalidResponseError } from '../errors.js';
import type { ListAll } from '../pagination.js';

/** A process as the service answers it (ApiHostView_Atlas): `id` is `<hostname>:<port>`. */
export interface Process extends Record<string, unknown> {
  id?: string;
  hostname?: string;
  port?: number;
  typeName?: string;
  replicaSetName?: string;
  shardName?: string;
  userAlias?: string;
  version?: string;
}

/** Every process of the project, as one list document `{results, totalCount, links:[self]}`. */
export async function listProcesses(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<Process>> {
  return client.callAll('processes.list', { groupId: projectId }, options);
}

/** One process, by its `host:port`. */
export async function getProcess(client: ApiClient, projectId: string, processId: string): Promise<Process> {
  const response = await client.call('processes.get', { groupId: projectId, processId });
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidResponseError(`expected a process from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  }
  return body as Process;
}
