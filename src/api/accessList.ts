// The project IP access list (who may connect to the project's clusters), and the
// caller's own address as the service sees it (GET /api/private/ipinfo).
import type { ApiClient, ApiResponse } from './client.js';
import type { ListAll } from './pagination.js';

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

/** `entry` is an address, a CIDR block (its `/` goes as %2F, as the service asks) or a security group. */
export function accessListPath(projectId: string, entry?: string): string {
  const base = `/groups/${encodeURIComponent(projectId)}/accessList`;
  return entry === undefined ? base : `${base}/${encodeURIComponent(entry)}`;
}

export async function listAllAccessListEntries(client: ApiClient, projectId: string): Promise<ListAll<AccessListEntry>> {
  return client.fetchAll<AccessListEntry>(accessListPath(projectId), 'accessList.list');
}

/**
 * Adds entries; answers 201 with the project's whole list. Posting an entry that is
 * there already changes it and adds nothing, so a retried POST is harmless.
 */
export async function addAccessListEntries(client: ApiClient, projectId: string, entries: NewAccessListEntry[]): Promise<ApiResponse<{ results?: AccessListEntry[] }>> {
  return client.request({ method: 'POST', resource: 'accessList.create', path: accessListPath(projectId), body: entries, idempotent: true });
}

export async function getAccessListEntry(client: ApiClient, projectId: string, entry: string): Promise<ApiResponse<AccessListEntry>> {
  return client.request<AccessListEntry>({ method: 'GET', resource: 'accessList.get', path: accessListPath(projectId, entry) });
}

/** `{STATUS: PENDING | ACTIVE | FAILED}`: whether the entry applies on every provider yet. */
export async function getAccessListEntryStatus(client: ApiClient, projectId: string, entry: string): Promise<ApiResponse<{ STATUS?: string }>> {
  return client.request<{ STATUS?: string }>({ method: 'GET', resource: 'accessList.status', path: `${accessListPath(projectId, entry)}/status` });
}

export async function deleteAccessListEntry(client: ApiClient, projectId: string, entry: string): Promise<ApiResponse<unknown>> {
  return client.request({ method: 'DELETE', resource: 'accessList.delete', path: accessListPath(projectId, entry) });
}

/** The caller's public IPv4 address as the service sees it (outside the versioned API). */
export async function currentIpAddress(client: ApiClient): Promise<ApiResponse<{ currentIpv4Address?: unknown }>> {
  return client.request({ method: 'GET', resource: { version: 'v1.0' }, path: '/api/private/ipinfo', outsideApi: true });
}
