// Pure converters between the two cluster shapes, with a report of what moved
// and what was dropped. `cdba clusters convert` prints this report; the emulator
// builds its canonical model from legacy bodies through legacyToModern.
import { COMMON_FIELD_NAMES } from './clusterFields.js';
import { asObject, isObject } from '../base/object.js';

type Doc = Record<string, unknown>;

export interface FieldChange {
  /** Dotted path in the input (array levels unnamed), e.g. "replicationSpecs.regionsConfig". */
  field: string;
  action: 'moved' | 'dropped';
  /** Where a moved field's value now lives, in the output's terms. */
  to?: string;
  /** Why a field was dropped (convertClusterBody fills it in). */
  reason?: string;
}

export interface Conversion {
  body: Doc;
  changes: FieldChange[];
}

/** Legacy RegionSpec: node counts per region (regionsConfig / replicationSpec values). */
interface LegacyRegionSpec {
  electableNodes?: number;
  readOnlyNodes?: number;
  analyticsNodes?: number;
  priority?: number;
}

/** Read-only fields the service computes; a body converted for sending must not carry them. */
const READ_ONLY_TOP_LEVEL = new Set([
  'configServerType',
  'connectionStrings',
  'createDate',
  'featureCompatibilityVersion',
  'featureCompatibilityVersionExpirationDate',
  'groupId',
  'id',
  'links',
  'mongoDBVersion',
  'stateName',
]);
const LEGACY_READ_ONLY = new Set(['mongoURI', 'mongoURIUpdated', 'mongoURIWithOptions', 'srvAddress']);

/** Copies the fields both shapes share and reports read-only or unknown ones as dropped. */
function copyShared(input: Doc, handled: ReadonlySet<string>, changes: FieldChange[]): Doc {
  const out: Doc = {};
  for (const [key, value] of Object.entries(input)) {
    if (handled.has(key)) continue;
    if (COMMON_FIELD_NAMES.has(key) && !READ_ONLY_TOP_LEVEL.has(key)) out[key] = value;
    else changes.push({ field: key, action: 'dropped' });
  }
  return out;
}

/** Builds one 2023-02-01 region config from a legacy region entry and the legacy providerSettings. */
function regionConfigFromLegacy(regionName: string, spec: LegacyRegionSpec, input: Doc): Doc {
  const settings = asObject(input.providerSettings);
  const provider = settings.providerName;
  const instanceSize = settings.instanceSizeName;
  const region: Doc = {};
  if (provider !== undefined) region.providerName = provider;
  if (provider === 'TENANT' && settings.backingProviderName !== undefined) region.backingProviderName = settings.backingProviderName;
  region.regionName = regionName;
  region.priority = spec.priority ?? 7;
  if (provider === 'TENANT') {
    region.electableSpecs = instanceSize === undefined ? {} : { instanceSize };
    return region;
  }
  const hardware = (nodeCount: number): Doc => {
    const hw: Doc = {};
    if (instanceSize !== undefined) hw.instanceSize = instanceSize;
    hw.nodeCount = nodeCount;
    if (settings.diskIOPS !== undefined) hw.diskIOPS = settings.diskIOPS;
    if (provider === 'AWS' && settings.volumeType !== undefined) hw.ebsVolumeType = settings.volumeType;
    return hw;
  };
  region.electableSpecs = hardware(spec.electableNodes ?? 3);
  region.readOnlySpecs = hardware(spec.readOnlyNodes ?? 0);
  region.analyticsSpecs = hardware(spec.analyticsNodes ?? 0);
  const scaling = asObject(input.autoScaling);
  const tierLimits = asObject(asObject(settings.autoScaling).compute);
  if (isObject(input.autoScaling) || Object.keys(tierLimits).length > 0) {
    const compute: Doc = { ...asObject(scaling.compute), ...tierLimits };
    region.autoScaling = {
      compute: { enabled: false, scaleDownEnabled: false, ...compute },
      diskGB: { enabled: scaling.diskGBEnabled === true },
    };
  }
  return region;
}

const byPriority = (a: Doc, b: Doc): number => Number(b.priority ?? 0) - Number(a.priority ?? 0);

function regionConfigsFromMap(map: Doc, input: Doc): Doc[] {
  return Object.entries(map)
    .map(([regionName, spec]) => regionConfigFromLegacy(regionName, asObject(spec) as LegacyRegionSpec, input))
    .sort(byPriority);
}

