// How access-list entries look in a table: the columns, declared once.
import type { Column, TableSpec } from '../../output/render.js';

type Entry = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const ENTRY_COLUMNS: Column<Entry>[] = [
  // The address stays whole; the comment gives way first on a narrow terminal.
  { header: 'ENTRY', value: (e) => text(e.cidrBlock) || text(e.awsSecurityGroup), copyable: true },
  { header: 'COMMENT', value: (e) => text(e.comment), minWidth: 8, dropPriority: 2 },
  { header: 'DELETE AFTER', value: (e) => text(e.deleteAfterDate), copyable: true, dropPriority: 1 },
];

export const ACCESS_LIST_TABLE: TableSpec<Entry> = {
  columns: ENTRY_COLUMNS,
  rows: (document) => {
    const results = (document as { results?: unknown } | null)?.results;
    return (Array.isArray(results) ? results : []) as Entry[];
  },
};

export const ACCESS_ENTRY_TABLE: TableSpec<Entry> = {
  columns: ENTRY_COLUMNS,
  rows: (document) => [(document ?? {}) as Entry],
};

/** `access-list status`: the entry as the user named it, and its STATUS. */
export function statusTable(entry: string): TableSpec<Entry> {
  return {
    columns: [
      { header: 'ENTRY', value: () => entry, copyable: true },
      { header: 'STATUS', value: (e) => text(e.STATUS) },
    ],
    rows: (document) => [(document ?? {}) as Entry],
  };
}
