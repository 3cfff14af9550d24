// The cluster record rendered per version on the way out (seed: Versioning):
// legacy = v1.0 and 2023-01-01 (providerSettings, regionsConfig, mongoURI*);
// modern = 2023-02-01 (replicationSpecs[].regionConfigs, numShards per zone, each
// zone's first shard); perShard = 2024-08-05 and later (one replicationSpecs entry
// per shard, disk per spec). Pure: no I/O, no clock.
import { legacyTopologyFromModern } from './clusterConvert.js';
import type { ClusterShape } from './clusterFields.js';
import { shardDiskSizeGB, zonesOf, type AutoScalingSettings, type ClusterModel, type HardwareSpec, type RegionConfig } from './clusterModel.js';

type Doc = Record<string, unknown>;

const clone = <T>(value: T): T => structuredClone(value);

/** A hardware spec as rendered; with `disk`, the 2024-08-05 form that carries the storage. */
function hardwareDoc(spec: HardwareSpec, tenant: boolean, disk?: number): Doc {
  if (tenant) {
    const out: Doc = { effectiveInstanceSize: spec.instanceSize, instanceSize: spec.instanceSize };
    if (disk !== undefined) out.diskSizeGB = disk;
    return out;
  }
  const out: Doc = { instanceSize: spec.instanceSize };
  if (spec.diskIOPS !== undefined) out.diskIOPS = spec.diskIOPS;
  if (disk !== undefined) out.diskSizeGB = disk;
  if (spec.ebsVolumeType !== undefined) out.ebsVolumeType = spec.ebsVolumeType;
  out.nodeCount = spec.nodeCount ?? 0;
  return out;
}

function autoScalingDoc(settings: AutoScalingSettings): Doc {
  return { compute: { ...settings.compute }, diskGB: { ...settings.diskGB } };
}

/** Region configs as rendered; `disk` gives the 2024-08-05 form, `effective` adds its effective*Specs. */
function regionDocs(regions: RegionConfig[], disk?: number, effective = false): Doc[] {
  return regions.map((region) => {
    const tenant = region.providerName === 'TENANT';
    const out: Doc = {};
    if (region.analyticsAutoScaling) out.analyticsAutoScaling = autoScalingDoc(region.analyticsAutoScaling);
    if (region.analyticsSpecs) out.analyticsSpecs = hardwareDoc(region.analyticsSpecs, tenant, disk);
    if (region.autoScaling) out.autoScaling = autoScalingDoc(region.autoScaling);
    if (region.backingProviderName !== undefined) out.backingProviderName = region.backingProviderName;
    if (effective && !tenant) {
      // The service answers what runs now; the emulator has no autoscaling, so it is what was asked for.
      if (region.analyticsSpecs) out.effectiveAnalyticsSpecs = hardwareDoc(region.analyticsSpecs, tenant, disk);
      out.effectiveElectableSpecs = hardwareDoc(region.electableSpecs, tenant, disk);
      if (region.readOnlySpecs) out.effectiveReadOnlySpecs = hardwareDoc(region.readOnlySpecs, tenant, disk);
    }
    out.electableSpecs = hardwareDoc(region.electableSpecs, tenant, disk);
    out.priority = region.priority;
    out.providerName = region.providerName;
    if (region.readOnlySpecs) out.readOnlySpecs = hardwareDoc(region.readOnlySpecs, tenant, disk);
    out.regionName = region.regionName;
    return out;
  });
}

/** The model's replicationSpecs in the 2023-02-01 response form: one entry per zone, its first shard's layout (a legacy PATCH starts from it too). */
export function modelSpecsAsDocs(model: ClusterModel): Doc[] {
  return zonesOf(model.replicationSpecs).map((zone) => {
    const first = zone[0]!;
    return { id: first.id, numShards: zone.length, regionConfigs: regionDocs(first.regionConfigs), zoneId: first.zoneId, zoneName: first.zoneName };
  });
}

/** The model's replicationSpecs in the 2024-08-05 form: one entry per shard, storage in each hardware spec. */
function perShardSpecDocs(model: ClusterModel, effective: boolean): Doc[] {
  return model.replicationSpecs.map((spec) => ({
    id: spec.id,
    regionConfigs: regionDocs(spec.regionConfigs, shardDiskSizeGB(model, spec), effective),
    zoneId: spec.zoneId,
    zoneName: spec.zoneName,
  }));
}

export interface Link {
  href: string;
  rel: string;
}

