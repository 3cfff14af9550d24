// `cdba search-indexes ...`: list, get, create, update, delete a cluster's search and
// vector search indexes (issue 37).
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerSearchIndexesCreate } from './create.js';
import { registerSearchIndexesDelete } from './delete.js';
import { registerSearchIndexesGet } from './get.js';
import { registerSearchIndexesList } from './list.js';
import { registerSearchIndexesUpdate } from './update.js';

export function registerSearchIndexes(program: Command, app: App): void {
  // A cluster's indexes as database.collection/name (`lookup('indexes', { of: 'cluster' })`).
  registerLookup(program, 'indexes', { needsOf: true, load: async () => { const { indexNames } = await import('./completion.js'); return (ctx, cluster) => indexNames(ctx, cluster!); } });
  const group = program
    .command('search-indexes')
    .description('list, inspect, create, change and delete the search and vector search indexes of a cluster ($search, $vectorSearch)');
  withExamples(group, [
    ['Sample data, then an index on it that serves queries', 'cdba clusters load-sample-data c1 --watch && cdba search-indexes create c1 --db sample_mflix --collection movies --name default --dynamic --watch'],
    ['What a cluster has', 'cdba search-indexes list c1'],
    ['Names of the indexes that do not serve queries yet', "cdba search-indexes list c1 -o json | jq -r '.[] | select(.queryable | not) | .name'"],
    ['From a file; a mistake in it is one line naming the field, before any request', 'cdba search-indexes create c1 --file index.json --watch'],
  ]);
  registerSearchIndexesList(group, app);
  registerSearchIndexesGet(group, app);
  registerSearchIndexesCreate(group, app);
  registerSearchIndexesUpdate(group, app);
  registerSearchIndexesDelete(group, app);
}
