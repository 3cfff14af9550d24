// The backup modules' refusals. Recorded codes are reused where the case is theirs
// (a flex name in the other API, a missing or paused cluster); the description's cut
// to backup names no code for the refusals below it (its examples are generic), so
// those codes and words are ours, in the service's style: UPPER_SNAKE, one sentence.
import { ApiFailure } from '../../errors.js';

export const backupFailures = {
  /** Recorded: the flex backup API answers a dedicated cluster's name so. */
  nonFlexInFlexApi: (name: string) => new ApiFailure(400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API', `Cannot use non-flex cluster ${name} in the flex API.`, [name]),
  /** A cluster whose cloud backup is off has no snapshots to take, restore or schedule. */
  backupNotEnabled: (name: string) => new ApiFailure(400, 'CLUSTER_BACKUP_NOT_ENABLED', `Cloud backup is not enabled for cluster ${name}.`, [name]),
  /** The description: "If an on-demand snapshot with a status of queued or inProgress exists ... wait". */
  snapshotInProgress: (name: string, id: string) =>
    new ApiFailure(409, 'ON_DEMAND_SNAPSHOT_IN_PROGRESS', `Cluster ${name} has an on-demand snapshot (${id}) queued or in progress; wait until it completes.`, [name, id]),
  snapshotNotFound: (id: string, name: string) => new ApiFailure(404, 'SNAPSHOT_NOT_FOUND', `No snapshot with ID ${id} exists for cluster ${name}.`, [id, name]),
  snapshotNotCompleted: (id: string) => new ApiFailure(400, 'SNAPSHOT_NOT_COMPLETED', `Snapshot ${id} is not completed; only a completed snapshot can be restored.`, [id]),
  restoreJobNotFound: (id: string, name: string) => new ApiFailure(404, 'RESTORE_JOB_NOT_FOUND', `No restore job with ID ${id} exists for cluster ${name}.`, [id, name]),
  /** One automated restore into a cluster at a time. */
  restoreInProgress: (target: string, job: string) =>
    new ApiFailure(409, 'RESTORE_ALREADY_IN_PROGRESS', `Cluster ${target} is already being restored (restore job ${job}); wait until it finishes.`, [target, job]),
  /** The service restores into the same or a newer major version only. */
  olderTarget: (target: string, targetVersion: string, snapshotVersion: string) =>
    new ApiFailure(
      400,
      'RESTORE_TARGET_VERSION_TOO_OLD',
      `Cluster ${target} runs MongoDB ${targetVersion}, older than the snapshot's ${snapshotVersion}; restore into a cluster of ${snapshotVersion} or newer.`,
      [target, targetVersion, snapshotVersion],
    ),
  /** A dedicated cluster's snapshot cannot go into a flex cluster (a flex snapshot may go into either kind: the description). */
  dedicatedIntoFlex: (target: string) =>
    new ApiFailure(400, 'CANNOT_RESTORE_DEDICATED_SNAPSHOT_TO_FLEX', `Cluster ${target} is a flex cluster; a dedicated cluster's snapshot restores only into a dedicated cluster (M10 or larger).`, [target]),
  cannotCancelFinished: (id: string) => new ApiFailure(400, 'RESTORE_JOB_ALREADY_FINISHED', `Restore job ${id} has finished, failed or been cancelled; there is nothing to cancel.`, [id]),
};
