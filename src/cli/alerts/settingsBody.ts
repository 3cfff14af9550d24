// An alert configuration from the user, checked before any request (src/model/alertConfig.ts):
// a --file (JSON, `-` for stdin) and the common flags on top of it, the Atlas CLI's
// `alerts settings create` flags in cdba's kebab case. A mistake is one line naming the
// source and the field's JSON path. The read-only fields a GET's document carries (id,
// groupId, created, updated, links) are left out of what is sent.
import { UsageError } from '../../base/errors.js';
import { isObject } from '../../base/object.js';
import { ALERT_CONFIG_READ_ONLY, alertProblemLine, checkAlertConfig } from '../../model/alertConfig.js';

type Doc = Record<string, unknown>;

export interface SettingsFlags {
  file?: string;
  event?: string;
  enabled?: boolean;
  notificationType?: string;
  notificationEmailAddress?: string;
  notificationUsername?: string;
  notificationMobileNumber?: string;
  notificationIntervalMin?: number;
  notificationDelayMin?: number;
  notificationEmailEnabled?: boolean;
  notificationSmsEnabled?: boolean;
  matcherFieldName?: string;
  matcherOperator?: string;
  matcherValue?: string;
  metricName?: string;
  metricOperator?: string;
  metricThreshold?: number;
  metricUnits?: string;
  metricMode?: string;
}

const NOTIFICATION_FLAGS: Array<[keyof SettingsFlags, string]> = [
  ['notificationType', 'typeName'],
  ['notificationEmailAddress', 'emailAddress'],
  ['notificationUsername', 'username'],
  ['notificationMobileNumber', 'mobileNumber'],
  ['notificationIntervalMin', 'intervalMin'],
  ['notificationDelayMin', 'delayMin'],
  ['notificationEmailEnabled', 'emailEnabled'],
  ['notificationSmsEnabled', 'smsEnabled'],
];
const METRIC_FLAGS: Array<[keyof SettingsFlags, string]> = [
  ['metricName', 'metricName'],
  ['metricOperator', 'operator'],
  ['metricThreshold', 'threshold'],
  ['metricUnits', 'units'],
  ['metricMode', 'mode'],
];

/** Whether any flag besides --file says something of the configuration. */
export function hasBodyFlags(flags: SettingsFlags): boolean {
  return Object.entries(flags).some(([key, value]) => key !== 'file' && value !== undefined);
}

/** The configuration without what the service sets itself. */
export function withoutReadOnly(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !(ALERT_CONFIG_READ_ONLY as readonly string[]).includes(key)));
}

/**
 * `base` (a file's configuration, the current one for an update, or {} ) with the flags
 * on top: --event and --enabled set theirs; notification flags change the first
 * notification (made, a GROUP one, when there is none); matcher flags make the one
 * matcher; metric flags change metricThreshold.
 */
export function applyFlags(base: Doc, flags: SettingsFlags): Doc {
  const body: Doc = structuredClone(withoutReadOnly(base));
  if (flags.event !== undefined) body.eventTypeName = flags.event;
  if (flags.enabled !== undefined) body.enabled = flags.enabled;
  const notification = NOTIFICATION_FLAGS.filter(([flag]) => flags[flag] !== undefined);
  if (notification.length > 0) {
    const list = Array.isArray(body.notifications) ? [...(body.notifications as unknown[])] : [];
    const first: Doc = isObject(list[0]) ? { ...list[0] } : { typeName: 'GROUP', intervalMin: 60, delayMin: 0, emailEnabled: true, smsEnabled: false };
    if (flags.notificationType !== undefined && flags.notificationType !== first.typeName) {
      // Another type of notification: only what every type shares carries over.
      for (const key of Object.keys(first)) if (!['delayMin', 'intervalMin'].includes(key)) delete first[key];
    }
    for (const [flag, field] of notification) first[field] = flags[flag];
    list[0] = first;
    body.notifications = list;
  }
  const matcher = [flags.matcherFieldName, flags.matcherOperator, flags.matcherValue];
  if (matcher.some((v) => v !== undefined)) {
    if (matcher.some((v) => v === undefined)) throw new UsageError('a matcher is --matcher-field-name, --matcher-operator and --matcher-value together');
    body.matchers = [{ fieldName: flags.matcherFieldName, operator: flags.matcherOperator, value: flags.matcherValue }];
  }
  const metric = METRIC_FLAGS.filter(([flag]) => flags[flag] !== undefined);
  if (metric.length > 0) {
    const threshold: Doc = isObject(body.metricThreshold) ? { ...body.metricThreshold } : { mode: 'AVERAGE' };
    for (const [flag, field] of metric) threshold[field] = flags[flag];
    body.metricThreshold = threshold;
  }
  return body;
}

/** Refuses a configuration the service would refuse: one line naming where it came from and the field's JSON path. */
export function checkSettings(body: Doc, source: string): Doc {
  const problem = checkAlertConfig(body);
  if (problem) {
    const hint = problem.path === '$.eventTypeName' ? 'give --event (e.g. NO_PRIMARY), or "eventTypeName" in the file' : problem.path === '$.notifications' ? 'give --notification-type (GROUP, EMAIL, ...), or "notifications" in the file' : undefined;
    throw new UsageError(`${source}: ${alertProblemLine(problem)}`, hint ? { hint } : undefined);
  }
  return body;
}
