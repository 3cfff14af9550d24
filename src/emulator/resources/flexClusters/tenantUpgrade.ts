// POST /groups/{groupId}/flexClusters:tenantUpgrade (tenantGroupFlexClusterUpgrade, 2024-11-13,
// versioned API only): a flex cluster becomes a dedicated cluster of the same name. The body is a
// 2024-08-05 cluster (AtlasTenantClusterUpgradeRequest20240805: name, clusterType,
// replicationSpecs); the answer is the flex cluster (FlexClusterDescription20241113), UPDATING,
// as the Atlas CLI's `clusters upgrade` shows it (mongodb-atlas-cli#3469).
//
// From the request on, the cluster is the clusters API's: it leaves /flexClusters (whose API
// answers its name 400 CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API, as for any cluster of another
// kind: handlers.ts) and is listed in
// /clusters, UPDATING, then IDLE after the transition, with a new id and createDate and the
// connection strings it had (the shared hosts' names and replica set, as an upgraded M0 keeps
// them: reference/recorded/TestSharedClusterUpgrade__*). It keeps its backups (a flex cluster's
// are always on, and so are the dedicated cluster's unless the request turns them off), its
// snapshots and search indexes (../clusters/succession.ts), and the project's users.
import { serviceNow } from '../../context.js';
import type { Handler } from '../../contract.js';
import { failures as common } from '../../errors.js';
import { isoSeconds, objectId } from '../../store.js';
import { clusterFailures as failures, clusterStore, refuseUnlessIdle, succeed, upgradedModel, upgradeName, type ClusterRecord } from '../clusters/index.js';
import { projectOf } from '../projects/index.js';
import { nonFlexInFlexApi, render } from './handlers.js';
import { flexCluster, removeFlexCluster } from './store.js';

type Doc = Record<string, unknown>;

export const tenantUpgradeFlexCluster: Handler = async (ctx) => {
  if (ctx.api !== 'v2') throw common.resourceNotFound(ctx.path);
  const body = ctx.body as Doc;
  const name = upgradeName(body);
  const { id: groupId } = projectOf(ctx);
  const { store, transitionMs, clock } = ctx.services;
  const flex = flexCluster(store, groupId, name);
  // A dedicated or M0 cluster's name is the flex API's refusal of other kinds; none, 404.
  if (!flex && clusterStore(store).find(groupId, name)) throw nonFlexInFlexApi(name);
  if (!flex) throw failures.clusterNotFound(name, groupId);
  refuseUnlessIdle(name, flex.model.stateName, false);
  const now = serviceNow(ctx.services);
  const model = upgradedModel(body, 'perShard', { groupId, newId: () => objectId(now), now: isoSeconds(now) }, {
    tags: flex.model.tags,
    terminationProtectionEnabled: flex.model.terminationProtectionEnabled,
    // A flex cluster is always backed up: the dedicated one it becomes is too, unless the request says not.
    backupEnabled: true,
  });
  const answer = render(ctx, { model: { ...flex.model, stateName: 'UPDATING' } });
  const clusters = clusterStore(store);
  const cluster: ClusterRecord = {
    model,
    legacyStrings: false,
    pendingUntil: clock() + transitionMs,
    requests: [],
    sharedHosts: { replicaSetSeed: flex.model.id },
  };
  // Its snapshots, search indexes and the rest kept by its id are the dedicated cluster's (while the flex module still holds it).
  succeed(store, { groupId, name, fromId: flex.model.id, toId: model.id, flex: { transitionMs } });
  removeFlexCluster(store, flex);
  clusters.add(cluster);
  clusters.recordRequest(cluster, { method: ctx.method, url: ctx.target, contentType: ctx.contentType, raw: ctx.rawBody, body: parsed(ctx.rawBody) });
  await store.commit();
  return { status: 200, body: answer };
};

function parsed(raw: string): unknown {
  try {
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}
