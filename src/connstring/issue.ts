// The connectionStrings object of a cluster, in the service's wire shape
// (OpenAPI ClusterConnectionStrings), built with format() so that parse() reads
// back every string. Observed in the recorded responses and followed here:
// - keys come in alphabetical order, as in every recorded body;
// - replica sets list their members on 27017 with ?ssl=true&authSource=admin&replicaSet=<id>-shard-0;
// - sharded clusters list a query router on every node, port 27016, ?ssl=true&authSource=admin,
//   and with an embedded config server (8.0) the first shard's hosts are named <cluster>-config-00-NN;
// - sharded clusters always carry awsPrivateLinkSrv {} and privateEndpoint [], even before
//   their hosts exist; replica sets carry them only when they have private endpoints;
// - before the hosts exist there are no strings, except standardSrv for shared-tier clusters.
import { ConnStringFormatError } from './errors.js';
import { format } from './format.js';
import { apiRegion, hostRegion } from './regions.js';
import {
  DEFAULT_DOMAIN,
  MONGOS_PORT,
  PRIVATE_LINK_FIRST_PORT,
  REPLICA_SET_PORT,
  type ClusterDomain,
  type ConnStringParts,
  type HostMember,
  type PrivateLinkProvider,
  type ShapeId,
} from './shapes.js';
import { replicaSetId, tenantHostPrefix } from './tokens.js';

export interface PrivateEndpointEndpoint {
  endpointId: string;
  providerName: PrivateLinkProvider;
  /** The API's region name, e.g. US_EAST_1. */
  region: string;
}

export interface PrivateEndpointConnectionString {
  connectionString: string;
  endpoints: PrivateEndpointEndpoint[];
  srvConnectionString: string;
  srvShardOptimizedConnectionString?: string;
  type: 'MONGOD' | 'MONGOS';
}

export interface ConnectionStrings {
  awsPrivateLink?: Record<string, string>;
  awsPrivateLinkSrv?: Record<string, string>;
  private?: string;
  privateEndpoint?: PrivateEndpointConnectionString[];
  privateSrv?: string;
  standard?: string;
  standardSrv?: string;
}

export interface IssueEndpoint {
  provider: PrivateLinkProvider;
  /** Either the API's name (US_EAST_1, EUROPE_WEST) or the provider's (us-east-1, westeurope). */
  region: string;
  endpointId: string;
  /** The project's regionalized private endpoint setting. */
  regionalized: boolean;
  /** AWS, not regionalized: availability-zone letter of the endpoint service; default "a". */
  az?: string;
}

export interface IssueInput {
  cluster: string;
  hash: string;
  clusterType: 'REPLICASET' | 'SHARDED' | 'GEOSHARDED';
  /** Nodes per shard (electable, read-only and analytics). */
  nodeCount: number;
  /** Shards; 1 for a replica set. */
  shardCount: number;
  provider: 'AWS' | 'AZURE' | 'GCP' | 'TENANT';
  /** A network peering connection exists for the cluster's network. */
  peering: boolean;
  privateEndpoints: IssueEndpoint[];
  /** The cluster has legacy strings (seed: kept indefinitely): standard/standardSrv keep the legacy form. */
  legacy: boolean;
  /** The project's peering-only (private IP) mode. While on, the Private IP for Peering strings are offered. */
  privateIpMode: boolean;
  /** AWS: the project setting "Using Custom DNS on AWS with VPC Peering" (seed rule 3); default false. */
  awsCustomDns?: boolean;
  /** The hosts exist (false while CREATING); default true. */
  ready?: boolean;
  /** Sharded clusters: config server embedded in the first shard (8.0 default); default true. */
  embeddedConfigServer?: boolean;
  /** Seed text of the replica set ID (rule 1), e.g. the cluster's id; default "<hash>/<cluster>". */
  replicaSetSeed?: string;
  /** Host prefix of host-list strings; default the cluster name, or "ac-…" for TENANT. */
  hostPrefix?: string;
  domain?: ClusterDomain;
}

function checkCount(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new ConnStringFormatError(`${name} ${value} must be a positive integer`);
  return value;
}

/** The hosts of a host list: members of a replica set, or one query router on each node of each shard. */
export function hostMembers(input: Pick<IssueInput, 'clusterType' | 'nodeCount' | 'shardCount' | 'embeddedConfigServer'>): HostMember[] {
  const nodes = checkCount(input.nodeCount, 'nodeCount');
  if (input.clusterType === 'REPLICASET') {
    return Array.from({ length: nodes }, (_, node) => ({ role: 'shard', shard: 0, node, port: REPLICA_SET_PORT }));
  }
  const shards = checkCount(input.shardCount, 'shardCount');
  const embedded = input.embeddedConfigServer ?? true;
  const out: HostMember[] = [];
  for (let s = 0; s < shards; s++) {
    const role = embedded && s === 0 ? 'config' : 'shard';
    const shard = embedded ? Math.max(0, s - 1) : s;
    for (let node = 0; node < nodes; node++) out.push({ role, shard, node, port: MONGOS_PORT });
  }
  return out;
}

