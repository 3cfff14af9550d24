// The connectionStrings a cluster is issued, from src/connstring (shared with the
// CLI's `conn-string parse`, which reverses them). This module only gathers the
// inputs from the project and the cluster model.
import { issueConnectionStrings, projectHash } from '../connstring/index.js';
import type { IssueInput } from '../connstring/index.js';
import type { ClusterModel } from '../model/cluster.js';
import type { ClusterRecord, ProjectState } from './store.js';

/** Nodes per shard: every electable, read-only and analytics node of the first zone's regions. */
function nodesPerShard(model: ClusterModel): number {
  const regions = model.replicationSpecs[0]?.regionConfigs ?? [];
  if (regions.every((r) => r.providerName === 'TENANT')) return 3;
  const count = regions.reduce(
    (sum, r) => sum + (r.electableSpecs.nodeCount ?? 0) + (r.readOnlySpecs?.nodeCount ?? 0) + (r.analyticsSpecs?.nodeCount ?? 0),
    0,
  );
  return Math.max(1, count);
}

export function issueInputFor(project: ProjectState, record: ClusterRecord): IssueInput {
  const { model } = record;
  const lead = model.replicationSpecs[0]?.regionConfigs[0];
  return {
    cluster: model.name.toLowerCase(),
    hash: projectHash(project.id),
    clusterType: model.clusterType,
    nodeCount: nodesPerShard(model),
    shardCount: model.replicationSpecs.length,
    provider: lead?.providerName ?? 'AWS',
    peering: project.peering,
    privateEndpoints: project.privateEndpoints.map((e) => ({
      provider: e.provider,
      region: e.region,
      endpointId: e.endpointId,
      regionalized: e.regionalized ?? false,
    })),
    legacy: record.legacyStrings,
    privateIpMode: project.privateIpMode,
    ready: model.stateName !== 'CREATING',
    embeddedConfigServer: Number(model.mongoDBMajorVersion.split('.')[0]) >= 8,
    replicaSetSeed: model.id,
  };
}

export function connectionStringsFor(project: ProjectState, record: ClusterRecord): Record<string, unknown> {
  return { ...issueConnectionStrings(issueInputFor(project, record)) };
}
