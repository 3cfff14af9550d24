// What the backups commands and env up --from-snapshot share: snapshot and job IDs
// checked before any request, one summary of a snapshot or a job whichever API
// answered (a dedicated cluster's or a flex cluster's), the snapshot `latest` names,
// a restore started through the API of the source's kind, and the wait for its job.
//
// A flex cluster's name works as everywhere: the ClusterLocator asks the clusters API,
// and on its CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API the flex backup API.
import type { RestoreJob, Snapshot } from '../../api/resources/backups.js';
import { ApiError, ConflictError, FailedError, NotFoundError, UsageError } from '../../base/errors.js';
import { isObject } from '../../base/object.js';
import type { Context } from '../../core/context.js';
import type { ClusterLocator } from '../clusters/public.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** A snapshot or restore job ID: 24 hex digits (the description's pattern), refused otherwise before any request. */
export function checkBackupId(text: string, what: 'snapshot' | 'restore job'): string {
  if (OBJECT_ID.test(text)) return text;
  throw new UsageError(`invalid ${what} ID "${text}": 24 hexadecimal digits, as \`backups ${what === 'snapshot' ? 'snapshots' : 'restores'} list\` shows them`);
}

/** A 404 about the cluster or the project is theirs to say; any other, on a request about one snapshot or job, is that one's. */
const NOT_THE_ITEM = ['CLUSTER_NOT_FOUND', 'GROUP_NOT_FOUND'];

/**
 * Runs a request about one snapshot or restore job of `cluster`: a 404 (the ID is not
 * one of the cluster's) names the list command that shows them, with the invocation's
 * -P, --project-id and --base-url (issue 43, item 10).
 */
export async function aboutBackup<T>(ctx: Context, cluster: string, what: 'snapshot' | 'restore job', request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && !NOT_THE_ITEM.includes(error.errorCode ?? '') && error.hint === undefined) {
      error.hint =
        what === 'snapshot'
          ? `see the cluster's snapshots with \`${ctx.followUp('backups', 'snapshots', 'list', cluster)}\``
          : `see the cluster's restore jobs with \`${ctx.followUp('backups', 'restores', 'list', cluster)}\``;
    }
    throw error;
  }
}

