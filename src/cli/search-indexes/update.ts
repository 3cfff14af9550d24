// `cdba search-indexes update <cluster> <index> --file F`: a new definition, checked
// before any request. The index builds again (an earlier built definition serves
// queries meanwhile); --watch waits until the new one is READY and queryable.
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import type { IndexType } from '../../model/searchIndex.js';
import { choiceFlag, completedArgument, lookup, withExamples, type App } from '../command.js';
import { INDEX_TYPES } from './create.js';
import { refText, waitForIndex } from './waitForIndex.js';
import { aboutIndex, parseIndexRef, searchTarget } from './target.js';
import { showIndex } from './view.js';
import { watchTimeoutMs } from '../../core/duration.js';

export interface UpdateFlags {
  file: string;
  type?: IndexType;
  watch?: boolean;
  watchTimeout?: string;
}

export function registerSearchIndexesUpdate(parent: Command, app: App): void {
  const command = parent
    .command('update')
    .description("replace a search index's definition (checked before any request); it builds again, the old definition serving queries meanwhile")
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .addArgument(completedArgument('<index>', 'the index: its id, or database.collection/name (the database ends at the first dot, the name starts after the last slash)', lookup('indexes', { of: 'cluster' })))
    .requiredOption('--file <definition.json>', 'the new definition, as it is, as {"definition": ...}, or a whole create request; - reads stdin')
    .addOption(new Option('--type <type>', "the index's type, to check the file against (default: what the file holds)").choices(INDEX_TYPES).argParser(choiceFlag('--type', INDEX_TYPES)))
    .option('--watch', 'wait until the new definition is READY and queryable, then print the index; a FAILED build ends with its reason (exit 1)')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (cluster, index, options, cmd) => runSearchIndexesUpdate(app.context(cmd), cluster, index, options as UpdateFlags));
  withExamples(command, [
    ['A new definition, waiting until it serves queries', 'cdba search-indexes update c1 sample_mflix.movies/default --file definition.json --watch'],
    ['From stdin', "jq '.mappings.dynamic = true' definition.json | cdba search-indexes update c1 6a79452cc0eb9e7a1772f8f1 --file -"],
  ]);
}

export async function runSearchIndexesUpdate(ctx: Context, cluster: string, index: string, flags: UpdateFlags): Promise<void> {
  const ref = parseIndexRef(index);
  watchTimeoutMs(flags.watchTimeout);
  const { definitionFromFile, readDefinitionFile } = await import('./searchDefinition.js');
  const { source, doc } = await readDefinitionFile(ctx.io, flags.file);
  const { definition } = definitionFromFile(source, doc, flags.type);
  const target = await searchTarget(ctx, cluster);
  const { updateSearchIndex } = await import('../../api/resources/searchIndexes.js');
  const updated = await aboutIndex(ctx, cluster, ref, () => updateSearchIndex(target.client, target.projectId, cluster, ref, definition));
  const state = typeof updated.status === 'string' ? updated.status : 'PENDING';
  if (!flags.watch && flags.watchTimeout === undefined) {
    ctx.io.note(`cdba: search index ${refText(ref)} is ${state}; see it with \`${ctx.followUp('search-indexes', 'get', cluster, refText(ref))}\``);
    await showIndex(ctx, updated);
    return;
  }
  ctx.io.note(`cdba: search index ${refText(ref)} is ${state}`);
  const version = (updated.latestDefinitionVersion as { version?: unknown } | undefined)?.version;
  const ready = await waitForIndex(ctx, target, cluster, ref, { timeout: flags.watchTimeout, initialState: state, version: typeof version === 'number' ? version : undefined });
  await showIndex(ctx, ready);
}
