// The cluster shapes of every API version, behind one door: which shape a version
// speaks, which shape a document is in, and conversion between any two shapes with
// a report of what moved, what was dropped and what would be lost. The field lists
// are in clusterFields.ts, the converters of each pair of neighbouring shapes in
// clusterConvert.ts, the canonical model with its reader and renderer per shape in
// cluster.ts; CLI and emulator come here or there, never to a copy.
//   legacy   v1.0, 2023-01-01  providerSettings + regionsConfig, numShards
//   modern   2023-02-01        replicationSpecs[] per zone with numShards, diskSizeGB at the top
//   perShard 2024-08-05 on     replicationSpecs[] per shard, diskSizeGB per hardware spec
import { CLOUD_PROVIDERS, REGIONS } from './catalog.js';
import {
  legacyConversionGaps,
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
import { asObject, isObject } from '../base/object.js';
import { fieldsOf, READ_ONLY_FIELDS, stripReadOnly, type ClusterShape } from './clusterFields.js';

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
  /** Fields the conversion needs and the body lacks or holds ill-typed (it should be refused, naming them). */
  missing?: string[];
}

function step(body: Doc, from: ClusterShape, to: ClusterShape): ShapeConversion {
  if (from === 'legacy' && to === 'modern') {
    const missing = legacyConversionGaps(body);
    return { ...(missing.length > 0 ? { body, changes: [] } : legacyToModern(body)), lost: [], ...(missing.length > 0 ? { missing } : {}) };
  }
  if (from === 'modern' && to === 'perShard') return { ...modernToPerShard(body), lost: [] };
  if (from === 'perShard' && to === 'modern') return { ...perShardToModern(body), lost: perShardLosses(body) };
  // modern -> legacy
  const lost = Array.isArray(body.replicationSpecs) ? legacyTopologyFromModern(body.replicationSpecs as Doc[]).lost : [];
  return { ...modernToLegacy(body), lost };
}

/** Why a field was dropped converting from one shape to another, for the report. */
export function dropReason(field: string, from: ClusterShape, to: ClusterShape): string {
  if (Object.values(READ_ONLY_FIELDS).some((paths) => paths.includes(field))) return 'read-only';
  if (field === 'replicationSpecs.id' || field === 'replicationSpecs.zoneId') return 'read-only';
  if (field === 'replicationSpec') return 'replicationSpecs describes the same regions';
  if (field === 'backupEnabled') return 'providerBackupEnabled wins';
  return field.split('.')[0]! in fieldsOf(from) ? `no ${shapeLabel(to)} equivalent` : 'not a cluster field';
}

/**
 * A cluster body in another shape, one neighbouring shape at a time; changes in the terms of
 * each step, each dropped field with its reason.
 */