/** --snapshot: an ID, or `latest` (the newest completed snapshot). */
export function snapshotRef(text: string): string {
  return text === 'latest' ? text : checkBackupId(text, 'snapshot');
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface SnapshotSummary {
  id: string;
  /** queued/inProgress/completed/failed, a flex snapshot's too (its QUEUED/RUNNING/COMPLETED/FAILED in these words). */
  status: string;
  completed: boolean;
  /** onDemand, or the schedule's frequency (hourly, daily, ...); flex: daily. */
  kind: string;
  /** When it was taken (ISO), once known. */
  created: string;
  expires: string;
  /** MongoDB version (major.minor.patch). */
  version: string;
  size: string;
  description: string;
}

function bytes(value: unknown): string {
  if (typeof value !== 'number' || value <= 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size >= 10 || unit === 0 ? Math.round(size) : size.toFixed(1)} ${units[unit]}`;
}

/**
 * A flex snapshot's status in the words of a dedicated cluster's (the description's
 * enums: QUEUED/RUNNING/COMPLETED/FAILED, and PENDING, against queued/inProgress/
 * completed/failed), so a table reads one form; -o json keeps what the service sent.
 */
const FLEX_STATUS: Record<string, string> = { PENDING: 'pending', QUEUED: 'queued', RUNNING: 'inProgress', COMPLETED: 'completed', FAILED: 'failed' };

/** One snapshot of either API in the same words. */
export function summarizeSnapshot(document: unknown): SnapshotSummary {
  const doc = isObject(document) ? document : {};
  const flex = 'scheduledTime' in doc || 'finishTime' in doc || 'mongoDBVersion' in doc;
  const status = text(doc.status);
  if (flex) {
    return {
      id: text(doc.id),
      status: FLEX_STATUS[status] ?? status,
      completed: status === 'COMPLETED',
      kind: 'daily',
      created: text(doc.finishTime) || text(doc.scheduledTime),
      expires: text(doc.expiration),
      version: text(doc.mongoDBVersion),
      size: '',
      description: '',
    };
  }
  const frequency = text(doc.frequencyType);
  return {
    id: text(doc.id),
    status,
    completed: status === 'completed',
    kind: doc.snapshotType === 'onDemand' ? 'onDemand' : frequency || text(doc.snapshotType),
    created: text(doc.createdAt),
    expires: text(doc.expiresAt),
    version: text(doc.mongodVersion),
    size: bytes(doc.storageSizeBytes),
    description: text(doc.description),
  };
}

export interface RestoreSummary {
  id: string;
  snapshotId: string;
  /** automated, download, or a flex job's RESTORE. */
  delivery: string;
  /** project/cluster of an automated restore. */
  target: string;
  /** IN_PROGRESS, COMPLETED, READY (a download's URL), FAILED, CANCELLED, EXPIRED; a flex job's status. */
  state: string;
  finished: string;
  url: string;
}

/**
 * One restore job of either API. A dedicated cluster's job has no state field: it is
 * derived from failed, cancelled, expired, finishedAt and the download URL (recorded).
 */
export function summarizeRestore(document: unknown): RestoreSummary {
  const doc = isObject(document) ? document : {};
  // A flex job says its status; a dedicated cluster's has none.
  if ('status' in doc) {
    return {
      id: text(doc.id),
      snapshotId: text(doc.snapshotId),
      delivery: text(doc.deliveryType),
      target: `${text(doc.targetProjectId)}/${text(doc.targetDeploymentItemName)}`,
      state: text(doc.status),
      finished: text(doc.restoreFinishedDate),
      url: text(doc.snapshotUrl),
    };
  }
  const urls = Array.isArray(doc.deliveryUrl) ? doc.deliveryUrl.filter((u): u is string => typeof u === 'string') : [];
  const state =
    doc.failed === true ? 'FAILED' : doc.cancelled === true ? 'CANCELLED' : doc.expired === true ? 'EXPIRED' : text(doc.finishedAt) ? 'COMPLETED' : urls.length > 0 ? 'READY' : 'IN_PROGRESS';
  return {
    id: text(doc.id),
    snapshotId: text(doc.snapshotId),
    delivery: text(doc.deliveryType),
    target: text(doc.targetClusterName) ? `${text(doc.targetGroupId)}/${text(doc.targetClusterName)}` : '',
    state,
    finished: text(doc.finishedAt),
    url: urls.join(' '),
  };
}

/** Whether a job is over: done (finished, or its download ready) or ended otherwise. */
const DONE = ['COMPLETED', 'READY'];
const ENDED = ['FAILED', 'CANCELLED', 'EXPIRED'];

/** The cluster's snapshots, from whichever API serves it. */
export async function listSnapshotsOf(locator: ClusterLocator): Promise<Snapshot[]> {
  const api = await import('../../api/resources/backups.js');
  const { client, projectId, name } = locator;
  const list = await locator.call(
    () => api.listSnapshots(client, projectId, name),
    () => api.listFlexSnapshots(client, projectId, name),
  );
  return list.results;
}

/**
 * The snapshot `ref` names (an ID, or `latest`: the newest completed one), with its
 * summary. `latest` of a cluster with none completed is refused, naming what to do: exit 5 while
 * its cloud backup is off (turn it on first), else 4.
 */
export async function findSnapshot(ctx: Context, locator: ClusterLocator, ref: string): Promise<{ document: Snapshot; summary: SnapshotSummary }> {
  const api = await import('../../api/resources/backups.js');
  const { client, projectId, name } = locator;
  if (ref !== 'latest') {
    const document = await aboutBackup(ctx, name, 'snapshot', () =>
      locator.call(
        () => api.getSnapshot(client, projectId, name, ref),
        () => api.getFlexSnapshot(client, projectId, name, ref),
      ),
    );
    return { document, summary: summarizeSnapshot(document) };
  }
  const completed = (await listSnapshotsOf(locator)).map((document) => ({ document, summary: summarizeSnapshot(document) })).filter((s) => s.summary.completed);
  const latest = completed.sort((a, b) => Date.parse(b.summary.created) - Date.parse(a.summary.created))[0];
  if (!latest) {
    // Known from the service's answers, so the code of such an answer: 5 (not in a state to), 4 (none there), never 2.
    const take = `take one with \`${ctx.followUp('backups', 'snapshots', 'take', name, '--watch')}\``;
    if (locator.learnt !== 'flex') {
      const cluster = await locator.get();
      if (cluster.backupEnabled !== true && cluster.providerBackupEnabled !== true) {
        // The first step first: a snapshot of a cluster without cloud backup is refused (CLUSTER_BACKUP_NOT_ENABLED).
        throw new ConflictError(`cluster ${name} has no cloud backup, so no snapshot to restore: turn it on with \`${ctx.followUp('clusters', 'patch', name, '--backup')}\`, then ${take}`);
      }
    }
    throw new NotFoundError(`cluster ${name} has no completed snapshot to restore: ${locator.learnt === 'flex' ? 'a flex cluster takes one a day' : take}`, {
      hint: `see \`${ctx.followUp('backups', 'snapshots', 'list', name)}\``,
    });
  }
  return latest;
}

