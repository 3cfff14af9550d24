// The flex clusters' part of the world (world.flexClusters): few per project, so kept
// in one list and scanned; their transitions are applied when read.
import type { FlexClusterModel } from '../../../model/flexCluster.js';
import type { Store } from '../../contract.js';

/** A flex cluster (its own API, ./handlers.ts). */
export interface FlexRecord {
  model: FlexClusterModel;
  /** When the current CREATING / DELETING state ends (clock ms). */
  pendingUntil?: number;
}

declare module '../../contract.js' {
  interface World {
    /** Absent from state files written before flex clusters. */
    flexClusters?: FlexRecord[];
  }
}

function advance(store: Store): void {
  const now = store.clock();
  const list = store.world.flexClusters ?? [];
  if (!list.some((record) => record.pendingUntil !== undefined && record.pendingUntil <= now)) return;
  store.world.flexClusters = list.filter((record) => {
    if (record.pendingUntil === undefined || record.pendingUntil > now) return true;
    if (record.model.stateName === 'DELETING') return false;
    record.model.stateName = 'IDLE';
    delete record.pendingUntil;
    return true;
  });
}

/** The project's flex clusters in creation order. */
export function flexClusters(store: Store, projectId: string): FlexRecord[] {
  advance(store);
  return (store.world.flexClusters ?? []).filter((record) => record.model.groupId === projectId);
}

export function flexCluster(store: Store, projectId: string, name: string): FlexRecord | undefined {
  advance(store);
  return (store.world.flexClusters ?? []).find((record) => record.model.groupId === projectId && record.model.name === name);
}

export function addFlexCluster(store: Store, record: FlexRecord): void {
  (store.world.flexClusters ??= []).push(record);
}

/** Takes a flex cluster out of the world (a tenant upgrade made it a dedicated cluster). */
export function removeFlexCluster(store: Store, record: FlexRecord): void {
  store.world.flexClusters = (store.world.flexClusters ?? []).filter((other) => other !== record);
}
