// Reads any cluster document the service sends — legacy (v1.0, 2023-01-01),
// 2023-02-01, and the 2024-08-05+ shapes where each shard is its own
// replicationSpecs entry — into one summary that the table and the key/value
// view share. Pure and forgiving: a field that is missing shows as empty.

import { asObject, isObject } from '../../base/object.js';

type Doc = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export interface NodeGroup {
  instanceSize?: string;
  nodes: number;
}

export interface RegionSummary {
  provider: string;
  /** TENANT only: the cloud hosting the shared tier. */
  backingProvider?: string;
  region: string;
  priority: number;
  electable: NodeGroup;
  readOnly: NodeGroup;
  analytics: NodeGroup;
}

export interface ZoneSummary {
  name: string;
  shards: number;
  regions: RegionSummary[];
}

/** One shard of a 2024-08-05 document: its electable tier and storage. */
export interface ShardSummary {
  zone: string;
  tier: string;
  diskSizeGB?: number;
}

export interface ClusterSummary {
  name: string;
  state: string;
  dbVersion: string;
  type: string;
  /** Shards across all zones (1 for a replica set). */
  shards: number;
  providers: string[];
  regions: string[];
  tiers: string[];
  created: string;
  zones: ZoneSummary[];
  diskSizeGB?: number;
  /** Each shard, when they differ in tier or storage (independent shard scaling, 2024-08-05 on). */
  shardsDiffer?: ShardSummary[];
  backup?: boolean;
  paused?: boolean;
  terminationProtection?: boolean;
}

const byPriority = (a: RegionSummary, b: RegionSummary): number => b.priority - a.priority;

/** True when the document uses replicationSpecs[].regionConfigs (2023-02-01 and later). */
export function hasRegionConfigs(doc: Doc): boolean {
  return asArray(doc.replicationSpecs).some((spec) => Array.isArray(asObject(spec).regionConfigs));
}

function modernRegion(raw: unknown): RegionSummary {
  const region = asObject(raw);
  const group = (key: string, tenant: boolean): NodeGroup => {
    const spec = asObject(region[key]);
    const size = text(spec.instanceSize);
    const nodes = tenant && key === 'electableSpecs' ? 3 : count(spec.nodeCount);
    return size === undefined ? { nodes } : { instanceSize: size, nodes };
  };
  const provider = text(region.providerName) ?? '';
  const tenant = provider === 'TENANT' || provider === 'FLEX';
  const summary: RegionSummary = {
    provider,
    region: text(region.regionName) ?? '',
    priority: count(region.priority),
    electable: group('electableSpecs', tenant),
    readOnly: group('readOnlySpecs', tenant),
    analytics: group('analyticsSpecs', tenant),
  };
  const backing = text(region.backingProviderName);
  if (backing) summary.backingProvider = backing;
  return summary;
}

/**
 * Zones of a regionConfigs document. In 2023-02-01 one entry is a zone with
 * numShards; from 2024-08-05 each shard is an entry, grouped here by zone.
 */
function modernZones(doc: Doc): ZoneSummary[] {
  const zones = new Map<string, ZoneSummary>();
  asArray(doc.replicationSpecs).forEach((raw, index) => {
    const spec = asObject(raw);
    const name = text(spec.zoneName) ?? `Zone ${index + 1}`;
    const key = text(spec.zoneId) ?? name;
    const shards = typeof spec.numShards === 'number' ? spec.numShards : 1;
    const regions = asArray(spec.regionConfigs).map(modernRegion).sort(byPriority);
    const zone = zones.get(key);
    if (zone && typeof spec.numShards !== 'number') {
      zone.shards += shards;
      // Shards of one zone may be sized differently (independent shard scaling); keep each distinct layout.
      for (const region of regions) {
        if (!zone.regions.some((r) => JSON.stringify(r) === JSON.stringify(region))) zone.regions.push(region);
      }
    } else {
      zones.set(zones.has(key) ? `${key}#${index}` : key, { name, shards, regions });
    }
  });
  return [...zones.values()];
}

