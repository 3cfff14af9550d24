// Cloud backup (operations/backups.ts, operations/flexBackups.ts): a dedicated cluster's snapshots, restore jobs and
// schedule, and a flex cluster's snapshots and restore jobs through the flex backup API.
// One function per operation of the table; each answer checked for its shape (a 2xx of
// another shape is a damaged answer, exit 7). Lists are read whole (every page).
import type { ApiClient, ApiResponse, FetchAllOptions } from '../client.js';
import { InvalidResponseError } from '../errors.js';
import type { ListAll } from '../pagination.js';

export type Snapshot = Record<string, unknown>;
export type RestoreJob = Record<string, unknown>;

function document(response: ApiResponse<unknown>, what: string): Record<string, unknown> {
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidResponseError(`expected ${what} from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  return body as Record<string, unknown>;
}

export async function listSnapshots(client: ApiClient, projectId: string, clusterName: string, options: FetchAllOptions = {}): Promise<ListAll<Snapshot>> {
  return client.callAll('backups.listSnapshots', { groupId: projectId, clusterName }, options);
}

export async function listFlexSnapshots(client: ApiClient, projectId: string, name: string, options: FetchAllOptions = {}): Promise<ListAll<Snapshot>> {
  return client.callAll('flexBackups.listSnapshots', { groupId: projectId, name }, options);
}

export async function getSnapshot(client: ApiClient, projectId: string, clusterName: string, snapshotId: string): Promise<Snapshot> {
  return document(await client.call('backups.getSnapshot', { groupId: projectId, clusterName, snapshotId }), 'a snapshot');
}

export async function getFlexSnapshot(client: ApiClient, projectId: string, name: string, snapshotId: string): Promise<Snapshot> {
  return document(await client.call('flexBackups.getSnapshot', { groupId: projectId, name, snapshotId }), 'a snapshot');
}

/** An on-demand snapshot: a lost answer may have taken one, so the caller says how to check. */
export async function takeSnapshot(client: ApiClient, projectId: string, clusterName: string, body: { description?: string; retentionInDays: number }, mayHaveAppliedHint: string): Promise<Snapshot> {
  return document(await client.call('backups.takeSnapshot', { groupId: projectId, clusterName }, { body, mayHaveAppliedHint }), 'a snapshot');
}

/** Answers 204. */
export async function deleteSnapshot(client: ApiClient, projectId: string, clusterName: string, snapshotId: string): Promise<void> {
  await client.call('backups.deleteSnapshot', { groupId: projectId, clusterName, snapshotId });
}

export async function listRestoreJobs(client: ApiClient, projectId: string, clusterName: string, options: FetchAllOptions = {}): Promise<ListAll<RestoreJob>> {
  return client.callAll('backups.listRestoreJobs', { groupId: projectId, clusterName }, options);
}

export async function listFlexRestoreJobs(client: ApiClient, projectId: string, name: string, options: FetchAllOptions = {}): Promise<ListAll<RestoreJob>> {
  return client.callAll('flexBackups.listRestoreJobs', { groupId: projectId, name }, options);
}

export async function getRestoreJob(client: ApiClient, projectId: string, clusterName: string, restoreJobId: string): Promise<RestoreJob> {
  return document(await client.call('backups.getRestoreJob', { groupId: projectId, clusterName, restoreJobId }), 'a restore job');
}

export async function getFlexRestoreJob(client: ApiClient, projectId: string, name: string, restoreJobId: string): Promise<RestoreJob> {
  return document(await client.call('flexBackups.getRestoreJob', { groupId: projectId, name, restoreJobId }), 'a restore job');
}

/** A restore job (automated: overwrites the target): a lost answer may have started one. */
export async function createRestoreJob(client: ApiClient, projectId: string, clusterName: string, body: RestoreJob, mayHaveAppliedHint: string): Promise<RestoreJob> {
  return document(await client.call('backups.createRestoreJob', { groupId: projectId, clusterName }, { body, mayHaveAppliedHint }), 'a restore job');
}

export async function createFlexRestoreJob(client: ApiClient, projectId: string, name: string, body: RestoreJob, mayHaveAppliedHint: string): Promise<RestoreJob> {
  return document(await client.call('flexBackups.createRestoreJob', { groupId: projectId, name }, { body, mayHaveAppliedHint }), 'a restore job');
}

/** Answers 204; the job then reads cancelled. */
export async function cancelRestoreJob(client: ApiClient, projectId: string, clusterName: string, restoreJobId: string): Promise<void> {
  await client.call('backups.cancelRestoreJob', { groupId: projectId, clusterName, restoreJobId });
}

export async function getBackupSchedule(client: ApiClient, projectId: string, clusterName: string): Promise<Record<string, unknown>> {
  return document(await client.call('backups.getSchedule', { groupId: projectId, clusterName }), 'a backup schedule');
}
