// The clusters' handlers: list, create, get, patch, delete under
// /groups/{groupId}/clusters, in v1.0 and v2. One canonical model per cluster,
// rendered in the shape of the version being served.
//
// Life: create -> 201 CREATING -> IDLE after transitionMs; PATCH -> UPDATING -> IDLE;
// DELETE -> 202 {} -> DELETING -> gone (404 CLUSTER_NOT_FOUND).
import { CLUSTER_SHAPES, READ_ONLY_FIELDS, applyClusterPatch, createClusterModel, isTenant, isValidClusterName, renderCluster, shapeForVersion, shardsDiffer } from '../../../model/cluster.js';
import type { ClusterModel, ClusterShape, ModelContext } from '../../../model/cluster.js';
import type { JsonText } from '../../../base/jsonText.js';
import { selfHref, serviceNow } from '../../context.js';
import type { Link } from '../../context.js';
import { hooksOf, type Handler, type ReadOnlyFields, type RequestContext, type Store } from '../../contract.js';
import { ApiFailure, problemFailure } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { isoSeconds, objectId } from '../../store.js';
import { networkFacts } from '../network.js';
import { projectOf } from '../projects/index.js';
import { connectionStringsFor } from './connectionStrings.js';
import { clusterFailures as failures } from './errors.js';
import { clusterStore, type ClusterRecord } from './store.js';
import { ClusterViews, type ProjectFacts } from './views.js';

/**
 * Another kind of cluster that shares a project's names (flex clusters): a name is one
 * cluster, of one kind. The clusters API answers such a name with the kind's own refusal,
 * and a create of it with DUPLICATE_CLUSTER_NAME. The kinds provide this (Hooks).
 */
export interface OtherClusterKind {
  named(store: Store, groupId: string, name: string): boolean;
  /** What the clusters API answers for one of its names. */
  refusal(name: string): ApiFailure;
}

declare module '../../contract.js' {
  interface Hooks {
    otherClusterKinds: OtherClusterKind;
  }
}

export const otherKindNamed = (store: Store, groupId: string, name: string): OtherClusterKind | undefined =>
  hooksOf(store.modules, 'otherClusterKinds').find((kind) => kind.named(store, groupId, name));

const REL_PREFIX = 'https://cloud.mongodb.com/';

/** The cluster body shape of this call: legacy for v1.0 and 2023-01-01. */
function shapeOf(ctx: RequestContext): ClusterShape {
  return shapeForVersion(ctx.version ?? 'v1.0');
}

/** Rendered clusters and their connection strings, one cache per emulator (per store). */
const viewsByStore = new WeakMap<Store, ClusterViews>();
function viewsOf(ctx: RequestContext): ClusterViews {
  let views = viewsByStore.get(ctx.services.store);
  if (!views) {
    views = new ClusterViews(connectionStringsFor);
    viewsByStore.set(ctx.services.store, views);
  }
  return views;
}

function clusterUrl(ctx: RequestContext, model: ClusterModel): string {
  return `${ctx.baseUrl}/api/atlas/${ctx.api}/groups/${model.groupId}/clusters/${encodeURIComponent(model.name)}`;
}

function clusterLinks(ctx: RequestContext, model: ClusterModel, inList: boolean): Link[] {
  const self = clusterUrl(ctx, model);
  if (inList) return [{ href: self, rel: 'self' }];
  return [
    { href: self, rel: 'self' },
    { href: `${self}/backup/restoreJobs`, rel: `${REL_PREFIX}restoreJobs` },
    { href: `${self}/backup/snapshots`, rel: `${REL_PREFIX}snapshots` },
  ];
}

/** What the project gives a cluster's strings: its id and networking (../network.ts). */
function factsOf(ctx: RequestContext): ProjectFacts {
  const { id } = projectOf(ctx);
  return { id, ...networkFacts(ctx.services.store, id) };
}

/** The cluster as this request sees it, as JSON text: rendered once per change of the cluster (views.ts). */
export function render(ctx: RequestContext, record: ClusterRecord, inList = false, project = factsOf(ctx)): JsonText {
  const shape = shapeOf(ctx);
  const variant = `${shape} ${ctx.api} ${inList ? 'list' : 'single'} ${ctx.baseUrl}`;
  return viewsOf(ctx).view(project, record, variant, (connectionStrings) =>
    renderCluster(record.model, shape, { links: clusterLinks(ctx, record.model, inList), connectionStrings }),
  );
}

