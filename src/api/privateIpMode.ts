// The project's private IP mode setting: GET and PATCH `{enabled}`.
import type { ApiClient, ApiResponse } from './client.js';

export interface PrivateIpMode {
  enabled: boolean;
  [field: string]: unknown;
}

export function privateIpModePath(projectId: string): string {
  return `/groups/${encodeURIComponent(projectId)}/privateIpMode`;
}

export async function getPrivateIpMode(client: ApiClient, projectId: string): Promise<ApiResponse<PrivateIpMode>> {
  return client.request<PrivateIpMode>({ method: 'GET', resource: 'privateIpMode.get', path: privateIpModePath(projectId) });
}

/** Setting a value is idempotent, so the PATCH is retried like a PUT. */
export async function setPrivateIpMode(client: ApiClient, projectId: string, enabled: boolean): Promise<ApiResponse<PrivateIpMode>> {
  return client.request<PrivateIpMode>({
    method: 'PATCH',
    resource: 'privateIpMode.update',
    path: privateIpModePath(projectId),
    body: { enabled },
    idempotent: true,
  });
}
