// Any cluster document the service sends — legacy (v1.0, 2023-01-01), 2023-02-01,
// and the 2024-08-05+ shapes where each shard is its own replicationSpecs entry —
// as one summary that the table and the key/value view share. The shapes are read by
// the model's reader (src/model/clusterShapes.ts); this module only groups and labels.
// Pure and forgiving: a field that is missing shows as empty.
import { readClusterDocument, type NodeGroup, type RegionSummary, type ShardRead } from '../../model/clusterShapes.js';

export type { NodeGroup, RegionSummary };

import { asObject } from '../../base/object.js';
import { isFlexDocument } from '../../model/flexCluster.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

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
  /** A flex cluster (the flex API's document). */
  flex?: boolean;
}

/** The shards grouped by zone, zones in order; a zone lists each distinct region layout of its shards once. */
function zonesOf(shards: ShardRead[]): ZoneSummary[] {
  const zones = new Map<string, ZoneSummary>();
  for (const shard of shards) {
    const zone = zones.get(shard.zoneKey);
    if (!zone) {
      zones.set(shard.zoneKey, { name: shard.zoneName, shards: 1, regions: structuredClone(shard.regions) });
      continue;
    }
    zone.shards += 1;
    // Shards of one zone may be sized differently (independent shard scaling); keep each distinct layout.
    for (const region of shard.regions) {
      if (!zone.regions.some((r) => JSON.stringify(r) === JSON.stringify(region))) zone.regions.push(region);
    }
  }
  return [...zones.values()];
}

const distinct = (values: Array<string | undefined>): string[] => [...new Set(values.filter((v): v is string => Boolean(v)))];

export function providerLabel(region: RegionSummary): string {
  return region.backingProvider && (region.provider === 'TENANT' || region.provider === 'FLEX')
    ? `${region.provider} (${region.backingProvider})`
    : region.provider;
}

/** A flex cluster (its own API's document): one region of shared hosts on a backing cloud, its storage in providerSettings. */
function summarizeFlex(doc: Record<string, unknown>): ClusterSummary {
  const settings = asObject(doc.providerSettings);
  const region: RegionSummary = {
    provider: 'FLEX',
    region: text(settings.regionName) ?? '',
    priority: 7,
    electable: { instanceSize: 'FLEX', nodes: 3 },
    readOnly: { nodes: 0 },
    analytics: { nodes: 0 },
  };
  const backing = text(settings.backingProviderName);
  if (backing) region.backingProvider = backing;
  const summary: ClusterSummary = {
    name: text(doc.name) ?? '',
    state: text(doc.stateName) ?? '',
    dbVersion: text(doc.mongoDBVersion) ?? '',
    type: text(doc.clusterType) ?? 'REPLICASET',
    shards: 1,
    providers: [providerLabel(region)],
    regions: region.region ? [region.region] : [],
    tiers: ['FLEX'],
    created: text(doc.createDate) ?? '',
    zones: [{ name: 'Zone 1', shards: 1, regions: [region] }],
    flex: true,
  };
  if (typeof settings.diskSizeGB === 'number') summary.diskSizeGB = settings.diskSizeGB;
  const backup = asObject(doc.backupSettings).enabled;
  if (typeof backup === 'boolean') summary.backup = backup;
  if (typeof doc.terminationProtectionEnabled === 'boolean') summary.terminationProtection = doc.terminationProtectionEnabled;
  return summary;
}

export function summarize(document: unknown): ClusterSummary {
  const doc = asObject(document);
  if (isFlexDocument(doc)) return summarizeFlex(doc);
  const read = readClusterDocument(doc);
  const zones = zonesOf(read.shards);
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
  if (read.diskSizeGB !== undefined) summary.diskSizeGB = read.diskSizeGB;
  // Only the per-shard shape can say that shards differ.
  if (read.shape === 'perShard') {
    const shards: ShardSummary[] = read.shards.map((s) => ({ zone: s.zoneName, tier: s.regions[0]?.electable.instanceSize ?? '', ...(s.diskSizeGB === undefined ? {} : { diskSizeGB: s.diskSizeGB }) }));
    const disks = distinct(shards.map((s) => (s.diskSizeGB === undefined ? undefined : String(s.diskSizeGB))));
    if (disks.length > 1 || distinct(shards.map((s) => s.tier)).length > 1) summary.shardsDiffer = shards;
  }
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
