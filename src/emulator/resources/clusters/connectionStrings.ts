// The connectionStrings a cluster is issued, from src/connstring (shared with the
// CLI's `conn-string parse`, which reverses them). This module only gathers the
// inputs from the project's networking facts (../network.ts) and the cluster model.
import { issueConnectionStrings, projectHash, tenantHostPrefix } from '../../../connstring/index.js';
import { hostRegion } from '../../../connstring/regions.js';
import type { IssueInput } from '../../../connstring/index.js';
import type { ClusterModel } from '../../../model/cluster.js';
import type { PrivateEndpointFact } from '../network.js';
import type { ClusterRecord } from './store.js';
import type { ProjectFacts } from './views.js';

/** Nodes per shard: every electable, read-only and analytics node of the first zone's regions. */
export function nodesPerShard(model: ClusterModel): number {
  const regions = model.replicationSpecs[0]?.regionConfigs ?? [];
  if (regions.every((r) => r.providerName === 'TENANT')) return 3;
  const count = regions.reduce(
    (sum, r) => sum + (r.electableSpecs.nodeCount ?? 0) + (r.readOnlySpecs?.nodeCount ?? 0) + (r.analyticsSpecs?.nodeCount ?? 0),
    0,
  );
  return Math.max(1, count);
}

export function issueInputFor(project: ProjectFacts, record: ClusterRecord): IssueInput {
  const { model } = record;
  const lead = model.replicationSpecs[0]?.regionConfigs[0];
  const provider = lead?.providerName ?? 'AWS';
  const hash = projectHash(project.id);
  const cluster = model.name.toLowerCase();
  // An upgraded shared-tier or flex cluster keeps the shared hosts' names and its replica set (store.ts).
  const shared = record.sharedHosts ? { hostPrefix: tenantHostPrefix(`${hash}/${cluster}`), replicaSetSeed: record.sharedHosts.replicaSetSeed } : undefined;
  return {
    cluster,
    hash,
    clusterType: model.clusterType,
    nodeCount: nodesPerShard(model),
    shardCount: model.replicationSpecs.length,
    provider,
    // An AVAILABLE peer on the cluster's cloud.
    peering: project.peered.some((peered) => peered === provider),
    // A private endpoint serves the clusters of its own cloud and region only.
    privateEndpoints: project.privateEndpoints.filter((e) => servesCluster(e, model)).map((e) => ({
      provider: e.provider,
      region: e.region,
      endpointId: e.endpointId,
      regionalized: e.regionalized ?? false,
    })),
    legacy: record.legacyStrings,
    privateIpMode: project.privateIpMode,
    // AWS: an AVAILABLE peer gives the private strings only with the project's custom DNS on.
    awsCustomDns: project.awsCustomDns,
    ready: model.stateName !== 'CREATING',
    embeddedConfigServer: Number(model.mongoDBMajorVersion.split('.')[0]) >= 8,
    replicaSetSeed: model.id,
    ...shared,
  };
}

/** The endpoint's provider and region are those of one of the cluster's regions (any zone, any shard). */
function servesCluster(endpoint: PrivateEndpointFact, model: ClusterModel): boolean {
  const region = hostRegion(endpoint.provider, endpoint.region);
  if (region === undefined) return false;
  return model.replicationSpecs.some((spec) =>
    spec.regionConfigs.some((r) => r.providerName === endpoint.provider && hostRegion(endpoint.provider, r.regionName) === region),
  );
}

export function connectionStringsFor(project: ProjectFacts, record: ClusterRecord): Record<string, unknown> {
  return { ...issueConnectionStrings(issueInputFor(project, record)) };
}
