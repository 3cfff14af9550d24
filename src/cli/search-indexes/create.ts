// `cdba search-indexes create <cluster>`: a search or vector search index, its
// definition from --file, --dynamic or --field (vectorSearch), checked before any
// request. --watch waits until it is READY and queryable, and fails with the
// service's message when its build FAILS.
import { Option, type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { IndexType } from '../../model/searchIndex.js';
import { choiceFlag, collect, completedArgument, lookup, withExamples, type App } from '../command.js';
import { asFlag, checkIndexNames, formatIndexRef } from './indexRef.js';
import type { IndexRequest } from './searchDefinition.js';
import { indexName, waitForIndex } from './waitForIndex.js';
import { searchTarget } from './target.js';
import { showIndex } from './view.js';
import { watchTimeoutMs } from '../../core/duration.js';

export interface CreateFlags {
  db?: string;
  collection?: string;
  name?: string;
  type?: IndexType;
  file?: string;
  dynamic?: boolean;
  /** path:dimensions:similarity, as typed: read when the command runs (the checker loads then). */
  field?: string[];
  watch?: boolean;
  watchTimeout?: string;
}

export function registerSearchIndexesCreate(parent: Command, app: App): void {
  const command = parent
    .command('create')
    .description('create a search or vector search index on a collection; the definition from --file, --dynamic or --field, checked before any request')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .option('--db <db>', 'the database of the collection, as MongoDB names them: none of / \\ . space " $ (or "database" in the file)')
    .option('--collection <coll>', 'the collection to index (or "collectionName" in the file)')
    .option('--name <name>', 'the index name, unique in the collection, without "/" (or "name" in the file)')
    .addOption(new Option('--type <type>', 'search (default) or vectorSearch').choices(INDEX_TYPES).argParser(choiceFlag('--type', INDEX_TYPES)))
    .option('--file <definition.json>', 'the definition, or a whole create request {database, collectionName, name, type, definition}; - reads stdin')
    .option('--dynamic', 'a search index of every field: {"mappings": {"dynamic": true}}')
    .option('--field <path:dimensions:similarity>', 'a vector field of a vectorSearch index, e.g. plot_embedding:1536:cosine (repeatable; euclidean, cosine or dotProduct)', collect)
    .option('--watch', 'wait until the index is READY and queryable, then print it; a FAILED build ends with its reason (exit 1)')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (cluster, options, cmd) => runSearchIndexesCreate(app.context(cmd), cluster, options as CreateFlags));
  withExamples(command, [
    ['Every field of sample_mflix.movies, waiting until it serves queries', 'cdba search-indexes create c1 --db sample_mflix --collection movies --name default --dynamic --watch'],
    ['A vector index of 1536-dimension embeddings', 'cdba search-indexes create c1 --db sample_mflix --collection embedded_movies --name vectors --type vectorSearch --field plot_embedding:1536:dotProduct'],
    ['From a file that names the collection and the index', 'cdba search-indexes create c1 --file index.json --watch'],
    ['A definition file, its names given here', 'cdba search-indexes create c1 --db app --collection items --name items --file definition.json'],
    ['A definition made with jq, read from stdin', "jq -n '{mappings: {dynamic: true}}' | cdba search-indexes create c1 --db app --collection items --name default --file -"],
  ]);
}

/** The index types, as the description names them (the model's INDEX_TYPES, which loads when a command runs). */
export const INDEX_TYPES = ['search', 'vectorSearch'] as const;

/** The request the flags describe; no request is sent. */
export async function planCreate(ctx: Context, flags: CreateFlags, notes: string[]): Promise<IndexRequest> {
  const { readDefinitionFile, requestFromFile, vectorFieldFlag } = await import('./searchDefinition.js');
  const ways = [flags.file !== undefined && '--file', flags.dynamic && '--dynamic', flags.field !== undefined && '--field'].filter((w): w is string => Boolean(w));
  if (ways.length === 0) throw new UsageError('give the definition: --file <definition.json>, --dynamic (every field), or --field path:dimensions:similarity (vectorSearch)');
  if (ways.length > 1) throw new UsageError(`${ways.join(' and ')} both give the definition: use one`);
  if (flags.file !== undefined) {
    const { source, doc } = await readDefinitionFile(ctx.io, flags.file);
    return requestFromFile(source, doc, { db: flags.db, collection: flags.collection, name: flags.name, type: flags.type }, notes);
  }
  const type: IndexType = flags.type ?? (flags.field ? 'vectorSearch' : 'search');
  if (flags.dynamic && type !== 'search') throw new UsageError('--dynamic makes a search index; a vectorSearch index takes --field path:dimensions:similarity');
  if (flags.field && type !== 'vectorSearch') throw new UsageError('--field makes a vectorSearch index; drop --type search, or give --dynamic or --file');
  const definition = flags.dynamic ? { mappings: { dynamic: true } } : { fields: flags.field!.reduce<Array<Record<string, unknown>>>((fields, text) => vectorFieldFlag(text, fields), []) };
  for (const [value, flag] of [[flags.db, '--db'], [flags.collection, '--collection'], [flags.name, '--name']] as const) {
    if (value === undefined || value === '') throw new UsageError(`${flag} is required with ${ways[0]}`);
  }
  const names = { database: flags.db!, collectionName: flags.collection!, name: flags.name! };
  checkIndexNames(names, asFlag);
  return { ...names, type, definition };
}

export async function runSearchIndexesCreate(ctx: Context, cluster: string, flags: CreateFlags): Promise<void> {
  watchTimeoutMs(flags.watchTimeout);
  const notes: string[] = [];
  const request = await planCreate(ctx, flags, notes);
  const target = await searchTarget(ctx, cluster);
  for (const note of notes) ctx.io.note(note);
  const name = formatIndexRef({ databaseName: request.database, collectionName: request.collectionName, indexName: request.name });
  const { createSearchIndex } = await import('../../api/resources/searchIndexes.js');
  const lost = `the index may have been created; check with \`${ctx.followUp('search-indexes', 'get', cluster, name)}\` before trying again`;
  const created = await createSearchIndex(target.client, target.projectId, cluster, { ...request }, lost);
  const state = typeof created.status === 'string' ? created.status : 'PENDING';
  if (!flags.watch && flags.watchTimeout === undefined) {
    // `get` shows the state once and does not wait: --watch is what waits.
    ctx.io.note(`cdba: search index ${indexName(created)} is ${state}; --watch waits until it is READY and queryable (see its state now with \`${ctx.followUp('search-indexes', 'get', cluster, indexName(created))}\`)`);
    await showIndex(ctx, created);
    return;
  }
  ctx.io.note(`cdba: search index ${name} is ${state}`);
  const ready = await waitForIndex(ctx, target, cluster, { databaseName: request.database, collectionName: request.collectionName, indexName: request.name }, { timeout: flags.watchTimeout, initialState: state });
  await showIndex(ctx, ready);
}
