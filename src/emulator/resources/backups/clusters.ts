// What the backup handlers ask of the clusters: the path's cluster in the API it was
// called through (a dedicated cluster's name in the flex backup API, or the reverse, is
// refused as the service does), its backup facts, and its snapshots at the moment read.
import { isTenant } from '../../../model/cluster.js';
import { FLEX_MONGODB_VERSION } from '../../../model/flexCluster.js';
import { serviceNow } from '../../context.js';
import { hooksOf, type RequestContext, type Store } from '../../contract.js';
import { failures } from '../../errors.js';
import { clusterFailures, clusterStore, type ClusterRecord } from '../clusters/index.js';
import { flexCluster, type FlexRecord } from '../flexClusters/store.js';
import { projectOf } from '../projects/index.js';
import { backupFailures } from './errors.js';
import { expiresAt, recordView, scheduledSnapshots, type BackupCluster, type Moment, type SnapshotView } from './schedule.js';
import { backupStateOf, type BackupState, type CloudProvider } from './state.js';

export type Located = { kind: 'dedicated'; record: ClusterRecord } | { kind: 'flex'; record: FlexRecord };

/** Now on the service's clock: every time of the backup module is service time (schedule.ts). */
export function momentOf(ctx: RequestContext): Moment {
  return { now: serviceNow(ctx.services), transitionMs: ctx.services.transitionMs };
}

/** The world's backup state, snapshots past their time and deleted ones taken out. */
export function stateAt(store: Store, now: number): BackupState {
  const state = backupStateOf(store.world);
  state.snapshots = state.snapshots.filter((record) => expiresAt(recordView(record), now) > now);
  return state;
}

function v2Only(ctx: RequestContext): void {
  if (ctx.api !== 'v2') throw failures.resourceNotFound(ctx.path);
}

/** A cluster of either kind by name in a project, or undefined. */
export function findAnyCluster(store: Store, groupId: string, name: string): Located | undefined {
  const dedicated = clusterStore(store).find(groupId, name);
  if (dedicated) return { kind: 'dedicated', record: dedicated };
  const flex = flexCluster(store, groupId, name);
  return flex ? { kind: 'flex', record: flex } : undefined;
}

/** The path's dedicated cluster: a flex cluster's name is the clusters API's refusal (recorded), another 404. */
export function dedicatedCluster(ctx: RequestContext): ClusterRecord {
  v2Only(ctx);
  const name = ctx.params.clusterName!;
  const { id } = projectOf(ctx);
  const { store } = ctx.services;
  const record = clusterStore(store).find(id, name);
  if (record) return record;
  const other = hooksOf(store.modules, 'otherClusterKinds').find((kind) => kind.named(store, id, name));
  throw other ? other.refusal(name) : clusterFailures.clusterNotFound(name, id);
}

/** The path's flex cluster: a dedicated cluster's name is the flex API's refusal (recorded), another 404. */
export function flexClusterOf(ctx: RequestContext): FlexRecord {
  v2Only(ctx);
  const name = ctx.params.name!;
  const { id } = projectOf(ctx);
  const record = flexCluster(ctx.services.store, id, name);
  if (record) return record;
  if (clusterStore(ctx.services.store).find(id, name)) throw backupFailures.nonFlexInFlexApi(name);
  throw clusterFailures.clusterNotFound(name, id);
}

/** A cluster's backup facts; `historic`: backed up since before the emulator's time. */
export function backupClusterOf(located: Located, state: BackupState, transitionMs: number): BackupCluster {
  const { model } = located.record;
  const historic = state.historic.includes(model.id);
  // Backup starts once the cluster is first IDLE.
  const since = historic ? null : (Date.parse(model.createDate) || 0) + transitionMs;
  if (located.kind === 'flex') {
    const provider = located.record.model.backingProviderName;
    return { id: model.id, groupId: model.groupId, name: model.name, flex: true, backupEnabled: true, since, mongodVersion: FLEX_MONGODB_VERSION, cloudProvider: provider, type: 'replicaSet' };
  }
  const dedicated = located.record.model;
  const provider = dedicated.replicationSpecs[0]?.regionConfigs[0]?.providerName;
  return {
    id: model.id,
    groupId: model.groupId,
    name: model.name,
    flex: false,
    // A shared-tier cluster has no cloud backup, whatever the flag says.
    backupEnabled: dedicated.backupEnabled && !isTenant(dedicated),
    since,
    mongodVersion: dedicated.mongoDBVersion,
    cloudProvider: (provider === 'AZURE' || provider === 'GCP' ? provider : 'AWS') as CloudProvider,
    type: dedicated.clusterType === 'REPLICASET' ? 'replicaSet' : 'shardedCluster',
  };
}

/** The cluster's snapshots at the moment, newest first: the schedule's and those taken on demand or seeded. */
export function snapshotsOf(cluster: BackupCluster, state: BackupState, moment: Moment): SnapshotView[] {
  if (!cluster.backupEnabled) return [];
  const deleted = new Set(state.deleted);
  const scheduled = scheduledSnapshots(cluster, moment).filter((view) => !deleted.has(view.id));
  const stored = state.snapshots.filter((record) => record.clusterId === cluster.id).map(recordView);
  return [...scheduled, ...stored].sort((a, b) => b.requestedAt - a.requestedAt || (a.id < b.id ? 1 : -1));
}