/** What the renderer cannot know by itself: where the cluster lives and its issued strings. */
export interface RenderExtras {
  links: Link[];
  /** The connectionStrings object; empty while the cluster is still being created. */
  connectionStrings: Doc;
}

const sortKeys = (doc: Doc): Doc => Object.fromEntries(Object.entries(doc).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function commonView(model: ClusterModel, extras: RenderExtras): Doc {
  // These exist from 2024-08-05 only (renderPerShard).
  const { redactClientLogData: _since2024, adaptiveCapacity: _a, retainBackups: _r, useAwsTimeBasedSnapshotCopyForFastInitialSync: _u, ...settings } = model.settings;
  const view: Doc = {
    ...clone(settings),
    backupEnabled: model.backupEnabled,
    clusterType: model.clusterType,
    connectionStrings: clone(extras.connectionStrings),
    createDate: model.createDate,
    diskSizeGB: model.diskSizeGB,
    groupId: model.groupId,
    id: model.id,
    links: extras.links.map((l) => ({ ...l })),
    mongoDBMajorVersion: model.mongoDBMajorVersion,
    mongoDBVersion: model.mongoDBVersion,
    name: model.name,
    paused: model.paused,
    pitEnabled: model.pitEnabled,
    stateName: model.stateName,
    terminationProtectionEnabled: model.terminationProtectionEnabled,
  };
  if (model.clusterType !== 'REPLICASET') {
    view.configServerManagementMode ??= 'ATLAS_MANAGED';
    view.configServerType = 'EMBEDDED';
  }
  return view;
}

/** The cluster as 2023-02-01 renders it. */
export function renderModern(model: ClusterModel, extras: RenderExtras): Doc {
  return sortKeys({ ...commonView(model, extras), replicationSpecs: modelSpecsAsDocs(model) });
}

/** The cluster as 2024-08-05 and 2024-10-23 render it (fields as the recorded responses carry them). */
export function renderPerShard(model: ClusterModel, extras: RenderExtras): Doc {
  const { diskSizeGB: _disk, ...common } = commonView(model, extras);
  return sortKeys({
    ...common,
    adaptiveCapacity: model.settings.adaptiveCapacity ?? null,
    effectiveDatabaseEdition: 'CORE',
    effectiveReplicationSpecs: perShardSpecDocs(model, false),
    featureCompatibilityVersion: model.mongoDBMajorVersion,
    internalClusterRole: 'NONE',
    redactClientLogData: model.settings.redactClientLogData ?? false,
    replicationSpecs: perShardSpecDocs(model, true),
    retainBackups: model.settings.retainBackups ?? false,
    useAwsTimeBasedSnapshotCopyForFastInitialSync: model.settings.useAwsTimeBasedSnapshotCopyForFastInitialSync ?? false,
  });
}

/** "mongodb://a:27017,b:27017/?ssl=true..." without the path and options: the legacy mongoURI. */
function withoutOptions(uri: string): string {
  const hostsEnd = uri.indexOf('/', uri.indexOf('://') + 3);
  return hostsEnd === -1 ? uri : uri.slice(0, hostsEnd);
}

/** The cluster as v1.0 and 2023-01-01 render it. */
export function renderLegacy(model: ClusterModel, extras: RenderExtras): Doc {
  const topology = legacyTopologyFromModern(modelSpecsAsDocs(model), { asAnswered: true });
  const view: Doc = {
    ...commonView(model, extras),
    autoScaling: topology.autoScaling,
    numShards: topology.numShards,
    providerBackupEnabled: model.backupEnabled,
    providerSettings: topology.providerSettings,
    replicationSpec: topology.replicationSpec,
    replicationSpecs: topology.replicationSpecs,
  };
  if ([3, 5, 7].includes(topology.electableNodes)) view.replicationFactor = topology.electableNodes;
  const standard = extras.connectionStrings.standard;
  if (typeof standard === 'string') {
    view.mongoURI = withoutOptions(standard);
    view.mongoURIWithOptions = standard;
    if (model.mongoURIUpdated) view.mongoURIUpdated = model.mongoURIUpdated;
  }
  if (typeof extras.connectionStrings.standardSrv === 'string') view.srvAddress = extras.connectionStrings.standardSrv;
  return sortKeys(view);
}

export function renderCluster(model: ClusterModel, shape: ClusterShape, extras: RenderExtras): Doc {
  if (shape === 'perShard') return renderPerShard(model, extras);
  return shape === 'legacy' ? renderLegacy(model, extras) : renderModern(model, extras);
}