function legacyZones(doc: Doc): ZoneSummary[] {
  const settings = asObject(doc.providerSettings);
  const provider = text(settings.providerName) ?? '';
  const size = text(settings.instanceSizeName);
  const backing = text(settings.backingProviderName);
  const regionsOf = (map: Doc): RegionSummary[] =>
    Object.entries(map)
      .map(([regionName, raw]) => {
        const spec = asObject(raw);
        const group = (key: string): NodeGroup => (size === undefined ? { nodes: count(spec[key]) } : { instanceSize: size, nodes: count(spec[key]) });
        const region: RegionSummary = {
          provider,
          region: regionName,
          priority: count(spec.priority),
          electable: group('electableNodes'),
          readOnly: group('readOnlyNodes'),
          analytics: group('analyticsNodes'),
        };
        if (backing) region.backingProvider = backing;
        return region;
      })
      .sort(byPriority);
  const topShards = typeof doc.numShards === 'number' ? doc.numShards : 1;
  const specs = asArray(doc.replicationSpecs);
  if (specs.length > 0) {
    return specs.map((raw, index) => {
      const spec = asObject(raw);
      return {
        name: text(spec.zoneName) ?? `Zone ${index + 1}`,
        shards: typeof spec.numShards === 'number' ? spec.numShards : topShards,
        regions: regionsOf(asObject(spec.regionsConfig)),
      };
    });
  }
  const map = isObject(doc.replicationSpec) ? doc.replicationSpec : {};
  const regions = regionsOf(map);
  if (regions.length === 0 && text(settings.regionName)) {
    const nodes = count(doc.replicationFactor) || 3;
    const group = (n: number): NodeGroup => (size === undefined ? { nodes: n } : { instanceSize: size, nodes: n });
    regions.push({
      provider,
      region: text(settings.regionName)!,
      priority: 7,
      electable: group(nodes),
      readOnly: group(0),
      analytics: group(0),
      ...(backing ? { backingProvider: backing } : {}),
    });
  }
  return [{ name: 'Zone 1', shards: topShards, regions }];
}

const distinct = (values: Array<string | undefined>): string[] => [...new Set(values.filter((v): v is string => Boolean(v)))];

export function providerLabel(region: RegionSummary): string {
  return region.backingProvider && (region.provider === 'TENANT' || region.provider === 'FLEX')
    ? `${region.provider} (${region.backingProvider})`
    : region.provider;
}

/** A 2024-08-05 document's shards (entries without numShards), with the first storage of each. */
function perShard(doc: Doc): ShardSummary[] {
  const specs = asArray(doc.replicationSpecs).map(asObject);
  if (specs.length === 0 || specs.some((spec) => spec.numShards !== undefined)) return [];
  return specs.map((spec, index) => {
    const region = asArray(spec.regionConfigs).map(modernRegion).sort(byPriority)[0];
    const raw = asArray(spec.regionConfigs).map(asObject);
    const disk = raw.map((r) => asObject(r.electableSpecs).diskSizeGB).find((d): d is number => typeof d === 'number');
    const shard: ShardSummary = { zone: text(spec.zoneName) ?? `Zone ${index + 1}`, tier: region?.electable.instanceSize ?? '' };
    if (disk !== undefined) shard.diskSizeGB = disk;
    return shard;
  });
}

export function summarize(document: unknown): ClusterSummary {
  const doc = asObject(document);
  const zones = hasRegionConfigs(doc) ? modernZones(doc) : legacyZones(doc);
  const regions = zones.flatMap((z) => z.regions);
  const summary: ClusterSummary = {
    name: text(doc.name) ?? '',
    state: text(doc.stateName) ?? '',
    dbVersion: text(doc.mongoDBVersion) ?? text(doc.mongoDBMajorVersion) ?? '',
    type: text(doc.clusterType) ?? '',
    shards: zones.reduce((sum, z) => sum + z.shards, 0) || 1,
    providers: distinct(regions.map(providerLabel)),
    regions: distinct(regions.map((r) => r.region)),
    tiers: distinct(regions.flatMap((r) => [r.electable.instanceSize])),
    created: text(doc.createDate) ?? '',
    zones,
  };
  if (typeof doc.diskSizeGB === 'number') summary.diskSizeGB = doc.diskSizeGB;
  const shards = perShard(doc);
  const disks = distinct(shards.map((s) => (s.diskSizeGB === undefined ? undefined : String(s.diskSizeGB))));
  if (summary.diskSizeGB === undefined && disks.length === 1) summary.diskSizeGB = Number(disks[0]);
  if (disks.length > 1 || distinct(shards.map((s) => s.tier)).length > 1) summary.shardsDiffer = shards;
  const backup = doc.backupEnabled === true || doc.providerBackupEnabled === true;
  if (typeof doc.backupEnabled === 'boolean' || typeof doc.providerBackupEnabled === 'boolean') summary.backup = backup;
  if (typeof doc.paused === 'boolean') summary.paused = doc.paused;
  if (typeof doc.terminationProtectionEnabled === 'boolean') summary.terminationProtection = doc.terminationProtectionEnabled;
  return summary;
}

/** "SHARDED (2 shards)"; replica sets as they are. */
export function typeLabel(summary: ClusterSummary): string {
  if (summary.type === 'SHARDED' || summary.type === 'GEOSHARDED') {
    return `${summary.type} (${summary.shards} shard${summary.shards === 1 ? '' : 's'})`;
  }
  return summary.type;
}
