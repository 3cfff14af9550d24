// A cluster's search indexes, and the data they index, through a tenant upgrade
// (../clusters/succession.ts): kept by the cluster's id, they are the upgraded cluster's.
import type { Store } from '../../contract.js';
import type { ClusterSuccession } from '../clusters/index.js';
import { searchStateOf } from './state.js';

export const searchSuccession: ClusterSuccession = {
  succeeded(store: Store, { fromId, toId }) {
    const state = searchStateOf(store.world);
    for (const list of [state.indexes, state.sampleLoads, state.clusterData]) {
      for (const record of list) if (record.clusterId === fromId) record.clusterId = toId;
    }
  },
};
