// `cdba search-indexes list <cluster> [--db <db> --collection <coll>]`: the cluster's
// search and vector search indexes, or one collection's.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { checkNamespaceFlags } from './indexRef.js';
import { searchTarget } from './target.js';
import { SEARCH_INDEX_LIST_TABLE } from './view.js';

export interface ListFlags {
  db?: string;
  collection?: string;
}

export function registerSearchIndexesList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list a cluster's search and vector search indexes, or one collection's (--db and --collection)")
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .option('--db <db>', 'only the indexes of this database (with --collection)')
    .option('--collection <coll>', 'only the indexes of this collection (with --db)')
    .action(async (cluster, options, cmd) => runSearchIndexesList(app.context(cmd), cluster, options));
  withExamples(command, [
    ['Every index of the cluster, with its status', 'cdba search-indexes list c1'],
    ["One collection's indexes", 'cdba search-indexes list c1 --db sample_mflix --collection movies'],
    ['Names of the indexes not yet ready', "cdba search-indexes list c1 -o json --query \"[?status!='READY'].name\""],
  ]);
}

export async function runSearchIndexesList(ctx: Context, cluster: string, flags: ListFlags): Promise<void> {
  if ((flags.db === undefined) !== (flags.collection === undefined)) {
    throw new UsageError(`${flags.db === undefined ? '--collection' : '--db'} needs ${flags.db === undefined ? '--db' : '--collection'}: a collection is named by both`);
  }
  if (flags.db !== undefined) checkNamespaceFlags(flags.db, flags.collection!);
  const target = await searchTarget(ctx, cluster);
  const { listSearchIndexes } = await import('../../api/resources/searchIndexes.js');
  const collection = flags.db !== undefined ? { databaseName: flags.db, collectionName: flags.collection! } : undefined;
  await ctx.output(await listSearchIndexes(target.client, target.projectId, cluster, collection), SEARCH_INDEX_LIST_TABLE);
}
