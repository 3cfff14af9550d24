// Database access history (operations/accessLogs.ts): the authentication attempts on a
// cluster's hosts, by cluster name or by one hostname. start/end are epoch milliseconds
// (the service wants both or neither), authResult true keeps the successes and false the
// failures, nLogs caps the lines (the service's default and maximum: 20000).
import type { ApiClient } from '../client.js';
import { InvalidResponseError } from '../errors.js';

export type AccessLogEntry = Record<string, unknown>;

export interface AccessLogList {
  accessLogs: AccessLogEntry[];
  [field: string]: unknown;
}

export type AccessLogTarget = { clusterName: string } | { hostname: string };

export interface AccessLogFilters {
  start?: number;
  end?: number;
  ipAddress?: string;
  authResult?: boolean;
  nLogs?: number;
}

export async function listAccessLogs(client: ApiClient, projectId: string, target: AccessLogTarget, filters: AccessLogFilters = {}): Promise<AccessLogList> {
  const query = { start: filters.start, end: filters.end, ipAddress: filters.ipAddress, authResult: filters.authResult, nLogs: filters.nLogs };
  const response = 'clusterName' in target
    ? await client.call('accessLogs.byCluster', { groupId: projectId, clusterName: target.clusterName }, { query })
    : await client.call('accessLogs.byHost', { groupId: projectId, hostname: target.hostname }, { query });
  const body = response.body as { accessLogs?: unknown } | null;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || (body.accessLogs !== undefined && !Array.isArray(body.accessLogs))) {
    throw new InvalidResponseError(`expected a list of access logs from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  }
  return { ...(body as Record<string, unknown>), accessLogs: (body.accessLogs as AccessLogEntry[] | undefined) ?? [] };
}
