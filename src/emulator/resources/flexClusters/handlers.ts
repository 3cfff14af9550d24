// The flex clusters' handlers: list, create, get, patch, delete under
// /groups/{groupId}/flexClusters, in v2 at 2024-11-13 only (as the service: no v1.0).
// Names are shared with the clusters of the project: a name is one cluster, of one kind.
//
// Life: create -> 201 CREATING (only the SRV string) -> IDLE after transitionMs;
// PATCH changes tags and termination protection at once (no UPDATING);
// DELETE -> 204 -> DELETING -> gone (404 CLUSTER_NOT_FOUND). As recorded. The name of one of
// the project's other clusters (an upgraded flex cluster's among them) is 400
// CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API, as the flex API answers it (recorded).
import { issueConnectionStrings, projectHash } from '../../../connstring/index.js';
import { applyFlexPatch, createFlexModel, flexReadOnlyFields, renderFlexCluster, type FlexClusterModel } from '../../../model/flexCluster.js';
import { isValidClusterName } from '../../../model/cluster.js';
import { selfHref, serviceNow } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext } from '../../contract.js';
import { ApiFailure, failures as common, problemFailure } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { isoSeconds, objectId } from '../../store.js';
import { clusterFailures as failures, clusterNamed } from '../clusters/index.js';
import { projectOf, type ProjectState } from '../projects/index.js';
import { addFlexCluster, flexCluster, flexClusters, type FlexRecord } from './store.js';

/** standardSrv from the start, the host list once the hosts exist (recorded create and get). */
function connectionStrings(project: ProjectState, model: FlexClusterModel): Record<string, unknown> {
  const issued = issueConnectionStrings({
    cluster: model.name.toLowerCase(),
    hash: projectHash(project.id),
    clusterType: 'REPLICASET',
    nodeCount: 3,
    shardCount: 1,
    provider: 'TENANT', // shared hosts: "ac-…" host names, and the SRV name before the hosts are ready
    peering: false,
    privateEndpoints: [],
    legacy: false,
    privateIpMode: false,
    ready: model.stateName !== 'CREATING',
    replicaSetSeed: model.id,
  });
  return { ...(issued.standard ? { standard: issued.standard } : {}), ...(issued.standardSrv ? { standardSrv: issued.standardSrv } : {}) };
}

export function render(ctx: RequestContext, record: FlexRecord, withTags = true): Record<string, unknown> {
  return renderFlexCluster(record.model, { connectionStrings: connectionStrings(projectOf(ctx), record.model), withTags });
}

function v2Only(ctx: RequestContext): void {
  if (ctx.api !== 'v2') throw common.resourceNotFound(ctx.path);
}

/**
 * What the flex API answers for the name of one of the project's other clusters (dedicated,
 * M0, or a flex cluster upgraded to a dedicated one): 400, as the flex backup API's recordings
 * show (reference/recorded-backup/TestSnapshots__List__*cluster-209*); a name nobody holds is 404.
 */
export const nonFlexInFlexApi = (name: string): ApiFailure =>
  new ApiFailure(400, 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API', `Cannot use non-flex cluster ${name} in the flex API.`, [name]);

function findFlex(ctx: RequestContext): FlexRecord {
  v2Only(ctx);
  const name = ctx.params.name!;
  const project = projectOf(ctx);
  const record = flexCluster(ctx.services.store, project.id, name);
  if (!record && clusterNamed(ctx.services.store, project.id, name)) throw nonFlexInFlexApi(name);
  if (!record) throw failures.clusterNotFound(name, project.id);
  return record;
}

/** The read-only echo rule (../../readOnly.ts): a create may repeat the path's groupId, a PATCH what a GET gave. */
export const FLEX_CREATE_READ_ONLY: ReadOnlyFields = { fields: flexReadOnlyFields('create') };
export const FLEX_UPDATE_READ_ONLY: ReadOnlyFields = {
  fields: flexReadOnlyFields('update'),
  held: (ctx) => {
    const record = flexCluster(ctx.services.store, projectOf(ctx).id, ctx.params.name!);
    return record ? render(ctx, record) : undefined;
  },
};

export const listFlexClusters: Handler = (ctx) => {
  v2Only(ctx);
  const records = flexClusters(ctx.services.store, projectOf(ctx).id);
  const list = paginate(records, pageParams(ctx.query), selfHref(ctx));
  return { status: 200, body: { ...list, results: list.results.map((record) => render(ctx, record)) } };
};

export const getFlexCluster: Handler = (ctx) => ({ status: 200, body: render(ctx, findFlex(ctx)) });

export const createFlexCluster: Handler = async (ctx) => {
  v2Only(ctx);
  const body = ctx.body as Record<string, unknown>;
  const project = projectOf(ctx);
  const { store, faults, transitionMs, clock } = ctx.services;
  if (typeof body.name === 'string') {
    if (!isValidClusterName(body.name)) throw failures.clusterNameInvalid(body.name);
    if (flexCluster(store, project.id, body.name) || clusterNamed(store, project.id, body.name)) throw failures.duplicateClusterName(body.name, project.id);
  }
  const now = serviceNow(ctx.services); // createDate on the service's clock (--date)
  const result = createFlexModel(body, { groupId: project.id, newId: () => objectId(now), now: isoSeconds(now) });
  if (result.problem) throw problemFailure(result.problem);
  const record: FlexRecord = { model: result.model, pendingUntil: clock() + transitionMs };
  addFlexCluster(store, record);
  await store.commit();
  // The 201 has no tags when the request gave none (recorded).
  const answer = render(ctx, record, body.tags !== undefined && body.tags !== null);
  return { status: 201, body: answer, ...(faults.dropAfterCommit ? { drop: true } : {}) };
};

export const patchFlexCluster: Handler = async (ctx) => {
  const record = findFlex(ctx);
  if (record.model.stateName === 'DELETING') throw failures.alreadyDeleting(record.model.name);
  const result = applyFlexPatch(record.model, ctx.body as Record<string, unknown>);
  if (result.problem) throw problemFailure(result.problem);
  record.model = result.model;
  await ctx.services.store.commit();
  return { status: 200, body: render(ctx, record) };
};

export const deleteFlexCluster: Handler = async (ctx) => {
  const record = findFlex(ctx);
  const { model } = record;
  const { store, transitionMs, clock } = ctx.services;
  if (model.stateName === 'DELETING') throw failures.alreadyDeleting(model.name);
  if (model.terminationProtectionEnabled) throw failures.cannotTerminateProtected(model.name, model.groupId);
  model.stateName = 'DELETING';
  record.pendingUntil = clock() + transitionMs;
  await store.commit();
  return { status: 204, body: undefined };
};
