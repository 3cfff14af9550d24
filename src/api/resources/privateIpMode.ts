// The project's private IP mode setting: GET and PATCH `{enabled}`.
import type { ApiClient, ApiResponse } from '../client.js';

export interface PrivateIpMode {
  enabled: boolean;
  [field: string]: unknown;
}

export async function getPrivateIpMode(client: ApiClient, projectId: string): Promise<ApiResponse<PrivateIpMode>> {
  return client.call('privateIpMode.get', { groupId: projectId });
}

/** Setting a value is idempotent, so the PATCH is retried like a PUT. */
export async function setPrivateIpMode(client: ApiClient, projectId: string, enabled: boolean): Promise<ApiResponse<PrivateIpMode>> {
  return client.call('privateIpMode.update', { groupId: projectId }, { body: { enabled }, idempotent: true });
}