/**
 * The 2023-02-01 replicationSpecs that a legacy body describes: from replicationSpecs[].regionsConfig,
 * else from replicationSpec, else from providerSettings.regionName with replicationFactor electable nodes.
 */
export function modernSpecsFromLegacy(input: Doc): Doc[] {
  const settings = asObject(input.providerSettings);
  const topNumShards = typeof input.numShards === 'number' ? input.numShards : undefined;
  const defaultRegion = (): Doc => {
    const electableNodes = typeof input.replicationFactor === 'number' ? input.replicationFactor : 3;
    return { [String(settings.regionName ?? '')]: { electableNodes, priority: 7, readOnlyNodes: 0, analyticsNodes: 0 } };
  };
  if (Array.isArray(input.replicationSpecs)) {
    return input.replicationSpecs.map((raw) => {
      const spec = asObject(raw);
      const out: Doc = { numShards: typeof spec.numShards === 'number' ? spec.numShards : (topNumShards ?? 1) };
      if (spec.zoneName !== undefined) out.zoneName = spec.zoneName;
      out.regionConfigs = regionConfigsFromMap(isObject(spec.regionsConfig) ? spec.regionsConfig : defaultRegion(), input);
      return out;
    });
  }
  const map = isObject(input.replicationSpec) ? input.replicationSpec : defaultRegion();
  return [{ numShards: topNumShards ?? 1, regionConfigs: regionConfigsFromMap(map, input) }];
}

const LEGACY_TOPOLOGY = ['providerSettings', 'replicationSpecs', 'replicationSpec', 'numShards', 'replicationFactor', 'autoScaling'] as const;

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

/**
 * What a legacy body lacks, or holds ill-typed, that its conversion needs: every
 * region config names a provider and a region, so a body with topology must say
 * them (providerSettings.providerName, and providerSettings.regionName unless its
 * regionsConfig or replicationSpec names the regions). Without this a partial
 * body became regionName "" and no provider, which the service refuses.
 */
export function legacyConversionGaps(input: Doc): string[] {
  if (!LEGACY_TOPOLOGY.some((key) => input[key] !== undefined)) return [];
  const gaps: string[] = [];
  if (input.providerSettings !== undefined && !isObject(input.providerSettings)) {
    return [`providerSettings (an object, got ${kindOf(input.providerSettings)})`];
  }
  if (input.replicationSpecs !== undefined && !Array.isArray(input.replicationSpecs)) {
    return [`replicationSpecs (an array, got ${kindOf(input.replicationSpecs)})`];
  }
  const settings = asObject(input.providerSettings);
  const named = (value: unknown): boolean => typeof value === 'string' && value !== '';
  if (!named(settings.providerName)) gaps.push('providerSettings.providerName');
  const specs = Array.isArray(input.replicationSpecs) ? input.replicationSpecs.map(asObject) : [];
  const regionsNamed = specs.length > 0 ? specs.every((spec) => isObject(spec.regionsConfig) && Object.keys(spec.regionsConfig).length > 0) : isObject(input.replicationSpec) && Object.keys(input.replicationSpec).length > 0;
  if (!regionsNamed && !named(settings.regionName)) gaps.push('providerSettings.regionName');
  return gaps;
}

/**
 * A legacy body whose only topology is `providerSettings.instanceSizeName`: a
 * tier change (a providerName beside it could be a change of provider, so no). Patched as --tier is, onto the
 * cluster's current specs; undefined for any other body.
 */
export function legacyTierChange(input: Doc): { tier: string; rest: Doc } | undefined {
  if (!isObject(input.providerSettings)) return undefined;
  if (LEGACY_TOPOLOGY.some((key) => key !== 'providerSettings' && input[key] !== undefined)) return undefined;
  const { instanceSizeName, ...others } = input.providerSettings;
  if (typeof instanceSizeName !== 'string' || Object.keys(others).length > 0) return undefined;
  const { providerSettings: _settings, ...rest } = input;
  return { tier: instanceSizeName, rest };
}

/**
 * A legacy (v1.0 / 2023-01-01) cluster body as a 2023-02-01 body.
 * Topology fields move into replicationSpecs[].regionConfigs; providerBackupEnabled moves to
 * backupEnabled; read-only and legacy-only computed fields (mongoURI*, srvAddress, ids) are dropped.
 */
