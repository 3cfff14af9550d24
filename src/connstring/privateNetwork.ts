// The rules of private networking's inputs (containers, peers, private endpoint
// services), from the network description (admin-api-v2-2026-08-network-subset.json)
// and the reference README's wire facts; a test holds the lists and patterns to it.
// Pure, so both sides use it: the CLI refuses bad input with it before any request,
// and the emulator refuses the same input with it at the service's place.
// - Regions in the two spellings the service uses: the API's (US_EAST_1, US_EAST_2,
//   EASTERN_US) and the provider's own (us-east-1, eastus2, us-east1).
// - A container's Atlas CIDR block: RFC 1918, /21 to /24 on AWS and Azure, /18 or larger on GCP.
// - The identifiers a peer or an interface endpoint names (AWS account, VPC, VPC endpoint, ...).
import { AZURE_REGIONS } from './regions.js';

export const NETWORK_PROVIDERS = ['AWS', 'AZURE', 'GCP'] as const;
export type NetworkProvider = (typeof NETWORK_PROVIDERS)[number];

/** AWS regions of a container (the description's enum, without GLOBAL, which no peer or endpoint is in). */
export const AWS_NETWORK_REGIONS = [
  'US_EAST_1', 'US_EAST_2', 'US_WEST_1', 'US_WEST_2', 'CA_CENTRAL_1', 'EU_NORTH_1', 'EU_WEST_1', 'EU_WEST_2', 'EU_WEST_3',
  'EU_CENTRAL_1', 'EU_CENTRAL_2', 'SA_EAST_1', 'AP_EAST_1', 'AP_EAST_2', 'AP_SOUTHEAST_2', 'AP_SOUTHEAST_3', 'AP_SOUTHEAST_4',
  'AP_SOUTHEAST_5', 'AP_SOUTHEAST_6', 'AP_SOUTHEAST_7', 'AP_NORTHEAST_1', 'AP_NORTHEAST_2', 'AP_NORTHEAST_3', 'AP_SOUTHEAST_1',
  'AP_SOUTH_1', 'AP_SOUTH_2', 'CN_NORTH_1', 'CN_NORTHWEST_1', 'ME_CENTRAL_1', 'ME_SOUTH_1', 'AF_SOUTH_1', 'EU_SOUTH_1',
  'EU_SOUTH_2', 'IL_CENTRAL_1', 'CA_WEST_1', 'MX_CENTRAL_1', 'US_GOV_WEST_1', 'US_GOV_EAST_1',
] as const;

/** GCP regions of a container (the description's enum). */
export const GCP_NETWORK_REGIONS = [
  'AFRICA_SOUTH_1', 'ASIA_EAST_2', 'ASIA_NORTHEAST_2', 'ASIA_NORTHEAST_3', 'ASIA_SOUTH_1', 'ASIA_SOUTH_2', 'ASIA_SOUTHEAST_2',
  'AUSTRALIA_SOUTHEAST_1', 'AUSTRALIA_SOUTHEAST_2', 'CENTRAL_US', 'EASTERN_ASIA_PACIFIC', 'EASTERN_US', 'EUROPE_CENTRAL_2',
  'EUROPE_NORTH_1', 'EUROPE_WEST_2', 'EUROPE_WEST_3', 'EUROPE_WEST_4', 'EUROPE_WEST_6', 'EUROPE_WEST_10', 'EUROPE_WEST_12',
  'MIDDLE_EAST_CENTRAL_1', 'MIDDLE_EAST_CENTRAL_2', 'MIDDLE_EAST_WEST_1', 'NORTH_AMERICA_NORTHEAST_1', 'NORTH_AMERICA_NORTHEAST_2',
  'NORTH_AMERICA_SOUTH_1', 'NORTHEASTERN_ASIA_PACIFIC', 'SOUTH_AMERICA_EAST_1', 'SOUTH_AMERICA_WEST_1', 'SOUTHEASTERN_ASIA_PACIFIC',
  'US_EAST_4', 'US_EAST_5', 'US_WEST_2', 'US_WEST_3', 'US_WEST_4', 'US_SOUTH_1', 'WESTERN_EUROPE', 'WESTERN_US',
] as const;

/** GCP's first regions, whose API names are not their own names spelled otherwise. */
const GCP_NAMED: Readonly<Record<string, string>> = {
  CENTRAL_US: 'us-central1',
  EASTERN_US: 'us-east1',
  WESTERN_US: 'us-west1',
  WESTERN_EUROPE: 'europe-west1',
  EASTERN_ASIA_PACIFIC: 'asia-east1',
  NORTHEASTERN_ASIA_PACIFIC: 'asia-northeast1',
  SOUTHEASTERN_ASIA_PACIFIC: 'asia-southeast1',
};
const GCP_AREAS: ReadonlyArray<[string, string]> = [
  ['NORTH_AMERICA_', 'northamerica-'],
  ['SOUTH_AMERICA_', 'southamerica-'],
  ['MIDDLE_EAST_', 'me-'],
];

