// What each change means as events: the operation's name (the table's) to the event type
// names of the service's description (src/model/eventTypes.ts), with the fields the
// recordings show: the caller's (apiKeyId, publicKey, remoteAddress) on events an API
// key caused, clusterName on a cluster's, dbUserUsername on a database user's, alertId on
// an alert's acknowledgement, alertConfigId on an alert configuration's change. The
// system's events (CLUSTER_READY, CLUSTER_UPDATE_STARTED / _COMPLETED, CLUSTER_DELETED)
// carry no caller; those that end a transition are expected at the time the clusters
// module's record says it ends (journal.ts). Nothing here is another module's code: the
// clusters' records are read through their accessor, as a module may.
import type { OperationName } from '../../../api/operations.js';
import { apiKeyId, type Principal } from '../../auth.js';
import type { Observation, Store } from '../../contract.js';
import { clusterStore } from '../clusters/index.js';
import { appendEvent, expect, settle, type NewEvent } from './journal.js';

type Params = Record<string, string>;

interface Meaning {
  /** The event type, or what the request body says it is (an acknowledgement or its removal). */
  type: string | ((requestBody: unknown) => string | undefined);
  /** The event's other fields, from the path, the request body and the answer. */
  fields?: (params: Params, requestBody: unknown, body: unknown) => Record<string, string | undefined>;
  /** An organization's event (a project made or removed). */
  org?: true;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const field = (doc: unknown, name: string): string | undefined => (typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? text((doc as Record<string, unknown>)[name]) : undefined);

const clusterOfPath = (params: Params): Record<string, string | undefined> => ({ clusterName: params.clusterName });
const clusterOfAnswer = (_params: Params, request: unknown, body: unknown): Record<string, string | undefined> => ({ clusterName: field(body, 'name') ?? field(request, 'name') });
const userOfPath = (params: Params): Record<string, string | undefined> => ({ dbUserUsername: params.username });
const userOfAnswer = (_params: Params, request: unknown, body: unknown): Record<string, string | undefined> => ({ dbUserUsername: field(body, 'username') ?? field(request, 'username') });
const alertOfPath = (params: Params): Record<string, string | undefined> => ({ alertId: params.alertId });
const alertConfigOfPath = (params: Params): Record<string, string | undefined> => ({ alertConfigId: params.alertConfigId });
const alertConfigOfAnswer = (_params: Params, _request: unknown, body: unknown): Record<string, string | undefined> => ({ alertConfigId: field(body, 'id') });
const flag = (doc: unknown, name: string): unknown => (typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>)[name] : undefined);
/** acknowledgeGroupAlert's body: `unacknowledgeAlert: true` takes the acknowledgement away, else `acknowledgedUntil` gives one. */
const acknowledgement = (request: unknown): string => (flag(request, 'unacknowledgeAlert') === true ? 'ALERT_UNACKNOWLEDGED_AUDIT' : 'ALERT_ACKNOWLEDGED_AUDIT');
/** toggleAlertConfiguration's body: `enabled`. */
const toggled = (request: unknown): string | undefined => {
  const enabled = flag(request, 'enabled');
  return enabled === true ? 'ALERT_CONFIG_ENABLED_AUDIT' : enabled === false ? 'ALERT_CONFIG_DISABLED_AUDIT' : undefined;
};

