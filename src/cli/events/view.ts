// How events look on screen: the columns of the table (declared once, for list, get and
// --follow) and what each shows of an event: when, its type, its cluster, who caused it
// (the API key's public key, or a user's name; empty for the system's own events) and its id.
import { isObject } from '../../base/object.js';
import type { TableSpec } from '../../output/render.js';

export interface EventSummary {
  created: string;
  type: string;
  cluster: string;
  who: string;
  id: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function summarizeEvent(document: unknown): EventSummary {
  const event = isObject(document) ? document : {};
  return {
    created: text(event.created),
    type: text(event.eventTypeName),
    cluster: text(event.clusterName),
    who: text(event.publicKey) || text(event.username) || text(event.userId),
    id: text(event.id),
  };
}

export const EVENT_COLUMNS: TableSpec<EventSummary>['columns'] = [
  // Times, names and IDs are what users copy (into --since, get): never cut; the type is
  // never cut either (it has no minWidth) and stays; whole columns go instead, WHO first,
  // then CLUSTER.
  { header: 'CREATED', value: (e) => e.created, copyable: true },
  { header: 'TYPE', value: (e) => e.type },
  { header: 'CLUSTER', value: (e) => e.cluster, copyable: true, dropPriority: 2, omitWhenEmpty: true },
  { header: 'WHO', value: (e) => e.who, copyable: true, dropPriority: 1 },
  { header: 'ID', value: (e) => e.id, copyable: true },
];

const results = (document: unknown): unknown[] => (isObject(document) && Array.isArray(document.results) ? document.results : []);

export const EVENT_LIST_TABLE: TableSpec<EventSummary> = { columns: EVENT_COLUMNS, rows: (document) => results(document).map(summarizeEvent) };
export const EVENT_TABLE: TableSpec<EventSummary> = { columns: EVENT_COLUMNS, rows: (document) => [summarizeEvent(document)] };
