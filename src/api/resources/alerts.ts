// Alerts, alert configurations and the matcher field names: one function per operation
// of the table (operations/alerts.ts, operations/alertConfigs.ts). Lists page as every
// list does; single documents are checked for their shape (another 2xx shape is a
// damaged answer, exit 7). A configuration's update is a PUT of the whole configuration.
import type { ApiClient, ApiResponse, FetchAllOptions } from '../client.js';
import { InvalidResponseError } from '../errors.js';
import { pathOf } from '../operations.js';
import { asListPage, type ListAll, type ListPage } from '../pagination.js';

export type Alert = Record<string, unknown>;
export type AlertConfig = Record<string, unknown>;

export interface PageOptions {
  pageNum?: number;
  itemsPerPage?: number;
  includeCount?: boolean;
}

function document(response: ApiResponse<unknown>, what: string): Record<string, unknown> {
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidResponseError(`expected ${what} from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  return body as Record<string, unknown>;
}

const pageQuery = (options: PageOptions) => ({ pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount });

export async function listAlerts(client: ApiClient, projectId: string, status: string | undefined, options: PageOptions = {}): Promise<ListPage<Alert>> {
  const response = await client.call('alerts.list', { groupId: projectId }, { query: { ...pageQuery(options), status } });
  return asListPage<Alert>(response.body, response.url);
}

export async function listAllAlerts(client: ApiClient, projectId: string, status: string | undefined, options: FetchAllOptions = {}): Promise<ListAll<Alert>> {
  return client.fetchAll<Alert>(pathOf('alerts.list', { groupId: projectId }), 'alerts.list', status ? { status } : {}, options);
}

export async function getAlert(client: ApiClient, projectId: string, alertId: string): Promise<Alert> {
  return document(await client.call('alerts.get', { groupId: projectId, alertId }), 'an alert');
}

/** Acknowledges until a time, or (`unacknowledge`) takes the acknowledgement away; repeating either is harmless. */
export async function acknowledgeAlert(client: ApiClient, projectId: string, alertId: string, body: { acknowledgedUntil: string; acknowledgementComment: string } | { acknowledgementComment: string; unacknowledgeAlert: true }): Promise<Alert> {
  return document(await client.call('alerts.acknowledge', { groupId: projectId, alertId }, { body, idempotent: true }), 'an alert');
}

export async function listAlertConfigs(client: ApiClient, projectId: string, options: PageOptions = {}): Promise<ListPage<AlertConfig>> {
  const response = await client.call('alertConfigs.list', { groupId: projectId }, { query: pageQuery(options) });
  return asListPage<AlertConfig>(response.body, response.url);
}

export async function listAllAlertConfigs(client: ApiClient, projectId: string, options: FetchAllOptions = {}): Promise<ListAll<AlertConfig>> {
  return client.callAll('alertConfigs.list', { groupId: projectId }, options);
}

export async function getAlertConfig(client: ApiClient, projectId: string, alertConfigId: string): Promise<AlertConfig> {
  return document(await client.call('alertConfigs.get', { groupId: projectId, alertConfigId }), 'an alert configuration');
}

/** A create whose answer is lost may have happened: the caller says how to check. */
export async function createAlertConfig(client: ApiClient, projectId: string, body: AlertConfig, mayHaveAppliedHint: string): Promise<AlertConfig> {
  return document(await client.call('alertConfigs.create', { groupId: projectId }, { body, mayHaveAppliedHint }), 'an alert configuration');
}

/** Replaces the whole configuration (PUT): what the body leaves out is gone. */
export async function replaceAlertConfig(client: ApiClient, projectId: string, alertConfigId: string, body: AlertConfig): Promise<AlertConfig> {
  return document(await client.call('alertConfigs.update', { groupId: projectId, alertConfigId }, { body, idempotent: true }), 'an alert configuration');
}

export async function toggleAlertConfig(client: ApiClient, projectId: string, alertConfigId: string, enabled: boolean): Promise<AlertConfig> {
  return document(await client.call('alertConfigs.toggle', { groupId: projectId, alertConfigId }, { body: { enabled }, idempotent: true }), 'an alert configuration');
}

/** Answers 204. */
export async function deleteAlertConfig(client: ApiClient, projectId: string, alertConfigId: string): Promise<void> {
  await client.call('alertConfigs.delete', { groupId: projectId, alertConfigId });
}

/** The field names a matcher may use: a bare JSON array. */
export async function listMatcherFieldNames(client: ApiClient): Promise<string[]> {
  const response = await client.call('alertMatchers.fieldNames', {});
  const body = response.body;
  if (!Array.isArray(body) || body.some((name) => typeof name !== 'string')) throw new InvalidResponseError(`expected a list of field names from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  return body as string[];
}
