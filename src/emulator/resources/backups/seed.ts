// The backup module's seed key: snapshots a cluster has from the start, and what a
// cluster's data was restored from before the emulator's time.
//
//   "backups": [{ "projectId": "…", "clusterName": "c1",
//                 "snapshots": [{ "id": "…", "description": "golden data", "createdAt": "2026-08-01T00:00:00Z", "retentionInDays": 30 }],
//                 "restoredFrom": { "projectId": "…", "clusterName": "prod", "snapshotId": "…" } }]
//
// A seeded cluster (dedicated with cloud backup on, or flex) is backed up from before the
// emulator's time: its schedule's snapshots are there from the start (schedule.ts). The
// snapshots declared here come besides them, completed (createdAt: default, the start;
// a date that does not exist, or one after the start, is refused).
import { UsageError } from '../../../base/errors.js';
import { parseIsoDateTime } from '../../../base/isoDate.js';
import { isObject } from '../../../base/object.js';
import type { SeedDocument, World } from '../../contract.js';
import { OBJECT_ID, type Problems } from '../../seedChecks.js';
import { isoSeconds } from '../../store.js';
import { backupClusterOf } from './clusters.js';
import { backupStateOf, type SnapshotRecord } from './state.js';

export interface SeedBackup {
  projectId: string;
  clusterName: string;
  snapshots?: Array<{ id: string; description?: string; createdAt?: string; retentionInDays?: number }>;
  restoredFrom?: { projectId: string; clusterName: string; snapshotId: string };
}

