// The Performance Advisor and the managed slow operation threshold: one resource, as the
// live service counts them against one limit (recorded: RateLimit-Remaining falls by one
// across the advisor's and managedSlowMs's calls).
// - per process (`{processId}` is `host:port`), at 2023-01-01: namespaces, slow query
//   logs and suggested indexes, which the Atlas CLI calls;
// - per cluster, at 2024-08-05 and only in the versioned API: suggested indexes, schema
//   advice and drop-index suggestions, answered in an envelope by default
//   ({content, status}: the description's `envelope` defaults to true there);
// - the project's managed slow operation threshold: its state, enable (POST) and disable
//   (DELETE), both 204 without a body.
import type { ResourceOperations } from './entry.js';

const PROCESS = '/groups/{groupId}/processes/{processId}/performanceAdvisor';
const CLUSTER = '/groups/{groupId}/clusters/{clusterName}/performanceAdvisor';
const MANAGED = '/groups/{groupId}/managedSlowMs';
const V2023 = [{ date: '2023-01-01' }] as const;
const V2024 = [{ date: '2024-08-05' }] as const;

export const performanceAdvisor = {
  'performanceAdvisor.namespaces': { method: 'GET', path: `${PROCESS}/namespaces`, versions: V2023 },
  'performanceAdvisor.slowQueryLogs': { method: 'GET', path: `${PROCESS}/slowQueryLogs`, versions: V2023 },
  'performanceAdvisor.suggestedIndexes': { method: 'GET', path: `${PROCESS}/suggestedIndexes`, versions: V2023 },
  'performanceAdvisor.clusterSuggestedIndexes': { method: 'GET', path: `${CLUSTER}/suggestedIndexes`, versions: V2024, v2Only: true },
  'performanceAdvisor.schemaAdvice': { method: 'GET', path: `${CLUSTER}/schemaAdvice`, versions: V2024, v2Only: true },
  'performanceAdvisor.dropIndexSuggestions': { method: 'GET', path: `${CLUSTER}/dropIndexSuggestions`, versions: V2024, v2Only: true },
  'performanceAdvisor.managedSlowMs': { method: 'GET', path: MANAGED, versions: V2023 },
  'performanceAdvisor.enableManagedSlowMs': { method: 'POST', path: `${MANAGED}/enable`, versions: V2023 },
  'performanceAdvisor.disableManagedSlowMs': { method: 'DELETE', path: `${MANAGED}/disable`, versions: V2023 },
} as const satisfies ResourceOperations<'performanceAdvisor'>;
