// What the alerts modules keep, per project: its alert configurations and its alerts.
// A project's configurations are made when first read: the service's defaults
// (defaults.ts) when the project was made with withDefaultAlertsSettings, dated as the
// project, or none. Alerts come from the seed (`alerts`, for tests of a client's alert
// handling) and from the emulator's own state (raise.ts).
import type { Store, World } from '../../contract.js';
import { isoSeconds, objectId } from '../../store.js';
import { DEFAULT_ALERT_CONFIGS } from './defaults.js';

type Doc = Record<string, unknown>;

export interface AlertConfigRecord {
  id: string;
  groupId: string;
  created: string;
  updated: string;
  /** The writable fields as the service holds them (enabled, eventTypeName, matchers, notifications, thresholds). */
  fields: Doc;
}

export type AlertStatus = 'OPEN' | 'TRACKING' | 'CLOSED';
export const ALERT_STATUSES: readonly AlertStatus[] = ['OPEN', 'TRACKING', 'CLOSED'];

export interface AlertRecord {
  id: string;
  groupId: string;
  orgId: string;
  alertConfigId: string;
  eventTypeName: string;
  status: AlertStatus;
  created: string;
  updated: string;
  lastNotified?: string;
  resolved?: string;
  acknowledgedUntil?: string;
  acknowledgingUsername?: string;
  acknowledgementComment?: string;
  /** What it is about: clusterName, clusterId, hostnameAndPort, replicaSetName (as the service's alert views name them). */
  about: Doc;
  /** An alert the emulator raised from its state: the condition's key (raise.ts), so it is raised once and closed when it ends. */
  condition?: string;
}

export interface ProjectAlerting {
  groupId: string;
  configs: AlertConfigRecord[];
  alerts: AlertRecord[];
}

declare module '../../contract.js' {
  interface World {
    alerting?: { projects: ProjectAlerting[] };
  }
}

export function alertingOf(world: World): { projects: ProjectAlerting[] } {
  world.alerting ??= { projects: [] };
  world.alerting.projects ??= [];
  return world.alerting;
}

/** A new notification's notifierId, as the service makes one on each create and PUT. */
export function withNotifierIds(notifications: unknown, now: number): unknown {
  return Array.isArray(notifications) ? notifications.map((n) => ({ ...(n as Doc), notifierId: objectId(now) })) : notifications;
}

/** The project's alerting, made on first use (its default configurations, dated as the project). */
export function projectAlerting(world: World, groupId: string, serviceNow: number): ProjectAlerting {
  const alerting = alertingOf(world);
  let found = alerting.projects.find((p) => p.groupId === groupId);
  if (!found) {
    const project = world.projects.find((p) => p.id === groupId);
    const created = project?.created ?? isoSeconds(serviceNow);
    const at = Date.parse(created);
    const configs = project?.withDefaultAlertsSettings === false ? [] : DEFAULT_ALERT_CONFIGS.map((fields) => ({
      id: objectId(at),
      groupId,
      created,
      updated: created,
      fields: { matchers: [], ...structuredClone(fields), notifications: withNotifierIds(fields.notifications, at) },
    }));
    found = { groupId, configs, alerts: [] };
    alerting.projects.push(found);
  }
  return found;
}

/** The project went: its alerting goes with it. */
export function dropProject(store: Store, groupId: string): void {
  const alerting = alertingOf(store.world);
  alerting.projects = alerting.projects.filter((p) => p.groupId !== groupId);
}
