// The cloud backup modules (contract.ts): a dedicated cluster's snapshots, restore jobs
// and schedule, and a flex cluster's snapshots and restore jobs, through their own API.
// Two modules, as the live service counts them against two limits (recorded: 1200 each;
// a dedicated cluster's snapshots and restore jobs share one count). They come after the
// clusters modules in the list: a seeded backup belongs to a seeded cluster.
//
// The emulator holds no data, so what a restore does is said in its state: a cluster an
// automated restore finished into shows the snapshot it came from (state().backups,
// GET /_emulator/state), as one the seed declares restored does.
import type { ResourceModule, Store } from '../../contract.js';
import { isoSeconds } from '../../store.js';
import { findAnyCluster } from './clusters.js';
import { createFlexRestoreJob, FLEX_CREATE_JOB_READ_ONLY, getFlexRestoreJob, getFlexSnapshot, listFlexRestoreJobs, listFlexSnapshots } from './flexHandlers.js';
import {
  CREATE_JOB_READ_ONLY,
  TAKE_READ_ONLY,
  cancelRestoreJob,
  createRestoreJob,
  deleteSnapshot,
  getRestoreJob,
  getSchedule,
  getSnapshot,
  listRestoreJobs,
  listSnapshots,
  takeSnapshot,
} from './handlers.js';
import { backupStateFromSeed, checkBackupSeed } from './seed.js';
import { backupStateOf, restoredFromOf } from './state.js';
import { backupSuccession } from './succession.js';
import { shape as S } from '../../stateChecks.js';

export type { SeedBackup } from './seed.js';

/** What state() shows of a cluster with backups of note: its stored snapshots and where its data came from. */
export interface ClusterBackupSnapshot {
  projectId: string;
  clusterName: string;
  /** Snapshots taken on demand or declared by the seed (the schedule's are not stored). */
  snapshots: string[];
  /** The snapshot the cluster's data was last restored from. */
  restoredFrom?: { projectId: string; clusterName: string; snapshotId: string; restoreJobId?: string; at: string };
}

declare module '../../contract.js' {
  interface StateSnapshot {
    backups: ClusterBackupSnapshot[];
  }
}

function snapshot(store: Store): ClusterBackupSnapshot[] {
  const state = backupStateOf(store.world);
  const now = store.serviceClock();
  const out: ClusterBackupSnapshot[] = [];
  for (const project of store.world.projects) {
    const names = [...(store.world.clusters ?? []), ...(store.world.flexClusters ?? [])].filter((record) => record.model.groupId === project.id).map((record) => record.model.name);
    for (const name of new Set(names)) {
      const located = findAnyCluster(store, project.id, name);
      if (!located) continue;
      const id = located.record.model.id;
      const snapshots = state.snapshots.filter((record) => record.clusterId === id).map((record) => record.id);
      const from = restoredFromOf(state, id, now);
      if (snapshots.length === 0 && !from) continue;
      out.push({
        projectId: project.id,
        clusterName: name,
        snapshots,
        ...(from ? { restoredFrom: { ...from.source, ...(from.restoreJobId ? { restoreJobId: from.restoreJobId } : {}), at: typeof from.finishedAt === 'number' ? isoSeconds(from.finishedAt) : from.finishedAt } } : {}),
      });
    }
  }
  return structuredClone(out);
}

/** Backup is the Project Backup Manager's (the project owner here), not a cluster manager's (the description). */
export const backups: ResourceModule = {
  name: 'backups',
  rateLimitPerMinute: 1200, // recorded
  operations: {
    'backups.listSnapshots': { handler: listSnapshots, action: 'read' },
    'backups.takeSnapshot': { handler: takeSnapshot, action: 'writeProject', readOnly: TAKE_READ_ONLY },
    'backups.getSnapshot': { handler: getSnapshot, action: 'read' },
    'backups.deleteSnapshot': { handler: deleteSnapshot, action: 'writeProject' },
    'backups.listRestoreJobs': { handler: listRestoreJobs, action: 'read' },
    'backups.createRestoreJob': { handler: createRestoreJob, action: 'writeProject', readOnly: CREATE_JOB_READ_ONLY },
    'backups.getRestoreJob': { handler: getRestoreJob, action: 'read' },
    'backups.cancelRestoreJob': { handler: cancelRestoreJob, action: 'writeProject' },
    'backups.getSchedule': { handler: getSchedule, action: 'read' },
  },
  seed: {
    keys: ['backups'],
    check: (doc, problems) => checkBackupSeed(doc, problems),
  },
  state: {
    shape: {
      backups: S.optional(
        S.object({
          snapshots: S.optional(S.array(S.object({ id: 'string', clusterId: 'string', requestedAt: 'number', completeAt: 'number', retentionDays: 'number' }))),
          deleted: S.optional(S.array('string')),
          historic: S.optional(S.array('string')),
          restoreJobs: S.optional(S.array(S.object({ id: 'string', snapshotId: 'string', createdAt: 'number', finishAt: 'number' }))),
          restoredFrom: S.optional(S.array(S.object({ clusterId: 'string', source: S.object({ projectId: 'string', clusterName: 'string', snapshotId: 'string' }) }))),
        }),
      ),
    },
    fromSeed: (world, seed, _now, _modules, serviceNow) => backupStateFromSeed(world, seed, serviceNow),
    upgrade: (world) => void backupStateOf(world),
    snapshot: (store) => ({ backups: snapshot(store) }),
  },
  hooks: { clusterSuccession: backupSuccession },
};

export const flexBackups: ResourceModule = {
  name: 'flexBackups',
  rateLimitPerMinute: 1200, // recorded
  operations: {
    'flexBackups.listSnapshots': { handler: listFlexSnapshots, action: 'read' },
    'flexBackups.getSnapshot': { handler: getFlexSnapshot, action: 'read' },
    'flexBackups.listRestoreJobs': { handler: listFlexRestoreJobs, action: 'read' },
    'flexBackups.createRestoreJob': { handler: createFlexRestoreJob, action: 'writeProject', readOnly: FLEX_CREATE_JOB_READ_ONLY },
    'flexBackups.getRestoreJob': { handler: getFlexRestoreJob, action: 'read' },
  },
};
