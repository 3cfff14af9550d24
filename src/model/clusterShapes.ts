// The cluster shapes of every API version, behind one door: which shape a version
// speaks, which shape a document is in, and conversion between any two shapes with
// a report of what moved, what was dropped and what would be lost. The field lists
// are in clusterFields.ts, the converters of each pair of neighbouring shapes in
// clusterConvert.ts, the canonical model with its reader and renderer per shape in
// cluster.ts; CLI and emulator come here or there, never to a copy.
//   legacy   v1.0, 2023-01-01  providerSettings + regionsConfig, numShards
//   modern   2023-02-01        replicationSpecs[] per zone with numShards, diskSizeGB at the top
//   perShard 2024-08-05 on     replicationSpecs[] per shard, diskSizeGB per hardware spec
import {
  legacyToModern,
  legacyTopologyFromModern,
  modernSpecsFromLegacy,
  modernToLegacy,
  modernToPerShard,
  perShardLosses,
  perShardToModern,
  type Conversion,
  type FieldChange,
} from './clusterConvert.js';
import type { ClusterShape } from './clusterFields.js';
import { asObject, isObject } from '../base/object.js';

type Doc = Record<string, unknown>;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export { CLUSTER_SHAPES, type ClusterShape } from './clusterFields.js';
export type { Conversion, FieldChange };

const ORDER: readonly ClusterShape[] = ['legacy', 'modern', 'perShard'];

/** v1.0 and 2023-01-01 speak the legacy shape; 2023-02-01 the regionConfigs shape; 2024-08-05 on, one spec per shard. */
export function shapeForVersion(version: string): ClusterShape {
  if (version === 'v1.0' || version < '2023-02-01') return 'legacy';
  return version < '2024-08-05' ? 'modern' : 'perShard';
}

/** The first version of each shape, for messages. */
export const SHAPE_SINCE: Record<ClusterShape, string> = { legacy: 'v1.0', modern: '2023-02-01', perShard: '2024-08-05' };

/** How a shape is named in messages. */
export function shapeLabel(shape: ClusterShape): string {
  return shape === 'legacy' ? 'legacy (v1.0 / 2023-01-01)' : shape === 'modern' ? '2023-02-01' : '2024-08-05 / 2024-10-23';
}

const LEGACY_KEYS = ['providerSettings', 'replicationSpec', 'numShards', 'replicationFactor', 'autoScaling', 'providerBackupEnabled', 'mongoURI', 'srvAddress'];
const HARDWARE = ['electableSpecs', 'readOnlySpecs', 'analyticsSpecs'];

/**
 * The shape a cluster document is in, from the fields only one shape has; undefined when
 * nothing tells (no topology, no shape-specific field): such a body is valid in several.
 */
export function shapeOfDocument(doc: Doc): ClusterShape | undefined {
  const specs = asArray(doc.replicationSpecs).filter(isObject);
  if (LEGACY_KEYS.some((key) => key in doc) || specs.some((spec) => 'regionsConfig' in spec)) return 'legacy';
  if (specs.some((spec) => 'numShards' in spec) || 'diskSizeGB' in doc) return 'modern';
  const regions = specs.flatMap((spec) => asArray(spec.regionConfigs).filter(isObject));
  const perShardDisk = regions.some((region) => HARDWARE.some((kind) => isObject(region[kind]) && 'diskSizeGB' in region[kind]));
  if (perShardDisk || 'effectiveReplicationSpecs' in doc || 'redactClientLogData' in doc) return 'perShard';
  return undefined;
}

export interface ShapeConversion extends Conversion {
  /** Fields whose information the target shape cannot hold (the conversion should be refused). */
  lost: string[];
}

function step(body: Doc, from: ClusterShape, to: ClusterShape): ShapeConversion {
  if (from === 'legacy' && to === 'modern') return { ...legacyToModern(body), lost: [] };
  if (from === 'modern' && to === 'perShard') return { ...modernToPerShard(body), lost: [] };
  if (from === 'perShard' && to === 'modern') return { ...perShardToModern(body), lost: perShardLosses(body) };
  // modern -> legacy
  const lost = Array.isArray(body.replicationSpecs) ? legacyTopologyFromModern(body.replicationSpecs as Doc[]).lost : [];
  return { ...modernToLegacy(body), lost };
}

