// GET /api/atlas/v2/clusters (listClusterDetails, 2023-01-01): every cluster the caller
// can see, across projects, one OrgGroup per project the caller has a role in, as the
// description has it (PaginatedOrgGroupView of OrgGroup{groupId, groupName, clusters:
// CloudCluster[]}). "The response does not include multi-cloud clusters" (its text).
import type { ClusterModel } from '../../../model/cluster.js';
import { selfHref } from '../../context.js';
import type { Handler } from '../../contract.js';
import { pageParams, paginate } from '../../pagination.js';
import { projectById, type ProjectState } from '../projects/index.js';
import { clusterStore } from './store.js';

/** The CloudCluster summary of one cluster. */
function cloudCluster(model: ClusterModel): Record<string, unknown> {
  const nodes = model.replicationSpecs
    .flatMap((spec) => spec.regionConfigs)
    .reduce((sum, region) => sum + (region.electableSpecs.nodeCount ?? 0) + (region.readOnlySpecs?.nodeCount ?? 0) + (region.analyticsSpecs?.nodeCount ?? 0), 0);
  const availability = model.paused ? 'unavailable' : model.stateName === 'IDLE' ? 'available' : 'warning';
  return {
    alertCount: 0,
    authEnabled: true,
    availability,
    backupEnabled: model.backupEnabled,
    clusterId: model.id,
    dataSizeBytes: 0,
    name: model.name,
    nodeCount: nodes,
    sslEnabled: true,
    type: model.clusterType === 'REPLICASET' ? 'REPLICA_SET' : 'SHARDED_CLUSTER',
    versions: [model.mongoDBVersion],
  };
}

const multiCloud = (model: ClusterModel): boolean =>
  new Set(model.replicationSpecs.flatMap((spec) => spec.regionConfigs.map((region) => region.backingProviderName ?? region.providerName))).size > 1;

export const listAllClusters: Handler = (ctx) => {
  const { store } = ctx.services;
  const visible = [...new Set(ctx.principal.roles.map((role) => role.projectId))]
    .map((id) => projectById(store, id))
    .filter((project): project is ProjectState => project !== undefined);
  const groups = visible.map((project) => ({
    clusters: clusterStore(store).list(project.id).filter((record) => !multiCloud(record.model)).map((record) => cloudCluster(record.model)),
    groupId: project.id,
    groupName: project.name,
    planType: 'Atlas',
    tags: [],
  }));
  return { status: 200, body: paginate(groups, pageParams(ctx.query), selfHref(ctx)) };
};