export function issueConnectionStrings(input: IssueInput): ConnectionStrings {
  const sharded = input.clusterType !== 'REPLICASET';
  const ready = input.ready ?? true;
  const domain = input.domain ?? DEFAULT_DOMAIN;
  const members = hostMembers(input);
  const options: Record<string, string> = { ssl: 'true', authSource: 'admin' };
  if (!sharded) options.replicaSet = `${replicaSetId(input.replicaSetSeed ?? `${input.hash}/${input.cluster}`)}-shard-0`;
  const prefix = input.hostPrefix ?? (input.provider === 'TENANT' ? tenantHostPrefix(`${input.hash}/${input.cluster}`) : input.cluster);
  const base: ConnStringParts = { hash: input.hash, domain };
  const hostList = { ...base, cluster: prefix, members, options };
  const srvParts = { ...base, cluster: input.cluster };

  const out: ConnectionStrings = {};
  const endpoints = ready ? privateEndpoints(input, base, members.length, options) : undefined;
  if (endpoints && endpoints.aws.length > 0) {
    out.awsPrivateLink = Object.fromEntries(endpoints.aws.map((e) => [e.id, e.entry.connectionString]));
  }
  if (sharded || (endpoints && endpoints.entries.length > 0)) {
    out.awsPrivateLinkSrv = Object.fromEntries(
      (endpoints?.aws ?? []).map((e) => [
        e.id,
        // OpenAPI: the optimized string when the cluster uses it; the non-optimized one for clusters with legacy strings.
        input.legacy ? e.entry.srvConnectionString : (e.entry.srvShardOptimizedConnectionString ?? e.entry.srvConnectionString),
      ]),
    );
  }
  const legacyProvider = input.provider === 'AZURE' || input.provider === 'GCP' ? input.provider : 'AWS';
  const offerPrivate =
    ready && input.provider !== 'TENANT' && (input.privateIpMode || (input.peering && (input.provider !== 'AWS' || input.awsCustomDns === true)));
  if (offerPrivate) out.private = format({ type: 'privatePeering', srv: false }, hostList);
  if (sharded || (endpoints && endpoints.entries.length > 0)) out.privateEndpoint = endpoints?.entries ?? [];
  if (offerPrivate) out.privateSrv = format({ type: 'privatePeering', srv: true }, srvParts);
  const legacy = input.legacy && input.provider !== 'TENANT';
  if (ready) {
    out.standard = legacy
      ? format({ type: 'legacy', srv: false }, { ...hostList, provider: legacyProvider })
      : format({ type: 'standard', srv: false }, hostList);
  }
  if (ready || input.provider === 'TENANT') {
    out.standardSrv = legacy
      ? format({ type: 'legacy', srv: true }, { ...srvParts, provider: legacyProvider })
      : format({ type: 'standard', srv: true }, srvParts);
  }
  return out;
}

function privateEndpoints(input: IssueInput, base: ConnStringParts, hostCount: number, options: Record<string, string>) {
  const sharded = input.clusterType !== 'REPLICASET';
  const seen = new Map<string, number>();
  const entries: PrivateEndpointConnectionString[] = [];
  const aws: { id: string; entry: PrivateEndpointConnectionString }[] = [];
  for (const ep of input.privateEndpoints) {
    const region = hostRegion(ep.provider, ep.region);
    if (region === undefined) throw new ConnStringFormatError(`region "${ep.region}" is not an ${ep.provider} region`);
    // Several endpoints in one region are told apart by the n of pl-n.
    const key = `${ep.provider}/${region}`;
    const endpointIndex = seen.get(key) ?? 0;
    seen.set(key, endpointIndex + 1);
    const parts: ConnStringParts = {
      ...base,
      cluster: input.cluster,
      region,
      endpointIndex,
      ports: Array.from({ length: hostCount }, (_, i) => PRIVATE_LINK_FIRST_PORT + i),
      options,
    };
    let shape: ShapeId;
    if (ep.provider === 'AWS') {
      shape = ep.regionalized ? 'privateLinkAwsRegionalized' : 'privateLinkAws';
      if (!ep.regionalized) parts.az = ep.az ?? 'a';
    } else {
      shape = ep.regionalized ? 'privateLinkAzureRegionalized' : 'privateLinkAzure';
    }
    // The optimized string qualifies for sharded clusters behind private endpoints (seed rule 6 leaves the exact criteria open).
    let optimized: string | undefined;
    if (sharded) {
      const optimizedParts: ConnStringParts = { ...base, cluster: input.cluster, endpointIndex };
      if (ep.regionalized) optimizedParts.region = region;
      optimized = format({ type: 'privateLinkOptimized', srv: true }, optimizedParts);
    }
    const entry: PrivateEndpointConnectionString = {
      connectionString: format({ type: shape, srv: false }, parts),
      endpoints: [{ endpointId: ep.endpointId, providerName: ep.provider, region: apiRegion(ep.provider, region) }],
      srvConnectionString: format({ type: shape, srv: true }, { ...parts, options: undefined }),
      ...(optimized === undefined ? {} : { srvShardOptimizedConnectionString: optimized }),
      type: sharded ? 'MONGOS' : 'MONGOD',
    };
    entries.push(entry);
    if (ep.provider === 'AWS') aws.push({ id: ep.endpointId, entry });
  }
  return { entries, aws };
}