/** A cluster body in another shape, one neighbouring shape at a time; changes in the terms of each step. */
export function convertClusterBody(body: Doc, from: ClusterShape, to: ClusterShape): ShapeConversion {
  let current: ShapeConversion = { body: structuredClone(body), changes: [], lost: [] };
  let at = ORDER.indexOf(from);
  const target = ORDER.indexOf(to);
  while (at !== target) {
    const next = at + Math.sign(target - at);
    const done = step(current.body, ORDER[at]!, ORDER[next]!);
    current = { body: done.body, changes: [...current.changes, ...done.changes], lost: [...current.lost, ...done.lost] };
    at = next;
  }
  return current;
}

// ---- the reader: a cluster document of any shape, as the service sends it, into
// shards (one entry per shard, as 2024-08-05 has them), forgiving: a missing field reads
// as empty. Summaries, tables and the readable view read documents only through it.

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

/** One shard as read: its zone (key: shards with the same key share the zone), its regions by priority, its storage. */
export interface ShardRead {
  zoneKey: string;
  zoneName: string;
  regions: RegionSummary[];
  diskSizeGB?: number;
}

export interface ClusterRead {
  /** The shape the document was in (one without regionConfigs reads as legacy). */
  shape: ClusterShape;
  shards: ShardRead[];
  /** The cluster's storage: its own diskSizeGB, else that of every shard when they agree. */
  diskSizeGB?: number;
}

const byRegionPriority = (a: RegionSummary, b: RegionSummary): number => b.priority - a.priority;

function readRegion(raw: unknown): RegionSummary {
  const region = asObject(raw);
  const provider = text(region.providerName) ?? '';
  const tenant = provider === 'TENANT' || provider === 'FLEX';
  const group = (key: string): NodeGroup => {
    const spec = asObject(region[key]);
    const size = text(spec.instanceSize);
    const nodes = tenant && key === 'electableSpecs' ? 3 : count(spec.nodeCount);
    return size === undefined ? { nodes } : { instanceSize: size, nodes };
  };
  const summary: RegionSummary = {
    provider,
    region: text(region.regionName) ?? '',
    priority: count(region.priority),
    electable: group('electableSpecs'),
    readOnly: group('readOnlySpecs'),
    analytics: group('analyticsSpecs'),
  };
  const backing = text(region.backingProviderName);
  if (backing) summary.backingProvider = backing;
  return summary;
}

/** The first diskSizeGB of a shard entry's electable specs. */
function entryDisk(spec: Doc): number | undefined {
  return asArray(spec.regionConfigs)
    .map((r) => asObject(asObject(r).electableSpecs).diskSizeGB)
    .find((d): d is number => typeof d === 'number');
}

/** regionConfigs entries: one per zone with numShards (2023-02-01, legacy converted), or one per shard (2024-08-05). */
function shardsOfEntries(entries: Doc[], perZone: boolean, legacy: boolean): ShardRead[] {
  const keys = new Set<string>();
  return entries.flatMap((spec, index) => {
    const zoneName = text(spec.zoneName) ?? `Zone ${index + 1}`;
    let zoneKey = legacy ? `#${index}` : (text(spec.zoneId) ?? zoneName);
    // In the per-zone shapes each entry is its own zone, even under a name used twice.
    if (perZone && keys.has(zoneKey)) zoneKey = `${zoneKey}#${index}`;
    keys.add(zoneKey);
    const regions = asArray(spec.regionConfigs).map(readRegion).sort(byRegionPriority);
    const disk = entryDisk(spec);
    const shards = perZone ? (typeof spec.numShards === 'number' ? spec.numShards : 1) : 1;
    return Array.from({ length: Math.max(1, shards) }, () => ({ zoneKey, zoneName, regions: structuredClone(regions), ...(disk === undefined ? {} : { diskSizeGB: disk }) }));
  });
}

/** A legacy document's topology in 2023-02-01 terms (the converter's), or none when it says nothing of regions. */
function legacyEntries(doc: Doc): Doc[] {
  const settings = asObject(doc.providerSettings);
  const specs = asArray(doc.replicationSpecs);
  if (specs.length === 0 && !isObject(doc.replicationSpec) && text(settings.regionName) === undefined) {
    return [{ numShards: typeof doc.numShards === 'number' ? doc.numShards : 1, regionConfigs: [] }];
  }
  return modernSpecsFromLegacy(specs.length === 0 ? { ...doc, replicationSpecs: undefined } : doc);
}

