// The backup modules' part of the emulator's world (world.backups), persisted with the
// rest (--state): the snapshots taken on demand or declared by the seed, the scheduled
// snapshots deleted, the clusters whose history began before the emulator's time, the
// restore jobs, and what the seed says clusters were restored from. Scheduled snapshots
// themselves are not stored: they follow from the schedule and the clock (schedule.ts).
//
// Times are clock milliseconds (the store's clock); documents show them as the service
// does, on its day under --date (the Moment's offset). Snapshots and jobs belong to a
// cluster's id, not its name: a cluster deleted and made again has none of the old one's.

export type CloudProvider = 'AWS' | 'AZURE' | 'GCP';

/** A snapshot that is no slot of the schedule: taken on demand, or declared by the seed. */
export interface SnapshotRecord {
  id: string;
  groupId: string;
  clusterId: string;
  clusterName: string;
  /** A flex cluster's (the flex backup API's shape). */
  flex: boolean;
  /** On demand through the API (queued, inProgress, completed on the transition time); a seeded one is completed. */
  onDemand: boolean;
  /** A scheduled one kept as a record (a flex cluster's daily snapshot after its upgrade); absent: on demand, or a flex one's daily. */
  frequency?: 'daily';
  description?: string;
  retentionDays: number;
  /** When it was asked for (on demand) or taken (seeded). */
  requestedAt: number;
  /** When it is completed. */
  completeAt: number;
  mongodVersion: string;
  cloudProvider: CloudProvider;
  storageSizeBytes: number;
}

export type Delivery = 'automated' | 'download';

export interface RestoreTarget {
  groupId: string;
  clusterId: string;
  clusterName: string;
  flex: boolean;
}

export interface RestoreJobRecord {
  id: string;
  /** The source: the cluster whose snapshot is restored. */
  groupId: string;
  clusterId: string;
  clusterName: string;
  /** Made through the flex backup API (its shape). */
  flex: boolean;
  snapshotId: string;
  /** When the snapshot was taken and completed. */
  snapshotTakenAt: number;
  snapshotCompletedAt: number;
  delivery: Delivery;
  target?: RestoreTarget;
  createdAt: number;
  /** When it finishes (automated), or its download is ready. */
  finishAt: number;
  /** When it was cancelled, if it was. */
  cancelledAt?: number;
}

/** A cluster's data came from a snapshot: declared by the seed (a finished restore job says it too). */
export interface RestoredFromRecord {
  groupId: string;
  clusterId: string;
  clusterName: string;
  source: { projectId: string; clusterName: string; snapshotId: string };
  /** ISO, as the service would show it. */
  at: string;
}

export interface BackupState {
  snapshots: SnapshotRecord[];
  /** Scheduled snapshots deleted (ids): the schedule makes them no more. */
  deleted: string[];
  /** Clusters (ids) whose backup history began before the emulator's time: their schedule reaches back. */
  historic: string[];
  restoreJobs: RestoreJobRecord[];
  restoredFrom: RestoredFromRecord[];
}

declare module '../../contract.js' {
  interface World {
    /** Absent in state files written before backups. */
    backups?: BackupState;
  }
}

/** The world's backup state, made on first use (state files written before it have none). */
export function backupStateOf(world: { backups?: BackupState }): BackupState {
  world.backups ??= { snapshots: [], deleted: [], historic: [], restoreJobs: [], restoredFrom: [] };
  const state = world.backups;
  state.snapshots ??= [];
  state.deleted ??= [];
  state.historic ??= [];
  state.restoreJobs ??= [];
  state.restoredFrom ??= [];
  return state;
}

/** Where a job stands at `now`: cancelled, finished, or running. */
export function jobPhase(job: RestoreJobRecord, now: number): 'cancelled' | 'finished' | 'running' {
  if (job.cancelledAt !== undefined) return 'cancelled';
  return job.finishAt <= now ? 'finished' : 'running';
}

/** What a cluster (id) was last restored from at `now`: its latest finished automated job, else the seed's word. */
export function restoredFromOf(state: BackupState, clusterId: string, now: number): { source: RestoredFromRecord['source']; restoreJobId?: string; finishedAt: number | string } | undefined {
  const jobs = state.restoreJobs.filter((job) => job.target?.clusterId === clusterId && jobPhase(job, now) === 'finished');
  const last = jobs.sort((a, b) => a.finishAt - b.finishAt).at(-1);
  if (last) return { source: { projectId: last.groupId, clusterName: last.clusterName, snapshotId: last.snapshotId }, restoreJobId: last.id, finishedAt: last.finishAt };
  const seeded = state.restoredFrom.find((entry) => entry.clusterId === clusterId);
  return seeded ? { source: seeded.source, finishedAt: seeded.at } : undefined;
}
