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
  modernToLegacy,
  modernToPerShard,
  perShardLosses,
  perShardToModern,
  type Conversion,
  type FieldChange,
} from './clusterConvert.js';
import type { ClusterShape } from './clusterFields.js';
import { isObject } from '../base/object.js';

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
