// The Performance Advisor module (contract.ts): the process-level namespaces, slow query
// logs and suggested indexes (2023-01-01), the cluster-level suggested indexes, schema
// advice and drop-index suggestions (2024-08-05, enveloped by default), and the project's
// managed slow operation threshold. Everything is derived from the seed's `workload`
// (workload.ts), which the log download (logs module) writes the same slow query lines
// from. A cluster with no workload answers as the recordings of a new cluster do:
// {"namespaces":[]}, {"slowQueries":[]}, {"shapes":[],"suggestedIndexes":[]}.
import type { ResourceModule } from '../../contract.js';
import { shape as S } from '../../stateChecks.js';
import { seedProjectIds } from '../projects/index.js';
import {
  disableManagedSlowMs,
  enableManagedSlowMs,
  getManagedSlowMs,
  listClusterSuggestedIndexes,
  listDropIndexSuggestions,
  listNamespaces,
  listSchemaAdvice,
  listSlowQueries,
  listSuggestedIndexes,
} from './handlers.js';
import { advisorStateFromSeed, advisorStateOf, checkWorkloadSeed, type AdvisorState } from './state.js';

export { processRuns } from './handlers.js';
export { workloadOf } from './state.js';
export type { SlowRun, WorkloadClient, WorkloadEntry, WorkloadIndex, WorkloadQuery } from './workload.js';

declare module '../../contract.js' {
  interface StateSnapshot {
    performanceAdvisor: AdvisorState;
  }
}

export const performanceAdvisor: ResourceModule = {
  name: 'performanceAdvisor',
  rateLimitPerMinute: 1200, // recorded, for the advisor and managedSlowMs alike
  operations: {
    'performanceAdvisor.namespaces': { handler: listNamespaces, action: 'read' },
    'performanceAdvisor.slowQueryLogs': { handler: listSlowQueries, action: 'read' },
    'performanceAdvisor.suggestedIndexes': { handler: listSuggestedIndexes, action: 'read' },
    'performanceAdvisor.clusterSuggestedIndexes': { handler: listClusterSuggestedIndexes, action: 'read', envelopeByDefault: true },
    'performanceAdvisor.schemaAdvice': { handler: listSchemaAdvice, action: 'read', envelopeByDefault: true },
    'performanceAdvisor.dropIndexSuggestions': { handler: listDropIndexSuggestions, action: 'read', envelopeByDefault: true },
    'performanceAdvisor.managedSlowMs': { handler: getManagedSlowMs, action: 'read' },
    'performanceAdvisor.enableManagedSlowMs': { handler: enableManagedSlowMs, action: 'writeProject', noBody: true },
    'performanceAdvisor.disableManagedSlowMs': { handler: disableManagedSlowMs, action: 'writeProject' },
  },
  seed: {
    keys: ['workload'],
    check: (doc, problems) => checkWorkloadSeed(doc, problems, seedProjectIds(doc)),
  },
  state: {
    shape: {
      performanceAdvisor: S.optional(S.object({ workload: S.array(S.object({ projectId: 'string', cluster: 'string', namespace: 'string' })), managedSlowMs: S.object({}) })),
    },
    fromSeed: (world, seed) => advisorStateFromSeed(world, seed),
    upgrade: (world) => void advisorStateOf(world),
    snapshot: (store) => ({ performanceAdvisor: structuredClone(advisorStateOf(store.world)) }),
  },
};
