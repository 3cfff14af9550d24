// `cdba search-indexes get <cluster> <index>`: one index by its id or db.collection/name.
// On a terminal a readable view; otherwise, and with -o json, the document as received.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { aboutIndex, parseIndexRef, searchTarget } from './target.js';
import { showIndex } from './view.js';

export function registerSearchIndexesGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one search index: status, whether it can serve queries, its definition (a failed build: the reason)')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .addArgument(completedArgument('<index>', 'the index: its id, or database.collection/name (the database ends at the first dot, the name starts after the last slash)', lookup('indexes', { of: 'cluster' })))
    .action(async (cluster, index, _options, cmd) => runSearchIndexesGet(app.context(cmd), cluster, index));
  withExamples(command, [
    ['By database, collection and name', 'cdba search-indexes get c1 sample_mflix.movies/default'],
    ['By id', 'cdba search-indexes get c1 6a79452cc0eb9e7a1772f8f1'],
    ['Whether it serves queries yet', "cdba search-indexes get c1 sample_mflix.movies/default -o json --query queryable"],
  ]);
}

export async function runSearchIndexesGet(ctx: Context, cluster: string, index: string): Promise<void> {
  const ref = parseIndexRef(index);
  const target = await searchTarget(ctx, cluster);
  const { getSearchIndex } = await import('../../api/resources/searchIndexes.js');
  await showIndex(ctx, await aboutIndex(ctx, cluster, ref, () => getSearchIndex(target.client, target.projectId, cluster, ref)));
}