/** The provider's own name of an API region name: us-east-1, eastus2, us-east4. */
function ownName(provider: NetworkProvider, api: string): string {
  if (provider === 'AWS') return api.toLowerCase().replace(/_/g, '-');
  if (provider === 'AZURE') return AZURE_REGIONS[api]!;
  const named = GCP_NAMED[api];
  if (named) return named;
  let rest = api;
  let prefix = '';
  for (const [from, to] of GCP_AREAS) {
    if (rest.startsWith(from)) {
      prefix = to;
      rest = rest.slice(from.length);
    }
  }
  // EUROPE_WEST_10 -> europe-west10: the number joins the last word.
  return prefix + rest.toLowerCase().replace(/_(\d+)$/, '$1').replace(/_/g, '-');
}

function table(provider: NetworkProvider): readonly string[] {
  if (provider === 'AWS') return AWS_NETWORK_REGIONS;
  if (provider === 'GCP') return GCP_NETWORK_REGIONS;
  // Azure: the regions whose own name is known (connection strings need it), a subset of the description's enum.
  return Object.keys(AZURE_REGIONS);
}

const byOwnName = new Map<NetworkProvider, ReadonlyMap<string, string>>();

/**
 * The API name of a region given in either spelling (US_EAST_1 or us-east-1; US_EAST_2 or
 * eastus2; EASTERN_US or us-east1), for that provider; undefined when it is not one of its regions.
 */
export function networkRegion(provider: NetworkProvider, text: string): string | undefined {
  const upper = text.toUpperCase();
  if (/^[A-Z0-9_]+$/.test(text) && table(provider).includes(upper)) return upper;
  let own = byOwnName.get(provider);
  if (!own) {
    own = new Map(table(provider).map((api) => [ownName(provider, api), api]));
    byOwnName.set(provider, own);
  }
  return own.get(text.toLowerCase());
}

/** The provider's own spelling of an API region name (what AWS accepterRegionName and endpoint-service creates send). */
export function providerRegionName(provider: NetworkProvider, api: string): string {
  return ownName(provider, api);
}

/** A few regions of the provider, to show in a message. */
export function regionExamples(provider: NetworkProvider): string {
  return provider === 'AWS' ? 'US_EAST_1 or us-east-1' : provider === 'AZURE' ? 'US_EAST_2 or eastus2' : 'EASTERN_US or us-east1, US_EAST_4 or us-east4';
}

/** Patterns of the description (AwsNetworkPeeringConnectionSettings, CreateAWSEndpointRequest, ...). */
export const NETWORK_PATTERNS = {
  awsAccountId: /^[0-9]{12}$/,
  vpcId: /^vpc-[0-9a-f]{17}$/,
  vpcEndpointId: /^vpce-[0-9a-f]{17}$/,
  /** Azure resource group and VNet names. */
  azureName: /^[-\w._()]+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  gcpProjectId: /^[a-z][0-9a-z-]{4,28}[0-9a-z]$/,
  gcpNetworkName: /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/,
  /** An Azure private endpoint's resource ID. */
  azureEndpointId: /^\/subscriptions\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/resource[gG]roups\/[-\w._()]+\/providers\/Microsoft\.Network\/privateEndpoints\/[-\w._()]+$/,
  ipv4: /^((25[0-5]|(2[0-4]|1\d|[1-9]|)\d)(\.(?!$)|$)){4}$/,
} as const;

/** The RFC 1918 blocks, as [first octets, prefix]. */
const PRIVATE_BLOCKS: ReadonlyArray<{ base: number; prefix: number }> = [
  { base: ipv4Number('10.0.0.0'), prefix: 8 },
  { base: ipv4Number('172.16.0.0'), prefix: 12 },
  { base: ipv4Number('192.168.0.0'), prefix: 16 },
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

const mask = (prefix: number): number => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);

/** An IPv4 CIDR block "a.b.c.d/n" with no bits set past the prefix; undefined when it is not one. */
export function parseIpv4Block(text: string): { address: string; prefix: number } | undefined {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(text);
  if (!m || !NETWORK_PATTERNS.ipv4.test(m[1]!) || Number(m[2]) > 32) return undefined;
  const prefix = Number(m[2]);
  if ((ipv4Number(m[1]!) & ~mask(prefix)) >>> 0 !== 0) return undefined;
  return { address: m[1]!, prefix };
}

/** The prefix lengths a provider's container takes: /21 to /24 on AWS and Azure, /18 or larger (up to /16, RFC 1918's 192.168) on GCP. */
export function containerPrefixes(provider: NetworkProvider): { min: number; max: number } {
  return provider === 'GCP' ? { min: 8, max: 18 } : { min: 21, max: 24 };
}

/**
 * Why `text` cannot be the provider's Atlas CIDR block, in words, or undefined when it can:
 * an IPv4 block without host bits, inside one RFC 1918 block, of the sizes the provider takes.
 */
export function atlasCidrProblem(provider: NetworkProvider, text: string): string | undefined {
  const block = parseIpv4Block(text);
  if (!block) return 'is not an IPv4 CIDR block such as 192.168.248.0/21 (no bits set past the prefix)';
  const start = ipv4Number(block.address);
  const inside = PRIVATE_BLOCKS.some((p) => block.prefix >= p.prefix && (start & mask(p.prefix)) >>> 0 === p.base);
  if (!inside) return 'is not private: use a block of 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 (RFC 1918)';
  const { min, max } = containerPrefixes(provider);
  if (block.prefix < min || block.prefix > max) {
    return provider === 'GCP' ? `is a /${block.prefix}: a GCP container takes a /18 or larger block` : `is a /${block.prefix}: an ${provider} container takes a /21 to /24 block`;
  }
  return undefined;
}
