// The events lists and single events, as the recordings answer them
// (recorded-diagnostics/TestEvents__*, README "Diagnostics facts" 7):
// - newest first; each event's fields in the service's (alphabetical) order, with
//   isGlobalAdmin:false and one self link, `/groups/{groupId}/events/{id}` (an
//   organization's event without a project: `/groups/null/...`, as recorded);
// - includeCount=false still answers totalCount 0, and no next link: the service does not
//   count, so a full page has none (recorded: 100 events, no next); with the count, next
//   and previous links as every list has them;
// - the self link repeats the query in the service's order (the filters and the flags
//   sorted by name, includeRaw=false added, then pageNum and itemsPerPage; itemsPerPage and
//   pageNum in next and previous, as the other recorded lists), minDate and maxDate in UTC with Z.
import { formatServiceDate, parseIsoDateTime } from '../../../base/isoDate.js';
import { ORG_EVENT_TYPES, PROJECT_EVENT_TYPES } from '../../../model/eventTypes.js';
import { apiRoot, selfHref, type Link } from '../../context.js';
import type { Handler, RequestContext } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { booleanParam, pageParams } from '../../pagination.js';
import { projectOf } from '../projects/index.js';
import { eventStateOf, settle, type StoredEvent } from './journal.js';

const PROJECT_TYPES = new Set(PROJECT_EVENT_TYPES);
const ORG_TYPES = new Set(ORG_EVENT_TYPES);
const CLUSTER_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;
const EVENT_ID = /^[a-f0-9]{24}$/;

export const eventFailures = {
  invalidEnumValue: (value: string, name: string) =>
    new ApiFailure(400, 'INVALID_ENUM_VALUE', `An invalid enumeration value ${value} was specified for ${name}.`, [value, name]),
  eventNotFound: (id: string) => new ApiFailure(404, 'EVENT_NOT_FOUND', `Event ${id} cannot be found.`, [id]),
  invalidEventId: (id: string) => new ApiFailure(400, 'INVALID_PATH_PARAMETER', `Invalid path parameter eventId: ${id}. It must be 24 hexadecimal digits.`, [id]),
};

type Owner = { level: 'project'; groupId: string } | { level: 'org'; orgId: string };

/** The event as the service sends it. */
export function eventView(ctx: RequestContext, event: StoredEvent): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    ...event.fields,
    created: event.created,
    eventTypeName: event.eventTypeName,
    ...(event.groupId !== undefined ? { groupId: event.groupId } : {}),
    id: event.id,
    isGlobalAdmin: false,
    links: [{ href: `${apiRoot(ctx)}/groups/${event.groupId ?? 'null'}/events/${event.id}`, rel: 'self' }],
    ...(event.orgId !== undefined ? { orgId: event.orgId } : {}),
  };
  return Object.fromEntries(Object.keys(doc).sort().map((key) => [key, doc[key]]));
}

function ownsEvent(owner: Owner, event: StoredEvent): boolean {
  return owner.level === 'project' ? event.level === 'project' && event.groupId === owner.groupId : event.level === 'org' && event.orgId === owner.orgId;
}

function dateParam(ctx: RequestContext, name: string): number | undefined {
  const text = ctx.query.get(name);
  if (text === null) return undefined;
  const date = parseIsoDateTime(text);
  if (!date) throw failures.invalidQueryParameter(name, text, 'It must be an ISO 8601 date and time.');
  return date.getTime();
}

function typesParam(ctx: RequestContext, name: string, known: ReadonlySet<string>): string[] {
  const values = ctx.query.getAll(name);
  for (const value of values) if (!known.has(value)) throw eventFailures.invalidEnumValue(value, name);
  return values;
}

