// The seed's table of connection strings, one entry per row, with the wire facts
// (scheme mongodb / mongodb+srv, domain mongodb.net). Every row but the optimized
// one has a host-list (mongodb://) form and an SRV (mongodb+srv://) form.

export const SCHEME = 'mongodb';
export const SRV_SCHEME = 'mongodb+srv';

/** Cluster domains recognised: the service's, and the dev domain seen in the recorded responses. */
export const CLUSTER_DOMAINS = ['mongodb.net', 'mongodb-dev.net'] as const;
export type ClusterDomain = (typeof CLUSTER_DOMAINS)[number];
export const DEFAULT_DOMAIN: ClusterDomain = 'mongodb.net';

/** Ports seen on the wire: replica-set members, query routers of sharded clusters, private-link ports. */
export const REPLICA_SET_PORT = 27017;
export const MONGOS_PORT = 27016;
export const PRIVATE_LINK_FIRST_PORT = 1024;

/** Hashes are short lowercase alphanumeric tokens: 5 on the service, up to 7 seen recorded. */
export const HASH_PATTERN = /^[a-z0-9]{4,10}$/;
/** Hostname form of a cluster name: names are case-insensitive in DNS and issued lower-case. */
export const CLUSTER_LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** Label that legacy strings put before the domain for Azure and Google Cloud (AWS has none). */
export const LEGACY_PROVIDER_LABELS = { AZURE: 'azure', GCP: 'gcp' } as const;

export const SHAPE_IDS = [
  'standard',
  'privatePeering',
  'privateLinkAws',
  'privateLinkAwsRegionalized',
  'privateLinkAzure',
  'privateLinkAzureRegionalized',
  'privateLinkOptimized',
  'legacy',
] as const;
export type ShapeId = (typeof SHAPE_IDS)[number];

/** What parse() can answer: a row, "privateLink" when several private-link rows fit, or "unknown". */
export type ParsedType = ShapeId | 'privateLink' | 'unknown';

/** A row of the table and which of its two forms. */
export interface Shape {
  type: ShapeId;
  srv: boolean;
}

export type CloudProvider = 'AWS' | 'AZURE' | 'GCP';
export type PrivateLinkProvider = 'AWS' | 'AZURE';

/** The connection types of `conn-string get --type`. */
export type ConnectionKind = 'standard' | 'private' | 'private-endpoint' | 'legacy';

export interface ShapeInfo {
  id: ShapeId;
  /** The row's name in the seed. */
  title: string;
  kind: ConnectionKind;
  provider?: PrivateLinkProvider;
  regionalized?: boolean;
  hostList: string | undefined;
  srv: string;
  resolvesTo: string;
}

export const SHAPES: Readonly<Record<ShapeId, ShapeInfo>> = {
  standard: {
    id: 'standard',
    title: 'Standard',
    kind: 'standard',
    hostList: 'mongodb://<cluster>-shard-00-00.<hash>.mongodb.net:27017',
    srv: 'mongodb+srv://<cluster>.<hash>.mongodb.net',
    resolvesTo: 'Public IPs. From a peered AWS VPC it resolves to private IPs.',
  },
  privatePeering: {
    id: 'privatePeering',
    title: 'Private IP for Peering',
    kind: 'private',
    hostList: 'mongodb://<cluster>-shard-00-00-pri.<hash>.mongodb.net:27017',
    srv: 'mongodb+srv://<cluster>-pri.<hash>.mongodb.net',
    resolvesTo: 'Private IPs reachable in the peered network.',
  },
  privateLinkAws: {
    id: 'privateLinkAws',
    title: 'Private link, AWS',
    kind: 'private-endpoint',
    provider: 'AWS',
    regionalized: false,
    hostList: 'mongodb://pl-0-<region><az>.<hash>.mongodb.net:1024',
    srv: 'mongodb+srv://pl-0-<region><az>.<hash>.mongodb.net',
    resolvesTo: "Private IP of a network interface in the customer's VPC.",
  },
  privateLinkAwsRegionalized: {
    id: 'privateLinkAwsRegionalized',
    title: 'Private link, AWS, regionalized private endpoint setting on',
    kind: 'private-endpoint',
    provider: 'AWS',
    regionalized: true,
    hostList: 'mongodb://pl-0-<region>.<hash>.mongodb.net:1024',
    srv: 'mongodb+srv://<cluster>-pl-0-<region>.<hash>.mongodb.net',
    resolvesTo: "Private IP of a network interface in the customer's VPC.",
  },
  privateLinkAzure: {
    id: 'privateLinkAzure',
    title: 'Private link, Azure',
    kind: 'private-endpoint',
    provider: 'AZURE',
    regionalized: false,
    hostList: 'mongodb://pl-0-<region>.<hash>.mongodb.net:1024',
    srv: 'mongodb+srv://pl-0-<region>.<hash>.mongodb.net',
    resolvesTo: "Private IP of a network interface in the customer's virtual network.",
  },
  privateLinkAzureRegionalized: {
    id: 'privateLinkAzureRegionalized',
    title: 'Private link, Azure, regionalized setting on',
    kind: 'private-endpoint',
    provider: 'AZURE',
    regionalized: true,
    hostList: 'mongodb://pl-0-<region>.<hash>.mongodb.net:1024',
    srv: 'mongodb+srv://<cluster>-pl-0-<region>.<hash>.mongodb.net',
    resolvesTo: "Private IP of a network interface in the customer's virtual network.",
  },
  privateLinkOptimized: {
    id: 'privateLinkOptimized',
    title: 'Optimized SRV (sharded clusters, private endpoints)',
    kind: 'private-endpoint',
    hostList: undefined,
    srv: 'mongodb+srv://<cluster>-pl-0-lb.<hash>.mongodb.net (regionalized: <cluster>-pl-0-<region>-lb)',
    resolvesTo: 'The private endpoint load balancers; limits connections per query router.',
  },
  legacy: {
    id: 'legacy',
    title: 'Legacy',
    kind: 'legacy',
    hostList: 'mongodb://<cluster>-shard-00-00-<hash>[.azure|.gcp].mongodb.net:27017',
    srv: 'mongodb+srv://<cluster>-<hash>[.azure|.gcp].mongodb.net',
    resolvesTo: 'Peered-network IPs if the peering-only mode is on, otherwise public IPs.',
  },
};