export function legacyToModern(input: Doc): Conversion {
  const changes: FieldChange[] = [];
  const handled = new Set<string>([...LEGACY_TOPOLOGY, 'providerBackupEnabled', 'backupEnabled', ...LEGACY_READ_ONLY]);
  const body = copyShared(input, handled, changes);

  if (input.providerBackupEnabled !== undefined) {
    body.backupEnabled = input.providerBackupEnabled;
    changes.push({ field: 'providerBackupEnabled', action: 'moved', to: 'backupEnabled' });
    if (input.backupEnabled !== undefined) changes.push({ field: 'backupEnabled', action: 'dropped' });
  } else if (input.backupEnabled !== undefined) {
    body.backupEnabled = input.backupEnabled;
  }

  if (LEGACY_TOPOLOGY.some((key) => input[key] !== undefined)) {
    body.replicationSpecs = modernSpecsFromLegacy(input);
    const moves: Record<(typeof LEGACY_TOPOLOGY)[number], string> = {
      providerSettings: 'replicationSpecs.regionConfigs',
      replicationSpecs: 'replicationSpecs',
      replicationSpec: 'replicationSpecs.regionConfigs',
      numShards: 'replicationSpecs.numShards',
      replicationFactor: 'replicationSpecs.regionConfigs.electableSpecs.nodeCount',
      autoScaling: 'replicationSpecs.regionConfigs.autoScaling',
    };
    for (const key of LEGACY_TOPOLOGY) {
      if (input[key] === undefined) continue;
      if (key === 'replicationSpecs') {
        const specs = input.replicationSpecs as unknown[];
        if (specs.some((s) => asObject(s).regionsConfig !== undefined)) {
          changes.push({ field: 'replicationSpecs.regionsConfig', action: 'moved', to: 'replicationSpecs.regionConfigs' });
        }
        if (specs.some((s) => asObject(s).id !== undefined)) changes.push({ field: 'replicationSpecs.id', action: 'dropped' });
      } else if (key === 'replicationSpec' && Array.isArray(input.replicationSpecs)) {
        changes.push({ field: key, action: 'dropped' }); // replicationSpecs describes the same regions
      } else {
        changes.push({ field: key, action: 'moved', to: moves[key] });
      }
    }
  }
  for (const key of LEGACY_READ_ONLY) if (input[key] !== undefined) changes.push({ field: key, action: 'dropped' });
  return { body, changes };
}

/** The legacy view of 2023-02-01 replicationSpecs: what providerSettings and regionsConfig can say. */
export interface LegacyTopology {
  providerSettings: Doc;
  autoScaling: Doc;
  numShards: number;
  replicationSpecs: Doc[];
  /** Regions of the first spec; the legacy replicationSpec map. */
  replicationSpec: Doc;
  /** Total electable nodes of the first spec. */
  electableNodes: number;
  /** Per-region details legacy cannot express, as dotted paths. */
  lost: string[];
}

/**
 * `asAnswered`: as the service answers it, not as a request body says it: a shared tier
 * carries its effective size and null tier limits (the recorded v1.0 M0 cluster).
 */
