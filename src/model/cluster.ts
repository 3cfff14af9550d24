// The canonical cluster model, building and patching: one record per cluster
// (clusterModel.ts), whatever API version created or changed it; a create or PATCH
// body in any shape is checked and applied to it here, and the record is rendered per
// version on the way out (clusterRender.ts). This module is the door: it re-exports
// the record, the renderers and the shape helpers the emulator uses.
// Pure: no I/O, no clock; ids and dates come in through ModelContext.
import {
  CLOUD_PROVIDERS,
  CLUSTER_TYPES,
  DEFAULT_MAJOR_VERSION,
  INSTANCE_SIZES,
  PROVIDERS,
  defaultDiskSizeGB,
  fullVersionFor,
  isKnownRegion,
} from './catalog.js';
import type { ClusterType, ProviderName } from './catalog.js';
import { legacyToModern, legacyTopologyFromModern, modernSpecsFromLegacy } from './clusterConvert.js';
import { checkClusterBody } from './clusterFields.js';
import type { ClusterShape, FieldProblem } from './clusterFields.js';
import {
  isTenant,
  shardDiskSizeGB,
  type AutoScalingSettings,
  type ClusterModel,
  type HardwareSpec,
  type ModelContext,
  type RegionConfig,
  type ReplicationSpec,
  zonesOf,
} from './clusterModel.js';
import { modelSpecsAsDocs } from './clusterRender.js';
import { asObject, isObject } from '../base/object.js';

export * from './clusterModel.js';
export { renderCluster, renderLegacy, renderModern, renderPerShard } from './clusterRender.js';
export type { Link, RenderExtras } from './clusterRender.js';

export { legacyToModern, modernToLegacy, modernSpecsFromLegacy, legacyTopologyFromModern } from './clusterConvert.js';
export type { Conversion, FieldChange, LegacyTopology } from './clusterConvert.js';
export { READ_ONLY_FIELDS, REMOVED_IN_2023_02_01, checkClusterBody, LEGACY_FIELDS, MODERN_FIELDS, PER_SHARD_FIELDS, CLUSTER_SHAPES, fieldsOf } from './clusterFields.js';
export type { ClusterShape, FieldProblem, FieldProblemCode } from './clusterFields.js';
export * from './catalog.js';
import { shardsOfSpecs } from './clusterShapes.js';
export { shapeForVersion, SHAPE_SINCE, shapeLabel, shapeOfDocument, convertClusterBody } from './clusterShapes.js';
export type { ShapeConversion } from './clusterShapes.js';

type Doc = Record<string, unknown>;

export type ModelResult = { model: ClusterModel; problem?: undefined } | { problem: FieldProblem; model?: undefined };

const clone = <T>(value: T): T => structuredClone(value);

/** Deep merge for PATCH: objects merge, everything else (arrays included) replaces; null is "not given". */
function mergeInto(target: Doc, patch: Doc): Doc {
  const out: Doc = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined) continue;
    out[key] = isObject(value) && isObject(out[key]) ? mergeInto(out[key] as Doc, value) : clone(value);
  }
  return out;
}

function hardware(provider: ProviderName, given: Doc, fallbackSize: string, defaultNodes: number): HardwareSpec {
  const spec: HardwareSpec = {
    instanceSize: typeof given.instanceSize === 'string' ? given.instanceSize : fallbackSize,
    nodeCount: typeof given.nodeCount === 'number' ? given.nodeCount : defaultNodes,
  };
  if (provider === 'AWS') {
    spec.diskIOPS = typeof given.diskIOPS === 'number' ? given.diskIOPS : 3000;
    spec.ebsVolumeType = typeof given.ebsVolumeType === 'string' ? given.ebsVolumeType : 'STANDARD';
  } else {
    if (given.diskIOPS !== undefined && given.diskIOPS !== null) spec.diskIOPS = given.diskIOPS as number;
    if (given.ebsVolumeType !== undefined && given.ebsVolumeType !== null) spec.ebsVolumeType = given.ebsVolumeType as string;
  }
  return spec;
}