export type RestoreInto = { projectId: string; cluster: string } | 'download';

/**
 * Starts a restore of one of the locator's cluster's snapshots, through the API of its
 * kind (a flex cluster's restores into a flex or a dedicated cluster; it has no download).
 */
export async function startRestore(ctx: Context, locator: ClusterLocator, snapshotId: string, into: RestoreInto): Promise<RestoreJob> {
  const api = await import('../../api/resources/backups.js');
  const { flexRefusal } = await import('../clusters/public.js');
  const { client, projectId, name } = locator;
  const lost = `the restore may have started; see \`${ctx.followUp('backups', 'restores', 'list', name)}\` before trying again`;
  return locator.call(
    () =>
      api.createRestoreJob(
        client,
        projectId,
        name,
        into === 'download' ? { deliveryType: 'download', snapshotId } : { deliveryType: 'automated', snapshotId, targetClusterName: into.cluster, targetGroupId: into.projectId },
        lost,
      ),
    async () => {
      if (into === 'download') throw flexRefusal(name, 'download', false);
      return api.createFlexRestoreJob(client, projectId, name, { snapshotId, targetDeploymentItemName: into.cluster, targetProjectId: into.projectId }, lost);
    },
  );
}

export interface RestoreWatch {
  timeoutMs?: number | undefined;
  initialState?: string | undefined;
}

/**
 * Polls the job until it is done: finished (automated), its URL ready (download), a flex
 * job COMPLETED. FAILED, CANCELLED and EXPIRED end the wait (exit 1), naming the job.
 */
export async function waitForRestore(ctx: Context, locator: ClusterLocator, jobId: string, options: RestoreWatch = {}): Promise<RestoreJob> {
  const { watch } = await import('../../core/watch.js');
  const api = await import('../../api/resources/backups.js');
  const { client, projectId, name } = locator;
  const follow = ctx.followUp('backups', 'restores', 'get', name, jobId);
  return watch<RestoreJob>({
    io: ctx.io,
    subject: `restore job ${jobId}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs: options.timeoutMs,
    initialState: options.initialState,
    resumeHint: `the restore goes on at the service; follow it with \`${follow}\``,
    poll: async () => {
      const job = await locator.call(
        () => api.getRestoreJob(client, projectId, name, jobId),
        () => api.getFlexRestoreJob(client, projectId, name, jobId),
      );
      const { state } = summarizeRestore(job);
      if (ENDED.includes(state)) throw new FailedError(`restore job ${jobId} of cluster ${name} is ${state}`, { hint: `see \`${follow}\`` });
      return { state, done: DONE.includes(state), value: job };
    },
  });
}

/** A snapshot's major version (8.0 of 8.0.29), or undefined. */
export function majorOf(version: string): string | undefined {
  return /^(\d+\.\d+)/.exec(version)?.[1];
}
