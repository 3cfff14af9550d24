// POST /groups/{groupId}/clusters/tenantUpgrade (upgradeGroupClusterTenantUpgrade, 2023-01-01):
// a shared-tier (M0) cluster becomes a dedicated one of the same name. The body is a
// legacy-shape cluster (LegacyAtlasTenantClusterUpgradeRequest: name, providerSettings
// {providerName, instanceSizeName, regionName}); the answer is the cluster in the legacy
// shape (LegacyAtlasCluster), UPDATING.
//
// As recorded (reference/recorded/TestSharedClusterUpgrade__*): the cluster answers UPDATING
// at once, still as the shared tier, with the request's tags already on it; when the change is
// done it is the dedicated cluster, IDLE, with a new id and createDate (the time of the request),
// the same name and the same connection strings. (The service also shows the new tier for a
// while before IDLE; here the tier changes when UPDATING ends.) Flex clusters are upgraded by
// their own API (../flexClusters/tenantUpgrade.ts): since January 2026 this one serves M0 alone,
// so a flex name gets the clusters API's refusal of flex names.
import { createClusterModel, isTenant, type ClusterModel, type ClusterShape, type ModelContext } from '../../../model/cluster.js';
import type { Handler } from '../../contract.js';
import { problemFailure } from '../../errors.js';
import { projectOf } from '../projects/index.js';
import { clusterFailures as failures } from './errors.js';
import { modelContext, otherKindNamed, record, render } from './handlers.js';
import { clusterStore } from './store.js';

type Doc = Record<string, unknown>;

/** What the upgraded cluster keeps of the one it was, unless the request says otherwise. */
export interface KeptFromTenant {
  tags: unknown[];
  terminationProtectionEnabled: boolean;
  /** The writable settings both cluster shapes carry (labels, biConnector ...), for an M0. */
  settings?: Doc;
  /** Cloud backup, unless the request says (a flex cluster's is always on). */
  backupEnabled?: boolean;
}

const given = (body: Doc, key: string): boolean => body[key] !== undefined && body[key] !== null;

/** The request's name, which both upgrades require (the description: `required: [name]`). */
export function upgradeName(body: Doc): string {
  if (typeof body.name !== 'string' || body.name === '') throw problemFailure({ code: 'MISSING_ATTRIBUTE', field: 'name' });
  return body.name;
}

/**
 * The dedicated cluster an upgrade request describes, UPDATING, or the service's refusal:
 * the body's problems as a create of that shape has them, and a tier that is not dedicated
 * (the shared tiers are no upgrade's target since January 2026).
 */
export function upgradedModel(body: Doc, shape: ClusterShape, ctx: ModelContext, kept: KeptFromTenant): ClusterModel {
  const result = createClusterModel(body, shape, ctx);
  if (result.problem) throw problemFailure(result.problem);
  if (isTenant(result.model)) {
    throw problemFailure({ code: 'INVALID_ATTRIBUTE', field: shape === 'legacy' ? 'providerSettings.providerName' : 'replicationSpecs.regionConfigs.providerName' });
  }
  const model = result.model;
  model.stateName = 'UPDATING';
  for (const [key, value] of Object.entries(kept.settings ?? {})) {
    if (!given(body, key)) model.settings[key] = structuredClone(value);
  }
  if (!given(body, 'tags')) model.settings.tags = structuredClone(kept.tags);
  if (!given(body, 'terminationProtectionEnabled')) model.terminationProtectionEnabled = kept.terminationProtectionEnabled;
  if (kept.backupEnabled !== undefined && !given(body, 'backupEnabled') && !given(body, 'providerBackupEnabled')) model.backupEnabled = kept.backupEnabled;
  return model;
}

/** Refused while the cluster is not IDLE: being deleted, or changing (an upgrade under way included). */
export function refuseUnlessIdle(name: string, stateName: string, upgrading: boolean): void {
  if (stateName === 'DELETING') throw failures.alreadyDeleting(name);
  if (stateName !== 'IDLE' || upgrading) throw failures.cannotUpgradeWithPendingChanges(name);
}

export const tenantUpgradeCluster: Handler = async (ctx) => {
  const body = ctx.body as Doc;
  const name = upgradeName(body);
  const { id: groupId } = projectOf(ctx);
  const { store, transitionMs, clock } = ctx.services;
  const clusters = clusterStore(store);
  const cluster = clusters.find(groupId, name);
  if (!cluster) {
    const other = otherKindNamed(store, groupId, name);
    if (other) throw other.refusal(name); // a flex cluster: its own API upgrades it
    throw failures.clusterNotFound(name, groupId);
  }
  const { model } = cluster;
  if (!isTenant(model)) throw failures.notTenantCluster(name);
  refuseUnlessIdle(name, model.stateName, cluster.upgradeTo !== undefined);
  const settings = { ...model.settings };
  delete settings.tags;
  const target = upgradedModel(body, 'legacy', modelContext(ctx), {
    tags: Array.isArray(model.settings.tags) ? model.settings.tags : [],
    terminationProtectionEnabled: model.terminationProtectionEnabled,
    settings,
  });
  record(ctx, cluster);
  // Until the change is done it answers as the shared tier, UPDATING, with the request's tags (recorded).
  cluster.model = { ...model, stateName: 'UPDATING', settings: { ...model.settings, tags: structuredClone(target.settings.tags) } };
  cluster.upgradeTo = target;
  clusters.schedule(cluster, clock() + transitionMs);
  await store.commit();
  return { status: 200, body: render(ctx, cluster) };
};