export function legacyTopologyFromModern(specs: Doc[], options: { asAnswered?: boolean } = {}): LegacyTopology {
  const first = asObject(specs[0]);
  const firstRegions = (Array.isArray(first.regionConfigs) ? first.regionConfigs : []).map(asObject).sort(byPriority);
  const lead = asObject(firstRegions[0]);
  const leadElectable = asObject(lead.electableSpecs);
  const lost = new Set<string>();

  const providerSettings: Doc = {};
  if (lead.providerName !== undefined) providerSettings.providerName = lead.providerName;
  if (lead.backingProviderName !== undefined) providerSettings.backingProviderName = lead.backingProviderName;
  if (leadElectable.instanceSize !== undefined) providerSettings.instanceSizeName = leadElectable.instanceSize;
  if (options.asAnswered && lead.providerName === 'TENANT' && leadElectable.instanceSize !== undefined) {
    providerSettings.effectiveInstanceSizeName = leadElectable.instanceSize;
  }
  if (lead.regionName !== undefined) providerSettings.regionName = lead.regionName;
  if (leadElectable.diskIOPS !== undefined) providerSettings.diskIOPS = leadElectable.diskIOPS;
  if (leadElectable.ebsVolumeType !== undefined) providerSettings.volumeType = leadElectable.ebsVolumeType;

  const leadScaling = asObject(lead.autoScaling);
  const leadCompute = asObject(leadScaling.compute);
  const autoScaling: Doc = {
    compute: { enabled: leadCompute.enabled === true, scaleDownEnabled: leadCompute.scaleDownEnabled === true },
    diskGBEnabled: asObject(leadScaling.diskGB).enabled === true,
  };
  if (leadCompute.predictiveEnabled !== undefined) (autoScaling.compute as Doc).predictiveEnabled = leadCompute.predictiveEnabled;
  const limits: Doc = {};
  if (leadCompute.minInstanceSize !== undefined) limits.minInstanceSize = leadCompute.minInstanceSize;
  if (leadCompute.maxInstanceSize !== undefined) limits.maxInstanceSize = leadCompute.maxInstanceSize;
  if (Object.keys(limits).length > 0) providerSettings.autoScaling = { compute: limits };
  else if (options.asAnswered && lead.providerName === 'TENANT') providerSettings.autoScaling = { compute: { maxInstanceSize: null, minInstanceSize: null } };

  const replicationSpecs = specs.map((raw) => {
    const spec = asObject(raw);
    const regionsConfig: Doc = {};
    for (const region of (Array.isArray(spec.regionConfigs) ? spec.regionConfigs : []).map(asObject).sort(byPriority)) {
      const count = (key: string): number => Number(asObject(region[key]).nodeCount ?? 0);
      const tenant = region.providerName === 'TENANT';
      regionsConfig[String(region.regionName)] = {
        analyticsNodes: tenant ? 0 : count('analyticsSpecs'),
        electableNodes: tenant ? 3 : Number(asObject(region.electableSpecs).nodeCount ?? 3),
        priority: region.priority ?? 7,
        readOnlyNodes: tenant ? 0 : count('readOnlySpecs'),
      };
      // Legacy has one provider and one tier for the whole cluster.
      if (region.providerName !== lead.providerName) lost.add('replicationSpecs.regionConfigs.providerName');
      for (const kind of ['electableSpecs', 'readOnlySpecs', 'analyticsSpecs']) {
        const size = asObject(region[kind]).instanceSize;
        if (size !== undefined && size !== leadElectable.instanceSize) lost.add(`replicationSpecs.regionConfigs.${kind}.instanceSize`);
      }
      if (region.analyticsAutoScaling !== undefined) lost.add('replicationSpecs.regionConfigs.analyticsAutoScaling');
      if (JSON.stringify(region.autoScaling ?? null) !== JSON.stringify(lead.autoScaling ?? null)) {
        lost.add('replicationSpecs.regionConfigs.autoScaling');
      }
    }
    const out: Doc = {};
    if (spec.id !== undefined) out.id = spec.id;
    out.numShards = typeof spec.numShards === 'number' ? spec.numShards : 1;
    out.regionsConfig = regionsConfig;
    if (spec.zoneName !== undefined) out.zoneName = spec.zoneName;
    return out;
  });
  const firstLegacy = asObject(replicationSpecs[0]);
  const replicationSpec = asObject(firstLegacy.regionsConfig);
  const electableNodes = Object.values(replicationSpec).reduce<number>((sum, r) => sum + Number(asObject(r).electableNodes ?? 0), 0);
  return {
    providerSettings,
    autoScaling,
    numShards: Number(firstLegacy.numShards ?? 1),
    replicationSpecs,
    replicationSpec,
    electableNodes,
    lost: [...lost],
  };
}

/**
 * A 2023-02-01 cluster body as a legacy body. Per-region tiers and providers that differ from the
 * highest-priority region cannot be expressed in legacy and are reported as dropped.
 */
