// Reads one hostname against the seed's table. The rules, where strings could be read
// more than one way:
// - The domain is one of CLUSTER_DOMAINS. Before it, two labels "<label>.<hash>" are the
//   current forms; one label "<cluster>-<hash>", or that and "azure"/"gcp", are legacy.
//   "azure" and "gcp" before the domain are always the legacy provider label, never a hash.
// - The most specific pattern wins. A label ending in "-pri", containing "-pl-<n>-", or
//   starting "pl-<n>-" is read as that row, though a cluster could be named that way.
// - Private-link rows share "pl-<n>-<region>". The region's spelling picks the provider:
//   AWS names are hyphenated (us-east-1, with zone letter us-east-1a), Azure names are not
//   (eastus2). Azure's host-list form is the same with the regionalized setting on or off,
//   so that string has two candidates. A region of neither spelling keeps every private-link
//   row the form allows as a candidate. An AWS SRV "pl-<n>-<region>" without its zone letter
//   is still read as the AWS row, with a note.
import { isAwsRegion, isAzureRegion, providerOfRegion, splitAwsZone } from './regions.js';
import {
  CLUSTER_DOMAINS,
  HASH_PATTERN,
  type CloudProvider,
  type ClusterDomain,
  type HostMember,
  type ShapeId,
} from './shapes.js';

export interface HostMatch {
  candidates: ShapeId[];
  hostname: string;
  domain: ClusterDomain;
  hash: string;
  cluster?: string;
  provider?: CloudProvider;
  region?: string;
  az?: string;
  endpointIndex?: number;
  member?: Omit<HostMember, 'port'>;
}

// Two digits, or more without a leading zero, so that formatting gives back the same text.
const INDEX = '(\\d{2}|[1-9]\\d{2,})';
const N = '(0|[1-9]\\d*)';
const MEMBER = new RegExp(`^(.+)-(shard|config)-${INDEX}-${INDEX}$`);
const MEMBER_PRI = new RegExp(`^(.+)-(shard|config)-${INDEX}-${INDEX}-pri$`);
const LEGACY_MEMBER = new RegExp(`^(.+)-(shard|config)-${INDEX}-${INDEX}-([a-z0-9]{4,10})$`);
const LEGACY_SRV = /^(.+)-([a-z0-9]{4,10})$/;
const PL_PLAIN = new RegExp(`^pl-${N}-(.+)$`);
const PL_REGIONALIZED = new RegExp(`^(.+)-pl-${N}-(.+)$`);
const PL_OPTIMIZED = new RegExp(`^(.+)-pl-${N}-lb$`);
const PL_OPTIMIZED_REGION = new RegExp(`^(.+)-pl-${N}-(.+)-lb$`);
const PROVIDER_LABELS: Record<string, CloudProvider> = { azure: 'AZURE', gcp: 'GCP' };

interface Split {
  domain: ClusterDomain;
  labels: string[];
}

function splitDomain(host: string): Split | undefined {
  for (const domain of CLUSTER_DOMAINS) {
    if (host.endsWith(`.${domain}`)) {
      const rest = host.slice(0, -domain.length - 1);
      return { domain, labels: rest.split('.') };
    }
  }
  return undefined;
}

export function knownDomain(host: string): ClusterDomain | undefined {
  return splitDomain(host)?.domain;
}

type PrivateLinkForm = 'hostList' | 'srvPlain' | 'srvRegionalized';

function privateLink(form: PrivateLinkForm, text: string): Pick<HostMatch, 'candidates' | 'region' | 'az'> {
  const zone = splitAwsZone(text);
  if (zone && form !== 'srvRegionalized') return { candidates: ['privateLinkAws'], region: zone.region, az: zone.az };
  if (isAwsRegion(text)) {
    // An AWS region with no zone letter in pl-<n>-<region> SRV form fits only the AWS row, imperfectly.
    return { candidates: [form === 'srvPlain' ? 'privateLinkAws' : 'privateLinkAwsRegionalized'], region: text };
  }
  if (isAzureRegion(text)) {
    if (form === 'hostList') return { candidates: ['privateLinkAzure', 'privateLinkAzureRegionalized'], region: text };
    return { candidates: [form === 'srvPlain' ? 'privateLinkAzure' : 'privateLinkAzureRegionalized'], region: text };
  }
  const all: Record<PrivateLinkForm, ShapeId[]> = {
    hostList: ['privateLinkAws', 'privateLinkAwsRegionalized', 'privateLinkAzure', 'privateLinkAzureRegionalized'],
    srvPlain: ['privateLinkAws', 'privateLinkAzure'],
    srvRegionalized: ['privateLinkAwsRegionalized', 'privateLinkAzureRegionalized'],
  };
  return { candidates: all[form], region: text };
}

