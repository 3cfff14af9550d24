// A cluster that becomes another of the same name and project, with a new id, as a tenant
// upgrade makes it (the service gives the upgraded cluster a new id: recorded,
// TestSharedClusterUpgrade__*): an M0 when its UPDATING ends (store.ts), a flex cluster at
// once (../flexClusters/tenantUpgrade.ts). What other modules keep by the cluster's id (its
// snapshots and restore jobs, its search indexes and the data they index) is the upgraded
// cluster's: each such module provides `clusterSuccession` (an extension point of this module,
// merged into Hooks) and moves it to the new id. Resource-free: it names none of them.
import { hooksOf, type Store } from '../../contract.js';

export interface Succession {
  groupId: string;
  name: string;
  fromId: string;
  toId: string;
  /**
   * Present when the cluster was a flex cluster, still held by the flex module while the hooks
   * run: what its schedule made (its daily snapshots) is kept as of now, with the transition
   * time its documents are rendered with.
   */
  flex?: { transitionMs: number };
}

export interface ClusterSuccession {
  succeeded(store: Store, succession: Succession): void;
}

declare module '../../contract.js' {
  interface Hooks {
    clusterSuccession: ClusterSuccession;
  }
}

/** Tells every module that keeps something by the cluster's id that it is now `toId`'s. */
export function succeed(store: Store, succession: Succession): void {
  for (const hook of hooksOf(store.modules, 'clusterSuccession')) hook.succeeded(store, succession);
}