async function listOf(ctx: RequestContext, owner: Owner): Promise<{ status: number; body: unknown }> {
  const page = pageParams(ctx.query);
  const includeRaw = booleanParam(ctx.query, 'includeRaw', false);
  const known = owner.level === 'project' ? PROJECT_TYPES : ORG_TYPES;
  const types = typesParam(ctx, 'eventType', known);
  const excluded = owner.level === 'project' ? typesParam(ctx, 'excludedEventType', known) : [];
  const clusterNames = owner.level === 'project' ? ctx.query.getAll('clusterNames') : [];
  for (const name of clusterNames) if (!CLUSTER_NAME.test(name)) throw failures.invalidQueryParameter('clusterNames', name, 'It must be a cluster name.');
  const minDate = dateParam(ctx, 'minDate');
  const maxDate = dateParam(ctx, 'maxDate');

  const { store } = ctx.services;
  if (settle(store)) await store.commit();
  const matching = eventStateOf(store.world).journal.filter((event) => {
    if (!ownsEvent(owner, event)) return false;
    if (types.length > 0 && !types.includes(event.eventTypeName)) return false;
    if (excluded.includes(event.eventTypeName)) return false;
    if (clusterNames.length > 0 && !clusterNames.includes(event.fields.clusterName ?? '')) return false;
    const created = Date.parse(event.created);
    return (minDate === undefined || created >= minDate) && (maxDate === undefined || created <= maxDate);
  });
  // Newest first: the journal is in the order of created, so its reverse (ties: the later written first).
  const newestFirst = matching.slice().reverse();

  // The query as the service echoes it: filters and flags by name, then the page.
  const echoed: Array<[string, string]> = [
    ...clusterNames.map((name): [string, string] => ['clusterNames', name]),
    ...excluded.map((type): [string, string] => ['excludedEventType', type]),
    ...types.map((type): [string, string] => ['eventType', type]),
    ['includeCount', String(page.includeCount)],
    ['includeRaw', String(includeRaw)],
    ...(maxDate !== undefined ? [['maxDate', formatServiceDate(new Date(maxDate))] as [string, string]] : []),
    ...(minDate !== undefined ? [['minDate', formatServiceDate(new Date(minDate))] as [string, string]] : []),
  ];
  echoed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // The page last: pageNum first in self, itemsPerPage first in the links to other pages (as every recorded list writes them, pagination.ts).
  const href = (pageNum: number, self = false): string => {
    const paging: Array<[string, string]> = [['pageNum', String(pageNum)], ['itemsPerPage', String(page.itemsPerPage)]];
    return `${selfHref(ctx)}?${new URLSearchParams([...echoed, ...(self ? paging : paging.reverse())]).toString()}`;
  };
  const start = (page.pageNum - 1) * page.itemsPerPage;
  // self, next, previous: the order of pagination.ts (paginate).
  const links: Link[] = [{ href: href(page.pageNum, true), rel: 'self' }];
  // Without the count the service does not know there is more: no next link (recorded).
  if (page.includeCount && start + page.itemsPerPage < newestFirst.length) links.push({ href: href(page.pageNum + 1), rel: 'next' });
  if (page.pageNum > 1) links.push({ href: href(page.pageNum - 1), rel: 'previous' });
  const results = newestFirst.slice(start, start + page.itemsPerPage).map((event) => eventView(ctx, event));
  return { status: 200, body: { links, results, totalCount: page.includeCount ? newestFirst.length : 0 } };
}

async function oneOf(ctx: RequestContext, owner: Owner): Promise<{ status: number; body: unknown }> {
  booleanParam(ctx.query, 'includeRaw', false);
  const id = ctx.params.eventId!;
  if (!EVENT_ID.test(id)) throw eventFailures.invalidEventId(id);
  const { store } = ctx.services;
  if (settle(store)) await store.commit();
  const event = eventStateOf(store.world).journal.find((e) => e.id === id && ownsEvent(owner, e));
  if (!event) throw eventFailures.eventNotFound(id);
  return { status: 200, body: eventView(ctx, event) };
}

const projectOwner = (ctx: RequestContext): Owner => ({ level: 'project', groupId: projectOf(ctx).id });
const orgOwner = (ctx: RequestContext): Owner => ({ level: 'org', orgId: ctx.scope!.id });

export const listProjectEvents: Handler = (ctx) => listOf(ctx, projectOwner(ctx));
export const getProjectEvent: Handler = (ctx) => oneOf(ctx, projectOwner(ctx));
export const listOrgEvents: Handler = (ctx) => listOf(ctx, orgOwner(ctx));
export const getOrgEvent: Handler = (ctx) => oneOf(ctx, orgOwner(ctx));