function autoScaling(given: unknown): AutoScalingSettings {
  const input = asObject(given);
  const compute = asObject(input.compute);
  const out: AutoScalingSettings = {
    compute: { enabled: compute.enabled === true, scaleDownEnabled: compute.scaleDownEnabled === true },
    diskGB: { enabled: asObject(input.diskGB).enabled === true },
  };
  if (typeof compute.predictiveEnabled === 'boolean') out.compute.predictiveEnabled = compute.predictiveEnabled;
  if (typeof compute.minInstanceSize === 'string') out.compute.minInstanceSize = compute.minInstanceSize;
  if (typeof compute.maxInstanceSize === 'string') out.compute.maxInstanceSize = compute.maxInstanceSize;
  return out;
}

function regionConfig(given: Doc): RegionConfig {
  const provider = given.providerName as ProviderName;
  const electable = asObject(given.electableSpecs);
  const size = String(electable.instanceSize ?? '');
  const region: RegionConfig = {
    providerName: provider,
    regionName: String(given.regionName ?? ''),
    priority: typeof given.priority === 'number' ? given.priority : 7,
    electableSpecs: { instanceSize: size },
  };
  if (provider === 'TENANT') {
    region.backingProviderName = given.backingProviderName as string;
    return region;
  }
  if (given.backingProviderName !== undefined && given.backingProviderName !== null) region.backingProviderName = given.backingProviderName as string;
  region.electableSpecs = hardware(provider, electable, size, 3);
  region.readOnlySpecs = hardware(provider, asObject(given.readOnlySpecs), size, 0);
  region.analyticsSpecs = hardware(provider, asObject(given.analyticsSpecs), size, 0);
  region.autoScaling = autoScaling(given.autoScaling);
  if (isObject(given.analyticsAutoScaling)) region.analyticsAutoScaling = autoScaling(given.analyticsAutoScaling);
  return region;
}

const byPriority = (a: RegionConfig, b: RegionConfig): number => b.priority - a.priority;

const MAX_SHARDS = 50;