/** The cluster as a GET at this version would answer it, as a document. */
function currentDocument(ctx: RequestContext, record: ClusterRecord): Record<string, unknown> {
  const strings = viewsOf(ctx).connectionStrings(factsOf(ctx), record);
  return renderCluster(record.model, shapeOf(ctx), { links: clusterLinks(ctx, record.model, false), connectionStrings: structuredClone(strings) });
}

function withoutTags(ctx: RequestContext, record: ClusterRecord): Record<string, unknown> {
  const { tags: _none, ...rest } = currentDocument(ctx, record);
  return rest;
}

/**
 * The read-only echo rule (../../readOnly.ts) for cluster bodies: on create the one value to
 * equal is the path's `groupId`; on PATCH every read-only field, nested ones too, is held
 * against the cluster as this version renders it (array entries by shard id where the body
 * gives one, else by position). 2024-08-05 shard ids stay: the model matches shards by them.
 */
export const CLUSTER_READ_ONLY: ReadOnlyFields = {
  fields: (ctx) => {
    const shape = shapeOf(ctx);
    return READ_ONLY_FIELDS[shape].filter((path) => !(shape === 'perShard' && path === 'replicationSpecs.id'));
  },
  held: (ctx) => {
    const record = ctx.params.clusterName === undefined ? undefined : clusterStore(ctx.services.store).find(projectOf(ctx).id, ctx.params.clusterName);
    return record ? currentDocument(ctx, record) : undefined;
  },
};

export function modelContext(ctx: RequestContext): ModelContext {
  // The service's clock (--date), so createDate and the envs' ages agree with the Date header.
  const now = serviceNow(ctx.services);
  return { groupId: projectOf(ctx).id, newId: () => objectId(now), now: isoSeconds(now) };
}

function findCluster(ctx: RequestContext): ClusterRecord {
  const name = ctx.params.clusterName!;
  const { id } = projectOf(ctx);
  const record = clusterStore(ctx.services.store).find(id, name);
  if (!record) {
    const other = otherKindNamed(ctx.services.store, id, name);
    if (other) throw other.refusal(name); // a flex cluster's name: the service's 400, not a 404
    throw failures.clusterNotFound(name, id);
  }
  return record;
}

export function record(ctx: RequestContext, cluster: ClusterRecord): void {
  let body: unknown;
  try {
    body = ctx.rawBody ? JSON.parse(ctx.rawBody) : undefined;
  } catch {
    body = undefined;
  }
  clusterStore(ctx.services.store).recordRequest(cluster, {
    method: ctx.method,
    url: ctx.target,
    contentType: ctx.contentType,
    raw: ctx.rawBody,
    body,
  });
}

/**
 * A cluster whose shards differ cannot be told in one spec with numShards (v1.0,
 * 2023-01-01, 2023-02-01): the service refuses reads and writes of it there with 400
 * ASYMMETRIC_SHARD_UNSUPPORTED rather than answer the first shard's tier for all
 * (the Terraform provider's sharding guide: the legacy cluster resource and data
 * sources "will not work" with that code; its advanced cluster reads the old API and
 * treats the code as "this cluster is asymmetric"). Delete has no 2024 version, so
 * 2023-02-01 deletes it.
 */
function refuseAsymmetric(ctx: RequestContext, record: ClusterRecord): void {
  if (shapeOf(ctx) !== 'perShard' && shardsDiffer(record.model)) {
    throw failures.asymmetricShardUnsupported(record.model.name, ctx.version ?? 'v1.0');
  }
}

export const listClusters: Handler = (ctx) => {
  const page = pageParams(ctx.query);
  const records = clusterStore(ctx.services.store).list(projectOf(ctx).id);
  const list = paginate(records, page, selfHref(ctx));
  // A list at an old version holding such a cluster is refused whole. Neither the description nor
  // the Atlas CLI / Terraform handling says what the service's list does; the Terraform guide
  // (advanced-cluster-new-sharding-schema.md, from #3366) says the legacy resource and data
  // sources "will not work" with this code, and the alternatives are worse: the cluster collapsed
  // to its first shard is the silent loss the code exists to prevent, and a page without it
  // would disagree with totalCount.
  for (const record of list.results) refuseAsymmetric(ctx, record);
  const project = factsOf(ctx);
  return { status: 200, body: { ...list, results: list.results.map((r) => render(ctx, r, true, project)) } };
};

