// Events of a project or an organization (operations/events.ts): one page, every page,
// and one event. Whose events is an `EventOwner`: a project (groupId) or an
// organization (orgId). Filters go as the service's query parameters: eventType and
// clusterNames repeated once per value, minDate/maxDate as ISO 8601 times.
import type { ApiClient, ApiResponse, FetchAllOptions } from '../client.js';
import { InvalidResponseError } from '../errors.js';
import { asListPage, type ListAll, type ListPage } from '../pagination.js';
import type { Query } from '../types.js';

export type ApiEvent = Record<string, unknown>;

export type EventOwner = { projectId: string } | { orgId: string };

export interface EventFilters {
  eventTypes?: readonly string[];
  /** Project events only (the organization's list has no cluster filter). */
  clusterNames?: readonly string[];
  /** ISO 8601 times, both ends included. */
  minDate?: string;
  maxDate?: string;
}

export interface EventPageOptions {
  pageNum?: number;
  itemsPerPage?: number;
  includeCount?: boolean;
}

function filterQuery(filters: EventFilters): Query {
  return {
    ...(filters.eventTypes?.length ? { eventType: filters.eventTypes } : {}),
    ...(filters.clusterNames?.length ? { clusterNames: filters.clusterNames } : {}),
    ...(filters.minDate !== undefined ? { minDate: filters.minDate } : {}),
    ...(filters.maxDate !== undefined ? { maxDate: filters.maxDate } : {}),
  };
}

/** One page of events, newest first, as the service sends it. */
export async function listEvents(client: ApiClient, owner: EventOwner, filters: EventFilters = {}, page: EventPageOptions = {}): Promise<ApiResponse<ListPage<ApiEvent>>> {
  const query = { ...filterQuery(filters), pageNum: page.pageNum, itemsPerPage: page.itemsPerPage, includeCount: page.includeCount };
  const response = 'projectId' in owner
    ? await client.call('events.list', { groupId: owner.projectId }, { query })
    : await client.call('orgEvents.list', { orgId: owner.orgId }, { query });
  return { ...response, body: asListPage<ApiEvent>(response.body, response.url) };
}

/** Every event that matches, as one list document. */
export async function listAllEvents(client: ApiClient, owner: EventOwner, filters: EventFilters = {}, options: FetchAllOptions = {}): Promise<ListAll<ApiEvent>> {
  const all = { ...options, query: filterQuery(filters) };
  return 'projectId' in owner
    ? client.callAll('events.list', { groupId: owner.projectId }, all)
    : client.callAll('orgEvents.list', { orgId: owner.orgId }, all);
}

export async function getEvent(client: ApiClient, owner: EventOwner, eventId: string): Promise<ApiEvent> {
  const response = 'projectId' in owner
    ? await client.call('events.get', { groupId: owner.projectId, eventId })
    : await client.call('orgEvents.get', { orgId: owner.orgId, eventId });
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidResponseError(`expected an event from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  }
  return body as ApiEvent;
}
