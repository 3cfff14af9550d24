// How alerts and alert configurations look in a table: the columns, declared once for
// every verb that prints them.
import { isObject } from '../../base/object.js';
import type { TableSpec } from '../../output/render.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface AlertRow {
  id: string;
  event: string;
  status: string;
  created: string;
  acknowledgedUntil: string;
  target: string;
}

export function alertRow(document: unknown): AlertRow {
  const alert = isObject(document) ? document : {};
  return {
    id: text(alert.id),
    event: text(alert.eventTypeName),
    status: text(alert.status),
    created: text(alert.created),
    acknowledgedUntil: text(alert.acknowledgedUntil),
    // What the alert is about, as its view names it: a cluster, a host, a replica set.
    target: text(alert.clusterName) || text(alert.hostnameAndPort) || text(alert.replicaSetName) || text(alert.hostname),
  };
}

export const ALERT_COLUMNS: TableSpec<AlertRow>['columns'] = [
  { header: 'ID', value: (a) => a.id, copyable: true },
  { header: 'EVENT TYPE', value: (a) => a.event, copyable: true },
  { header: 'STATUS', value: (a) => a.status, dropPriority: 4 },
  { header: 'CREATED', value: (a) => a.created, copyable: true, dropPriority: 2 },
  { header: 'ACKNOWLEDGED UNTIL', value: (a) => a.acknowledgedUntil, copyable: true, dropPriority: 1 },
  { header: 'CLUSTER/HOST', value: (a) => a.target, copyable: true, dropPriority: 3 },
];

const results = (document: unknown): unknown[] => (isObject(document) && Array.isArray(document.results) ? document.results : []);

export const ALERT_LIST_TABLE: TableSpec<AlertRow> = { columns: ALERT_COLUMNS, rows: (document) => results(document).map(alertRow) };
export const ALERT_TABLE: TableSpec<AlertRow> = { columns: ALERT_COLUMNS, rows: (document) => [alertRow(document)] };

export interface ConfigRow {
  id: string;
  event: string;
  enabled: string;
  notifications: string;
}

export function configRow(document: unknown): ConfigRow {
  const config = isObject(document) ? document : {};
  const notifications = Array.isArray(config.notifications) ? config.notifications : [];
  return {
    id: text(config.id),
    event: text(config.eventTypeName),
    enabled: config.enabled === true ? 'yes' : config.enabled === false ? 'no' : '',
    notifications: notifications.map((n) => (isObject(n) ? text(n.typeName) : '')).filter((t) => t !== '').join(','),
  };
}

export const CONFIG_COLUMNS: TableSpec<ConfigRow>['columns'] = [
  { header: 'ID', value: (c) => c.id, copyable: true },
  { header: 'EVENT TYPE', value: (c) => c.event, copyable: true },
  { header: 'ENABLED', value: (c) => c.enabled, dropPriority: 2 },
  { header: 'NOTIFICATIONS', value: (c) => c.notifications, dropPriority: 1, minWidth: 5, cut: 'end' },
];

export const CONFIG_LIST_TABLE: TableSpec<ConfigRow> = { columns: CONFIG_COLUMNS, rows: (document) => results(document).map(configRow) };
export const CONFIG_TABLE: TableSpec<ConfigRow> = { columns: CONFIG_COLUMNS, rows: (document) => [configRow(document)] };

export interface FieldRow {
  name: string;
}
export const FIELD_TABLE: TableSpec<FieldRow> = {
  columns: [{ header: 'FIELD NAME', value: (f) => f.name, copyable: true }],
  rows: (document) => (Array.isArray(document) ? document.map((name) => ({ name: text(name) })) : []),
};
