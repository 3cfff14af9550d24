// The handlers of a dedicated cluster's backup (/clusters/{clusterName}/backup, 2023-01-01,
// the schedule also 2024-08-05), versioned API only as the description has them.
//
// Snapshots: the schedule's (schedule.ts) and those taken on demand: queued, inProgress,
// completed on the transition time (recorded); deleted with 204. A cluster without cloud
// backup has none and takes none (400); a second on-demand snapshot waits for the first
// (409, as the description asks). Restore jobs: restore.ts; cancelled with 204 while running.
import { createHash } from 'node:crypto';
import { apiRoot, selfHref } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext } from '../../contract.js';
import { failures } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { isoSeconds, objectId } from '../../store.js';
import { clusterStore, type ClusterRecord } from '../clusters/index.js';
import { projectHash } from '../../../connstring/index.js';
import { backupClusterOf, dedicatedCluster, momentOf, snapshotsOf, stateAt, findAnyCluster } from './clusters.js';
import { backupFailures } from './errors.js';
import { renderRestoreJob, renderSnapshot, type JobContext } from './render.js';
import { startRestore } from './restore.js';
import { DEFAULT_POLICY, nextSnapshotAt, scheduleOf, type BackupCluster, type Moment, type SnapshotView } from './schedule.js';
import { jobPhase, type BackupState, type RestoreJobRecord } from './state.js';

type Doc = Record<string, unknown>;
const OBJECT_ID = /^[0-9a-f]{24}$/;
const CLUSTER_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;
const MAX_INT32 = 2 ** 31 - 1;

interface Call {
  record: ClusterRecord;
  cluster: BackupCluster;
  state: BackupState;
  moment: Moment;
  clusterUrl: string;
}

function open(ctx: RequestContext): Call {
  const record = dedicatedCluster(ctx);
  const moment = momentOf(ctx);
  const state = stateAt(ctx.services.store, moment.now);
  const { model } = record;
  const clusterUrl = `${apiRoot(ctx)}/groups/${model.groupId}/clusters/${encodeURIComponent(model.name)}`;
  return { record, cluster: backupClusterOf({ kind: 'dedicated', record }, state, ctx.services.transitionMs), state, moment, clusterUrl };
}

function withBackup(call: Call): Call {
  if (!call.cluster.backupEnabled) throw backupFailures.backupNotEnabled(call.cluster.name);
  return call;
}

const snapshotDoc = (call: Call, view: SnapshotView, justTaken = false): Doc =>
  renderSnapshot(view, call.moment, { clusterUrl: call.clusterUrl, clusterName: call.cluster.name, type: call.cluster.type, justTaken });

export function findSnapshot(views: SnapshotView[], id: string, cluster: string): SnapshotView {
  const view = views.find((candidate) => candidate.id === id);
  if (!view) throw backupFailures.snapshotNotFound(id, cluster);
  return view;
}

/** Refuses fields a body may not carry: read-only ones (those echoed unchanged are gone already) and unknown ones. */
export function refuseFields(body: Doc, writable: readonly string[], readOnly: readonly string[]): void {
  for (const key of Object.keys(body)) {
    if (readOnly.includes(key)) throw failures.attributeReadOnly(key);
    if (!writable.includes(key)) throw failures.invalidAttribute(key);
  }
}

export const listSnapshots: Handler = (ctx) => {
  const call = open(ctx);
  const views = snapshotsOf(call.cluster, call.state, call.moment);
  const page = paginate(views, pageParams(ctx.query), selfHref(ctx));
  return { status: 200, body: { ...page, results: page.results.map((view) => snapshotDoc(call, view)) } };
};

export const getSnapshot: Handler = (ctx) => {
  const call = open(ctx);
  return { status: 200, body: snapshotDoc(call, findSnapshot(snapshotsOf(call.cluster, call.state, call.moment), ctx.params.snapshotId!, call.cluster.name)) };
};

export const TAKE_READ_ONLY: ReadOnlyFields = { fields: ['links'] };

