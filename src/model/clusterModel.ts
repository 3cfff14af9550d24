// The canonical cluster record the emulator keeps (one per cluster, whatever API
// version created or changed it) and what both its builder (cluster.ts) and its
// renderers (clusterRender.ts) ask of it. One ReplicationSpec per shard, so shards
// may differ (independent shard scaling). Pure: no I/O, no clock.
import type { ClusterType, ProviderName, StateName } from './catalog.js';

type Doc = Record<string, unknown>;

export interface HardwareSpec {
  instanceSize: string;
  nodeCount?: number;
  diskIOPS?: number;
  ebsVolumeType?: string;
}

export interface AutoScalingSettings {
  compute: { enabled: boolean; scaleDownEnabled: boolean; predictiveEnabled?: boolean; minInstanceSize?: string; maxInstanceSize?: string };
  diskGB: { enabled: boolean };
}

export interface RegionConfig {
  providerName: ProviderName;
  /** TENANT only: the cloud that hosts the shared tier. */
  backingProviderName?: string;
  regionName: string;
  priority: number;
  electableSpecs: HardwareSpec;
  readOnlySpecs?: HardwareSpec;
  analyticsSpecs?: HardwareSpec;
  autoScaling?: AutoScalingSettings;
  analyticsAutoScaling?: AutoScalingSettings;
}

/** One shard. Shards of one zone share zoneId and zoneName. */
export interface ReplicationSpec {
  id: string;
  zoneId: string;
  zoneName: string;
  regionConfigs: RegionConfig[];
  /** This shard's storage where it differs from the cluster's diskSizeGB (2024-08-05: per shard). */
  diskSizeGB?: number;
}

export interface ClusterModel {
  id: string;
  groupId: string;
  name: string;
  clusterType: ClusterType;
  createDate: string;
  stateName: StateName;
  mongoDBMajorVersion: string;
  mongoDBVersion: string;
  /** Cloud backup: 2023-02-01 backupEnabled, legacy providerBackupEnabled. */
  backupEnabled: boolean;
  paused: boolean;
  pitEnabled: boolean;
  terminationProtectionEnabled: boolean;
  diskSizeGB: number;
  replicationSpecs: ReplicationSpec[];
  /** Writable fields both shapes carry unchanged (biConnector, tags, labels ...), defaults filled in. */
  settings: Doc;
  /** When the connection strings were last issued (legacy mongoURIUpdated). */
  mongoURIUpdated?: string;
}

export interface ModelContext {
  groupId: string;
  /** A fresh 24-hex id. */
  newId: () => string;
  /** ISO-8601 UTC, second granularity. */
  now: string;
}

/** The shards grouped by zone, zones in order of first appearance. */
export function zonesOf(specs: ReplicationSpec[]): ReplicationSpec[][] {
  const zones = new Map<string, ReplicationSpec[]>();
  for (const spec of specs) {
    const zone = zones.get(spec.zoneId);
    if (zone) zone.push(spec);
    else zones.set(spec.zoneId, [spec]);
  }
  return [...zones.values()];
}

/** A shard's storage. */
export function shardDiskSizeGB(model: ClusterModel, spec: ReplicationSpec): number {
  return spec.diskSizeGB ?? model.diskSizeGB;
}

export function isTenant(model: ClusterModel): boolean {
  return model.replicationSpecs.every((spec) => spec.regionConfigs.every((region) => region.providerName === 'TENANT'));
}

/** Shards with different tiers or storage: what only the per-shard shape can say. */
export function shardsDiffer(model: ClusterModel): boolean {
  const layout = (spec: ReplicationSpec): string => JSON.stringify([spec.regionConfigs, shardDiskSizeGB(model, spec)]);
  return zonesOf(model.replicationSpecs).some((zone) => zone.some((spec) => layout(spec) !== layout(zone[0]!)));
}