/** Reads a cluster document of any shape into shards. */
export function readClusterDocument(document: unknown): ClusterRead {
  const doc = asObject(document);
  const entries = asArray(doc.replicationSpecs).map(asObject);
  const regionConfigs = entries.some((spec) => Array.isArray(spec.regionConfigs));
  const shape: ClusterShape = !regionConfigs ? 'legacy' : entries.some((spec) => spec.numShards !== undefined) ? 'modern' : 'perShard';
  const shards = shape === 'legacy' ? shardsOfEntries(legacyEntries(doc), true, true) : shardsOfEntries(entries, shape === 'modern', false);
  const read: ClusterRead = { shape, shards };
  const disks = new Set(shards.map((s) => s.diskSizeGB).filter((d) => d !== undefined));
  if (typeof doc.diskSizeGB === 'number') read.diskSizeGB = doc.diskSizeGB;
  else if (disks.size === 1) read.diskSizeGB = [...disks][0];
  return read;
}

// ---- the writer of request bodies: a topology (where the nodes are) in each shape, and
// the fields whose place differs between shapes. The CLI's create and patch build through it.

/** Cloud backup is providerBackupEnabled in the legacy shape, backupEnabled from 2023-02-01. */
export const BACKUP_FIELD: Record<ClusterShape, 'providerBackupEnabled' | 'backupEnabled'> = {
  legacy: 'providerBackupEnabled',
  modern: 'backupEnabled',
  perShard: 'backupEnabled',
};

/** One zone of `shards` alike shards in one region; TENANT clusters name their backing cloud. */
export interface TopologyInput {
  type: string;
  provider: string;
  backingProvider?: string;
  region: string;
  tier: string;
  members: number;
  shards: number;
}

/** The topology fields of a body (clusterType, where the nodes are) in a shape. */
export function writeTopology(t: TopologyInput, shape: ClusterShape): Doc {
  const tenant = t.provider === 'TENANT';
  if (shape === 'legacy') {
    const providerSettings: Doc = { providerName: t.provider };
    if (t.backingProvider) providerSettings.backingProviderName = t.backingProvider;
    providerSettings.instanceSizeName = t.tier;
    providerSettings.regionName = t.region;
    if (tenant) return { clusterType: t.type, providerSettings };
    return {
      clusterType: t.type,
      numShards: t.shards,
      providerSettings,
      replicationSpecs: [
        {
          numShards: t.shards,
          regionsConfig: { [t.region]: { analyticsNodes: 0, electableNodes: t.members, priority: 7, readOnlyNodes: 0 } },
          zoneName: 'Zone 1',
        },
      ],
    };
  }
  const region: Doc = tenant
    ? { providerName: 'TENANT', backingProviderName: t.backingProvider, regionName: t.region, priority: 7, electableSpecs: { instanceSize: t.tier } }
    : { providerName: t.provider, regionName: t.region, priority: 7, electableSpecs: { instanceSize: t.tier, nodeCount: t.members } };
  if (shape === 'perShard') {
    // One entry per shard (2024-08-05 on).
    return { clusterType: t.type, replicationSpecs: Array.from({ length: t.shards }, () => ({ zoneName: 'Zone 1', regionConfigs: [structuredClone(region)] })) };
  }
  return { clusterType: t.type, replicationSpecs: [{ numShards: t.shards, zoneName: 'Zone 1', regionConfigs: [region] }] };
}

/** Every region config of a regionConfigs-shaped body (2023-02-01 on). */
export function regionConfigsOf(body: Doc): Doc[] {
  return asArray(body.replicationSpecs)
    .filter(isObject)
    .flatMap((spec) => asArray(spec.regionConfigs).filter(isObject));
}

/** Sets instanceSize in every hardware spec a region config has (electable, read-only, analytics). */
export function setTier(body: Doc, tier: string): void {
  for (const region of regionConfigsOf(body)) {
    for (const kind of HARDWARE) if (isObject(region[kind])) region[kind].instanceSize = tier;
    if (!isObject(region.electableSpecs)) region.electableSpecs = { instanceSize: tier };
  }
}

/** Sets diskSizeGB in every hardware spec (2024-08-05: storage is per shard, given in each spec). */
export function setShardDisk(body: Doc, disk: number): void {
  for (const region of regionConfigsOf(body)) {
    for (const kind of HARDWARE) if (isObject(region[kind])) region[kind].diskSizeGB = disk;
    if (!isObject(region.electableSpecs)) region.electableSpecs = { diskSizeGB: disk };
  }
}

/** The storage of every shard: the cluster's diskSizeGB before 2024-08-05, each hardware spec's from then. */
export function setDiskSize(body: Doc, disk: number, shape: ClusterShape): void {
  if (shape === 'perShard') setShardDisk(body, disk);
  else body.diskSizeGB = disk;
}
