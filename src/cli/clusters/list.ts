// `cdba clusters list`: one page (--page, --limit, --no-count) or every cluster (--all).
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { intFlag, withExamples, type App } from '../command.js';
import { CLUSTER_LIST_TABLE } from './view.js';

/** The service's page-size bound (seed: Limits). */
export const MAX_LIMIT = 500;
const DEFAULT_LIMIT = 100;

export interface ListFlags {
  page?: number;
  limit?: number;
  all?: boolean;
  count: boolean;
}

export function registerClustersList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description('list the clusters of the project, one page at a time or all at once')
    .option('--page <n>', 'page number, from 1', intFlag('--page', 1))
    .option('--limit <n>', `clusters per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})`, intFlag('--limit', 1, MAX_LIMIT))
    .addOption(
      new Option(
        '--all',
        'every cluster: the first page, then the rest concurrently; -o json and pretty write the pages as they arrive ' +
          '(a failure after the first 1,000 clusters leaves the document cut short), while --query and -o table hold every cluster in memory first',
      ).conflicts(['page', 'limit']),
    )
    .option('--no-count', 'do not ask the service for the total (totalCount is left out)')
    .action(async (options, cmd) => runClustersList(app.context(cmd), options));
  withExamples(command, [
    ['The first page as a table', 'cdba clusters list'],
    ['Names of every cluster that is not IDLE', "cdba clusters list --all -o json --query \"results[?stateName!='IDLE'].name\""],
    ['Page 3 of 50 at a time', 'cdba clusters list --page 3 --limit 50'],
  ]);
}

export async function runClustersList(ctx: Context, flags: ListFlags): Promise<void> {
  const { hasNextPage, listAllClusters, listClusters, streamAllClusters } = await import('../../api/clusters.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  if (flags.all) {
    const format = await ctx.outputFormat();
    // --no-count: the service is not asked for the total, and the document has none, as for one page.
    const options = { count: flags.count };
    if ((format === 'json' || format === 'pretty') && !ctx.globals.query) {
      // Page by page, never every cluster at once: the same bytes as the whole document.
      const { writeJsonList } = await import('../../output/jsonList.js');
      await writeJsonList(ctx.io, flags.count ? streamAllClusters(client, projectId, options) : tailWithoutCount(streamAllClusters(client, projectId, options)), format === 'pretty' ? 2 : 0);
      return;
    }
    const all = await listAllClusters(client, projectId, options);
    await ctx.output(flags.count ? all : withoutCount(all), CLUSTER_LIST_TABLE);
    return;
  }
  const page = flags.page ?? 1;
  const limit = flags.limit ?? DEFAULT_LIMIT;
  const response = await listClusters(client, projectId, {
    ...(flags.page !== undefined ? { pageNum: flags.page } : {}),
    ...(flags.limit !== undefined ? { itemsPerPage: flags.limit } : {}),
    ...(flags.count ? {} : { includeCount: false }),
  });
  const document = response.body;
  await ctx.output(document, CLUSTER_LIST_TABLE);
  if (ctx.io.errIsTTY && (await ctx.outputFormat()) === 'table' && !ctx.globals.query) {
    const footer = pageFooter(page, limit, document.results.length, document.totalCount, hasNextPage(document));
    if (footer) ctx.io.note(footer, 'dim');
  }
}

/**
 * "Showing 1–100 of 345" and how to see more, when there is more than this page;
 * undefined when the page holds everything.
 */
export function pageFooter(page: number, limit: number, shown: number, total: number | undefined, hasNext: boolean): string | undefined {
  const first = (page - 1) * limit + 1;
  const last = (page - 1) * limit + shown;
  const more = hasNext || (total !== undefined && last < total);
  if (!more && page === 1) return undefined;
  const range = shown === 0 ? `nothing on page ${page}` : `Showing ${first}–${last}`;
  const of = total !== undefined ? ` of ${total}` : '';
  const next = more ? `; next: --page ${page + 1}, or --all for every cluster` : '';
  return `${range}${of}${next}`;
}

function withoutCount<T extends { totalCount?: number }>({ totalCount: _omitted, ...rest }: T): Omit<T, 'totalCount'> {
  return rest;
}

/** The stream's pages as they are; its tail without totalCount. */
async function* tailWithoutCount<T, Tail extends { totalCount?: number }>(pages: AsyncGenerator<T, Tail, undefined>): AsyncGenerator<T, Omit<Tail, 'totalCount'>, undefined> {
  return withoutCount(yield* pages);
}
