// env up (and run) --sample-data and --search-index: the database with its indexes ready
// to query (./envSearch.ts, loaded when a flag is given). Registered in src/cli/program.ts.
import { Option } from '@commander-js/extra-typings';
import { collect } from '../command.js';
import type { EnvStep } from '../envStep.js';

export const SEARCH_STEP: EnvStep = {
  name: 'search',
  options: () => [
    new Option('--sample-data', 'load the sample dataset once the cluster is IDLE'),
    new Option('--search-index <file>', 'a search index to have queryable first; repeatable').argParser(collect),
  ],
  details: {
    '--sample-data': 'sample_mflix, sample_training, ...',
    '--search-index': 'The file holds a create request, {database, collectionName, name, type, definition}; the index is READY and queryable before the connection is printed; a re-run updates one whose definition differs',
  },
  action: [
    { input: 'sample-data', flag: '--sample-data', kind: 'switch' },
    { input: 'search-index', flag: '--search-index', kind: 'lines' },
  ],
  given: (flags) => flags.sampleData === true || (Array.isArray(flags.searchIndex) && flags.searchIndex.length > 0),
  idle: 'on-data',
  load: async () => (await import('./envSearch.js')).work,
};