export const takeSnapshot: Handler = async (ctx) => {
  const call = withBackup(open(ctx));
  const body = ctx.body as Doc;
  refuseFields(body, ['description', 'retentionInDays'], ['links']);
  if (body.description !== undefined && typeof body.description !== 'string') throw failures.invalidAttribute('description');
  const retention = body.retentionInDays ?? 1;
  if (typeof retention !== 'number' || !Number.isInteger(retention) || retention < 1 || retention > MAX_INT32) throw failures.invalidAttribute('retentionInDays');
  const { moment, cluster } = call;
  const pending = snapshotsOf(cluster, call.state, moment).find((view) => view.onDemand && view.completeAt > moment.now);
  if (pending) throw backupFailures.snapshotInProgress(cluster.name, pending.id);
  const id = objectId(moment.now);
  const record = {
    id,
    groupId: cluster.groupId,
    clusterId: cluster.id,
    clusterName: cluster.name,
    flex: false,
    onDemand: true,
    ...(typeof body.description === 'string' ? { description: body.description } : {}),
    retentionDays: retention,
    requestedAt: moment.now,
    completeAt: moment.now + moment.transitionMs,
    mongodVersion: cluster.mongodVersion,
    cloudProvider: cluster.cloudProvider,
    storageSizeBytes: 1_000_000_000 + (parseInt(id.slice(8, 16), 16) % 3_000_000_000),
  };
  call.state.snapshots.push(record);
  await ctx.services.store.commit();
  const view = snapshotsOf(cluster, call.state, moment).find((candidate) => candidate.id === id)!;
  // The take answers 200 (recorded, and the description), queued.
  return { status: 200, body: snapshotDoc(call, view, true) };
};

export const deleteSnapshot: Handler = async (ctx) => {
  const call = open(ctx);
  const view = findSnapshot(snapshotsOf(call.cluster, call.state, call.moment), ctx.params.snapshotId!, call.cluster.name);
  if (view.onDemand || call.state.snapshots.some((record) => record.id === view.id)) call.state.snapshots = call.state.snapshots.filter((record) => record.id !== view.id);
  else call.state.deleted.push(view.id);
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};

// ---- restore jobs

/** What links and names a job's document needs besides the job. */
export function jobContext(ctx: RequestContext, job: RestoreJobRecord): JobContext {
  const item = job.target ? createHash('sha256').update(job.target.clusterId).digest('hex') : '';
  const name = [...item.slice(0, 12)].map((c, i) => (i % 2 ? c : String.fromCharCode(97 + (parseInt(c, 16) % 26)))).join('').slice(0, 6);
  return { apiRoot: apiRoot(ctx), downloadHost: projectHash(job.groupId), ...(job.target ? { targetDeploymentItemName: `atlas-${name}` } : {}) };
}

const jobsOf = (call: Call, flex: boolean): RestoreJobRecord[] =>
  call.state.restoreJobs.filter((job) => job.clusterId === call.cluster.id && job.flex === flex).sort((a, b) => b.createdAt - a.createdAt);

export function findJob(jobs: RestoreJobRecord[], id: string, cluster: string): RestoreJobRecord {
  const job = jobs.find((candidate) => candidate.id === id);
  if (!job) throw backupFailures.restoreJobNotFound(id, cluster);
  return job;
}

export const listRestoreJobs: Handler = (ctx) => {
  const call = open(ctx);
  const page = paginate(jobsOf(call, false), pageParams(ctx.query), selfHref(ctx));
  return { status: 200, body: { ...page, results: page.results.map((job) => renderRestoreJob(job, call.moment, jobContext(ctx, job))) } };
};

export const getRestoreJob: Handler = (ctx) => {
  const call = open(ctx);
  const job = findJob(jobsOf(call, false), ctx.params.restoreJobId!, call.cluster.name);
  return { status: 200, body: renderRestoreJob(job, call.moment, jobContext(ctx, job)) };
};

const JOB_READ_ONLY_FIELDS = ['cancelled', 'components', 'deliveryUrl', 'desiredTimestamp', 'expired', 'expiresAt', 'failed', 'finishedAt', 'id', 'links', 'privateDownloadDeliveryUrls', 'timestamp'];
export const CREATE_JOB_READ_ONLY: ReadOnlyFields = { fields: JOB_READ_ONLY_FIELDS };

/** A body field: absent (MISSING_ATTRIBUTE when required), or a string matching `pattern`. */
export function stringField(body: Doc, key: string, pattern: RegExp, required: boolean): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    if (required) throw failures.missingAttribute(key);
    return undefined;
  }
  if (typeof value !== 'string' || !pattern.test(value)) throw failures.invalidAttribute(key);
  return value;
}