export function modernToLegacy(input: Doc): Conversion {
  const changes: FieldChange[] = [];
  const body = copyShared(input, new Set(['replicationSpecs', 'backupEnabled']), changes);
  if (input.backupEnabled !== undefined) {
    body.providerBackupEnabled = input.backupEnabled;
    changes.push({ field: 'backupEnabled', action: 'moved', to: 'providerBackupEnabled' });
  }
  if (Array.isArray(input.replicationSpecs)) {
    const topology = legacyTopologyFromModern(input.replicationSpecs as Doc[]);
    body.providerSettings = topology.providerSettings;
    body.autoScaling = topology.autoScaling;
    body.numShards = topology.numShards;
    body.replicationSpecs = topology.replicationSpecs.map((spec) => {
      const { id: _id, ...rest } = spec;
      return rest;
    });
    changes.push(
      { field: 'replicationSpecs.regionConfigs', action: 'moved', to: 'replicationSpecs.regionsConfig' },
      { field: 'replicationSpecs.regionConfigs.providerName', action: 'moved', to: 'providerSettings.providerName' },
      { field: 'replicationSpecs.regionConfigs.electableSpecs.instanceSize', action: 'moved', to: 'providerSettings.instanceSizeName' },
      { field: 'replicationSpecs.regionConfigs.autoScaling', action: 'moved', to: 'autoScaling' },
      { field: 'replicationSpecs.numShards', action: 'moved', to: 'numShards' },
    );
    for (const field of topology.lost) {
      const at = changes.findIndex((c) => c.field === field);
      if (at >= 0) changes.splice(at, 1);
      changes.push({ field, action: 'dropped' });
    }
    const specs = input.replicationSpecs as unknown[];
    if (specs.some((s) => asObject(s).id !== undefined)) changes.push({ field: 'replicationSpecs.id', action: 'dropped' });
    if (specs.some((s) => asObject(s).zoneId !== undefined)) changes.push({ field: 'replicationSpecs.zoneId', action: 'dropped' });
  }
  return { body, changes };
}

const HARDWARE = ['electableSpecs', 'readOnlySpecs', 'analyticsSpecs'] as const;
const EFFECTIVE = ['effectiveElectableSpecs', 'effectiveReadOnlySpecs', 'effectiveAnalyticsSpecs'];
/** What the 2024-08-05 responses carry that the service computes (recorded). */
const PER_SHARD_COMPUTED = new Set(['effectiveDatabaseEdition', 'effectiveReplicationSpecs', 'internalClusterRole']);
/** Settings only 2024-08-05 and later have: an older shape drops them (reported when given). */
const PER_SHARD_ONLY = ['redactClientLogData', 'adaptiveCapacity', 'retainBackups', 'useAwsTimeBasedSnapshotCopyForFastInitialSync'];

/** The top-level fields a regionConfigs-shaped body keeps in another such shape; read-only ones are reported dropped. */
function copyTop(input: Doc, skip: ReadonlySet<string>, changes: FieldChange[]): Doc {
  const body: Doc = {};
  for (const [key, value] of Object.entries(input)) {
    if (skip.has(key)) continue;
    if (READ_ONLY_TOP_LEVEL.has(key) || PER_SHARD_COMPUTED.has(key)) changes.push({ field: key, action: 'dropped' });
    else body[key] = value;
  }
  return body;
}
const specsOf = (input: Doc): Doc[] => (Array.isArray(input.replicationSpecs) ? input.replicationSpecs.map(asObject) : []);

/**
 * A 2023-02-01 body as a 2024-08-05 body: each spec becomes numShards entries (one per shard)
 * and diskSizeGB moves into every hardware spec. Spec ids are dropped (read-only).
 */
export function modernToPerShard(input: Doc): Conversion {
  const changes: FieldChange[] = [];
  const body = copyTop(input, new Set(['replicationSpecs', 'diskSizeGB']), changes);
  const disk = input.diskSizeGB;
  if (Array.isArray(input.replicationSpecs)) {
    const specs = specsOf(input);
    body.replicationSpecs = specs.flatMap((spec) => {
      const { numShards, id: _id, zoneId: _zoneId, ...rest } = spec;
      const regions = (Array.isArray(rest.regionConfigs) ? rest.regionConfigs : []).map((r) => {
        const region = { ...asObject(r) };
        if (typeof disk === 'number') for (const kind of HARDWARE) if (isObject(region[kind])) region[kind] = { ...region[kind], diskSizeGB: disk };
        return region;
      });
      const count = typeof numShards === 'number' && numShards >= 1 ? Math.min(numShards, 50) : 1;
      return Array.from({ length: count }, () => structuredClone({ ...rest, regionConfigs: regions }));
    });
    if (specs.some((s) => s.numShards !== undefined)) changes.push({ field: 'replicationSpecs.numShards', action: 'moved', to: 'replicationSpecs (one entry per shard)' });
    if (specs.some((s) => s.id !== undefined)) changes.push({ field: 'replicationSpecs.id', action: 'dropped' });
    if (specs.some((s) => s.zoneId !== undefined)) changes.push({ field: 'replicationSpecs.zoneId', action: 'dropped' });
  }
  if (disk !== undefined) {
    if (Array.isArray(input.replicationSpecs)) changes.push({ field: 'diskSizeGB', action: 'moved', to: 'replicationSpecs.regionConfigs.electableSpecs.diskSizeGB' });
    else changes.push({ field: 'diskSizeGB', action: 'dropped' });
  }
  return { body, changes };
}

