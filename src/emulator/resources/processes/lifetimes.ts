// When each host of a cluster was up. The processes list (derive.ts) says which hosts run
// now; the logs and the access history need which ran at a past time too: a host came up
// when its cluster became ready (the connection strings' issue, the journal's CLUSTER_READY),
// went down when the cluster was paused, came up again when it was resumed, and a host a
// scale added came up then (one a scale took away went down). So the module keeps, per
// cluster, its shape at each change (world.processHistory): running or paused, nodes per
// shard, shards. A change takes effect when the processes list changes (the request that
// made it: a pause takes the processes away at once, a resume or a scale shows them at
// once), and the first shape is the cluster's as seeded or created, from when its hosts
// came up. Times are the service's (ms).
import type { ClusterModel } from '../../../model/cluster.js';
import type { Observation, Store, World } from '../../contract.js';
import { clusterStore } from '../clusters/index.js';
import { nodesPerShard } from '../clusters/connectionStrings.js';
import type { ProcessInfo } from './derive.js';

/** A cluster's shape from `at` on. */
export interface ClusterShapeMark {
  groupId: string;
  clusterId: string;
  at: number;
  running: boolean;
  nodes: number;
  shards: number;
}

declare module '../../contract.js' {
  interface World {
    /** Absent in state files written before it: then every cluster ran as it is since it came up. */
    processHistory?: ClusterShapeMark[];
  }
}

/** Most marks kept (the oldest go first), as the journal bounds itself. */
const MAX_MARKS = 5000;

export function historyOf(world: World): ClusterShapeMark[] {
  world.processHistory ??= [];
  return world.processHistory;
}

/** When a cluster's hosts first came up (ms): the connection strings' issue, else its creation. */
export const cameUp = (model: ClusterModel): number => Date.parse(model.mongoURIUpdated ?? model.createDate);

const shapeOf = (model: ClusterModel): Pick<ClusterShapeMark, 'running' | 'nodes' | 'shards'> => ({
  running: !model.paused,
  nodes: nodesPerShard(model),
  shards: model.replicationSpecs.length,
});

function push(world: World, mark: ClusterShapeMark): void {
  const marks = historyOf(world);
  const last = marks.filter((m) => m.groupId === mark.groupId && m.clusterId === mark.clusterId).at(-1);
  if (last && last.running === mark.running && last.nodes === mark.nodes && last.shards === mark.shards) return;
  marks.push(mark);
  if (marks.length > MAX_MARKS) marks.splice(0, marks.length - MAX_MARKS);
}

/** The first mark of every cluster the world has without one (seeded, or of a state file written before the history). */
export function markBaselines(world: World): void {
  const marks = historyOf(world);
  for (const { model } of world.clusters ?? []) {
    if (marks.some((m) => m.groupId === model.groupId && m.clusterId === model.id)) continue;
    push(world, { groupId: model.groupId, clusterId: model.id, at: cameUp(model), ...shapeOf(model) });
  }
}

/**
 * Told of every change (the pipeline's `observe`): a created cluster's first shape, from
 * when its creation ends; an update's new shape, from now. Whether anything was written.
 */
export function observeClusterChange(store: Store, observation: Observation): boolean {
  if (observation.operation !== 'clusters.create' && observation.operation !== 'clusters.update') return false;
  const groupId = observation.params.groupId ?? '';
  const name = observation.operation === 'clusters.create' ? String((observation.body as { name?: unknown } | undefined)?.name ?? '') : (observation.params.clusterName ?? '');
  const record = clusterStore(store).find(groupId, name);
  if (!record) return false;
  const before = historyOf(store.world).length;
  if (observation.operation === 'clusters.create') {
    // Its hosts come up when the creation ends (the clusters' pendingUntil, on the store's clock).
    const offset = store.serviceClock() - store.clock();
    const at = record.pendingUntil !== undefined ? record.pendingUntil + offset : store.serviceClock();
    push(store.world, { groupId, clusterId: record.model.id, at, ...shapeOf(record.model) });
  } else {
    markBaselines(store.world);
    push(store.world, { groupId, clusterId: record.model.id, at: store.serviceClock(), ...shapeOf(record.model) });
  }
  return historyOf(store.world).length !== before;
}

/** A time a host was up: [from, to), `to` absent while it still is. */
export interface UpPeriod {
  from: number;
  to?: number;
}

/** Whether the host of `process` runs in a cluster of this shape (pre-8.0 config servers run whenever the cluster does). */
const runsIn = (process: ProcessInfo, mark: Pick<ClusterShapeMark, 'running' | 'nodes' | 'shards'>): boolean =>
  mark.running && (process.typeName === 'SHARD_CONFIG' || (process.node < mark.nodes && process.shard < mark.shards));

/**
 * The periods the host of `process` was up, oldest first. The first begins when the
 * cluster's hosts came up; each later mark of its cluster starts or ends one.
 */
export function upPeriods(store: Store, process: ProcessInfo): UpPeriod[] {
  const marks = (store.world.processHistory ?? []).filter((m) => m.groupId === process.groupId && m.clusterId === process.clusterId);
  const record = clusterStore(store).find(process.groupId, process.clusterName);
  const first = record ? cameUp(record.model) : Date.parse(process.created);
  const timeline = marks.length > 0 ? marks : record ? [{ at: first, ...shapeOf(record.model) }] : [{ at: first, running: true, nodes: process.node + 1, shards: process.shard + 1 }];
  const out: UpPeriod[] = [];
  let open: UpPeriod | undefined;
  for (const [i, mark] of timeline.entries()) {
    const at = i === 0 ? Math.max(first, mark.at) : mark.at;
    const up = runsIn(process, mark);
    if (up && !open) out.push((open = { from: at }));
    else if (!up && open) {
      open.to = at;
      open = undefined;
    }
  }
  return out;
}

/** Whether the host was up at `at`. */
export const upAt = (periods: readonly UpPeriod[], at: number): boolean => periods.some((p) => at >= p.from && (p.to === undefined || at < p.to));