/** numShards of 2023-02-01 (and legacy, converted) specs, checked before they are expanded into shards. */
function checkNumShards(given: unknown[]): FieldProblem | undefined {
  for (const raw of given) {
    const n = asObject(raw).numShards;
    if (n !== undefined && n !== null && (!Number.isInteger(n) || (n as number) < 1 || (n as number) > MAX_SHARDS)) {
      return { code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.numShards' };
    }
  }
  if (given.length > MAX_SHARDS) return { code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs' };
  return undefined;
}

/** Region configs as sent, read strictly (defaults filled in), by priority. */
const readRegions = (given: unknown[]): RegionConfig[] => given.map((r) => regionConfig(asObject(r))).sort(byPriority);

/**
 * 2023-02-01 replicationSpecs (one entry per zone, numShards shards alike) into model shards.
 * Entries match the current zones by position; their shards keep their ids.
 */
function replicationSpecs(given: unknown[], existing: ReplicationSpec[], ctx: ModelContext): ReplicationSpec[] {
  const zones = zonesOf(existing);
  const zoneIds = new Map<number, string>();
  return shardsOfSpecs(given, 'modern').map((shard) => {
    const zone = zones[shard.entry] ?? [];
    const zoneId = zoneIds.get(shard.entry) ?? zone[0]?.zoneId ?? ctx.newId();
    zoneIds.set(shard.entry, zoneId);
    const zoneName = shard.zoneName ?? zone[0]?.zoneName ?? `Zone ${shard.entry + 1}`;
    return { id: zone[shard.index]?.id ?? ctx.newId(), zoneId, zoneName, regionConfigs: readRegions(shard.regionConfigs) };
  });
}

/** The storage a 2024-08-05 body gives its shards (the first one that gives any). */
function givenShardDisk(given: unknown[]): number | undefined {
  return shardsOfSpecs(given, 'perShard').find((shard) => shard.diskSizeGB !== undefined)?.diskSizeGB;
}

/**
 * 2024-08-05 replicationSpecs (one entry per shard) into model shards; shards with the
 * same zoneName share a zone. An entry that carries `id` is that shard (the description:
 * "If you include existing shard replication configurations in the request, you must
 * specify this parameter ... The request deletes any existing shards in the Cluster that
 * you exclude"); an id that is no shard of the cluster is refused, naming the field.
 * Without any id in the body, entries match the current shards by position (what a
 * client that strips read-only fields sends: cdba does); with ids, an entry without one
 * is a new shard.
 */
function perShardSpecs(given: unknown[], existing: ReplicationSpec[], ctx: ModelContext, ids: readonly unknown[]): ReplicationSpec[] | FieldProblem {
  const zoneIds = new Map<string, string>();
  for (const spec of existing) if (!zoneIds.has(spec.zoneName)) zoneIds.set(spec.zoneName, spec.zoneId);
  const byId = ids.some((id) => id !== undefined && id !== null);
  const taken = new Set<string>();
  const shards: ReplicationSpec[] = [];
  for (const wire of shardsOfSpecs(given, 'perShard')) {
    const id = ids[wire.entry];
    let match: ReplicationSpec | undefined;
    if (byId && id !== undefined && id !== null) {
      match = existing.find((spec) => spec.id === id);
      if (!match || taken.has(match.id)) return { code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.id' };
      taken.add(match.id);
    } else if (!byId) {
      match = existing[wire.entry];
    }
    const zoneName = wire.zoneName ?? match?.zoneName ?? 'Zone 1';
    const zoneId = zoneIds.get(zoneName) ?? ctx.newId();
    zoneIds.set(zoneName, zoneId);
    const shard: ReplicationSpec = { id: match?.id ?? ctx.newId(), zoneId, zoneName, regionConfigs: readRegions(wire.regionConfigs) };
    const disk = wire.diskSizeGB ?? match?.diskSizeGB;
    if (disk !== undefined) shard.diskSizeGB = disk;
    shards.push(shard);
  }
  return shards;
}

/** One storage size for all shards goes to the cluster's diskSizeGB; only differing shards keep their own. */
function settleShardDisks(model: ClusterModel): void {
  const sizes = new Set(model.replicationSpecs.map((spec) => shardDiskSizeGB(model, spec)));
  if (sizes.size === 1) model.diskSizeGB = [...sizes][0]!;
  for (const spec of model.replicationSpecs) {
    if (spec.diskSizeGB === model.diskSizeGB || sizes.size === 1) delete spec.diskSizeGB;
  }
}

const SETTING_DEFAULTS: Doc = {
  biConnector: { enabled: false, readPreference: 'secondary' }, // as the live service writes it
  diskWarmingMode: 'FULLY_WARMED',
  encryptionAtRestProvider: 'NONE',
  globalClusterSelfManagedSharding: false,
  labels: [],
  // Rendered from 2024-08-05 on; stored so that sending back the rendered false is no change
  // (adaptiveCapacity, rendered null until set, is stored only when set: null is "not given").
  redactClientLogData: false,
  retainBackups: false,
  useAwsTimeBasedSnapshotCopyForFastInitialSync: false,
  rootCertType: 'ISRGROOTX1',
  tags: [],
  versionReleaseSystem: 'LTS',
};
const DEDICATED_DEFAULTS: Doc = {
  advancedConfiguration: {
    customOpensslCipherConfigTls12: [],
    customOpensslCipherConfigTls13: [],
    minimumEnabledTlsProtocol: 'TLS1_2',
    tlsCipherConfigMode: 'DEFAULT',
  },
};

/** Fields the model keeps outside `settings`. */
const MODEL_FIELDS = new Set([
  'name',
  'clusterType',
  'mongoDBMajorVersion',
  'backupEnabled',
  'paused',
  'pitEnabled',
  'terminationProtectionEnabled',
  'diskSizeGB',
  'replicationSpecs',
]);

/** The live service writes readPreference in lower case, whatever case it was sent in. */
function normalizeSettings(settings: Doc): Doc {
  const bi = settings.biConnector;
  if (isObject(bi) && typeof bi.readPreference === 'string') bi.readPreference = bi.readPreference.toLowerCase();
  return settings;
}

function firstElectableSize(specs: ReplicationSpec[]): string {
  return specs[0]?.regionConfigs[0]?.electableSpecs.instanceSize ?? 'M10';
}

/** Builds a model from a 2023-02-01 or 2024-08-05 body that passed checkClusterBody. */
function buildModel(body: Doc, shape: ClusterShape, ctx: ModelContext): ClusterModel {
  const given = body.replicationSpecs as unknown[];
  // No ids on create (checkClusterBody refuses them as read-only): every entry is a new shard.
  const specs = shape === 'perShard' ? (perShardSpecs(given, [], ctx, []) as ReplicationSpec[]) : replicationSpecs(given, [], ctx);
  const major = typeof body.mongoDBMajorVersion === 'string' ? body.mongoDBMajorVersion : DEFAULT_MAJOR_VERSION;
  const model: ClusterModel = {
    id: ctx.newId(),
    groupId: ctx.groupId,
    name: body.name as string,
    clusterType: (body.clusterType as ClusterType | undefined) ?? 'REPLICASET',
    createDate: ctx.now,
    stateName: 'CREATING',
    mongoDBMajorVersion: major,
    mongoDBVersion: fullVersionFor(major) ?? `${major}.0`,
    backupEnabled: body.backupEnabled === true,
    paused: body.paused === true,
    pitEnabled: body.pitEnabled === true,
    terminationProtectionEnabled: body.terminationProtectionEnabled === true,
    diskSizeGB: 0,
    replicationSpecs: specs,
    settings: {},
  };
  const settings: Doc = clone(isTenant(model) ? SETTING_DEFAULTS : { ...SETTING_DEFAULTS, ...DEDICATED_DEFAULTS });
  for (const [key, value] of Object.entries(body)) {
    if (MODEL_FIELDS.has(key) || value === null || value === undefined) continue;
    settings[key] = isObject(value) && isObject(settings[key]) ? mergeInto(settings[key] as Doc, value) : clone(value);
  }
  model.settings = normalizeSettings(settings);
  model.diskSizeGB = isTenant(model) || typeof body.diskSizeGB !== 'number' ? defaultDiskSizeGB(firstElectableSize(specs)) : body.diskSizeGB;
  if (isTenant(model)) for (const spec of specs) delete spec.diskSizeGB;
  settleShardDisks(model);
  return model;
}

/** How a legacy client knows the fields the semantic checks name. */
const LEGACY_FIELD_NAMES: Record<string, string> = {
  'replicationSpecs.regionConfigs.providerName': 'providerSettings.providerName',
  'replicationSpecs.regionConfigs.backingProviderName': 'providerSettings.backingProviderName',
  'replicationSpecs.regionConfigs.regionName': 'providerSettings.regionName',
  'replicationSpecs.regionConfigs.electableSpecs.instanceSize': 'providerSettings.instanceSizeName',
  'replicationSpecs.regionConfigs.readOnlySpecs.instanceSize': 'providerSettings.instanceSizeName',
  'replicationSpecs.regionConfigs.analyticsSpecs.instanceSize': 'providerSettings.instanceSizeName',
  'replicationSpecs.regionConfigs.electableSpecs.nodeCount': 'replicationSpecs.regionsConfig.electableNodes',
  'replicationSpecs.regionConfigs.readOnlySpecs.nodeCount': 'replicationSpecs.regionsConfig.readOnlyNodes',
  'replicationSpecs.regionConfigs.analyticsSpecs.nodeCount': 'replicationSpecs.regionsConfig.analyticsNodes',
  'replicationSpecs.regionConfigs.priority': 'replicationSpecs.regionsConfig.priority',
  'replicationSpecs.regionConfigs.electableSpecs.diskIOPS': 'providerSettings.diskIOPS',
  'replicationSpecs.regionConfigs.electableSpecs.ebsVolumeType': 'providerSettings.volumeType',
  'replicationSpecs.regionConfigs.autoScaling.compute.minInstanceSize': 'providerSettings.autoScaling.compute.minInstanceSize',
  'replicationSpecs.regionConfigs.autoScaling.compute.maxInstanceSize': 'providerSettings.autoScaling.compute.maxInstanceSize',
  'replicationSpecs.numShards': 'numShards',
};

function inShape(problem: FieldProblem | undefined, shape: ClusterShape): FieldProblem | undefined {
  if (!problem || shape === 'modern') return problem;
  if (shape === 'perShard') return problem.field === 'replicationSpecs.numShards' ? { ...problem, field: 'replicationSpecs' } : problem;
  return { ...problem, field: LEGACY_FIELD_NAMES[problem.field] ?? problem.field };
}

/** Checks what the field walk cannot: tiers per provider, regions, node counts, versions. */
export function checkClusterModel(model: ClusterModel): FieldProblem | undefined {
  const invalid = (field: string): FieldProblem => ({ code: 'INVALID_ATTRIBUTE', field });
  const rs = 'replicationSpecs.regionConfigs';
  if (!CLUSTER_TYPES.includes(model.clusterType)) return invalid('clusterType');
  if (fullVersionFor(model.mongoDBMajorVersion) === undefined) return invalid('mongoDBMajorVersion');
  if (model.replicationSpecs.length === 0) return { code: 'MISSING_ATTRIBUTE', field: 'replicationSpecs' };
  if (model.clusterType !== 'GEOSHARDED' && zonesOf(model.replicationSpecs).length > 1) return invalid('replicationSpecs');
  if (model.clusterType === 'REPLICASET' && model.replicationSpecs.length !== 1) return invalid('replicationSpecs.numShards');
  const tenant = isTenant(model);
  for (const spec of model.replicationSpecs) {
    if (!tenant && spec.diskSizeGB !== undefined && (spec.diskSizeGB < 10 || spec.diskSizeGB > 4096)) return invalid('diskSizeGB');
    if (spec.regionConfigs.length === 0) return { code: 'MISSING_ATTRIBUTE', field: rs };
    let electable = 0;
    for (const region of spec.regionConfigs) {
      if (!PROVIDERS.includes(region.providerName)) return invalid(`${rs}.providerName`);
      if ((region.providerName === 'TENANT') !== tenant) return invalid(`${rs}.providerName`);
      if (!Number.isInteger(region.priority) || region.priority < 0 || region.priority > 7) return invalid(`${rs}.priority`);
      if (tenant) {
        if (!(CLOUD_PROVIDERS as readonly string[]).includes(region.backingProviderName ?? '')) return invalid(`${rs}.backingProviderName`);
        if (spec.regionConfigs.length > 1 || model.replicationSpecs.length > 1 || model.clusterType !== 'REPLICASET') return invalid(rs);
      } else if (region.backingProviderName !== undefined) {
        return invalid(`${rs}.backingProviderName`);
      }
      if (!isKnownRegion(region.providerName, region.regionName, region.backingProviderName)) return invalid(`${rs}.regionName`);
      const sizes = INSTANCE_SIZES[region.providerName];
      for (const kind of ['electableSpecs', 'readOnlySpecs', 'analyticsSpecs'] as const) {
        const hw = region[kind];
        if (!hw) continue;
        if (!sizes.includes(hw.instanceSize)) return invalid(`${rs}.${kind}.instanceSize`);
        if (hw.nodeCount !== undefined && (!Number.isInteger(hw.nodeCount) || hw.nodeCount < 0)) return invalid(`${rs}.${kind}.nodeCount`);
        if (hw.ebsVolumeType !== undefined && region.providerName !== 'AWS') return invalid(`${rs}.${kind}.ebsVolumeType`);
        if (hw.diskIOPS !== undefined && region.providerName === 'GCP') return invalid(`${rs}.${kind}.diskIOPS`);
      }
      for (const scaling of ['autoScaling', 'analyticsAutoScaling'] as const) {
        const compute = region[scaling]?.compute;
        for (const limit of ['minInstanceSize', 'maxInstanceSize'] as const) {
          if (compute?.[limit] !== undefined && !sizes.includes(compute[limit])) return invalid(`${rs}.${scaling}.compute.${limit}`);
        }
      }
      electable += tenant ? 3 : (region.electableSpecs.nodeCount ?? 0);
    }
    if (![3, 5, 7].includes(electable)) return invalid(`${rs}.electableSpecs.nodeCount`);
    // "Electable nodes and read-only nodes (known as base nodes) within a single shard
    // must use the same instance size" (the OpenAPI description of instanceSize).
    if (!tenant) {
      const base = new Set(spec.regionConfigs.map((region) => region.electableSpecs.instanceSize));
      if (base.size > 1) return invalid(`${rs}.electableSpecs.instanceSize`);
      if (spec.regionConfigs.some((region) => region.readOnlySpecs !== undefined && !base.has(region.readOnlySpecs.instanceSize))) {
        return invalid(`${rs}.readOnlySpecs.instanceSize`);
      }
    }
  }
  if (!tenant && (model.diskSizeGB < 10 || model.diskSizeGB > 4096)) return invalid('diskSizeGB');
  return undefined;
}

/** A new cluster (stateName CREATING) from a create body in any shape. */
export function createClusterModel(body: Doc, shape: ClusterShape, ctx: ModelContext): ModelResult {
  const problem = checkClusterBody(body, shape, 'create');
  if (problem) return { problem };
  const modern = shape === 'legacy' ? legacyToModern(body).body : body;
  const shards = shape === 'perShard' ? undefined : inShape(checkNumShards(modern.replicationSpecs as unknown[]), shape);
  if (shards) return { problem: shards };
  const model = buildModel(modern, shape, ctx);
  const semantic = inShape(checkClusterModel(model), shape);
  return semantic ? { problem: semantic } : { model };
}

const LEGACY_TOPOLOGY_KEYS = ['providerSettings', 'replicationSpecs', 'replicationSpec', 'numShards', 'replicationFactor', 'autoScaling'];

/** The model's topology as legacy fields, with a legacy PATCH's topology fields applied. */
function legacyTopologyAfterPatch(model: ClusterModel, body: Doc): Doc {
  const current = legacyTopologyFromModern(modelSpecsAsDocs(model));
  const merged: Doc = {
    providerSettings: mergeInto(current.providerSettings, asObject(body.providerSettings)),
    autoScaling: mergeInto(current.autoScaling, asObject(body.autoScaling)),
    numShards: body.numShards ?? current.numShards,
  };
  if (Array.isArray(body.replicationSpecs)) merged.replicationSpecs = body.replicationSpecs;
  else if (isObject(body.replicationSpec)) merged.replicationSpec = body.replicationSpec;
  else if (typeof body.replicationFactor === 'number') {
    // replicationFactor alone: the same regions, with the factor as the electable count of the lead region.
    const regions = clone(current.replicationSpec);
    const [lead] = Object.keys(regions);
    if (lead) regions[lead] = { ...asObject(regions[lead]), electableNodes: body.replicationFactor };
    merged.replicationSpec = regions;
  } else {
    merged.replicationSpecs = current.replicationSpecs.map((spec) =>
      body.numShards !== undefined ? { ...spec, numShards: body.numShards } : spec,
    );
  }
  return merged;
}

function withoutKey(value: unknown, key: string): unknown {
  if (!isObject(value)) return value;
  const { [key]: _gone, ...rest } = value;
  return rest;
}

/** Applies a PATCH body in any shape; the result keeps id, dates and state. */
export function applyClusterPatch(model: ClusterModel, sent: Doc, shape: ClusterShape, ctx: ModelContext): ModelResult {
  // 2024-08-05 on, a PATCH carries each kept shard's id (the description marks it read-only
  // yet requires it: "If you include existing shard replication configurations in the
  // request, you must specify this parameter"): taken out before the field check, matched in perShardSpecs.
  const shardIds = shape === 'perShard' && Array.isArray(sent.replicationSpecs) ? sent.replicationSpecs.map((spec) => asObject(spec).id) : [];
  const body = shardIds.length > 0 ? { ...sent, replicationSpecs: (sent.replicationSpecs as unknown[]).map((spec) => withoutKey(spec, 'id')) } : sent;
  const problem = checkClusterBody(body, shape, 'patch');
  if (problem) return { problem };
  if (typeof body.name === 'string' && body.name !== model.name) return { problem: { code: 'INVALID_ATTRIBUTE', field: 'name' } };
  const next = clone(model);
  const given = (key: string): boolean => body[key] !== undefined && body[key] !== null;

  if (given('clusterType')) next.clusterType = body.clusterType as ClusterType;
  if (given('mongoDBMajorVersion')) {
    next.mongoDBMajorVersion = body.mongoDBMajorVersion as string;
    next.mongoDBVersion = fullVersionFor(next.mongoDBMajorVersion) ?? `${next.mongoDBMajorVersion}.0`;
  }
  for (const key of ['paused', 'pitEnabled', 'terminationProtectionEnabled', 'backupEnabled'] as const) {
    if (given(key)) next[key] = body[key] as boolean;
  }
  if (shape === 'legacy' && given('providerBackupEnabled')) next.backupEnabled = body.providerBackupEnabled as boolean;
  if (given('diskSizeGB')) {
    // The shared tiers' storage is fixed: a different value is refused, never dropped.
    if (isTenant(model) && body.diskSizeGB !== model.diskSizeGB) return { problem: { code: 'INVALID_ATTRIBUTE', field: 'diskSizeGB' } };
    next.diskSizeGB = body.diskSizeGB as number;
    for (const spec of next.replicationSpecs) delete spec.diskSizeGB;
  }

  if (shape === 'modern' && Array.isArray(body.replicationSpecs)) {
    const shards = checkNumShards(body.replicationSpecs);
    if (shards) return { problem: shards };
    next.replicationSpecs = replicationSpecs(body.replicationSpecs, model.replicationSpecs, ctx);
  } else if (shape === 'perShard' && Array.isArray(body.replicationSpecs)) {
    if (body.replicationSpecs.length > MAX_SHARDS) return { problem: { code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs' } };
    const disk = givenShardDisk(body.replicationSpecs);
    if (isTenant(model) && disk !== undefined && disk !== model.diskSizeGB) {
      return { problem: { code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.regionConfigs.electableSpecs.diskSizeGB' } };
    }
    const shards = perShardSpecs(body.replicationSpecs, model.replicationSpecs, ctx, shardIds);
    if (!Array.isArray(shards)) return { problem: shards };
    next.replicationSpecs = shards;
  } else if (shape === 'legacy' && LEGACY_TOPOLOGY_KEYS.some(given)) {
    const specs = modernSpecsFromLegacy(legacyTopologyAfterPatch(model, body));
    const shards = inShape(checkNumShards(specs), shape);
    if (shards) return { problem: shards };
    next.replicationSpecs = replicationSpecs(specs, model.replicationSpecs, ctx);
  }
  settleShardDisks(next);
  if (isTenant(next)) {
    next.diskSizeGB = defaultDiskSizeGB(firstElectableSize(next.replicationSpecs));
    for (const spec of next.replicationSpecs) delete spec.diskSizeGB;
  }
  else if (isTenant(model)) {
    // Upgrade from the shared tier: the new tier's storage unless given, and the dedicated defaults.
    if (!given('diskSizeGB')) next.diskSizeGB = defaultDiskSizeGB(firstElectableSize(next.replicationSpecs));
    next.settings = { ...clone(DEDICATED_DEFAULTS), ...next.settings };
  }

  const settingKeys = Object.keys(body).filter(
    (key) => !MODEL_FIELDS.has(key) && !LEGACY_TOPOLOGY_KEYS.includes(key) && key !== 'providerBackupEnabled',
  );
  next.settings = normalizeSettings(mergeInto(next.settings, Object.fromEntries(settingKeys.map((key) => [key, body[key]]))));
  const semantic = inShape(checkClusterModel(next), shape);
  return semantic ? { problem: semantic } : { model: next };
}

/** A model persisted before shards were kept one by one (numShards per spec): one spec per shard. */
export function upgradeStoredModel(model: ClusterModel, newId: () => string): ClusterModel {
  const specs = model.replicationSpecs as Array<ReplicationSpec & { numShards?: number }>;
  if (!specs.some((spec) => spec.numShards !== undefined)) return model;
  const replicationSpecs = specs.flatMap(({ numShards, ...spec }) =>
    Array.from({ length: Math.max(1, numShards ?? 1) }, (_, i) => (i === 0 ? spec : { ...clone(spec), id: newId() })),
  );
  return { ...model, replicationSpecs };
}
