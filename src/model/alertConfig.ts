// An alert configuration's body (createGroupAlertConfig, updateGroupAlertConfig), checked
// before a request by `cdba alerts settings create|update` and by the emulator on each
// write: one problem, named by its JSON path (`$.notifications[0].intervalMin`), the
// service's field rules of the 2026-08 description (GroupAlertsConfig and its notification,
// matcher and threshold schemas). Pure: shared by the CLI and the emulator as the search
// index checker is; test/unit/model/alertConfig.property.test.ts holds it to the
// description's own schemas.
import { jsonPath } from '../base/jsonPath.js';

/** The event types GroupAlertsConfig's branches accept (their eventTypeName enums, in the description's order). */
export const ALERT_EVENT_TYPES = [
  'CREDIT_CARD_ABOUT_TO_EXPIRE', 'CPS_SNAPSHOT_STARTED', 'CPS_SNAPSHOT_SUCCESSFUL', 'CPS_SNAPSHOT_FAILED',
  'CPS_CONCURRENT_SNAPSHOT_FAILED_WILL_RETRY', 'CPS_SNAPSHOT_FALLBACK_SUCCESSFUL', 'CPS_SNAPSHOT_FALLBACK_FAILED',
  'CPS_COPY_SNAPSHOT_STARTED', 'CPS_COPY_SNAPSHOT_FAILED', 'CPS_COPY_SNAPSHOT_FAILED_WILL_RETRY',
  'CPS_COPY_SNAPSHOT_SUCCESSFUL', 'CPS_RESTORE_SUCCESSFUL', 'CPS_EXPORT_SUCCESSFUL', 'CPS_RESTORE_FAILED',
  'CPS_EXPORT_FAILED', 'CPS_COLLECTION_RESTORE_SUCCESSFUL', 'CPS_COLLECTION_RESTORE_FAILED',
  'CPS_COLLECTION_RESTORE_PARTIAL_SUCCESS', 'CPS_COLLECTION_RESTORE_CANCELED', 'CPS_AUTO_EXPORT_FAILED',
  'CPS_SNAPSHOT_DOWNLOAD_REQUEST_FAILED', 'CPS_OPLOG_CAUGHT_UP', 'CPS_DATA_PROTECTION_ENABLE_REQUESTED',
  'CPS_DATA_PROTECTION_ENABLED', 'CPS_DATA_PROTECTION_UPDATE_REQUESTED', 'CPS_DATA_PROTECTION_UPDATED',
  'CPS_DATA_PROTECTION_DISABLE_REQUESTED', 'CPS_DATA_PROTECTION_DISABLED',
  'CPS_DATA_PROTECTION_APPROVED_FOR_DISABLEMENT', 'FTS_INDEX_DELETION_FAILED', 'FTS_INDEX_BUILD_COMPLETE',
  'FTS_INDEX_BUILD_FAILED', 'FTS_INDEX_CLEANED_UP', 'FTS_INDEX_STALE', 'FTS_INDEXES_RESTORE_FAILED',
  'FTS_INDEXES_SYNONYM_MAPPING_INVALID', 'USERS_WITHOUT_MULTI_FACTOR_AUTH',
  'ENCRYPTION_AT_REST_KMS_NETWORK_ACCESS_DENIED', 'ENCRYPTION_AT_REST_CONFIG_NO_LONGER_VALID',
  'GROUP_SERVICE_ACCOUNT_SECRETS_EXPIRING', 'GROUP_SERVICE_ACCOUNT_SECRETS_EXPIRED', 'ACTIVE_LEGACY_TLS_CONNECTIONS',
  'WEBHOOK_TEMPLATE_RENDER_FAILED', 'MONGOTUNE_ALERT', 'CLUSTER_INSTANCE_STOP_START',
  'CLUSTER_INSTANCE_RESYNC_REQUESTED', 'CLUSTER_INSTANCE_UPDATE_REQUESTED', 'SAMPLE_DATASET_LOAD_REQUESTED',
  'TENANT_UPGRADE_TO_SERVERLESS_SUCCESSFUL', 'TENANT_UPGRADE_TO_SERVERLESS_FAILED', 'NETWORK_PERMISSION_ENTRY_ADDED',
  'NETWORK_PERMISSION_ENTRY_REMOVED', 'NETWORK_PERMISSION_ENTRY_UPDATED', 'CLUSTER_BLOCK_WRITE',
  'CLUSTER_UNBLOCK_WRITE', 'LOG_STREAMING_EXPORT_FAILED_NONRETRYABLE', 'LOG_STREAMING_EXPORT_FAILED_RETRIES_EXHAUSTED',
  'MAINTENANCE_IN_ADVANCED', 'MAINTENANCE_AUTO_DEFERRED', 'MAINTENANCE_STARTED', 'MAINTENANCE_COMPLETED',
  'MAINTENANCE_NO_LONGER_NEEDED', 'ONLINE_ARCHIVE_INSUFFICIENT_INDEXES_CHECK',
  'ONLINE_ARCHIVE_MAX_CONSECUTIVE_OFFLOAD_WINDOWS_CHECK', 'JOINED_GROUP', 'REMOVED_FROM_GROUP',
  'USER_ROLES_CHANGED_AUDIT', 'TAGS_MODIFIED', 'CLUSTER_TAGS_MODIFIED', 'GROUP_TAGS_MODIFIED',
  'STREAM_PROCESSOR_STATE_IS_FAILED', 'STREAM_PROCESSOR_AUTOSCALE_INITIATED',
  'OUTSIDE_STREAM_PROCESSOR_METRIC_THRESHOLD', 'COMPUTE_AUTO_SCALE_INITIATED_BASE',
  'COMPUTE_AUTO_SCALE_INITIATED_ANALYTICS', 'COMPUTE_AUTO_SCALE_SCALE_DOWN_FAIL_BASE',
  'COMPUTE_AUTO_SCALE_SCALE_DOWN_FAIL_ANALYTICS', 'COMPUTE_AUTO_SCALE_DOWNSCALE_SKIPPED_FALLBACK_BASE',
  'COMPUTE_AUTO_SCALE_DOWNSCALE_SKIPPED_FALLBACK_ANALYTICS', 'COMPUTE_AUTO_SCALE_MAX_INSTANCE_SIZE_FAIL_BASE',
  'COMPUTE_AUTO_SCALE_MAX_INSTANCE_SIZE_FAIL_ANALYTICS', 'COMPUTE_AUTO_SCALE_OPLOG_FAIL_BASE',
  'COMPUTE_AUTO_SCALE_OPLOG_FAIL_ANALYTICS', 'DISK_AUTO_SCALE_INITIATED', 'DISK_AUTO_SCALE_MAX_DISK_SIZE_FAIL',
  'DISK_AUTO_SCALE_OPLOG_FAIL', 'PREDICTIVE_COMPUTE_AUTO_SCALE_INITIATED_BASE',
  'PREDICTIVE_COMPUTE_AUTO_SCALE_MAX_INSTANCE_SIZE_FAIL_BASE', 'PREDICTIVE_COMPUTE_AUTO_SCALE_OPLOG_FAIL_BASE',
  'CLUSTER_AUTO_SHARDING_INITIATED', 'CLUSTER_RESHARDING_COMPLETED', 'RESOURCE_POLICY_VIOLATED', 'HOST_DOWN',
  'HOST_HAS_INDEX_SUGGESTIONS', 'HOST_MONGOT_CRASHING_OOM', 'HOST_MONGOT_STOP_REPLICATION',
  'HOST_MONGOT_APPROACHING_STOP_REPLICATION', 'HOST_MONGOT_PAUSE_INITIAL_SYNC', 'HOST_SEARCH_NODE_INDEX_FAILED',
  'HOST_SEARCH_PROCESS_THROTTLING', 'HOST_EXTERNAL_LOG_SINK_EXPORT_DOWN', 'HOST_NOT_ENOUGH_DISK_SPACE',
  'SSH_KEY_NDS_HOST_ACCESS_REQUESTED', 'SSH_KEY_NDS_HOST_ACCESS_REFRESHED', 'PUSH_BASED_LOG_EXPORT_STOPPED',
  'PUSH_BASED_LOG_EXPORT_DROPPED_LOG', 'HOST_VERSION_BEHIND', 'VERSION_BEHIND', 'HOST_EXPOSED',
  'HOST_SSL_CERTIFICATE_STALE', 'HOST_SECURITY_CHECKUP_NOT_MET', 'ALERT_HOST_SSH_SESSION_STARTED',
  'PROFILER_CONFIGURED_TOO_WIDELY', 'URL_CONFIRMATION', 'SUCCESSFUL_DEPLOY', 'DEPLOYMENT_FAILURE',
  'REQUEST_RATE_LIMIT', 'LOG_FORWARDER_FAILURE', 'SYNC_FAILURE', 'TRIGGER_FAILURE', 'TRIGGER_AUTO_RESUMED',
  'DEPLOYMENT_MODEL_CHANGE_SUCCESS', 'DEPLOYMENT_MODEL_CHANGE_FAILURE', 'OUTSIDE_REALM_METRIC_THRESHOLD',
  'PENDING_INVOICE_OVER_THRESHOLD', 'DAILY_BILL_OVER_THRESHOLD', 'DAILY_BILLING_CHANGE_OVER_THRESHOLD',
  'WEEKLY_BILLING_CHANGE_OVER_THRESHOLD', 'MONTHLY_BILLING_CHANGE_OVER_THRESHOLD', 'CLUSTER_MONGOS_IS_MISSING',
  'CPS_SNAPSHOT_BEHIND', 'CPS_PREV_SNAPSHOT_OLD', 'CPS_OPLOG_BEHIND', 'AWS_ENCRYPTION_KEY_NEEDS_ROTATION',
  'AZURE_ENCRYPTION_KEY_NEEDS_ROTATION', 'GCP_ENCRYPTION_KEY_NEEDS_ROTATION', 'AWS_ENCRYPTION_KEY_INVALID',
  'AZURE_ENCRYPTION_KEY_INVALID', 'GCP_ENCRYPTION_KEY_INVALID', 'OUTSIDE_METRIC_THRESHOLD',
  'NDS_X509_USER_AUTHENTICATION_CUSTOMER_CA_EXPIRATION_CHECK',
  'NDS_X509_USER_AUTHENTICATION_CUSTOMER_CRL_EXPIRATION_CHECK',
  'NDS_X509_USER_AUTHENTICATION_MANAGED_USER_CERTS_EXPIRATION_CHECK', 'NO_PRIMARY', 'PRIMARY_ELECTED',
  'TOO_MANY_ELECTIONS', 'REPLICATION_OPLOG_WINDOW_RUNNING_OUT', 'TOO_FEW_HEALTHY_MEMBERS',
  'TOO_MANY_UNHEALTHY_MEMBERS', 'OUTSIDE_SERVERLESS_METRIC_THRESHOLD', 'OUTSIDE_FLEX_METRIC_THRESHOLD',
] as const;