export const getCluster: Handler = (ctx) => {
  const cluster = findCluster(ctx);
  refuseAsymmetric(ctx, cluster);
  return { status: 200, body: render(ctx, cluster) };
};

export const createCluster: Handler = async (ctx) => {
  const body = ctx.body as Record<string, unknown>;
  const project = projectOf(ctx);
  const { store, faults, transitionMs, clock } = ctx.services;
  const clusters = clusterStore(store);
  if (typeof body.name === 'string') {
    if (!isValidClusterName(body.name)) throw failures.clusterNameInvalid(body.name);
    if (clusters.find(project.id, body.name) || otherKindNamed(store, project.id, body.name)) throw failures.duplicateClusterName(body.name, project.id);
  }
  const result = createClusterModel(body, shapeOf(ctx), modelContext(ctx));
  if (result.problem) throw problemFailure(result.problem);
  const cluster: ClusterRecord = {
    model: result.model,
    legacyStrings: false,
    pendingUntil: clock() + transitionMs,
    requests: [],
  };
  record(ctx, cluster);
  clusters.add(cluster);
  await store.commit();
  // The service's 201 has no tags when the request gave none (recorded); later reads show [].
  const given = body.tags !== undefined && body.tags !== null;
  const answer = given ? render(ctx, cluster) : withoutTags(ctx, cluster);
  return { status: 201, body: answer, ...(faults.dropAfterCommit ? { drop: true } : {}) };
};

export const patchCluster: Handler = async (ctx) => {
  const cluster = findCluster(ctx);
  const body = ctx.body as Record<string, unknown>;
  const { store, transitionMs, clock } = ctx.services;
  const { model } = cluster;
  if (model.stateName === 'DELETING') throw failures.alreadyDeleting(model.name);
  refuseAsymmetric(ctx, cluster);
  checkPauseRules(model, body);
  const result = applyClusterPatch(model, body, shapeOf(ctx), modelContext(ctx));
  if (result.problem) throw problemFailure(result.problem);
  record(ctx, cluster);
  if (JSON.stringify(result.model) !== JSON.stringify(model)) {
    // A value stored that every shape already rendered (a default sent back) is no change to wait for.
    const visible = !rendersAlike(model, result.model);
    cluster.model = result.model;
    // A cluster still being created stays CREATING; otherwise the change puts it in UPDATING.
    if (visible && model.stateName !== 'CREATING') cluster.model.stateName = 'UPDATING';
    if (visible) clusterStore(store).schedule(cluster, clock() + transitionMs);
  }
  await store.commit();
  return { status: 200, body: render(ctx, cluster) };
};

/** Whether two models answer the same in every shape. */
function rendersAlike(a: ClusterModel, b: ClusterModel): boolean {
  const options = { links: [], connectionStrings: {} };
  return CLUSTER_SHAPES.every((shape) => JSON.stringify(renderCluster(a, shape, options)) === JSON.stringify(renderCluster(b, shape, options)));
}

/**
 * The service's pause rules (its error codes page): a pause comes alone, on an
 * idle dedicated cluster that is not paused yet; a paused cluster takes nothing
 * but `{"paused": false}` until it is running again. Resuming a running cluster
 * is accepted and changes nothing.
 */
function checkPauseRules(model: ClusterModel, body: Record<string, unknown>): void {
  const others = Object.keys(body).some((key) => key !== 'paused' && body[key] !== undefined && body[key] !== null);
  if (body.paused === true) {
    if (isTenant(model)) throw failures.tenantUpdateUnsupported();
    if (model.paused) throw failures.clusterAlreadyPaused();
    if (others) throw failures.cannotUpdateAndPause(model.name);
    if (model.stateName !== 'IDLE') throw failures.cannotPauseWithPendingChanges();
  } else if (model.paused && (body.paused !== false || others)) {
    throw failures.cannotUpdatePaused(model.name);
  }
}

export const deleteCluster: Handler = async (ctx) => {
  const cluster = findCluster(ctx);
  const { model } = cluster;
  const { store, transitionMs, clock } = ctx.services;
  if (model.stateName === 'DELETING') throw failures.alreadyDeleting(model.name);
  if (model.terminationProtectionEnabled) throw failures.cannotTerminateProtected(model.name, model.groupId);
  record(ctx, cluster);
  model.stateName = 'DELETING';
  clusterStore(store).schedule(cluster, clock() + transitionMs);
  await store.commit();
  return { status: 202, body: {} };
};
