// Connection strings: the seed's table of shapes, parse / format, and the strings the
// emulator issues. Pure: no I/O, so the CLI and the emulator share it.
export { ConnStringFormatError, ConnStringParseError } from './errors.js';
export { format } from './format.js';
export { issueConnectionStrings, hostMembers } from './issue.js';
export type {
  ConnectionStrings,
  IssueEndpoint,
  IssueInput,
  PrivateEndpointConnectionString,
  PrivateEndpointEndpoint,
} from './issue.js';
export { listConnectionStrings, selectConnectionString } from './list.js';
export type { ConnectionStringChoice, ConnectionStringEntry } from './list.js';
export { parse } from './parse.js';
export type { ParsedConnectionString } from './shapes.js';
export { AZURE_REGIONS, apiRegion, hostRegion, isAwsRegion, isAzureRegion, providerOfRegion } from './regions.js';
export {
  ALL_SHAPES,
  CLUSTER_DOMAINS,
  DEFAULT_DOMAIN,
  MONGOS_PORT,
  PRIVATE_LINK_FIRST_PORT,
  REPLICA_SET_PORT,
  SCHEME,
  SHAPES,
  SHAPE_IDS,
  SRV_SCHEME,
} from './shapes.js';
export type {
  CloudProvider,
  ClusterDomain,
  ConnStringParts,
  ConnectionKind,
  HostMember,
  ParsedType,
  PrivateLinkProvider,
  Shape,
  ShapeId,
  ShapeInfo,
} from './shapes.js';
export { projectHash, replicaSetId, tenantHostPrefix } from './tokens.js';
