// The clusters' failures, with the detail patterns observed on the live service
// (reference README); flex clusters answer the same ones for the same cases.
import { ApiFailure } from '../../errors.js';

export const clusterFailures = {
  clusterNotFound: (name: string, groupId: string) =>
    new ApiFailure(404, 'CLUSTER_NOT_FOUND', `No cluster named ${name} exists in group ${groupId}.`, [name, groupId]),
  duplicateClusterName: (name: string, groupId: string) =>
    new ApiFailure(409, 'DUPLICATE_CLUSTER_NAME', `A cluster named ${name} is already present in group ${groupId}.`, [name, groupId]),
  clusterNameInvalid: (name: string) =>
    new ApiFailure(
      400,
      'CLUSTER_NAME_INVALID',
      `Cluster name ${name} is invalid. A name has at most 64 characters, only ASCII letters, digits and hyphens, starts with a letter or digit and does not end with a hyphen.`,
      [name],
    ),
  // The code is the service's (handled by the Atlas CLI, mongodb-atlas-cli#3982, and the Terraform
  // provider, terraform-provider-mongodbatlas#3177/#3366); no recording has its detail, so the words are ours.
  asymmetricShardUnsupported: (name: string, version: string) =>
    new ApiFailure(
      400,
      'ASYMMETRIC_SHARD_UNSUPPORTED',
      `Cluster ${name} has shards of different sizes, which API version ${version} cannot describe. Use version 2024-08-05 or later.`,
      [name, version],
    ),
  cannotTerminateProtected: (name: string, groupId: string) =>
    new ApiFailure(
      400,
      'CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED',
      'Cannot terminate a cluster when termination protection is enabled. Disable termination protection and try again.',
      [`Cannot terminate cluster ${name} in group ${groupId} because termination protection is enabled. Disable termination protection and try again.`],
    ),
  alreadyDeleting: (name: string) =>
    new ApiFailure(400, 'CLUSTER_ALREADY_REQUESTED_DELETION', `Cluster ${name} has already been requested for deletion.`, [name]),
  clusterAlreadyPaused: () => new ApiFailure(409, 'CLUSTER_ALREADY_PAUSED', 'Cannot pause a cluster that is already paused.'),
  cannotUpdateAndPause: (name: string) =>
    new ApiFailure(409, 'CANNOT_UPDATE_AND_PAUSE_CLUSTER', `Cannot update and pause cluster ${name} at the same time.`, [name]),
  cannotPauseWithPendingChanges: () =>
    new ApiFailure(409, 'CANNOT_PAUSE_CLUSTER_WITH_PENDING_CHANGES', 'Cannot pause a cluster with pending changes.'),
  tenantUpdateUnsupported: () =>
    new ApiFailure(400, 'TENANT_CLUSTER_UPDATE_UNSUPPORTED', 'Cannot update a M0/M2/M5 cluster through the public API.'),
  cannotUpdatePaused: (name: string) =>
    new ApiFailure(409, 'CANNOT_UPDATE_PAUSED_CLUSTER', `Cannot update cluster ${name} while it is paused or being paused.`, [name]),
  // The tenant upgrades (tenantUpgrade.ts). The description lists 400 and 409 among their
  // answers; no recording has these two refusals, so their codes and words are ours.
  notTenantCluster: (name: string) =>
    new ApiFailure(400, 'CLUSTER_NOT_TENANT', `Cluster ${name} is not a shared-tier cluster; only M0 clusters can be upgraded to a dedicated tier here.`, [name]),
  cannotUpgradeWithPendingChanges: (name: string) =>
    new ApiFailure(409, 'CANNOT_UPGRADE_CLUSTER_WITH_PENDING_CHANGES', `Cannot upgrade cluster ${name} while it has pending changes; wait until it is IDLE.`, [name]),
  cannotCloseGroupActiveClusters: () =>
    new ApiFailure(409, 'CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_CLUSTERS', 'Cannot close group while it has active clusters; please terminate all clusters.'),
};