/** Every row and form that exists: the optimized row has no host-list form. */
export const ALL_SHAPES: readonly Shape[] = SHAPE_IDS.flatMap((type) =>
  SHAPES[type].hostList === undefined ? [{ type, srv: true }] : [{ type, srv: false }, { type, srv: true }],
);

/** One host of a host-list string of the standard, private-peering or legacy rows. */
export interface HostMember {
  /** "config" hosts belong to the config shard of sharded clusters (recorded: <cluster>-config-00-00). */
  role: 'shard' | 'config';
  shard: number;
  node: number;
  port: number;
}

/** The variable parts of a string; which are needed depends on the shape (see format()). */
export interface ConnStringParts {
  /** Cluster name as in hostnames (lower-case); for host lists the host prefix, which may differ (tenant "ac-…"). */
  cluster?: string;
  hash: string;
  domain?: ClusterDomain;
  /** Legacy row: AZURE and GCP add their label before the domain; AWS (or none) adds nothing. */
  provider?: CloudProvider;
  /** Private link: the provider's region name as in hostnames (us-east-1, eastus2). */
  region?: string;
  /** AWS private link without the regionalized setting: availability-zone letter. */
  az?: string;
  /** The n in pl-n; 0 unless several endpoints share a region. */
  endpointIndex?: number;
  /** Host-list forms of the standard, private-peering and legacy rows. */
  members?: HostMember[];
  /** Host-list forms of private link: one hostname, one port per member. */
  ports?: number[];
  /** Query options, kept in order. */
  options?: Record<string, string>;
}

/** What parse() reads from a string (parse.ts; the notes on it, notes.ts). */
export interface ParsedConnectionString {
  /** The input, trimmed, with any password replaced by "****". */
  uri: string;
  /** The row; "privateLink" when several private-link rows fit (see candidates); "unknown" when none. */
  type: ParsedType;
  /** Every row the string fits: one for a row, several for "privateLink", none for "unknown". */
  candidates: ShapeId[];
  /** The seed's name of the row, and what its strings resolve to; absent when unknown or ambiguous. */
  title?: string;
  resolvesTo?: string;
  /** The `conn-string get --type` this string belongs to; absent when unknown. */
  kind?: ConnectionKind;
  srv: boolean;
  scheme: typeof SCHEME | typeof SRV_SCHEME;
  cluster?: string;
  hash?: string;
  domain?: ClusterDomain;
  region?: string;
  az?: string;
  provider?: CloudProvider;
  regionalized?: boolean;
  endpointIndex?: number;
  /** The first host's port (27017 when a host list leaves it out); absent for SRV. */
  port?: number;
  /** host or host:port, lower-cased, as written. */
  hosts: string[];
  members?: HostMember[];
  ports?: number[];
  options: Record<string, string>;
  username?: string;
  database?: string;
  /** Legacy strings: the current (standard) form of the same string. */
  newForm?: string;
  notes: string[];
}