/** The caller's events of each operation that changes something (a cluster's system events are added in observeChange). */
export const MEANINGS: Partial<Record<OperationName, readonly Meaning[]>> = {
  'clusters.create': [{ type: 'CLUSTER_CREATED', fields: clusterOfAnswer }],
  'clusters.update': [{ type: 'CLUSTER_UPDATE_SUBMITTED', fields: clusterOfPath }],
  'clusters.delete': [{ type: 'CLUSTER_DELETE_SUBMITTED', fields: clusterOfPath }],
  'flexClusters.create': [{ type: 'CLUSTER_CREATED', fields: clusterOfAnswer }],
  'flexClusters.update': [{ type: 'CLUSTER_UPDATE_SUBMITTED', fields: (p) => ({ clusterName: p.name }) }],
  'flexClusters.delete': [{ type: 'CLUSTER_DELETE_SUBMITTED', fields: (p) => ({ clusterName: p.name }) }],
  'databaseUsers.create': [{ type: 'MONGODB_USER_ADDED', fields: userOfAnswer }],
  'databaseUsers.update': [{ type: 'MONGODB_USER_UPDATED', fields: userOfPath }],
  'databaseUsers.delete': [{ type: 'MONGODB_USER_DELETED', fields: userOfPath }],
  'accessList.delete': [{ type: 'NETWORK_PERMISSION_ENTRY_REMOVED' }],
  'projects.create': [{ type: 'GROUP_CREATED', org: true }],
  'projects.delete': [{ type: 'GROUP_DELETED', org: true }],
  'peers.create': [{ type: 'PEER_CREATED' }],
  'peers.delete': [{ type: 'PEER_DELETED' }],
  'searchIndexes.create': [{ type: 'FTS_INDEX_CREATED' }],
  'searchIndexes.ftsCreate': [{ type: 'FTS_INDEX_CREATED' }],
  'searchIndexes.update': [{ type: 'FTS_INDEX_UPDATED' }],
  'searchIndexes.updateByName': [{ type: 'FTS_INDEX_UPDATED' }],
  'searchIndexes.ftsUpdate': [{ type: 'FTS_INDEX_UPDATED' }],
  'searchIndexes.delete': [{ type: 'FTS_INDEX_DELETED' }],
  'searchIndexes.deleteByName': [{ type: 'FTS_INDEX_DELETED' }],
  'searchIndexes.ftsDelete': [{ type: 'FTS_INDEX_DELETED' }],
  'sampleDatasets.load': [{ type: 'SAMPLE_DATASET_LOAD_REQUESTED' }],
  'backups.takeSnapshot': [{ type: 'CPS_ON_DEMAND_SNAPSHOT_REQUESTED' }],
  'backups.deleteSnapshot': [{ type: 'CPS_SNAPSHOT_DELETED_AUDIT' }],
  'backups.createRestoreJob': [{ type: 'CPS_RESTORE_REQUESTED_AUDIT' }],
  'flexBackups.createRestoreJob': [{ type: 'TENANT_RESTORE_REQUESTED_AUDIT' }],
  // The recorded ALERT_(UN)ACKNOWLEDGED_AUDIT carry alertId, the ALERT_CONFIG_*_AUDIT alertConfigId.
  'alerts.acknowledge': [{ type: acknowledgement, fields: alertOfPath }],
  'alertConfigs.create': [{ type: 'ALERT_CONFIG_ADDED_AUDIT', fields: alertConfigOfAnswer }],
  'alertConfigs.update': [{ type: 'ALERT_CONFIG_CHANGED_AUDIT', fields: alertConfigOfPath }],
  'alertConfigs.toggle': [{ type: toggled, fields: alertConfigOfPath }],
  'alertConfigs.delete': [{ type: 'ALERT_CONFIG_DELETED_AUDIT', fields: alertConfigOfPath }],
};

/** The API key's fields of an event it caused; a service account's call names its address only. */
export function callerFields(principal: Principal, peer: string): Record<string, string> {
  const remoteAddress = peer.replace(/^::ffff:/i, '');
  if (principal.kind === 'apiKey') return { apiKeyId: apiKeyId(principal.key.publicKey), publicKey: principal.key.publicKey, remoteAddress };
  return { remoteAddress };
}

function defined(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The events one change makes, written into the journal (after those that came due before it). */
export function observeChange(store: Store, observation: Observation): boolean {
  const { operation, params, requestBody, body, principal, peer } = observation;
  settle(store);
  const now = store.serviceClock();
  const caller = callerFields(principal, peer);
  const events: NewEvent[] = [];
  const groupId = params.groupId;
  for (const meaning of MEANINGS[operation] ?? []) {
    const type = typeof meaning.type === 'string' ? meaning.type : meaning.type(requestBody);
    if (type === undefined) continue;
    const fields = { ...defined(meaning.fields?.(params, requestBody, body) ?? {}), ...caller };
    if (meaning.org) {
      // A project made (its id in the answer) or removed (the path's, and the organization of the project it was).
      const project = operation === 'projects.create' ? body : observation.scope;
      const id = field(project, 'id') ?? groupId;
      const orgId = field(project, 'orgId');
      if (id === undefined || orgId === undefined) continue;
      events.push({ eventTypeName: type, level: 'org', groupId: id, orgId, fields });
    } else if (groupId !== undefined) {
      events.push({ eventTypeName: type, level: 'project', groupId, fields });
    }
  }
  // The access list's POST adds a batch: one event per entry.
  if (operation === 'accessList.create' && groupId !== undefined && Array.isArray(requestBody)) {
    for (const _entry of requestBody) events.push({ eventTypeName: 'NETWORK_PERMISSION_ENTRY_ADDED', level: 'project', groupId, fields: caller });
  }
  if (groupId !== undefined) events.push(...clusterSystemEvents(store, operation, groupId, params, body));
  for (const event of events) appendEvent(store.world, event, now);
  return events.length > 0;
}

/**
 * A dedicated cluster's transition: its start now (an update's CLUSTER_UPDATE_STARTED), its
 * end expected when the clusters module's record says its state ends (now, when it has none).
 */
function clusterSystemEvents(store: Store, operation: OperationName, groupId: string, params: Params, body: unknown): NewEvent[] {
  const ends: Partial<Record<OperationName, string>> = { 'clusters.create': 'CLUSTER_READY', 'clusters.update': 'CLUSTER_UPDATE_COMPLETED', 'clusters.delete': 'CLUSTER_DELETED' };
  const type = ends[operation];
  const clusterName = operation === 'clusters.create' ? field(body, 'name') : params.clusterName;
  if (type === undefined || clusterName === undefined) return [];
  const record = clusterStore(store).find(groupId, clusterName);
  expect(store.world, { groupId, clusterName, eventTypeName: type, at: record?.pendingUntil ?? store.clock() });
  return operation === 'clusters.update' ? [{ eventTypeName: 'CLUSTER_UPDATE_STARTED', level: 'project', groupId, fields: { clusterName } }] : [];
}
