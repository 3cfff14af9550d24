// The seed's `alerts`: alerts of conditions the emulator does not model (a host down, a
// metric over its threshold, a bill), declared for tests of a client's alert handling.
// Each belongs to a seeded project and to its first configuration of that event type
// (one is made, enabled and notifying the project, when it has none).
import { ALERT_EVENT_TYPES } from '../../../model/alertConfig.js';
import type { SeedDocument, World } from '../../contract.js';
import { OBJECT_ID, type Problems } from '../../seedChecks.js';
import { isoSeconds, objectId } from '../../store.js';
import { ALERT_STATUSES, projectAlerting, withNotifierIds, type AlertRecord, type AlertStatus } from './state.js';

export interface SeedAlert {
  projectId: string;
  eventTypeName: string;
  /** Default OPEN. */
  status?: AlertStatus;
  /** ISO 8601; default the emulator's start. */
  created?: string;
  /** ISO 8601; a CLOSED alert's default is its creation. */
  resolved?: string;
  id?: string;
  clusterName?: string;
  hostnameAndPort?: string;
  replicaSetName?: string;
  /** The metric an OUTSIDE_METRIC_THRESHOLD alert is about, e.g. CONNECTIONS_PERCENT. */
  metricName?: string;
}

declare module '../../contract.js' {
  interface SeedDocument {
    alerts?: SeedAlert[];
  }
}

export const ALERT_SEED_KEYS = ['alerts'] as const;
const FIELDS = ['projectId', 'eventTypeName', 'status', 'created', 'resolved', 'id', 'clusterName', 'hostnameAndPort', 'replicaSetName', 'metricName'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

export function checkAlertSeed(doc: Record<string, unknown>, problems: Problems): void {
  const list = doc.alerts;
  if (list === undefined) return;
  if (!Array.isArray(list)) {
    problems.add('alerts', 'must be a list');
    return;
  }
  const projects = new Set(Array.isArray(doc.projects) ? (doc.projects as Array<Record<string, unknown>>).map((p) => p?.id) : []);
  list.forEach((entry: unknown, i) => {
    const at = `alerts[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.add(at, 'must be an object');
      return;
    }
    const alert = entry as Record<string, unknown>;
    problems.onlyKeys(at, alert, FIELDS);
    if (problems.string(`${at}.projectId`, alert.projectId, OBJECT_ID, '24 hexadecimal digits') && !projects.has(alert.projectId)) problems.add(`${at}.projectId`, `no project ${String(alert.projectId)} in the seed's projects`);
    if (problems.string(`${at}.eventTypeName`, alert.eventTypeName) && !(ALERT_EVENT_TYPES as readonly string[]).includes(alert.eventTypeName as string)) problems.add(`${at}.eventTypeName`, `"${String(alert.eventTypeName)}" is not an alert event type of the service`);
    if (alert.status !== undefined && !(ALERT_STATUSES as readonly unknown[]).includes(alert.status)) problems.add(`${at}.status`, `must be one of ${ALERT_STATUSES.join(', ')}`);
    for (const key of ['created', 'resolved']) if (alert[key] !== undefined) problems.string(`${at}.${key}`, alert[key], ISO, 'an ISO 8601 UTC time such as 2026-08-10T03:04:06Z');
    if (alert.id !== undefined) problems.string(`${at}.id`, alert.id, OBJECT_ID, '24 hexadecimal digits');
    for (const key of ['clusterName', 'hostnameAndPort', 'replicaSetName', 'metricName']) if (alert[key] !== undefined) problems.string(`${at}.${key}`, alert[key]);
  });
}

export function alertsFromSeed(world: World, seed: SeedDocument, _now: number, serviceNow: number): void {
  for (const entry of seed.alerts ?? []) {
    const project = world.projects.find((p) => p.id === entry.projectId)!;
    const alerting = projectAlerting(world, project.id, serviceNow);
    let config = alerting.configs.find((c) => c.fields.eventTypeName === entry.eventTypeName);
    if (!config) {
      const at = isoSeconds(serviceNow);
      config = { id: objectId(serviceNow), groupId: project.id, created: at, updated: at, fields: { enabled: true, eventTypeName: entry.eventTypeName, matchers: [], notifications: withNotifierIds([{ delayMin: 0, emailEnabled: true, intervalMin: 60, smsEnabled: false, typeName: 'GROUP' }], serviceNow) } };
      alerting.configs.push(config);
    }
    const created = entry.created ?? isoSeconds(serviceNow);
    const status = entry.status ?? 'OPEN';
    const about: Record<string, unknown> = {};
    for (const key of ['clusterName', 'hostnameAndPort', 'replicaSetName'] as const) if (entry[key] !== undefined) about[key] = entry[key];
    if (entry.metricName !== undefined) about.metricName = entry.metricName;
    const alert: AlertRecord = {
      id: entry.id ?? objectId(Date.parse(created)),
      groupId: project.id,
      orgId: project.orgId,
      alertConfigId: config.id,
      eventTypeName: entry.eventTypeName,
      status,
      created,
      updated: status === 'CLOSED' ? (entry.resolved ?? created) : created,
      lastNotified: created,
      ...(status === 'CLOSED' ? { resolved: entry.resolved ?? created } : {}),
      about,
    };
    alerting.alerts.push(alert);
  }
}