/** The recorded answer of listAlertConfigMatcherFieldNames, in its order (Diagnostics facts 6). */
export const MATCHER_FIELD_NAMES = ['ATLAS_NODE_TYPE', 'CLUSTER_NAME', 'HOSTNAME', 'PORT', 'HOSTNAME_AND_PORT', 'APPLICATION_ID', 'REPLICA_SET_NAME', 'TYPE_NAME', 'SHARD_NAME'] as const;
/** Every field name MatcherFieldView admits (the recorded list, and those of streams, log ingestion and software type). */
const MATCHER_FIELDS: readonly string[] = [...MATCHER_FIELD_NAMES, 'INSTANCE_NAME', 'PROCESSOR_NAME', 'RULE_ID', 'SOFTWARE_TYPE'];
export const MATCHER_OPERATORS = ['EQUALS', 'CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'NOT_EQUALS', 'NOT_CONTAINS', 'REGEX'] as const;
export const NOTIFICATION_TYPES = ['DATADOG', 'EMAIL', 'GROUP', 'HIP_CHAT', 'MICROSOFT_TEAMS', 'OPS_GENIE', 'ORG', 'PAGER_DUTY', 'SLACK', 'SMS', 'TEAM', 'USER', 'VICTOR_OPS', 'WEBHOOK'] as const;
export const THRESHOLD_OPERATORS = ['GREATER_THAN', 'LESS_THAN'] as const;
export const METRIC_MODES = ['AVERAGE'] as const;
/** The event types whose configuration names a metric (metricThreshold is required). */
export const METRIC_EVENT_TYPES: readonly string[] = ['OUTSIDE_METRIC_THRESHOLD', 'OUTSIDE_SERVERLESS_METRIC_THRESHOLD', 'OUTSIDE_FLEX_METRIC_THRESHOLD', 'OUTSIDE_STREAM_PROCESSOR_METRIC_THRESHOLD', 'OUTSIDE_REALM_METRIC_THRESHOLD'];
/** The service sets these; a body may repeat them (a GET's document sent back) but not change them. */
export const ALERT_CONFIG_READ_ONLY = ['id', 'groupId', 'created', 'updated', 'links'] as const;
/** The smallest interval between notifications a request may ask (GroupNotification.intervalMin minimum). */
export const MIN_INTERVAL_MIN = 5;

const WRITABLE = ['enabled', 'eventTypeName', 'matchers', 'metricThreshold', 'notifications', 'severityOverride', 'threshold'];
const SEVERITIES = ['INFO', 'WARNING', 'ERROR', 'CRITICAL'];
/** What each notification type may carry besides the common fields, and what it requires. */
const NOTIFICATION_FIELDS: Readonly<Record<string, { fields: readonly string[]; required?: readonly string[] }>> = {
  DATADOG: { fields: ['datadogApiKey', 'datadogRegion', 'integrationId'] },
  EMAIL: { fields: ['emailAddress'], required: ['emailAddress'] },
  GROUP: { fields: ['emailEnabled', 'smsEnabled', 'roles'] },
  HIP_CHAT: { fields: ['notificationToken', 'roomName', 'integrationId'] },
  MICROSOFT_TEAMS: { fields: ['microsoftTeamsWebhookUrl', 'integrationId'] },
  OPS_GENIE: { fields: ['opsGenieApiKey', 'opsGenieRegion', 'integrationId'] },
  ORG: { fields: ['emailEnabled', 'smsEnabled', 'roles'] },
  PAGER_DUTY: { fields: ['serviceKey', 'region', 'integrationId'] },
  SLACK: { fields: ['apiToken', 'channelName', 'integrationId'] },
  SMS: { fields: ['mobileNumber'], required: ['mobileNumber'] },
  TEAM: { fields: ['emailEnabled', 'smsEnabled', 'teamId', 'teamName'], required: ['teamId'] },
  USER: { fields: ['emailEnabled', 'smsEnabled', 'username'], required: ['username'] },
  VICTOR_OPS: { fields: ['victorOpsApiKey', 'victorOpsRoutingKey', 'integrationId'] },
  WEBHOOK: { fields: ['webhookUrl', 'webhookSecret', 'webhookBodyTemplate', 'webhookHeadersTemplate', 'integrationId'] },
};
const COMMON_NOTIFICATION = ['typeName', 'delayMin', 'intervalMin', 'notifierId'];
const BOOLEAN_FIELDS = ['emailEnabled', 'smsEnabled'];

export interface AlertConfigProblem {
  /** JSON path of the field, from the document's root: `$.notifications[0].intervalMin`. */
  path: string;
  message: string;
  /** missing: a required field is absent (MISSING_ATTRIBUTE); invalid: present and wrong (INVALID_ATTRIBUTE). */
  kind: 'missing' | 'invalid';
}

/** `$.path: message`, the line a refusal shows. */
export function alertProblemLine(problem: AlertConfigProblem): string {
  return `${problem.path}: ${problem.message}`;
}

/** The field a problem names, as the service's error parameters name it (`notifications[0].intervalMin`). */
export function problemField(problem: AlertConfigProblem): string {
  return problem.path.replace(/^\$\.?/, '');
}

type Doc = Record<string, unknown>;
const isDoc = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const oneOf = (values: readonly string[]): string => (values.length > 8 ? `one of ${values.slice(0, 8).join(', ')}, ...` : `one of ${values.join(', ')}`);

class Found extends Error {
  constructor(readonly problem: AlertConfigProblem) {
    super(problem.message);
  }
}
const fail = (path: string, message: string, kind: AlertConfigProblem['kind'] = 'invalid'): never => {
  throw new Found({ path, message, kind });
};

function enumField(doc: Doc, key: string, at: string, values: readonly string[], required = false): void {
  const value = doc[key];
  if (value === undefined) {
    if (required) fail(`${at}.${key}`, `required: ${oneOf(values)}`, 'missing');
    return;
  }
  if (typeof value !== 'string' || !values.includes(value)) fail(`${at}.${key}`, `must be ${oneOf(values)}`);
}

function unknownKeys(doc: Doc, at: string, allowed: readonly string[], what: string): void {
  const extra = Object.keys(doc).find((key) => !allowed.includes(key));
  if (extra !== undefined) fail(jsonPath(at, extra), `unknown field of ${what}`);
}

function checkMatcher(matcher: unknown, at: string): void {
  if (!isDoc(matcher)) fail(at, 'must be an object {fieldName, operator, value}');
  const doc = matcher as Doc;
  unknownKeys(doc, at, ['fieldName', 'operator', 'value'], 'a matcher');
  enumField(doc, 'fieldName', at, MATCHER_FIELDS, true);
  enumField(doc, 'operator', at, MATCHER_OPERATORS, true);
  if (doc.value === undefined) fail(`${at}.value`, 'required: the value to match', 'missing');
  if (typeof doc.value !== 'string') fail(`${at}.value`, 'must be a string');
}

function checkNotification(notification: unknown, at: string): void {
  if (!isDoc(notification)) fail(at, 'must be an object with a typeName');
  const doc = notification as Doc;
  enumField(doc, 'typeName', at, NOTIFICATION_TYPES, true);
  const rules = NOTIFICATION_FIELDS[doc.typeName as string]!;
  unknownKeys(doc, at, [...COMMON_NOTIFICATION, ...rules.fields], `a ${String(doc.typeName)} notification`);
  if (doc.intervalMin !== undefined && (!isInt(doc.intervalMin) || doc.intervalMin < MIN_INTERVAL_MIN)) fail(`${at}.intervalMin`, `must be a whole number of minutes, at least ${MIN_INTERVAL_MIN}`);
  if (doc.delayMin !== undefined && (!isInt(doc.delayMin) || doc.delayMin < 0)) fail(`${at}.delayMin`, 'must be a whole number of minutes, 0 or more');
  if (doc.notifierId !== undefined && (typeof doc.notifierId !== 'string' || !/^[a-f0-9]{24}$/.test(doc.notifierId))) fail(`${at}.notifierId`, 'must be 24 hexadecimal digits');
  for (const key of BOOLEAN_FIELDS) if (doc[key] !== undefined && typeof doc[key] !== 'boolean') fail(`${at}.${key}`, 'must be true or false');
  if (doc.roles !== undefined && (!Array.isArray(doc.roles) || doc.roles.some((role) => typeof role !== 'string' || role === ''))) fail(`${at}.roles`, 'must be a list of project role names');
  for (const key of rules.required ?? []) if (doc[key] === undefined || doc[key] === '') fail(`${at}.${key}`, `required for a ${String(doc.typeName)} notification`, 'missing');
  for (const key of rules.fields) {
    if (BOOLEAN_FIELDS.includes(key) || key === 'roles' || doc[key] === undefined) continue;
    if (typeof doc[key] !== 'string') fail(`${at}.${key}`, 'must be a string');
  }
  if (typeof doc.emailAddress === 'string' && !/^[^\s@]+@[^\s@]+$/.test(doc.emailAddress)) fail(`${at}.emailAddress`, 'must be an email address');
}

function checkThreshold(value: unknown, at: string, metric: boolean): void {
  if (!isDoc(value)) fail(at, 'must be an object');
  const doc = value as Doc;
  unknownKeys(doc, at, metric ? ['metricName', 'operator', 'threshold', 'units', 'mode'] : ['operator', 'threshold', 'units'], metric ? 'a metric threshold' : 'a threshold');
  if (metric) {
    if (doc.metricName === undefined) fail(`${at}.metricName`, 'required: the metric to watch, e.g. CONNECTIONS_PERCENT', 'missing');
    if (typeof doc.metricName !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(doc.metricName)) fail(`${at}.metricName`, 'must be a metric name in capitals, e.g. CONNECTIONS_PERCENT');
    enumField(doc, 'mode', at, METRIC_MODES);
  }
  enumField(doc, 'operator', at, THRESHOLD_OPERATORS);
  if (doc.threshold !== undefined && (typeof doc.threshold !== 'number' || !Number.isFinite(doc.threshold))) fail(`${at}.threshold`, 'must be a number');
  if (doc.units !== undefined && (typeof doc.units !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(doc.units))) fail(`${at}.units`, 'must be a unit name in capitals, e.g. RAW, BYTES, HOURS');
}

function check(body: unknown): void {
  if (!isDoc(body)) fail('$', 'must be a JSON object (an alert configuration)');
  const doc = body as Doc;
  unknownKeys(doc, '$', [...WRITABLE, ...ALERT_CONFIG_READ_ONLY], 'an alert configuration');
  enumField(doc, 'eventTypeName', '$', ALERT_EVENT_TYPES, true);
  if (doc.enabled !== undefined && typeof doc.enabled !== 'boolean') fail('$.enabled', 'must be true or false');
  if (doc.severityOverride !== undefined) enumField(doc, 'severityOverride', '$', SEVERITIES);
  if (doc.matchers !== undefined) {
    if (!Array.isArray(doc.matchers)) fail('$.matchers', 'must be a list of matchers');
    (doc.matchers as unknown[]).forEach((matcher, i) => checkMatcher(matcher, `$.matchers[${i}]`));
  }
  if (doc.notifications === undefined) fail('$.notifications', 'required: at least one notification, e.g. {"typeName": "GROUP", "intervalMin": 60, "emailEnabled": true}', 'missing');
  if (!Array.isArray(doc.notifications)) fail('$.notifications', 'must be a list of notifications');
  const notifications = doc.notifications as unknown[];
  if (notifications.length === 0) fail('$.notifications', 'must hold at least one notification');
  notifications.forEach((notification, i) => checkNotification(notification, `$.notifications[${i}]`));
  const metric = METRIC_EVENT_TYPES.includes(doc.eventTypeName as string);
  if (doc.metricThreshold !== undefined) {
    if (!metric) fail('$.metricThreshold', `only for the metric event types (${METRIC_EVENT_TYPES.join(', ')})`);
    checkThreshold(doc.metricThreshold, '$.metricThreshold', true);
  } else if (metric) {
    fail('$.metricThreshold', `required for ${String(doc.eventTypeName)}: the metric and its limit`, 'missing');
  }
  if (doc.threshold !== undefined) checkThreshold(doc.threshold, '$.threshold', false);
}

/** The first problem of an alert configuration body, or undefined when the service would take it. */
export function checkAlertConfig(body: unknown): AlertConfigProblem | undefined {
  try {
    check(body);
    return undefined;
  } catch (error) {
    if (error instanceof Found) return error.problem;
    throw error;
  }
}
