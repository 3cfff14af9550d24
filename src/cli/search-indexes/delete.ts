// `cdba search-indexes delete <cluster> <index>`: asks first on a terminal; elsewhere
// it needs the global -y/--yes and refuses (exit 2) before sending anything.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { refText } from './waitForIndex.js';
import { aboutIndex, parseIndexRef, searchTarget } from './target.js';

export function registerSearchIndexesDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('delete a search index (asks first; -y/--yes skips the question, and is required without a terminal); queries that use it fail')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .addArgument(completedArgument('<index>', 'the index: its id, or database.collection/name (the database ends at the first dot, the name starts after the last slash)', lookup('indexes', { of: 'cluster' })))
    .action(async (cluster, index, _options, cmd) => runSearchIndexesDelete(app.context(cmd), cluster, index));
  withExamples(command, [
    ['Delete, asking first', 'cdba search-indexes delete c1 sample_mflix.movies/default'],
    ['In a script: every index of one collection', "cdba search-indexes list c1 --db app --collection items -o json --query '[].indexID' | jq -r '.[]' | xargs -n1 cdba search-indexes delete c1 --yes"],
  ]);
}

export async function runSearchIndexesDelete(ctx: Context, cluster: string, index: string): Promise<void> {
  const ref = parseIndexRef(index);
  ctx.requireConfirmable();
  const target = await searchTarget(ctx, cluster);
  const { profileName } = await ctx.settings();
  await ctx.confirm(`Delete search index ${refText(ref)} of cluster ${cluster} in project ${target.projectId} (profile "${profileName}")? Queries that use it fail.`);
  const { deleteSearchIndex } = await import('../../api/resources/searchIndexes.js');
  await aboutIndex(ctx, cluster, ref, () => deleteSearchIndex(target.client, target.projectId, cluster, ref));
  ctx.io.note(`cdba: search index ${refText(ref)} is being deleted (the service removes it shortly)`);
}