export function convertClusterBody(body: Doc, from: ClusterShape, to: ClusterShape): ShapeConversion {
  let current: ShapeConversion = { body: structuredClone(body), changes: [], lost: [] };
  let at = ORDER.indexOf(from);
  const target = ORDER.indexOf(to);
  while (at !== target) {
    const next = at + Math.sign(target - at);
    const done = step(current.body, ORDER[at]!, ORDER[next]!);
    if (done.missing) return { ...current, missing: done.missing };
    current = { body: done.body, changes: [...current.changes, ...done.changes], lost: [...current.lost, ...done.lost] };
    at = next;
  }
  current.changes = current.changes.map((change) => (change.action === 'dropped' ? { ...change, reason: dropReason(change.field, from, to) } : change));
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

/** One shard where its version's wire shape puts it, its region configs as sent (unread). */
export interface WireShard {
  /** The replicationSpecs entry that holds it: 2023-02-01 entries hold numShards alike shards, 2024-08-05 ones one. */
  entry: number;
  /** Its position among its entry's shards. */
  index: number;
  zoneName?: string;
  zoneId?: string;
  regionConfigs: unknown[];
  /** 2024-08-05 on: its storage, the first diskSizeGB of its hardware specs. */
  diskSizeGB?: number;
}

/** A 2024-08-05 entry's storage: the first diskSizeGB of its hardware specs. */
function entryDisk(spec: Doc): number | undefined {
  for (const region of asArray(spec.regionConfigs)) {
    for (const kind of HARDWARE) {
      const disk = asObject(asObject(region)[kind]).diskSizeGB;
      if (typeof disk === 'number') return disk;
    }
  }
  return undefined;
}

/**
 * The one reading of replicationSpecs in the regionConfigs shapes, shard by shard:
 * 2023-02-01 one entry per zone with numShards alike shards and no storage (it is the
 * cluster's diskSizeGB); 2024-08-05 on one entry per shard, storage in its hardware specs.
 * Legacy documents are read through their 2023-02-01 equivalent (modernSpecsFromLegacy).
 * The emulator's model and the CLI's summaries both build on it.
 */
export function shardsOfSpecs(specs: unknown[], shape: 'modern' | 'perShard'): WireShard[] {
  return specs.flatMap((raw, entry) => {
    const spec = asObject(raw);
    const shard: Omit<WireShard, 'index'> = { entry, regionConfigs: asArray(spec.regionConfigs) };
    if (typeof spec.zoneName === 'string') shard.zoneName = spec.zoneName;
    if (typeof spec.zoneId === 'string') shard.zoneId = spec.zoneId;
    if (shape === 'perShard') {
      const disk = entryDisk(spec);
      return [{ ...shard, index: 0, ...(disk === undefined ? {} : { diskSizeGB: disk }) }];
    }
    const count = typeof spec.numShards === 'number' ? Math.max(1, spec.numShards) : 1;
    return Array.from({ length: count }, (_, index) => ({ ...structuredClone(shard), index }));
  });
}

/** Summaries: each entry's shards under a zone key (shards with the same key share the zone), regions read forgivingly. */
function shardsOfEntries(entries: Doc[], shape: 'modern' | 'perShard', legacy: boolean): ShardRead[] {
  const keys = new Map<number, string>();
  const used = new Set<string>();
  return shardsOfSpecs(entries, shape).map((wire) => {
    const zoneName = text(wire.zoneName) ?? `Zone ${wire.entry + 1}`;
    let zoneKey = keys.get(wire.entry);
    if (zoneKey === undefined) {
      zoneKey = legacy ? `#${wire.entry}` : (text(wire.zoneId) ?? zoneName);
      // In the per-zone shapes each entry is its own zone, even under a name used twice.
      if (shape === 'modern' && used.has(zoneKey)) zoneKey = `${zoneKey}#${wire.entry}`;
      keys.set(wire.entry, zoneKey);
      used.add(zoneKey);
    }
    const regions = wire.regionConfigs.map(readRegion).sort(byRegionPriority);
    return { zoneKey, zoneName, regions, ...(wire.diskSizeGB === undefined ? {} : { diskSizeGB: wire.diskSizeGB }) };
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
  const shards = shape === 'legacy' ? shardsOfEntries(legacyEntries(doc), 'modern', true) : shardsOfEntries(entries, shape, false);
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

/** A body edit the shape cannot place unambiguously (the CLI reports it as a usage error). */
export class ShapeEditError extends Error {}

function onlyOne<T>(items: T[], flag: string, what: string): T {
  if (items.length !== 1) throw new ShapeEditError(`${flag} is ambiguous: the file describes ${items.length} ${what}; edit the file instead`);
  return items[0]!;
}

/** Sets the electable node count of each spec's only region config (regionConfigs shapes). */
export function setMembers(body: Doc, members: number): void {
  for (const spec of asArray(body.replicationSpecs).filter(isObject)) {
    const region = onlyOne(asArray(spec.regionConfigs).filter(isObject), '--members', 'region configs');
    region.electableSpecs = { ...asObject(region.electableSpecs), nodeCount: members };
  }
}

/** A change of where and how big the nodes are: create's overlay on a --file body, patch's hardware flags. */
export interface HardwareChange {
  tier?: string;
  diskSizeGB?: number;
  /** Electable members (regionConfigs shapes only). */
  members?: number;
  /** 1-based: only this shard (perShard only). */
  shard?: number;
}

const legacyProviderGiven = (body: Doc): boolean => isObject(body.providerSettings) && typeof body.providerSettings.providerName === 'string';

/**
 * Whether a PATCH body needs the cluster's current document for the change: the regionConfigs
 * shapes send whole replicationSpecs, legacy sends the provider beside the tier.
 */
export function hardwareNeedsCurrent(body: Doc, change: HardwareChange, shape: ClusterShape): boolean {
  if (shape === 'legacy') return change.tier !== undefined && !legacyProviderGiven(body);
  if (Array.isArray(body.replicationSpecs)) return false;
  return change.tier !== undefined || change.members !== undefined || (shape === 'perShard' && change.diskSizeGB !== undefined);
}

/**
 * Applies a hardware change to a PATCH body in its shape. `current` (the cluster as read at the
 * same shape) supplies what the body lacks, where hardwareNeedsCurrent says so.
 *   legacy   the tier in providerSettings.instanceSizeName, with the current provider beside it
 *   modern   the tier and members in every region config; diskSizeGB at the top
 *   perShard tier, storage and members in each shard's hardware specs, or shard K's only
 */
export function applyHardwareChange(body: Doc, change: HardwareChange, shape: ClusterShape, current?: Doc): void {
  if (shape !== 'legacy' && !Array.isArray(body.replicationSpecs) && current !== undefined) {
    const specs = { replicationSpecs: structuredClone(asArray(current.replicationSpecs)) };
    stripReadOnly(specs, shape);
    if (hardwareNeedsCurrent(body, change, shape)) body.replicationSpecs = specs.replicationSpecs;
  }
  if (shape === 'perShard') {
    const specs = asArray(body.replicationSpecs).filter(isObject);
    if (change.shard !== undefined && change.shard > specs.length) {
      throw new ShapeEditError(`--shard ${change.shard}: the cluster has ${specs.length} shard${specs.length === 1 ? '' : 's'}`);
    }
    for (const spec of change.shard === undefined ? specs : [specs[change.shard - 1]!]) {
      const one: Doc = { replicationSpecs: [spec] };
      if (change.tier !== undefined) setTier(one, change.tier);
      if (change.diskSizeGB !== undefined) setShardDisk(one, change.diskSizeGB);
      if (change.members !== undefined) setMembers(one, change.members);
    }
    return;
  }
  if (change.shard !== undefined) throw new ShapeEditError(`--shard needs independent shard scaling (${SHAPE_SINCE.perShard} on)`);
  if (change.tier !== undefined && shape === 'modern') setTier(body, change.tier);
  if (change.tier !== undefined && shape === 'legacy') {
    const providerSettings: Doc = { ...asObject(body.providerSettings) };
    if (!legacyProviderGiven(body)) {
      const settings = asObject(current?.providerSettings);
      if (typeof settings.providerName === 'string') providerSettings.providerName = settings.providerName;
      if (typeof settings.backingProviderName === 'string') providerSettings.backingProviderName ??= settings.backingProviderName;
    }
    providerSettings.instanceSizeName = change.tier;
    body.providerSettings = providerSettings;
  }
  if (change.members !== undefined) {
    if (shape === 'legacy') throw new ShapeEditError(`--members needs the regionConfigs shape (${SHAPE_SINCE.modern} on)`);
    setMembers(body, change.members);
  }
  if (change.diskSizeGB !== undefined) body.diskSizeGB = change.diskSizeGB;
}

/** The cloud that hosts a shared-tier (TENANT) cluster in this region: AWS when it has the region, else the only cloud that does. */
export function backingProviderFor(region: string): string | undefined {
  const clouds = CLOUD_PROVIDERS.filter((cloud) => REGIONS[cloud].includes(region));
  return clouds.includes('AWS') ? 'AWS' : clouds[0];
}

/** Create's flags over a --file body that has its own topology. */
export interface TopologyOverlay {
  provider?: string;
  region?: string;
  tier?: string;
  members?: number;
  shards?: number;
}

/** Legacy region maps: the top-level replicationSpec and each replicationSpecs[].regionsConfig. */
function legacyRegionMaps(body: Doc): Doc[] {
  const maps = asArray(body.replicationSpecs).map((s) => asObject(s).regionsConfig).filter(isObject);
  if (isObject(body.replicationSpec)) maps.push(body.replicationSpec);
  return maps;
}

/** Legacy: provider, tier and region in providerSettings; members in each region map; numShards at the top and per spec. */
function overlayLegacy(body: Doc, o: TopologyOverlay): void {
  const settings = asObject(body.providerSettings);
  if (o.provider !== undefined) settings.providerName = o.provider;
  if (o.tier !== undefined) settings.instanceSizeName = o.tier;
  if (o.region !== undefined) {
    settings.regionName = o.region;
    for (const map of legacyRegionMaps(body)) {
      const from = onlyOne(Object.keys(map), '--region', 'regions');
      if (from !== o.region) {
        map[o.region] = map[from];
        delete map[from];
      }
    }
  }
  if (o.provider === 'TENANT' && settings.backingProviderName === undefined && typeof settings.regionName === 'string') {
    const backing = backingProviderFor(settings.regionName);
    if (backing) settings.backingProviderName = backing;
  }
  if (o.provider !== undefined || o.tier !== undefined || o.region !== undefined) body.providerSettings = settings;
  if (o.members !== undefined) {
    const maps = legacyRegionMaps(body);
    if (maps.length === 0) body.replicationFactor = o.members;
    for (const map of maps) asObject(map[onlyOne(Object.keys(map), '--members', 'regions')]).electableNodes = o.members;
    if (body.replicationFactor !== undefined) body.replicationFactor = o.members;
  }
  if (o.shards !== undefined) {
    body.numShards = o.shards;
    for (const spec of asArray(body.replicationSpecs).filter(isObject)) spec.numShards = o.shards;
  }
}

/** regionConfigs shapes: every region config; 2023-02-01 numShards per spec, 2024-08-05 one spec per shard. */
function overlayRegionConfigs(body: Doc, o: TopologyOverlay, shape: ClusterShape): void {
  const regions = regionConfigsOf(body);
  if (o.provider !== undefined) {
    for (const region of regions) {
      region.providerName = o.provider;
      if (o.provider === 'TENANT' && region.backingProviderName === undefined && typeof region.regionName === 'string') {
        const backing = backingProviderFor(region.regionName);
        if (backing) region.backingProviderName = backing;
      }
    }
  }
  if (o.tier !== undefined) setTier(body, o.tier);
  if (o.region !== undefined) onlyOne(regions, '--region', 'region configs').regionName = o.region;
  if (o.members !== undefined && shape === 'perShard') setMembers(body, o.members);
  else if (o.members !== undefined) {
    const region = onlyOne(regions, '--members', 'region configs');
    region.electableSpecs = { ...asObject(region.electableSpecs), nodeCount: o.members };
  }
  if (o.shards !== undefined && shape === 'perShard') {
    const specs = asArray(body.replicationSpecs).filter(isObject);
    const first = onlyOne(specs.length > 0 ? [specs[0]!] : [], '--shards', 'replication specs');
    body.replicationSpecs = Array.from({ length: o.shards }, (_, i) => specs[i] ?? structuredClone(first));
  } else if (o.shards !== undefined) {
    for (const spec of asArray(body.replicationSpecs).filter(isObject)) spec.numShards = o.shards;
  }
}

/** Applies create's topology flags to a body that has its own topology, in its shape. */
export function overlayTopology(body: Doc, overlay: TopologyOverlay, shape: ClusterShape): void {
  if (shape === 'legacy') overlayLegacy(body, overlay);
  else overlayRegionConfigs(body, overlay, shape);
}
