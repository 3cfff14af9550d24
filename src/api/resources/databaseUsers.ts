// The database users resource: one function per operation of the table, so commands
// never build URLs. A user is addressed by its authentication database and its name
// (/groups/{groupId}/databaseUsers/{databaseName}/{username}); the name may hold
// a `/` (OIDC users: "<idp id>/<group>"), which the path carries as %2F.
import type { ApiClient, ApiResponse, FetchAllOptions } from '../client.js';
import { asListPage, type ListAll, type ListPage } from '../pagination.js';

export type DatabaseUser = Record<string, unknown>;

export interface ListDatabaseUsersOptions {
  pageNum?: number;
  itemsPerPage?: number;
  includeCount?: boolean;
}

/** One page of users; a 2xx that is not a list is a damaged answer (exit 7). */
export async function listDatabaseUsers(client: ApiClient, projectId: string, options: ListDatabaseUsersOptions = {}): Promise<ApiResponse<ListPage<DatabaseUser>>> {
  const response = await client.call(
    'databaseUsers.list',
    { groupId: projectId },
    { query: { pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount } },
  );
  return { ...response, body: asListPage<DatabaseUser>(response.body, response.url) };
}

/** Every user of the project, as one list document. */
export async function listAllDatabaseUsers(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<DatabaseUser>> {
  return client.callAll('databaseUsers.list', { groupId: projectId }, options);
}

export async function getDatabaseUser(client: ApiClient, projectId: string, databaseName: string, username: string): Promise<ApiResponse<DatabaseUser>> {
  return client.call('databaseUsers.get', { groupId: projectId, databaseName, username });
}

/** A create whose answer is lost may have happened: the caller says how to check. */
export async function createDatabaseUser(client: ApiClient, projectId: string, body: DatabaseUser, mayHaveAppliedHint: string): Promise<ApiResponse<DatabaseUser>> {
  return client.call('databaseUsers.create', { groupId: projectId }, { body, mayHaveAppliedHint });
}

/** PATCH sets the given fields to the given values: repeating it is harmless. */
export async function updateDatabaseUser(client: ApiClient, projectId: string, databaseName: string, username: string, body: DatabaseUser): Promise<ApiResponse<DatabaseUser>> {
  return client.call('databaseUsers.update', { groupId: projectId, databaseName, username }, { body, idempotent: true });
}

/** Answers 204 with no body. */
export async function deleteDatabaseUser(client: ApiClient, projectId: string, databaseName: string, username: string): Promise<ApiResponse<unknown>> {
  return client.call('databaseUsers.delete', { groupId: projectId, databaseName, username });
}
