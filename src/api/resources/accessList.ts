// The project IP access list (who may connect to the project's clusters), and the
// caller's own address as the service sees it (GET /api/private/ipinfo).
import type { ApiClient, ApiResponse } from '../client.js';
import type { ListAll } from '../pagination.js';

/** NetworkPermissionEntry: one of cidrBlock (with ipAddress for one address) or awsSecurityGroup. */
export type AccessListEntry = Record<string, unknown>;

/** What a POST sends for one entry. */
export interface NewAccessListEntry {
  ipAddress?: string;
  cidrBlock?: string;
  awsSecurityGroup?: string;
  comment?: string;
  deleteAfterDate?: string;
}

export async function listAllAccessListEntries(client: ApiClient, projectId: string): Promise<ListAll<AccessListEntry>> {
  return client.callAll('accessList.list', { groupId: projectId });
}

/**
 * Adds entries; answers 201 with the project's whole list. Posting an entry that is
 * there already changes it and adds nothing, so a retried POST is harmless.
 */
export async function addAccessListEntries(client: ApiClient, projectId: string, entries: NewAccessListEntry[]): Promise<ApiResponse<{ results?: AccessListEntry[] }>> {
  return client.call('accessList.create', { groupId: projectId }, { body: entries, idempotent: true });
}

/** `entry` is an address, a CIDR block (its `/` goes as %2F, as the service asks) or a security group. */
export async function getAccessListEntry(client: ApiClient, projectId: string, entry: string): Promise<ApiResponse<AccessListEntry>> {
  return client.call('accessList.get', { groupId: projectId, entryValue: entry });
}

/** `{STATUS: PENDING | ACTIVE | FAILED}`: whether the entry applies on every provider yet. */
export async function getAccessListEntryStatus(client: ApiClient, projectId: string, entry: string): Promise<ApiResponse<{ STATUS?: string }>> {
  return client.call('accessList.status', { groupId: projectId, entryValue: entry });
}

export async function deleteAccessListEntry(client: ApiClient, projectId: string, entry: string): Promise<ApiResponse<unknown>> {
  return client.call('accessList.delete', { groupId: projectId, entryValue: entry });
}

/** The caller's public IPv4 address as the service sees it (outside the versioned API, so not in the table). */
export async function currentIpAddress(client: ApiClient): Promise<ApiResponse<{ currentIpv4Address?: unknown }>> {
  return client.request({ method: 'GET', resource: { version: 'v1.0' }, path: '/api/private/ipinfo', outsideApi: true });
}
