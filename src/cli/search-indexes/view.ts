// How search indexes look on screen: the table columns (declared once, for every verb
// that prints indexes) and the readable view of one index.
import type { IO } from '../../base/io.js';
import { isObject } from '../../base/object.js';
import { escapeControl } from '../../base/sanitize.js';
import type { Context } from '../../core/context.js';
import { keyValueLines, type TableSpec } from '../../output/render.js';
import { failureMessage } from './waitForIndex.js';

export interface IndexSummary {
  id: string;
  name: string;
  /** database.collection */
  namespace: string;
  type: string;
  status: string;
  queryable: string;
  version: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function summarizeIndex(document: unknown): IndexSummary {
  const index = isObject(document) ? document : {};
  const version = isObject(index.latestDefinitionVersion) ? index.latestDefinitionVersion.version : undefined;
  return {
    id: text(index.indexID),
    name: text(index.name),
    namespace: `${text(index.database)}.${text(index.collectionName)}`,
    type: text(index.type) || 'search',
    status: text(index.status),
    queryable: index.queryable === true ? 'yes' : index.queryable === false ? 'no' : '',
    version: typeof version === 'number' ? String(version) : '',
  };
}

export const SEARCH_INDEX_COLUMNS: TableSpec<IndexSummary>['columns'] = [
  // Name and namespace tell an index apart (two collections may each have "default"),
  // and with the ID they are what the other verbs take: never cut. Whole columns go
  // instead: QUERYABLE, TYPE, ID, and last STATUS (beside a long name and namespace).
  { header: 'NAME', value: (i) => i.name, copyable: true },
  { header: 'NAMESPACE', value: (i) => i.namespace, copyable: true },
  { header: 'TYPE', value: (i) => i.type, dropPriority: 3 },
  { header: 'STATUS', value: (i) => i.status, dropPriority: 1 },
  { header: 'QUERYABLE', value: (i) => i.queryable, dropPriority: 4 },
  { header: 'ID', value: (i) => i.id, copyable: true, dropPriority: 2 },
];

const list = (document: unknown): unknown[] => (Array.isArray(document) ? document : []);

export const SEARCH_INDEX_LIST_TABLE: TableSpec<IndexSummary> = { columns: SEARCH_INDEX_COLUMNS, rows: (document) => list(document).map(summarizeIndex) };
export const SEARCH_INDEX_TABLE: TableSpec<IndexSummary> = { columns: SEARCH_INDEX_COLUMNS, rows: (document) => [summarizeIndex(document)] };

/** The readable view of one index on a terminal: its names, state and definition. */
export function indexView(io: IO, document: unknown): string {
  const index = summarizeIndex(document);
  const doc = isObject(document) ? document : {};
  const definition = JSON.stringify(doc.latestDefinition ?? {}, null, 2);
  return `${keyValueLines(io, [
    ['Name', index.name],
    ['ID', index.id],
    ['Namespace', index.namespace],
    ['Type', index.type],
    ['Status', index.status],
    ['Queryable', index.queryable],
    ['Definition version', index.version],
    ['Failure', index.status === 'FAILED' ? failureMessage(doc) : ''],
  ])}\nDefinition:\n${escapeControl(definition, { keepLines: true })}\n`;
}

/** One index: the view on a terminal with table output, else the document through the formatter. */
export async function showIndex(ctx: Context, document: unknown): Promise<void> {
  if ((await ctx.outputForm('terminal-view')).form === 'view') {
    ctx.io.write(indexView(ctx.io, document));
    return;
  }
  await ctx.output(document, SEARCH_INDEX_TABLE);
}
