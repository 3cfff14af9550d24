// How processes look on screen: the table columns (declared once, for every verb that
// prints processes).
import { isObject } from '../../base/object.js';
import type { TableSpec } from '../../output/render.js';

export interface ProcessSummary {
  id: string;
  type: string;
  replicaSet: string;
  version: string;
  alias: string;
  lastPing: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function summarizeProcess(document: unknown): ProcessSummary {
  const p = isObject(document) ? document : {};
  return {
    id: text(p.id),
    type: text(p.typeName),
    replicaSet: text(p.replicaSetName) || text(p.shardName),
    version: text(p.version),
    alias: text(p.userAlias),
    lastPing: text(p.lastPing),
  };
}

export const PROCESS_COLUMNS: TableSpec<ProcessSummary>['columns'] = [
  // The ID is what every verb that takes a process takes: never cut. Whole columns go instead.
  { header: 'ID', value: (p) => p.id, copyable: true },
  { header: 'TYPE', value: (p) => p.type, dropPriority: 4 },
  { header: 'REPLICA SET', value: (p) => p.replicaSet, copyable: true, dropPriority: 2 },
  { header: 'VERSION', value: (p) => p.version, dropPriority: 3 },
  { header: 'ALIAS', value: (p) => p.alias, copyable: true, dropPriority: 1 },
  { header: 'LAST PING', value: (p) => p.lastPing, dropPriority: 5 },
];

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const PROCESS_LIST_TABLE: TableSpec<ProcessSummary> = {
  columns: PROCESS_COLUMNS,
  rows: (document) => list(isObject(document) ? document.results : undefined).map(summarizeProcess),
};
export const PROCESS_TABLE: TableSpec<ProcessSummary> = { columns: PROCESS_COLUMNS, rows: (document) => [summarizeProcess(document)] };