/** What a 2024-08-05 body says that 2023-02-01 cannot: shards of one zone that differ, storage per shard. */
export function perShardLosses(input: Doc): string[] {
  const lost = new Set<string>();
  const zones = new Map<string, Doc[]>();
  for (const spec of specsOf(input)) {
    const key = typeof spec.zoneName === 'string' ? spec.zoneName : '';
    zones.set(key, [...(zones.get(key) ?? []), spec]);
  }
  const withoutDisk = (spec: Doc): string =>
    JSON.stringify((Array.isArray(spec.regionConfigs) ? spec.regionConfigs : []).map((r) => {
      const region = { ...asObject(r) };
      for (const kind of HARDWARE) if (isObject(region[kind])) region[kind] = { ...region[kind], diskSizeGB: undefined };
      for (const kind of EFFECTIVE) delete region[kind];
      return region;
    }));
  const disks = new Set<unknown>();
  for (const shards of zones.values()) {
    if (shards.some((s) => withoutDisk(s) !== withoutDisk(shards[0]!))) lost.add('replicationSpecs.regionConfigs.electableSpecs.instanceSize');
  }
  for (const spec of specsOf(input)) {
    for (const r of Array.isArray(spec.regionConfigs) ? spec.regionConfigs : []) {
      for (const kind of HARDWARE) {
        const disk = asObject(asObject(r)[kind]).diskSizeGB;
        if (disk !== undefined && (kind === 'electableSpecs' || Number(asObject(asObject(r)[kind]).nodeCount ?? 1) > 0)) disks.add(disk);
      }
    }
  }
  if (disks.size > 1) lost.add('replicationSpecs.regionConfigs.electableSpecs.diskSizeGB');
  return [...lost];
}

/**
 * A 2024-08-05 body as a 2023-02-01 body: shards of one zone become one spec with numShards,
 * the hardware specs' diskSizeGB becomes the cluster's. Differing shards cannot be expressed
 * (perShardLosses); the first shard of each zone stands for all.
 */
export function perShardToModern(input: Doc): Conversion {
  const changes: FieldChange[] = [];
  const body = copyTop(input, new Set(['replicationSpecs', ...PER_SHARD_ONLY]), changes);
  for (const field of PER_SHARD_ONLY) if (input[field] !== undefined && input[field] !== null) changes.push({ field, action: 'dropped' });
  if (Array.isArray(input.replicationSpecs)) {
    const zones = new Map<string, Doc[]>();
    for (const spec of specsOf(input)) {
      const key = typeof spec.zoneName === 'string' ? spec.zoneName : '';
      zones.set(key, [...(zones.get(key) ?? []), spec]);
    }
    let disk: unknown;
    body.replicationSpecs = [...zones.values()].map((shards) => {
      const { id: _id, zoneId: _zoneId, ...first } = shards[0]!;
      const regionConfigs = (Array.isArray(first.regionConfigs) ? first.regionConfigs : []).map((r) => {
        const region = { ...asObject(r) };
        for (const kind of HARDWARE) {
          if (!isObject(region[kind])) continue;
          const { diskSizeGB, ...hw } = region[kind];
          disk ??= diskSizeGB;
          region[kind] = hw;
        }
        for (const key of ['effectiveElectableSpecs', 'effectiveReadOnlySpecs', 'effectiveAnalyticsSpecs']) delete region[key];
        return region;
      });
      return { ...first, numShards: shards.length, regionConfigs };
    });
    changes.push({ field: 'replicationSpecs', action: 'moved', to: 'replicationSpecs.numShards (one entry per zone)' });
    if (disk !== undefined) {
      body.diskSizeGB = disk;
      changes.push({ field: 'replicationSpecs.regionConfigs.electableSpecs.diskSizeGB', action: 'moved', to: 'diskSizeGB' });
    }
    const specs = specsOf(input);
    if (specs.some((s) => s.id !== undefined)) changes.push({ field: 'replicationSpecs.id', action: 'dropped' });
    if (specs.some((s) => s.zoneId !== undefined)) changes.push({ field: 'replicationSpecs.zoneId', action: 'dropped' });
    for (const field of perShardLosses(input)) changes.push({ field, action: 'dropped' });
  }
  return { body, changes };
}