function legacyParts(labels: string[]): { label: string; provider: CloudProvider } | undefined {
  if (labels.length === 1) return { label: labels[0] as string, provider: 'AWS' };
  if (labels.length === 2 && PROVIDER_LABELS[labels[1] as string]) {
    return { label: labels[0] as string, provider: PROVIDER_LABELS[labels[1] as string] as CloudProvider };
  }
  return undefined;
}

function currentParts(labels: string[]): { label: string; hash: string } | undefined {
  if (labels.length !== 2) return undefined;
  const [label, hash] = labels as [string, string];
  if (PROVIDER_LABELS[hash] || !HASH_PATTERN.test(hash)) return undefined;
  return { label, hash };
}

const WORD = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Cluster and region parts must be plain hostname words (no "_"), as the service issues them. */
function plain(match: HostMatch | undefined): HostMatch | undefined {
  if (!match) return undefined;
  if (match.cluster !== undefined && !WORD.test(match.cluster)) return undefined;
  if (match.region !== undefined && !WORD.test(match.region)) return undefined;
  return match;
}

/** A host of a mongodb:// host list. */
export function classifyListHost(host: string): HostMatch | undefined {
  return plain(listHost(host));
}

/** The one host of a mongodb+srv:// string. */
export function classifySrvHost(host: string): HostMatch | undefined {
  return plain(srvHost(host));
}

function listHost(host: string): HostMatch | undefined {
  const split = splitDomain(host);
  if (!split) return undefined;
  const base = { hostname: host, domain: split.domain };
  const legacy = legacyParts(split.labels);
  if (legacy) {
    const m = LEGACY_MEMBER.exec(legacy.label);
    if (!m) return undefined;
    return {
      ...base,
      candidates: ['legacy'],
      cluster: m[1] as string,
      hash: m[5] as string,
      provider: legacy.provider,
      member: { role: m[2] as 'shard' | 'config', shard: Number(m[3]), node: Number(m[4]) },
    };
  }
  const current = currentParts(split.labels);
  if (!current) return undefined;
  const { label, hash } = current;
  const pri = MEMBER_PRI.exec(label);
  const std = pri ?? MEMBER.exec(label);
  if (std) {
    return {
      ...base,
      hash,
      candidates: [pri ? 'privatePeering' : 'standard'],
      cluster: std[1] as string,
      member: { role: std[2] as 'shard' | 'config', shard: Number(std[3]), node: Number(std[4]) },
    };
  }
  const pl = PL_PLAIN.exec(label);
  if (pl) return { ...base, hash, endpointIndex: Number(pl[1]), ...privateLink('hostList', pl[2] as string) };
  return undefined;
}

function srvHost(host: string): HostMatch | undefined {
  const split = splitDomain(host);
  if (!split) return undefined;
  const base = { hostname: host, domain: split.domain };
  const legacy = legacyParts(split.labels);
  if (legacy) {
    const m = LEGACY_SRV.exec(legacy.label);
    if (!m) return undefined;
    return { ...base, candidates: ['legacy'], cluster: m[1] as string, hash: m[2] as string, provider: legacy.provider };
  }
  const current = currentParts(split.labels);
  if (!current) return undefined;
  const { label, hash } = current;
  const at = { ...base, hash };

  const optimized = PL_OPTIMIZED.exec(label);
  if (optimized) {
    return { ...at, candidates: ['privateLinkOptimized'], cluster: optimized[1] as string, endpointIndex: Number(optimized[2]) };
  }
  const optimizedRegion = PL_OPTIMIZED_REGION.exec(label);
  if (optimizedRegion) {
    const region = optimizedRegion[3] as string;
    const provider = providerOfRegion(region);
    return {
      ...at,
      candidates: ['privateLinkOptimized'],
      cluster: optimizedRegion[1] as string,
      endpointIndex: Number(optimizedRegion[2]),
      region,
      ...(provider ? { provider } : {}),
    };
  }
  const plain = PL_PLAIN.exec(label);
  if (plain) return { ...at, endpointIndex: Number(plain[1]), ...privateLink('srvPlain', plain[2] as string) };
  const regionalized = PL_REGIONALIZED.exec(label);
  if (regionalized) {
    return {
      ...at,
      cluster: regionalized[1] as string,
      endpointIndex: Number(regionalized[2]),
      ...privateLink('srvRegionalized', regionalized[3] as string),
    };
  }
  if (label.endsWith('-pri') && label.length > 4) return { ...at, candidates: ['privatePeering'], cluster: label.slice(0, -4) };
  return { ...at, candidates: ['standard'], cluster: label };
}
