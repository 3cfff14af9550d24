// Builds the seed's strings. The emulator issues strings with this, and parse()
// reverses it: parse(format(shape, parts)) gives back the shape and the parts.
import { ConnStringFormatError } from './errors.js';
import { isAwsRegion, isAzureRegion, providerOfRegion } from './regions.js';
import {
  CLUSTER_DOMAINS,
  CLUSTER_LABEL_PATTERN,
  DEFAULT_DOMAIN,
  HASH_PATTERN,
  LEGACY_PROVIDER_LABELS,
  SCHEME,
  SHAPES,
  SRV_SCHEME,
  type ConnStringParts,
  type HostMember,
  type Shape,
} from './shapes.js';

/** Two digits at least, as in shard-00-01. */
function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function fail(shape: Shape, message: string): never {
  throw new ConnStringFormatError(`cannot format ${shape.type} (${shape.srv ? 'SRV' : 'host list'}): ${message}`);
}

function need<T>(shape: Shape, value: T | undefined, name: string): T {
  if (value === undefined) fail(shape, `${name} is required`);
  return value;
}

function checkPort(shape: Shape, port: number): number {
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(shape, `port ${port} is not 1-65535`);
  return port;
}

function checkIndex(shape: Shape, n: number, name: string): number {
  if (!Number.isInteger(n) || n < 0) fail(shape, `${name} ${n} is not a non-negative integer`);
  return n;
}

function clusterLabel(shape: Shape, parts: ConnStringParts): string {
  const label = need(shape, parts.cluster, 'cluster').toLowerCase();
  if (!CLUSTER_LABEL_PATTERN.test(label)) fail(shape, `cluster "${parts.cluster}" is not a hostname label`);
  return label;
}

function members(shape: Shape, parts: ConnStringParts): HostMember[] {
  const list = need(shape, parts.members, 'members');
  if (list.length === 0) fail(shape, 'members is empty');
  for (const m of list) {
    if (m.role !== 'shard' && m.role !== 'config') fail(shape, `member role "${String(m.role)}"`);
    checkIndex(shape, m.shard, 'shard');
    checkIndex(shape, m.node, 'node');
    checkPort(shape, m.port);
  }
  return list;
}

function ports(shape: Shape, parts: ConnStringParts): number[] {
  const list = need(shape, parts.ports, 'ports');
  if (list.length === 0) fail(shape, 'ports is empty');
  return list.map((p) => checkPort(shape, p));
}

function region(shape: Shape, parts: ConnStringParts, provider: 'AWS' | 'AZURE' | undefined): string {
  const r = need(shape, parts.region, 'region');
  const ok = provider === 'AWS' ? isAwsRegion(r) : provider === 'AZURE' ? isAzureRegion(r) : providerOfRegion(r) !== undefined;
  if (!ok) fail(shape, `region "${r}" is not ${provider ? `an ${provider}` : 'an AWS or Azure'} region name as used in hostnames`);
  return r;
}

function query(options: Record<string, string> | undefined): string {
  const entries = Object.entries(options ?? {});
  if (entries.length === 0) return '';
  return '/?' + entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/**
 * The string of one row and form of the seed's table.
 * Throws ConnStringFormatError when a part the shape needs is missing or malformed.
 */
export function format(shape: Shape, parts: ConnStringParts): string {
  const info = SHAPES[shape.type];
  if (!info) fail(shape, 'no such shape');
  if (!shape.srv && info.hostList === undefined) fail(shape, 'this row has only an SRV form');
  if (!HASH_PATTERN.test(parts.hash ?? '')) fail(shape, `hash "${parts.hash}" is not 4-10 characters of [a-z0-9]`);
  const domain = parts.domain ?? DEFAULT_DOMAIN;
  if (!CLUSTER_DOMAINS.includes(domain)) fail(shape, `domain "${domain}" is not one of ${CLUSTER_DOMAINS.join(', ')}`);
  const n = checkIndex(shape, parts.endpointIndex ?? 0, 'endpointIndex');
  const tail = `.${parts.hash}.${domain}`;
  // No trailing "/" without options, as in the recorded standardSrv and mongoURI strings.
  const onSrv = (label: string) => `${SRV_SCHEME}://${label}${tail}${query(parts.options)}`;
  const hostList = (hosts: string[]) => `${SCHEME}://${hosts.join(',')}${query(parts.options)}`;
  const memberHost = (c: string, m: HostMember, suffix: string, after: string) =>
    `${c}-${m.role}-${pad(m.shard)}-${pad(m.node)}${suffix}${after}:${m.port}`;

  switch (shape.type) {
    case 'standard':
    case 'privatePeering': {
      const c = clusterLabel(shape, parts);
      const suffix = shape.type === 'privatePeering' ? '-pri' : '';
      if (shape.srv) return onSrv(`${c}${suffix}`);
      return hostList(members(shape, parts).map((m) => memberHost(c, m, suffix, tail)));
    }
    case 'privateLinkAws': {
      const r = region(shape, parts, 'AWS');
      const az = need(shape, parts.az, 'az');
      if (!/^[a-z]$/.test(az)) fail(shape, `az "${az}" is not one letter a-z`);
      const label = `pl-${n}-${r}${az}`;
      if (shape.srv) return onSrv(label);
      return hostList(ports(shape, parts).map((p) => `${label}${tail}:${p}`));
    }
    case 'privateLinkAwsRegionalized':
    case 'privateLinkAzure':
    case 'privateLinkAzureRegionalized': {
      const r = region(shape, parts, info.provider);
      if (!shape.srv) return hostList(ports(shape, parts).map((p) => `pl-${n}-${r}${tail}:${p}`));
      if (info.regionalized) return onSrv(`${clusterLabel(shape, parts)}-pl-${n}-${r}`);
      return onSrv(`pl-${n}-${r}`);
    }
    case 'privateLinkOptimized': {
      // The seed: "-lb after the pl-0-<region> part", its literal example <cluster>-pl-0-lb.
      // Without a region we issue the example; with one (regionalized endpoints), <cluster>-pl-0-<region>-lb.
      const c = clusterLabel(shape, parts);
      if (parts.region === undefined) return onSrv(`${c}-pl-${n}-lb`);
      return onSrv(`${c}-pl-${n}-${region(shape, parts, undefined)}-lb`);
    }
    case 'legacy': {
      const c = clusterLabel(shape, parts);
      const provider = parts.provider ?? 'AWS';
      if (provider !== 'AWS' && provider !== 'AZURE' && provider !== 'GCP') fail(shape, `provider "${String(provider)}"`);
      // Legacy hosts put "-<hash>" where the current ones put ".<hash>", and maybe a provider label.
      const legacyTail = `-${parts.hash}${provider === 'AWS' ? '' : `.${LEGACY_PROVIDER_LABELS[provider]}`}.${domain}`;
      if (shape.srv) return `${SRV_SCHEME}://${c}${legacyTail}${query(parts.options)}`;
      return hostList(members(shape, parts).map((m) => memberHost(c, m, '', legacyTail)));
    }
  }
  return fail(shape, 'no such shape');
}
