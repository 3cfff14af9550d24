// The service's error document (seed: Errors) and every failure the emulator answers,
// with the detail patterns observed on the live service (reference README).
import { STATUS_CODES } from 'node:http';

export interface ErrorDoc {
  detail: string;
  error: number;
  errorCode: string;
  parameters: unknown[];
  reason: string;
}

/** Thrown by any stage of the request pipeline; the server turns it into the error document. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly detail: string,
    readonly parameters: unknown[] = [],
    readonly headers: Record<string, string | string[]> = {},
  ) {
    super(detail);
  }

  toDocument(): ErrorDoc {
    return {
      detail: this.detail,
      error: this.status,
      errorCode: this.errorCode,
      parameters: this.parameters,
      reason: STATUS_CODES[this.status] ?? 'Error',
    };
  }
}

export const failures = {
  resourceNotFound: (path: string) => new ApiFailure(404, 'RESOURCE_NOT_FOUND', `Cannot find resource ${path}.`, [path]),
  groupNotFound: (groupId: string) => new ApiFailure(404, 'GROUP_NOT_FOUND', `No group with ID ${groupId} exists.`, [groupId]),
  clusterNotFound: (name: string, groupId: string) =>
    new ApiFailure(404, 'CLUSTER_NOT_FOUND', `No cluster named ${name} exists in group ${groupId}.`, [name, groupId]),
  flexInClusterApi: (name: string) =>
    new ApiFailure(400, 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API', `Flex cluster ${name} cannot be used in the Cluster API.`, [name]),
  usernameNotFound: (username: string) => new ApiFailure(404, 'USERNAME_NOT_FOUND', `No user with username ${username} exists.`, [username]),
  // No recording shows it and the description's 409 example is generic; the code is the one
  // the service's family (Ops Manager) answers for a user that exists.
  userAlreadyExists: (username: string) => new ApiFailure(409, 'USER_ALREADY_EXISTS', `A user with username ${username} already exists.`, [username]),
  duplicateClusterName: (name: string, groupId: string) =>
    new ApiFailure(409, 'DUPLICATE_CLUSTER_NAME', `A cluster named ${name} is already present in group ${groupId}.`, [name, groupId]),
  clusterNameInvalid: (name: string) =>
    new ApiFailure(
      400,
      'CLUSTER_NAME_INVALID',
      `Cluster name ${name} is invalid. A name has at most 64 characters, only ASCII letters, digits and hyphens, starts with a letter or digit and does not end with a hyphen.`,
      [name],
    ),
  invalidAttribute: (field: string) => new ApiFailure(400, 'INVALID_ATTRIBUTE', `Invalid attribute ${field} specified.`, [field]),
  attributeReadOnly: (field: string) =>
    new ApiFailure(400, 'ATTRIBUTE_READ_ONLY', `The attribute ${field} is read-only and cannot be changed by the user.`, [field]),
  missingAttribute: (field: string) =>
    new ApiFailure(400, 'MISSING_ATTRIBUTE', `The required attribute ${field} was not specified.`, [field]),
  // The code is the service's (handled by the Atlas CLI, mongodb-atlas-cli#3982, and the Terraform
  // provider, terraform-provider-mongodbatlas#3177/#3366); no recording has its detail, so the words are ours.
  asymmetricShardUnsupported: (name: string, version: string) =>
    new ApiFailure(
      400,
      'ASYMMETRIC_SHARD_UNSUPPORTED',
      `Cluster ${name} has shards of different sizes, which API version ${version} cannot describe. Use version 2024-08-05 or later.`,
      [name, version],
    ),
  malformedJson: () => new ApiFailure(400, 'MALFORMED_JSON', 'Received JSON is malformed.'),
  invalidJson: () => new ApiFailure(400, 'INVALID_JSON', 'Received JSON does not match the expected format.'),
  invalidQueryParameter: (name: string, value: string, rule: string) =>
    new ApiFailure(400, 'INVALID_QUERY_PARAMETER', `Invalid query parameter ${name}: ${value}. ${rule}`, [name, value]),
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
  cannotUpdatePrivateIpMode: (groupId: string) =>
    new ApiFailure(
      400,
      'CANNOT_UPDATE_PRIVATE_IP_MODE',
      `Group ${groupId} has dedicated clusters, so private IP mode cannot be updated.`,
      [groupId],
    ),
  methodNotAllowed: (method: string, path: string, allowed: string[]) =>
    new ApiFailure(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed for resource ${path}.`, [method, path], {
      Allow: allowed.join(', '),
    }),
  unsupportedMediaType: (contentType: string, accepted: string[]) =>
    new ApiFailure(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${contentType || '(none)'} is not supported; send ${accepted.join(' or ')}.`,
      [contentType],
    ),
  invalidVersionDate: (accept: string) =>
    new ApiFailure(406, 'INVALID_VERSION_DATE', 'Invalid accept header or version date.', accept ? [accept] : []),
  // The live body (reference README, quoted from a public report of 2 March 2026): the path without its leading slash.
  versionGone: (version: string, path: string) =>
    new ApiFailure(410, 'VERSION_GONE', `Version ${version} of ${path} is no longer available.`, [version, path]),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiFailure(429, 'RATE_LIMITED', 'Resource usage limit exceeded. Retry after the time given in Retry-After.', [], {
      'Retry-After': String(retryAfterSeconds),
    }),
  ipNotOnAccessList: (ip: string) =>
    new ApiFailure(403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', `IP address ${ip} is not allowed to access this resource.`, [ip]),
  roleForbidden: () => new ApiFailure(403, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.'),
  userUnauthorized: () => new ApiFailure(401, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.'),
  invalidBearerToken: () =>
    new ApiFailure(401, 'USER_UNAUTHORIZED', 'The access token is invalid or has expired.', [], {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    }),
  serviceUnavailable: () =>
    new ApiFailure(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Retry later.', [], { 'Retry-After': '1' }),
  payloadTooLarge: () => new ApiFailure(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  unexpected: () => new ApiFailure(500, 'UNEXPECTED_ERROR', 'Unexpected error.'),
  // Projects, organizations, the project IP access list (details as the service's error-code table words them).
  groupNameNotFound: (name: string) => new ApiFailure(404, 'GROUP_NAME_NOT_FOUND', `No group with name "${name}" exists.`, [name]),
  groupAlreadyExists: (name: string) => new ApiFailure(409, 'GROUP_ALREADY_EXISTS', `A group with name "${name}" already exists.`, [name]),
  cannotCloseGroupActiveClusters: () =>
    new ApiFailure(409, 'CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_CLUSTERS', 'Cannot close group while it has active clusters; please terminate all clusters.'),
  orgNotFound: (orgId: string) => new ApiFailure(404, 'ORG_NOT_FOUND', `No organization with ID ${orgId} exists.`, [orgId]),
  /** The description's example of a 401 on createGroup. */
  notOrgGroupCreator: (orgId: string) =>
    new ApiFailure(401, 'NOT_ORG_GROUP_CREATOR', `The current user cannot create projects in organization ${orgId}.`, [orgId]),
  accessEntryNotFound: (entry: string, groupId: string) =>
    new ApiFailure(404, 'ATLAS_NETWORK_PERMISSION_ENTRY_NOT_FOUND', `IP Address ${entry} not on Atlas access list for group ${groupId}.`, [entry, groupId]),
  invalidIpOrCidr: (address: string) =>
    new ApiFailure(400, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION', `The address ${address} must be in valid IP address or CIDR notation.`, [address]),
  ipAndCidrBoth: () => new ApiFailure(400, 'BAD_WHITELIST_ADD_REQUEST', 'Should not specify both the IP address and the CIDR block.'),
  securityGroupWithoutPeering: () =>
    new ApiFailure(400, 'CANNOT_USE_AWS_SECURITY_GROUP_WITHOUT_VPC_PEERING_CONNECTION', 'Cannot use aws security groups as whitelist entries without a vpc peering connection.'),
};

/** A model's field problem as the service's answer (shared by the clusters, flex clusters and database users handlers). */
export function problemFailure(problem: { code: 'ATTRIBUTE_READ_ONLY' | 'MISSING_ATTRIBUTE' | 'INVALID_ATTRIBUTE'; field: string }): ApiFailure {
  switch (problem.code) {
    case 'ATTRIBUTE_READ_ONLY':
      return failures.attributeReadOnly(problem.field);
    case 'MISSING_ATTRIBUTE':
      return failures.missingAttribute(problem.field);
    case 'INVALID_ATTRIBUTE':
      return failures.invalidAttribute(problem.field);
  }
}