export const createRestoreJob: Handler = async (ctx) => {
  const call = open(ctx);
  const body = ctx.body as Doc;
  refuseFields(body, ['deliveryType', 'snapshotId', 'targetClusterName', 'targetGroupId', 'oplogTs', 'oplogInc', 'pointInTimeUTCSeconds'], JOB_READ_ONLY_FIELDS);
  const delivery = stringField(body, 'deliveryType', /^(automated|download)$/, true) as 'automated' | 'download';
  const snapshotId = stringField(body, 'snapshotId', OBJECT_ID, true)!;
  // Point-in-time restores need continuous backup, which the emulator does not keep.
  for (const key of ['oplogTs', 'oplogInc', 'pointInTimeUTCSeconds']) if (body[key] !== undefined) throw failures.invalidAttribute(key);
  const automated = delivery === 'automated';
  const targetClusterName = stringField(body, 'targetClusterName', CLUSTER_NAME, automated);
  const targetGroupId = stringField(body, 'targetGroupId', OBJECT_ID, automated);
  if (!automated && (targetClusterName !== undefined || targetGroupId !== undefined)) throw failures.invalidAttribute(targetClusterName !== undefined ? 'targetClusterName' : 'targetGroupId');
  withBackup(call);
  const snapshot = findSnapshot(snapshotsOf(call.cluster, call.state, call.moment), snapshotId, call.cluster.name);
  const { cluster } = call;
  const job = startRestore(ctx, call.state, call.moment, {
    source: { groupId: cluster.groupId, clusterId: cluster.id, clusterName: cluster.name },
    fromFlex: false,
    snapshot,
    delivery,
    ...(automated ? { target: { groupId: targetGroupId!, clusterName: targetClusterName! } } : {}),
  });
  await ctx.services.store.commit();
  return { status: 200, body: renderRestoreJob(job, call.moment, jobContext(ctx, job)) };
};

/** Ends what a job does to its target (cancelled: the target is left as it is, no longer UPDATING). */
function releaseTarget(ctx: RequestContext, job: RestoreJobRecord, now: number): void {
  if (!job.target) return;
  const located = findAnyCluster(ctx.services.store, job.target.groupId, job.target.clusterName);
  if (!located || located.record.model.id !== job.target.clusterId || located.record.model.stateName !== 'UPDATING') return;
  if (located.kind === 'dedicated') clusterStore(ctx.services.store).schedule(located.record, now);
  else located.record.pendingUntil = now;
}

export const cancelRestoreJob: Handler = async (ctx) => {
  const call = open(ctx);
  const job = findJob(jobsOf(call, false), ctx.params.restoreJobId!, call.cluster.name);
  if (jobPhase(job, call.moment.now) !== 'running') throw backupFailures.cannotCancelFinished(job.id);
  job.cancelledAt = call.moment.now;
  releaseTarget(ctx, job, ctx.services.clock()); // the cluster's transitions run on the emulator's clock
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};

// ---- the schedule

/** The backup schedule (DiskBackupSnapshotSchedule, the same fields at 2023-01-01 and 2024-08-05 for a cluster without copies or exports). */
export const getSchedule: Handler = (ctx) => {
  const call = withBackup(open(ctx));
  const { cluster, moment } = call;
  const schedule = scheduleOf(cluster.id);
  return {
    status: 200,
    body: {
      autoExportEnabled: false,
      clusterId: cluster.id,
      clusterName: cluster.name,
      copySettings: [],
      extraRetentionSettings: [],
      links: [{ href: selfHref(ctx), rel: 'self' }],
      nextSnapshot: isoSeconds(nextSnapshotAt(cluster.id, moment)),
      policies: [{ id: schedule.policyId, policyItems: DEFAULT_POLICY.map((item) => ({ ...item, id: schedule.itemIds[item.frequencyType] })) }],
      referenceHourOfDay: schedule.referenceHourOfDay,
      referenceMinuteOfHour: schedule.referenceMinuteOfHour,
      restoreWindowDays: 7,
      useOrgAndGroupNamesInExportPrefix: false,
    },
  };
};
