// The backup documents, fields in the service's order (recorded-backup; the flex ones as
// the Atlas CLI prints the live service's, mongodb-atlas-cli#3482 and #3486), at the
// moment they are read: a stage of a snapshot or a job is shown from the transition time.
import { isoSeconds } from '../../store.js';
import { expiresAt, type Moment, type SnapshotView } from './schedule.js';
import { jobPhase, type RestoreJobRecord } from './state.js';

type Doc = Record<string, unknown>;
const REL = 'https://cloud.mongodb.com/';
/** A download is ready for an hour (recorded: expiresAt one hour after the URL appeared). */
const DOWNLOAD_READY_MS = 3_600_000;
/** A flex job's expirationDate: six hours after it was scheduled (mongodb-atlas-cli#3484). */
const FLEX_JOB_EXPIRY_MS = 6 * 3_600_000;


export interface SnapshotContext {
  /** The cluster's URL in the API (links). */
  clusterUrl: string;
  clusterName: string;
  type: 'replicaSet' | 'shardedCluster';
  /** The answer of the take: queued, whatever the clock says. */
  justTaken?: boolean;
}

/**
 * A dedicated cluster's snapshot (DiskBackupReplicaSet). An on-demand one is queued for
 * the first quarter of the transition time, then inProgress; its mongodVersion shows
 * from half-way, its cloudProvider from three quarters, its createdAt (and a size) once
 * completed, when expiresAt counts its retention again (all as recorded). A scheduled
 * one is inProgress from its slot until completed.
 */
export function renderSnapshot(view: SnapshotView, moment: Moment, context: SnapshotContext): Doc {
  const elapsed = moment.now - view.requestedAt;
  const span = view.completeAt - view.requestedAt;
  const completed = !context.justTaken && moment.now >= view.completeAt;
  const stage = context.justTaken ? 0 : completed ? 4 : view.onDemand ? Math.min(3, Math.floor((elapsed / Math.max(span, 1)) * 4)) : 3;
  const self = `${context.clusterUrl}/backup/snapshots/${view.id}`;
  return {
    ...(stage >= 3 ? { cloudProvider: view.cloudProvider } : {}),
    copyRegions: [],
    ...(completed ? { createdAt: isoSeconds(view.onDemand ? view.requestedAt + span / 2 : view.requestedAt) } : {}),
    ...(view.description !== undefined ? { description: view.description } : {}),
    expiresAt: isoSeconds(expiresAt(view, context.justTaken ? view.requestedAt : moment.now)),
    frequencyType: view.frequency,
    id: view.id,
    links: [
      { href: self, rel: 'self' },
      { href: context.clusterUrl, rel: `${REL}cluster` },
    ],
    ...(stage >= 2 ? { mongodVersion: view.mongodVersion } : {}),
    policyItems: view.policyItemId !== undefined ? [view.policyItemId] : [],
    ...(context.type === 'replicaSet' ? { replicaSetName: context.clusterName } : {}),
    snapshotType: view.onDemand ? 'onDemand' : 'scheduled',
    status: stage === 0 ? 'queued' : completed ? 'completed' : 'inProgress',
    storageSizeBytes: completed ? view.storageSizeBytes : 0,
    type: context.type,
  };
}

/** A flex cluster's snapshot (FlexBackupSnapshot20241113): QUEUED, RUNNING from half-way, COMPLETED. */
export function renderFlexSnapshot(view: SnapshotView, moment: Moment): Doc {
  const started = view.requestedAt + (view.completeAt - view.requestedAt) / 2;
  const completed = moment.now >= view.completeAt;
  return {
    expiration: isoSeconds(view.requestedAt + view.retentionMs),
    ...(completed ? { finishTime: isoSeconds(view.completeAt) } : {}),
    id: view.id,
    mongoDBVersion: view.mongodVersion,
    scheduledTime: isoSeconds(view.requestedAt),
    ...(moment.now >= started ? { startTime: isoSeconds(started) } : {}),
    status: completed ? 'COMPLETED' : moment.now >= started ? 'RUNNING' : 'QUEUED',
  };
}

export interface JobContext {
  /** The API's root (…/api/atlas/v2), for links. */
  apiRoot: string;
  /** The host part of download URLs (the source project's). */
  downloadHost: string;
  /** The target's replica set name, for targetDeploymentItemName. */
  targetDeploymentItemName?: string;
}

/** A download restore's URL, in the recorded form. */
function downloadUrl(job: RestoreJobRecord, host: string): string {
  return `https://restore-${job.id}.${host}.mongodb.net:27017/${job.id.slice(8, 20)}/restore-${job.snapshotId}.tar.gz`;
}

/**
 * A dedicated cluster's restore job (DiskBackupSnapshotRestoreJob). No state field: an
 * automated job carries finishedAt once done; a download its URL and expiresAt once
 * ready, then expired an hour later; a cancelled one cancelled (all as recorded).
 */
export function renderRestoreJob(job: RestoreJobRecord, moment: Moment, context: JobContext): Doc {
  const phase = jobPhase(job, moment.now);
  const ready = phase === 'finished';
  const download = job.delivery === 'download';
  const cluster = `${context.apiRoot}/groups/${job.groupId}/clusters/${encodeURIComponent(job.clusterName)}`;
  return {
    cancelled: phase === 'cancelled',
    deliveryType: job.delivery,
    deliveryUrl: download && ready ? [downloadUrl(job, context.downloadHost)] : [],
    desiredTimestamp: { increment: null, time: null, date: null },
    expired: download && ready && moment.now >= job.finishAt + DOWNLOAD_READY_MS,
    ...(download && ready ? { expiresAt: isoSeconds(job.finishAt + DOWNLOAD_READY_MS) } : {}),
    failed: false,
    ...(!download && ready ? { finishedAt: isoSeconds(job.finishAt) } : {}),
    id: job.id,
    links: [
      { href: `${cluster}/backup/restoreJobs/${job.id}`, rel: 'self' },
      { href: `${cluster}/backup/snapshots/${job.snapshotId}`, rel: `${REL}snapshot` },
      { href: cluster, rel: `${REL}cluster` },
      { href: `${context.apiRoot}/groups/${job.groupId}`, rel: `${REL}group` },
    ],
    snapshotId: job.snapshotId,
    ...(job.target
      ? { targetClusterName: job.target.clusterName, targetDeploymentItemName: context.targetDeploymentItemName ?? job.target.clusterName, targetGroupId: job.target.groupId }
      : {}),
    timestamp: isoSeconds(job.snapshotTakenAt),
  };
}

/** A flex cluster's restore job (FlexBackupRestoreJob20241113): PENDING, RUNNING from half-way, COMPLETED. */
export function renderFlexRestoreJob(job: RestoreJobRecord, moment: Moment): Doc {
  const running = moment.now >= job.createdAt + (job.finishAt - job.createdAt) / 2;
  const done = jobPhase(job, moment.now) === 'finished';
  return {
    deliveryType: 'RESTORE',
    expirationDate: isoSeconds(job.createdAt + FLEX_JOB_EXPIRY_MS),
    id: job.id,
    instanceName: job.clusterName,
    projectId: job.groupId,
    ...(done ? { restoreFinishedDate: isoSeconds(job.finishAt) } : {}),
    restoreScheduledDate: isoSeconds(job.createdAt),
    snapshotFinishedDate: isoSeconds(job.snapshotCompletedAt),
    snapshotId: job.snapshotId,
    status: done ? 'COMPLETED' : running ? 'RUNNING' : 'PENDING',
    targetDeploymentItemName: job.target!.clusterName,
    targetProjectId: job.target!.groupId,
  };
}
