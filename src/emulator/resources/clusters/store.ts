// The clusters' part of the world (world.clusters) and what is kept beside it: each
// project's clusters in creation order, by name, and those in a transient state by
// when it ends. Transitions are computed from the store's clock when read.
import { DueQueue } from '../../dueQueue.js';
import { isoSeconds } from '../../store.js';
import type { Store } from '../../contract.js';
import type { ClusterModel } from '../../../model/cluster.js';
import { succeed } from './succession.js';

/** A mutating request as received, so tests can assert the exact bodies a client sent. */
export interface RecordedRequest {
  method: string;
  url: string;
  contentType: string;
  /** The body text exactly as received. */
  raw: string;
  /** The parsed body (undefined when empty or not JSON). */
  body: unknown;
}

export interface ClusterRecord {
  model: ClusterModel;
  legacyStrings: boolean;
  /** When the current CREATING / UPDATING / DELETING state ends (clock ms). */
  pendingUntil?: number;
  requests: RecordedRequest[];
  /**
   * A tenant upgrade under way (tenantUpgrade.ts): the dedicated cluster this one becomes when
   * its UPDATING ends. Until then it answers as the shared-tier cluster it was (recorded).
   */
  upgradeTo?: ClusterModel;
  /**
   * An upgraded shared-tier or flex cluster keeps its connection strings: the shared hosts'
   * names and the replica set of its first id (recorded: cluster-801's strings after M0 -> M10).
   */
  sharedHosts?: { replicaSetSeed: string };
}

declare module '../../contract.js' {
  interface World {
    clusters: ClusterRecord[];
  }
}

const KEPT_REQUESTS = 20;

export class ClusterStore {
  /**
   * Each project's clusters in creation order. A project's array is replaced, never
   * changed in place, so a list handed out by list() stays as it was.
   */
  private readonly byProject = new Map<string, ClusterRecord[]>();
  /** Each project's clusters by exact name: the first in creation order, as a scan would find. */
  private readonly byName = new Map<string, Map<string, ClusterRecord>>();
  /** Clusters in a CREATING / UPDATING / DELETING state, by when it ends. */
  private readonly pending = new DueQueue<ClusterRecord>();

  constructor(private readonly store: Store) {
    for (const record of store.world.clusters) {
      const { groupId } = record.model;
      const list = this.byProject.get(groupId);
      if (list) list.push(record);
      else this.byProject.set(groupId, [record]);
      this.indexName(record);
      if (record.pendingUntil !== undefined) this.pending.push(record, record.pendingUntil);
    }
  }

  private indexName(record: ClusterRecord): void {
    const { groupId, name } = record.model;
    let names = this.byName.get(groupId);
    if (!names) this.byName.set(groupId, (names = new Map()));
    if (!names.has(name)) names.set(name, record);
  }

  /** Moves every cluster whose pending state has run out to its next state. */
  private advance(): void {
    if (this.pending.size === 0) return;
    const gone = new Set<ClusterRecord>();
    // Transitions run on the emulator's clock; the dates they leave are the service's (--date).
    const toService = this.store.serviceClock() - this.store.clock();
    for (const { due, item: record } of this.pending.popDue(this.store.clock())) {
      // An entry left behind by a later schedule() of the same cluster, or one already handled.
      if (record.pendingUntil !== due || gone.has(record)) continue;
      if (record.model.stateName === 'DELETING') {
        gone.add(record);
        continue;
      }
      if (record.model.stateName === 'CREATING') record.model.mongoURIUpdated = isoSeconds(due + toService);
      if (record.upgradeTo) {
        // The shared tier becomes the dedicated cluster: a new model object (a new id and
        // createDate, as recorded), so its rendered views are made again (views.ts).
        record.sharedHosts ??= { replicaSetSeed: record.model.id };
        // What other modules keep by its id (search indexes ...) is the upgraded cluster's (succession.ts).
        succeed(this.store, { groupId: record.model.groupId, name: record.model.name, fromId: record.model.id, toId: record.upgradeTo.id });
        record.model = record.upgradeTo;
        delete record.upgradeTo;
      }
      record.model.stateName = 'IDLE';
      delete record.pendingUntil;
    }
    if (gone.size > 0) this.remove(gone);
  }

  private remove(gone: Set<ClusterRecord>): void {
    const { world } = this.store;
    world.clusters = world.clusters.filter((record) => !gone.has(record));
    const projects = new Set([...gone].map((record) => record.model.groupId));
    for (const groupId of projects) {
      const list = (this.byProject.get(groupId) ?? []).filter((record) => !gone.has(record));
      this.byProject.set(groupId, list);
      const names = this.byName.get(groupId);
      for (const record of gone) {
        const { name } = record.model;
        if (record.model.groupId !== groupId || names?.get(name) !== record) continue;
        names.delete(name);
        const next = list.find((other) => other.model.name === name);
        if (next) names.set(name, next);
      }
    }
  }

  /** The project's clusters in creation order. Callers must not change the array. */
  list(projectId: string): readonly ClusterRecord[] {
    this.advance();
    return this.byProject.get(projectId) ?? [];
  }

  find(projectId: string, name: string): ClusterRecord | undefined {
    this.advance();
    return this.byName.get(projectId)?.get(name);
  }

  /** Adds a cluster; a pendingUntil it already carries is scheduled. */
  add(record: ClusterRecord): void {
    this.store.world.clusters.push(record);
    const { groupId } = record.model;
    this.byProject.set(groupId, [...(this.byProject.get(groupId) ?? []), record]);
    this.indexName(record);
    if (record.pendingUntil !== undefined) this.pending.push(record, record.pendingUntil);
  }

  /** Puts a cluster's current CREATING / UPDATING / DELETING state to end at `until` (clock ms). */
  schedule(record: ClusterRecord, until: number): void {
    record.pendingUntil = until;
    this.pending.push(record, until);
  }

  recordRequest(record: ClusterRecord, request: RecordedRequest): void {
    record.requests.push(request);
    if (record.requests.length > KEPT_REQUESTS) record.requests.splice(0, record.requests.length - KEPT_REQUESTS);
  }
}

const stores = new WeakMap<Store, ClusterStore>();

/** The clusters of an emulator's world, indexed when first asked for. */
export function clusterStore(store: Store): ClusterStore {
  let clusters = stores.get(store);
  if (!clusters) stores.set(store, (clusters = new ClusterStore(store)));
  return clusters;
}

/** Whether a project has a (dedicated) cluster of that exact name. */
export function clusterNamed(store: Store, projectId: string, name: string): boolean {
  return clusterStore(store).find(projectId, name) !== undefined;
}
