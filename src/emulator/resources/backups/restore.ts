// A restore job, made through either backup API: the checks of the snapshot and of the
// target, and what the job does to the target. The emulator holds no data: a finished
// job is what says which snapshot a cluster holds (state.ts, restoredFromOf).
//
// An automated restore overwrites the target, which is UPDATING until the job finishes
// (the service's enum has no restoring state; no recording shows the target meanwhile).
// Refused: a target that is missing (404 CLUSTER_NOT_FOUND), paused (409
// CANNOT_UPDATE_PAUSED_CLUSTER) or being deleted (CLUSTER_ALREADY_REQUESTED_DELETION), all
// recorded codes; one on an older major version than the snapshot; a flex cluster for a
// dedicated cluster's snapshot; a second automated restore into a target while one runs.
import { authorize } from '../../auth.js';
import type { RequestContext } from '../../contract.js';
import { objectId } from '../../store.js';
import { clusterFailures, clusterStore } from '../clusters/index.js';
import { groupNotFound, projectById } from '../projects/state.js';
import { findAnyCluster, type Located } from './clusters.js';
import { backupFailures } from './errors.js';
import type { Moment, SnapshotView } from './schedule.js';
import { jobPhase, type BackupState, type Delivery, type RestoreJobRecord, type RestoreTarget } from './state.js';

const majorOf = (version: string): number[] => version.split('.').slice(0, 2).map(Number);
const olderThan = (a: string, b: string): boolean => {
  const [am = 0, an = 0] = majorOf(a);
  const [bm = 0, bn = 0] = majorOf(b);
  return am < bm || (am === bm && an < bn);
};
const majorText = (version: string): string => majorOf(version).join('.');

/** The target named by a create body's project and cluster, checked as the service does. */
function checkTarget(ctx: RequestContext, state: BackupState, moment: Moment, snapshot: SnapshotView, fromFlex: boolean, groupId: string, name: string): { located: Located; target: RestoreTarget } {
  const project = projectById(ctx.services.store, groupId);
  if (!project) throw groupNotFound(groupId);
  // Restoring writes into the target: the caller needs the right there, too.
  authorize(ctx.principal, groupId, 'writeProject');
  const located = findAnyCluster(ctx.services.store, groupId, name);
  if (!located) throw clusterFailures.clusterNotFound(name, groupId);
  const { model } = located.record;
  if (located.kind === 'flex' && !fromFlex) throw backupFailures.dedicatedIntoFlex(name);
  if (model.stateName === 'DELETING') throw clusterFailures.alreadyDeleting(name);
  if (located.kind === 'dedicated' && located.record.model.paused) throw clusterFailures.cannotUpdatePaused(name);
  const running = state.restoreJobs.find((job) => job.target?.clusterId === model.id && job.delivery === 'automated' && jobPhase(job, moment.now) === 'running');
  if (running) throw backupFailures.restoreInProgress(name, running.id);
  const targetVersion = located.kind === 'dedicated' ? located.record.model.mongoDBVersion : snapshot.mongodVersion;
  if (olderThan(targetVersion, snapshot.mongodVersion)) throw backupFailures.olderTarget(name, majorText(targetVersion), majorText(snapshot.mongodVersion));
  return { located, target: { groupId, clusterId: model.id, clusterName: model.name, flex: located.kind === 'flex' } };
}

export interface RestoreRequest {
  source: { groupId: string; clusterId: string; clusterName: string };
  fromFlex: boolean;
  snapshot: SnapshotView;
  delivery: Delivery;
  target?: { groupId: string; clusterName: string };
}

/** Makes the job (the target UPDATING until it finishes); the caller commits. */
export function startRestore(ctx: RequestContext, state: BackupState, moment: Moment, request: RestoreRequest): RestoreJobRecord {
  const { snapshot } = request;
  if (moment.now < snapshot.completeAt) throw backupFailures.snapshotNotCompleted(snapshot.id);
  const checked = request.target ? checkTarget(ctx, state, moment, snapshot, request.fromFlex, request.target.groupId, request.target.clusterName) : undefined;
  const job: RestoreJobRecord = {
    id: objectId(moment.now),
    ...request.source,
    flex: request.fromFlex,
    snapshotId: snapshot.id,
    snapshotTakenAt: snapshot.onDemand ? snapshot.requestedAt + (snapshot.completeAt - snapshot.requestedAt) / 2 : snapshot.requestedAt,
    snapshotCompletedAt: snapshot.completeAt,
    delivery: request.delivery,
    ...(checked ? { target: checked.target } : {}),
    createdAt: moment.now,
    finishAt: moment.now + moment.transitionMs,
  };
  state.restoreJobs.push(job);
  if (checked) {
    const { located } = checked;
    // The cluster's transitions run on the emulator's clock (clusters/store.ts), not on service time.
    const until = ctx.services.clock() + moment.transitionMs;
    // A cluster still being created stays CREATING, for longer.
    if (located.record.model.stateName === 'IDLE') located.record.model.stateName = 'UPDATING';
    if (located.kind === 'dedicated') clusterStore(ctx.services.store).schedule(located.record, Math.max(until, located.record.pendingUntil ?? 0));
    else located.record.pendingUntil = Math.max(until, located.record.pendingUntil ?? 0);
  }
  return job;
}
