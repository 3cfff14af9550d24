// The sample dataset load in the table of operations, as the service's description of
// 2026-08-21 cut to search has it (admin-api-v2-2026-08-search-subset.json). Served only
// in the versioned API.
import type { ResourceOperations } from './entry.js';

// POST takes the cluster's name, GET the load's id (the description names them {name} and
// {sampleDatasetId}): one name, as the emulator routes each path shape once.
const SAMPLE_LOAD = '/groups/{groupId}/sampleDatasetLoad/{nameOrId}';

export const sampleDatasets = {
  'sampleDatasets.load': { method: 'POST', path: SAMPLE_LOAD, versions: [{ date: '2023-01-01' }], v2Only: true },
  'sampleDatasets.get': { method: 'GET', path: SAMPLE_LOAD, versions: [{ date: '2023-01-01' }], v2Only: true },
} as const satisfies ResourceOperations<'sampleDatasets'>;
