// How measurements look in a table: one row per series, its latest value that is not null,
// its unit and when; with the process when a cluster's processes were asked.
import { isObject } from '../../base/object.js';
import type { TableSpec } from '../../output/render.js';
import { formatValue, latestRows, type LatestRow } from './shape.js';

const MEASUREMENT_COLUMNS: TableSpec<LatestRow>['columns'] = [
  { header: 'MEASUREMENT', value: (r) => r.name, copyable: true },
  { header: 'VALUE', value: (r) => formatValue(r.value), copyable: true },
  { header: 'UNITS', value: (r) => r.units, dropPriority: 2 },
  { header: 'AT', value: (r) => r.at, copyable: true, dropPriority: 1 },
];

/** The table of one process's measurements, or (`several`) of a cluster's processes'. */
export function measurementTable(several: boolean): TableSpec<LatestRow> {
  return {
    columns: several ? [{ header: 'PROCESS', value: (r) => r.process, copyable: true }, ...MEASUREMENT_COLUMNS] : MEASUREMENT_COLUMNS,
    rows: latestRows,
  };
}

export interface NameRow {
  process: string;
  name: string;
}

/**
 * The table of the partitions or databases of one process (`processId`: its list as
 * received, which does not name it) or of several (a list of lists, each with its processId).
 */
const namesTable = (field: 'partitionName' | 'databaseName', header: string, processId?: string): TableSpec<NameRow> => ({
    columns: [
      { header: 'PROCESS', value: (r) => r.process, copyable: true },
      { header, value: (r) => r.name, copyable: true },
    ],
    rows: (document) =>
      (Array.isArray(document) ? document : [document]).filter(isObject).flatMap((list) =>
        (Array.isArray(list.results) ? list.results : []).filter(isObject).map((item) => ({
          process: processId ?? (typeof list.processId === 'string' ? list.processId : ''),
          name: typeof item[field] === 'string' ? item[field] : '',
        })),
      ),
});

/** The partitions of one process, or (no processId) of a cluster's processes. */
export function partitionsTable(processId?: string): TableSpec<NameRow> {
  return namesTable('partitionName', 'PARTITION', processId);
}

/** The databases of one process, or (no processId) of a cluster's processes. */
export function databasesTable(processId?: string): TableSpec<NameRow> {
  return namesTable('databaseName', 'DATABASE', processId);
}
