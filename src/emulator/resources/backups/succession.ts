// A cluster's backups through a tenant upgrade (../clusters/succession.ts): the upgraded
// cluster has a new id, and its snapshots and restore jobs, kept by the old one, are its own.
// A flex cluster's schedule made its daily snapshots without storing them: the ones it keeps
// now are stored as the dedicated cluster's (daily, as they were), for their 8 days.
import type { Store } from '../../contract.js';
import type { ClusterSuccession } from '../clusters/index.js';
import { backupClusterOf, findAnyCluster } from './clusters.js';
import { scheduledSnapshots } from './schedule.js';
import { backupStateOf } from './state.js';

const DAY = 24 * 60 * 60 * 1000;

export const backupSuccession: ClusterSuccession = {
  succeeded(store: Store, { groupId, name, fromId, toId, flex }) {
    const state = backupStateOf(store.world);
    const located = flex ? findAnyCluster(store, groupId, name) : undefined;
    if (flex && located?.kind === 'flex' && located.record.model.id === fromId) {
      const deleted = new Set(state.deleted);
      const moment = { now: store.serviceClock(), transitionMs: flex.transitionMs };
      for (const view of scheduledSnapshots(backupClusterOf(located, state, flex.transitionMs), moment)) {
        if (deleted.has(view.id)) continue;
        state.snapshots.push({
          id: view.id,
          groupId,
          clusterId: toId,
          clusterName: name,
          flex: false,
          onDemand: false,
          frequency: 'daily',
          retentionDays: Math.round(view.retentionMs / DAY),
          requestedAt: view.requestedAt,
          completeAt: view.completeAt,
          mongodVersion: view.mongodVersion,
          cloudProvider: view.cloudProvider,
          storageSizeBytes: view.storageSizeBytes,
        });
      }
    }
    for (const record of state.snapshots) {
      if (record.clusterId !== fromId) continue;
      record.clusterId = toId;
      // The dedicated cluster's snapshot API shows it now: a flex one was a daily one.
      if (record.flex) Object.assign(record, { flex: false, frequency: 'daily' });
    }
    for (const job of state.restoreJobs) {
      if (job.clusterId === fromId) job.clusterId = toId;
      if (job.target?.clusterId === fromId) job.target.clusterId = toId;
    }
    for (const restored of state.restoredFrom) if (restored.clusterId === fromId) restored.clusterId = toId;
    // Not `historic`: the dedicated cluster's own schedule starts with it (its createDate is the upgrade's).
  },
};
