// The database users resource: paths in one place, so commands never build URLs.
// A user is addressed by its authentication database and its name
// (/groups/{groupId}/databaseUsers/{databaseName}/{username}); the name may hold
// a `/` (OIDC users: "<idp id>/<group>"), which the path carries as %2F.
import type { ApiClient, ApiResponse, FetchAllOptions } from './client.js';
import { asListPage, type ListAll, type ListPage } from './pagination.js';

export type DatabaseUser = Record<string, unknown>;

export interface ListDatabaseUsersOptions {
  pageNum?: number;
  itemsPerPage?: number;
  includeCount?: boolean;
}

export function databaseUsersPath(projectId: string, databaseName?: string, username?: string): string {
  const base = `/groups/${encodeURIComponent(projectId)}/databaseUsers`;
  return databaseName === undefined || username === undefined ? base : `${base}/${encodeURIComponent(databaseName)}/${encodeURIComponent(username)}`;
}

/** One page of users; a 2xx that is not a list is a damaged answer (exit 7). */
export async function listDatabaseUsers(client: ApiClient, projectId: string, options: ListDatabaseUsersOptions = {}): Promise<ApiResponse<ListPage<DatabaseUser>>> {
  const response = await client.request<unknown>({
    method: 'GET',
    resource: 'databaseUsers.list',
    path: databaseUsersPath(projectId),
    query: { pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount },
  });
  return { ...response, body: asListPage<DatabaseUser>(response.body, response.url) };
}

/** Every user of the project, as one list document. */
export async function listAllDatabaseUsers(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<DatabaseUser>> {
  return client.fetchAll<DatabaseUser>(databaseUsersPath(projectId), 'databaseUsers.list', {}, options);
}

export async function getDatabaseUser(client: ApiClient, projectId: string, databaseName: string, username: string): Promise<ApiResponse<DatabaseUser>> {
  return client.request<DatabaseUser>({ method: 'GET', resource: 'databaseUsers.get', path: databaseUsersPath(projectId, databaseName, username) });
}

/** A create whose answer is lost may have happened: the caller says how to check. */
export async function createDatabaseUser(client: ApiClient, projectId: string, body: DatabaseUser, mayHaveAppliedHint: string): Promise<ApiResponse<DatabaseUser>> {
  return client.request<DatabaseUser>({ method: 'POST', resource: 'databaseUsers.create', path: databaseUsersPath(projectId), body, mayHaveAppliedHint });
}

/** PATCH sets the given fields to the given values: repeating it is harmless. */
export async function updateDatabaseUser(client: ApiClient, projectId: string, databaseName: string, username: string, body: DatabaseUser): Promise<ApiResponse<DatabaseUser>> {
  return client.request<DatabaseUser>({
    method: 'PATCH',
    resource: 'databaseUsers.update',
    path: databaseUsersPath(projectId, databaseName, username),
    body,
    idempotent: true,
  });
}

/** Answers 204 with no body. */
export async function deleteDatabaseUser(client: ApiClient, projectId: string, databaseName: string, username: string): Promise<ApiResponse<unknown>> {
  return client.request<unknown>({ method: 'DELETE', resource: 'databaseUsers.delete', path: databaseUsersPath(projectId, databaseName, username) });
}
