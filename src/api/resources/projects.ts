// Projects (the API calls them groups): list, get by id or by name, create, delete.
import type { ApiClient, ApiResponse } from '../client.js';
import type { ListAll } from '../pagination.js';

export type Project = Record<string, unknown>;

/** Every project the credentials can see, as one list document. */
export async function listAllProjects(client: ApiClient): Promise<ListAll<Project>> {
  return client.callAll('projects.list', {});
}

export async function getProject(client: ApiClient, projectId: string): Promise<ApiResponse<Project>> {
  return client.call('projects.get', { groupId: projectId });
}

/** 404 GROUP_NAME_NOT_FOUND when no project has that name. */
export async function getProjectByName(client: ApiClient, name: string): Promise<ApiResponse<Project>> {
  return client.call('projects.getByName', { groupName: name });
}

export async function createProject(client: ApiClient, body: { name: string; orgId: string }): Promise<ApiResponse<Project>> {
  return client.call('projects.create', {}, { body, mayHaveAppliedHint: 'the project may have been created; check with cdba projects list before trying again' });
}

/** 202 with {} as the live service answers (the description says 204; either is done); refused with 409 CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_CLUSTERS while the project has clusters. */
export async function deleteProject(client: ApiClient, projectId: string): Promise<ApiResponse<unknown>> {
  return client.call('projects.delete', { groupId: projectId });
}
