// env up (and run) --sample-data and --search-index: the database with its indexes ready
// to query (./envSearch.ts, loaded when a flag is given). Registered in src/cli/program.ts.
// Its options are declared once (EnvOption): env up's and run's flags, their man page
// lines and the GitHub Action's inputs all come from them.
import type { EnvOption, EnvStep } from '../envStep.js';

const SEARCH_OPTIONS = [
  {
    flag: '--sample-data',
    description: 'load the sample dataset once the cluster is IDLE',
    details: 'sample_mflix, sample_training, ...',
    action: { input: 'sample-data', description: 'true: load the sample dataset once the cluster is IDLE (env up --sample-data).' },
  },
  {
    flag: '--search-index',
    value: '<file>',
    description: 'a search index to have queryable first; repeatable',
    details: 'The file holds a create request, {database, collectionName, name, type, definition}; the index is READY and queryable before the connection is printed; a re-run updates one whose definition differs',
    repeatable: true,
    action: { input: 'search-index', description: 'Search index definition files, one per line, each READY and queryable before the step ends (env up --search-index).' },
  },
] as const satisfies readonly EnvOption[];

export const SEARCH_STEP: EnvStep<typeof SEARCH_OPTIONS> = {
  name: 'search',
  options: SEARCH_OPTIONS,
  given: (flags) => flags.sampleData === true || (flags.searchIndex !== undefined && flags.searchIndex.length > 0),
  idle: 'on-data',
  load: async () => (await import('./envSearch.js')).work,
};
