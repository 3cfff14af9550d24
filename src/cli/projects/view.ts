// How projects and organizations look in a table: the columns, declared once.
import type { Column, TableSpec } from '../../output/render.js';

type Doc = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const results = (document: unknown): Doc[] => {
  const list = (document as { results?: unknown } | null)?.results;
  return (Array.isArray(list) ? list : []) as Doc[];
};

const PROJECT_COLUMNS: Column<Doc>[] = [
  // IDs and names are what the other commands take: whole while dropping columns makes
  // room (an ID is never cut; an org ID is dropped rather than cut), CREATED goes first,
  // and a long name is cut in the middle only when nothing else can give.
  { header: 'ID', value: (p) => text(p.id), copyable: true },
  { header: 'NAME', value: (p) => text(p.name), copyable: true },
  { header: 'CLUSTERS', value: (p) => text(p.clusterCount), dropPriority: 1 },
  { header: 'ORG ID', value: (p) => text(p.orgId), dropPriority: 2, copyable: true },
  { header: 'CREATED', value: (p) => text(p.created), copyable: true, dropPriority: 3 },
];

export const PROJECT_LIST_TABLE: TableSpec<Doc> = { columns: PROJECT_COLUMNS, rows: results };
export const PROJECT_TABLE: TableSpec<Doc> = { columns: PROJECT_COLUMNS, rows: (document) => [(document ?? {}) as Doc] };

export const ORG_LIST_TABLE: TableSpec<Doc> = {
  columns: [
    { header: 'ID', value: (o) => text(o.id), copyable: true },
    { header: 'NAME', value: (o) => text(o.name), copyable: true },
  ],
  rows: results,
};