declare module '../../contract.js' {
  interface SeedDocument {
    backups?: SeedBackup[];
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The seed's clusters by "project/name": whether each is flex, and whether its cloud backup is on. */
function seedClusters(doc: Record<string, unknown>): Map<string, { flex: boolean; backup: boolean }> {
  const out = new Map<string, { flex: boolean; backup: boolean }>();
  for (const key of ['clusters', 'flexClusters']) {
    for (const entry of Array.isArray(doc[key]) ? (doc[key] as unknown[]) : []) {
      if (!isObject(entry) || !isObject(entry.cluster)) continue;
      const body = entry.cluster;
      const backup = key === 'flexClusters' || body.backupEnabled === true || body.providerBackupEnabled === true;
      out.set(`${String(entry.projectId)}/${String(body.name)}`, { flex: key === 'flexClusters', backup });
    }
  }
  return out;
}

export function checkBackupSeed(doc: Record<string, unknown>, problems: Problems): void {
  if (doc.backups === undefined) return;
  if (!Array.isArray(doc.backups)) return problems.add('backups', 'must be an array of {projectId, clusterName, snapshots?, restoredFrom?}');
  const clusters = seedClusters(doc);
  const ids = new Set<string>();
  doc.backups.forEach((entry, i) => {
    const at = `backups[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object {projectId, clusterName, snapshots?, restoredFrom?}');
    problems.onlyKeys(at, entry, ['projectId', 'clusterName', 'snapshots', 'restoredFrom']);
    if (!problems.string(`${at}.projectId`, entry.projectId, OBJECT_ID, 'a 24-hex project id') || !problems.string(`${at}.clusterName`, entry.clusterName)) return;
    const cluster = clusters.get(`${entry.projectId}/${entry.clusterName}`);
    if (!cluster) return problems.add(`${at}.clusterName`, `"${entry.clusterName}" is not a cluster of project ${entry.projectId} in the seed's clusters or flexClusters`);
    if (entry.snapshots !== undefined && !Array.isArray(entry.snapshots)) problems.add(`${at}.snapshots`, 'must be an array of {id, description?, createdAt?, retentionInDays?}');
    const snapshots = Array.isArray(entry.snapshots) ? entry.snapshots : [];
    if (snapshots.length > 0 && !cluster.backup) problems.add(`${at}.snapshots`, `cluster ${entry.clusterName} has no cloud backup: its body needs "backupEnabled": true`);
    snapshots.forEach((snapshot, j) => {
      const where = `${at}.snapshots[${j}]`;
      if (!isObject(snapshot)) return problems.add(where, 'must be an object {id, description?, createdAt?, retentionInDays?}');
      problems.onlyKeys(where, snapshot, ['id', 'description', 'createdAt', 'retentionInDays']);
      if (problems.string(`${where}.id`, snapshot.id, OBJECT_ID, 'a 24-hex snapshot id')) {
        if (ids.has(snapshot.id)) problems.add(`${where}.id`, `a second snapshot with id ${snapshot.id}`);
        ids.add(snapshot.id);
      }
      if (snapshot.description !== undefined && typeof snapshot.description !== 'string') problems.add(`${where}.description`, 'must be a string');
      // The one ISO reading (src/base/isoDate.ts): Date.parse rolls 2026-02-30 over to March 2.
      if (snapshot.createdAt !== undefined && (typeof snapshot.createdAt !== 'string' || !ISO.test(snapshot.createdAt) || parseIsoDateTime(snapshot.createdAt) === undefined)) {
        problems.add(`${where}.createdAt`, 'must be an ISO 8601 UTC date that exists, e.g. 2026-08-01T00:00:00Z');
      }
      const days = snapshot.retentionInDays;
      if (days !== undefined && (typeof days !== 'number' || !Number.isInteger(days) || days < 1)) problems.add(`${where}.retentionInDays`, 'must be a whole number of days, at least 1');
    });
    const from = entry.restoredFrom;
    if (from === undefined) return;
    if (!isObject(from)) return problems.add(`${at}.restoredFrom`, 'must be an object {projectId, clusterName, snapshotId}');
    problems.onlyKeys(`${at}.restoredFrom`, from, ['projectId', 'clusterName', 'snapshotId']);
    problems.string(`${at}.restoredFrom.projectId`, from.projectId, OBJECT_ID, 'a 24-hex project id');
    problems.string(`${at}.restoredFrom.clusterName`, from.clusterName);
    problems.string(`${at}.restoredFrom.snapshotId`, from.snapshotId, OBJECT_ID, 'a 24-hex snapshot id');
  });
}

/** A new world's backup state from a validated seed, once the clusters modules have made its clusters; `now` is service time. */
export function backupStateFromSeed(world: World, seed: SeedDocument, now: number): void {
  const state = backupStateOf(world);
  const dedicated = world.clusters ?? [];
  const flex = world.flexClusters ?? [];
  // Every seeded cluster has been backed up (if its backup is on) since before the emulator's time.
  state.historic = [...dedicated, ...flex].map((record) => record.model.id);
  for (const [i, entry] of (seed.backups ?? []).entries()) {
    const dedicatedRecord = dedicated.find((record) => record.model.groupId === entry.projectId && record.model.name === entry.clusterName);
    const flexRecord = flex.find((record) => record.model.groupId === entry.projectId && record.model.name === entry.clusterName);
    const located = dedicatedRecord ? ({ kind: 'dedicated', record: dedicatedRecord } as const) : ({ kind: 'flex', record: flexRecord! } as const);
    const cluster = backupClusterOf(located, state, 0); // historic: its start is not counted
    for (const [j, snapshot] of (entry.snapshots ?? []).entries()) {
      const at = snapshot.createdAt === undefined ? now : parseIsoDateTime(snapshot.createdAt)!.getTime();
      // A seeded snapshot is completed, taken before the service's time began: a later one would show as in progress.
      if (at > now) {
        throw new UsageError(`seed backups[${i}].snapshots[${j}].createdAt: ${snapshot.createdAt} is after the emulator's start (${isoSeconds(now)}); a seeded snapshot was taken before it`);
      }
      const record: SnapshotRecord = {
        id: snapshot.id,
        groupId: cluster.groupId,
        clusterId: cluster.id,
        clusterName: cluster.name,
        flex: cluster.flex,
        onDemand: !cluster.flex,
        ...(snapshot.description !== undefined ? { description: snapshot.description } : {}),
        retentionDays: snapshot.retentionInDays ?? (cluster.flex ? 8 : 7),
        requestedAt: at,
        completeAt: at,
        mongodVersion: cluster.mongodVersion,
        cloudProvider: cluster.cloudProvider,
        storageSizeBytes: 1_000_000_000 + (parseInt(snapshot.id.slice(8, 16), 16) % 3_000_000_000),
      };
      state.snapshots.push(record);
    }
    if (entry.restoredFrom) {
      state.restoredFrom.push({ groupId: cluster.groupId, clusterId: cluster.id, clusterName: cluster.name, source: { ...entry.restoredFrom }, at: isoSeconds(now) });
    }
  }
}
