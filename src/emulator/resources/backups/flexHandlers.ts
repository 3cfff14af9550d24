// The handlers of a flex cluster's backup (/flexClusters/{name}/backup, 2024-11-13): its
// daily snapshots (schedule.ts; flex clusters take no on-demand snapshot and delete none
// through the API) and its restore jobs, into a flex or a dedicated cluster (the
// description: "You can restore the snapshot to another flex cluster or dedicated
// cluster tier"). The flex API answers a dedicated cluster's name with
// CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API (recorded).
import { selfHref } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext } from '../../contract.js';
import { pageParams, paginate } from '../../pagination.js';
import { backupClusterOf, flexClusterOf, momentOf, snapshotsOf, stateAt } from './clusters.js';
import { findJob, findSnapshot, refuseFields, stringField } from './handlers.js';
import { renderFlexRestoreJob, renderFlexSnapshot } from './render.js';
import { startRestore } from './restore.js';

type Doc = Record<string, unknown>;
const OBJECT_ID = /^[0-9a-f]{24}$/;
// The description's pattern of targetDeploymentItemName.
const DEPLOYMENT_NAME = /^[\p{L}\p{N}\-_.(),:&@+']{1,64}$/u;

function open(ctx: RequestContext) {
  const record = flexClusterOf(ctx);
  const moment = momentOf(ctx);
  const state = stateAt(ctx.services.store, moment.now);
  const cluster = backupClusterOf({ kind: 'flex', record }, state, ctx.services.transitionMs);
  const jobs = state.restoreJobs.filter((job) => job.clusterId === cluster.id && job.flex).sort((a, b) => b.createdAt - a.createdAt);
  return { cluster, state, moment, snapshots: snapshotsOf(cluster, state, moment), jobs };
}

export const listFlexSnapshots: Handler = (ctx) => {
  const call = open(ctx);
  const page = paginate(call.snapshots, pageParams(ctx.query), selfHref(ctx));
  return { status: 200, body: { ...page, results: page.results.map((view) => renderFlexSnapshot(view, call.moment)) } };
};

export const getFlexSnapshot: Handler = (ctx) => {
  const call = open(ctx);
  return { status: 200, body: renderFlexSnapshot(findSnapshot(call.snapshots, ctx.params.snapshotId!, call.cluster.name), call.moment) };
};

export const listFlexRestoreJobs: Handler = (ctx) => {
  const call = open(ctx);
  const page = paginate(call.jobs, pageParams(ctx.query), selfHref(ctx));
  return { status: 200, body: { ...page, results: page.results.map((job) => renderFlexRestoreJob(job, call.moment)) } };
};

export const getFlexRestoreJob: Handler = (ctx) => {
  const call = open(ctx);
  return { status: 200, body: renderFlexRestoreJob(findJob(call.jobs, ctx.params.restoreJobId!, call.cluster.name), call.moment) };
};

const FLEX_JOB_READ_ONLY_FIELDS = ['deliveryType', 'expirationDate', 'id', 'instanceName', 'links', 'projectId', 'restoreFinishedDate', 'restoreScheduledDate', 'snapshotFinishedDate', 'snapshotUrl', 'status'];
export const FLEX_CREATE_JOB_READ_ONLY: ReadOnlyFields = { fields: FLEX_JOB_READ_ONLY_FIELDS };

/** 200 PENDING. targetProjectId is required, as the live service answers without it (mongodb-atlas-cli#3620). */
export const createFlexRestoreJob: Handler = async (ctx) => {
  const call = open(ctx);
  const body = ctx.body as Doc;
  refuseFields(body, ['snapshotId', 'targetDeploymentItemName', 'targetProjectId'], FLEX_JOB_READ_ONLY_FIELDS);
  const snapshotId = stringField(body, 'snapshotId', OBJECT_ID, true)!;
  const targetName = stringField(body, 'targetDeploymentItemName', DEPLOYMENT_NAME, true)!;
  const targetProjectId = stringField(body, 'targetProjectId', OBJECT_ID, true)!;
  const { cluster } = call;
  const job = startRestore(ctx, call.state, call.moment, {
    source: { groupId: cluster.groupId, clusterId: cluster.id, clusterName: cluster.name },
    fromFlex: true,
    snapshot: findSnapshot(call.snapshots, snapshotId, cluster.name),
    delivery: 'automated',
    target: { groupId: targetProjectId, clusterName: targetName },
  });
  await ctx.services.store.commit();
  return { status: 200, body: renderFlexRestoreJob(job, call.moment) };
};
