// `cdba clusters list`: one page (--page, --limit, --no-count) or every cluster (--all).
import { Option, type Command } from '@commander-js/extra-typings';
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../core/context.js';
import { choiceFlag, intFlag, withExamples, withNotes, type App } from '../command.js';
import { flexReachable } from './flex.js';
import { CLUSTER_LIST_TABLE } from './view.js';
import { tailWithoutCount, withoutCount } from '../shared/listCount.js';

/** The service's page-size bound (seed: Limits). */
export const MAX_LIMIT = 500;
const DEFAULT_LIMIT = 100;

export interface ListFlags {
  page?: number;
  limit?: number;
  all?: boolean;
  count: boolean;
  /** FLEX: the flex clusters alone, as the flex API's document. */
  tier?: 'FLEX';
}

export function registerClustersList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description(
      'list the clusters of the project, one page at a time or all at once; the table includes the flex clusters, ' +
        "while -o json is the clusters API's document as sent (--tier FLEX: the flex API's)",
    )
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
    .addOption(
      new Option('--tier <tier>', 'FLEX: only the flex clusters, and with -o json the flex API\'s document instead of the clusters API\'s')
        .choices(['FLEX'] as const)
        .argParser(choiceFlag('--tier', ['FLEX'] as const, { upper: true })),
    )
    .action(async (options, cmd) => runClustersList(app.context(cmd), options));
  withExamples(command, [
    ['The first page as a table', 'cdba clusters list'],
    ['Names of every cluster that is not IDLE', "cdba clusters list --all -o json --query \"results[?stateName!='IDLE'].name\""],
    ['Page 3 of 50 at a time', 'cdba clusters list --page 3 --limit 50'],
    ['Names of the flex clusters (the flex API\'s document)', "cdba clusters list --tier FLEX -o json --query 'results[].name'"],
  ]);
  withNotes(
    command,
    'The table (on a terminal, and -o table in a pipe, tab-separated) shows every ' +
      'cluster of the project: the clusters API\'s and the flex clusters (TIER FLEX), ' +
      'asked for at once; DISK is each one\'s storage (on a terminal, shown when the whole ' +
      'table fits). -o json and --query give the clusters API\'s ' +
      'document as the service sends it, which has no flex clusters; --tier FLEX gives ' +
      'the flex API\'s document instead. When the flex list fails and the other does ' +
      'not, the table shows what was read, one line says what could not be listed, ' +
      'and the exit code is that failure\'s (3: 401/403, 7: 5xx after retries).',
  );
}

export async function runClustersList(ctx: Context, flags: ListFlags): Promise<void> {
  if (flags.tier === 'FLEX') return runFlexList(ctx, flags);
  const { hasNextPage, listAllClusters, listClusters, streamAllClusters } = await import('../../api/resources/clusters.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  // The table shows every cluster: the flex ones come from their own API, asked at the same time.
  if ((await ctx.outputFormat()) === 'table' && !ctx.globals.query && (await flexReachable(ctx))) return runMixedTable(ctx, flags, client, projectId);
  if (flags.all) {
    const format = await ctx.outputFormat();
    // --no-count: the service is not asked for the total, and the document has none, as for one page.
    const options = { count: flags.count };
    if ((format === 'json' || format === 'pretty') && !ctx.globals.query) {
      // Page by page, never every cluster at once: the same bytes as the whole document.
      // Compact JSON takes the items as the text they will be written as (src/api/pageText.ts).
      const { writeJsonList } = await import('../../output/jsonList.js');
      const stream = streamAllClusters(client, projectId, { ...options, itemsAsText: format === 'json' });
      await writeJsonList(ctx.io, flags.count ? stream : tailWithoutCount(stream), format === 'pretty' ? 2 : 0);
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
 * "showing 1–100 of 345" and how to see more, when there is more than this page;
 * undefined when the page holds everything.
 */
export function pageFooter(page: number, limit: number, shown: number, total: number | undefined, hasNext: boolean): string | undefined {
  const first = (page - 1) * limit + 1;
  const last = (page - 1) * limit + shown;
  const more = hasNext || (total !== undefined && last < total);
  if (!more && page === 1) return undefined;
  const range = shown === 0 ? `nothing on page ${page}` : `showing ${first}–${last}`;
  const of = total !== undefined ? ` of ${total}` : '';
  const next = more ? `; next: --page ${page + 1}, or --all for every cluster` : '';
  return `${range}${of}${next}`;
}

function pageOptions(flags: ListFlags) {
  return {
    ...(flags.page !== undefined ? { pageNum: flags.page } : {}),
    ...(flags.limit !== undefined ? { itemsPerPage: flags.limit } : {}),
    ...(flags.count ? {} : { includeCount: false }),
  };
}

/**
 * The table of every cluster: the clusters API's page and the flex API's page of the
 * same number, fetched concurrently (with --all, each list whole). The footer counts both.
 * When the flex list fails (403, 5xx after retries) but the clusters list came, the
 * table shows what was read, one line says what could not be listed, and the exit
 * code is that failure's; a failed clusters list fails the command as before.
 */
async function runMixedTable(ctx: Context, flags: ListFlags, client: ApiClient, projectId: string): Promise<void> {
  const { hasNextPage, listAllClusters, listClusters } = await import('../../api/resources/clusters.js');
  const { listAllFlexClusters, listFlexClusters } = await import('../../api/resources/flexClusters.js');
  const options = pageOptions(flags);
  const [dedicatedRead, flexRead] = await Promise.allSettled(
    flags.all
      ? [listAllClusters(client, projectId, { count: flags.count }), listAllFlexClusters(client, projectId, { count: flags.count })]
      : [listClusters(client, projectId, options).then((r) => r.body), listFlexClusters(client, projectId, options).then((r) => r.body)],
  );
  if (dedicatedRead.status === 'rejected') throw dedicatedRead.reason;
  const dedicated = dedicatedRead.value;
  const flex = flexRead.status === 'fulfilled' ? flexRead.value : undefined;
  const results = [...dedicated.results, ...(flex?.results ?? [])];
  const counts = [dedicated.totalCount, flex ? flex.totalCount : 0];
  const totalCount = counts.every((n) => typeof n === 'number') ? (counts[0] as number) + (counts[1] as number) : undefined;
  await ctx.output({ results, ...(totalCount === undefined ? {} : { totalCount }) }, CLUSTER_LIST_TABLE);
  if (!flags.all && ctx.io.errIsTTY) {
    const page = flags.page ?? 1;
    const limit = flags.limit ?? DEFAULT_LIMIT;
    const shown = dedicated.results.length;
    const flexShown = flex?.results.length ?? 0;
    // One page each (not --all): pages with their links.
    const nextOf = (document: unknown): boolean => hasNextPage(document as Parameters<typeof hasNextPage>[0]);
    // Each API pages on its own, both by --page and --limit: "more" when either has more.
    const more = nextOf(dedicated) || (flex !== undefined && nextOf(flex));
    const footer =
      flexShown === 0
        ? pageFooter(page, limit, shown, dedicated.totalCount, nextOf(dedicated))
        : more || page > 1
          ? `page ${page}: ${shown} clusters and ${flexShown} flex clusters${totalCount === undefined ? '' : ` of ${totalCount}`}${more ? `; next: --page ${page + 1}, or --all for every cluster` : ''}`
          : undefined;
    if (footer) ctx.io.note(footer, 'dim');
  }
  if (flexRead.status === 'rejected') {
    const error: unknown = flexRead.reason;
    const { exitCodeFor, QuietExit } = await import('../../base/errors.js');
    ctx.io.note(`cdba: the flex clusters could not be listed (the table shows the others): ${error instanceof Error ? error.message : String(error)}`, 'red');
    throw new QuietExit(exitCodeFor(error));
  }
}

/** `--tier FLEX`: the flex API's list, as it sends it (-o json), or as the clusters table. */
async function runFlexList(ctx: Context, flags: ListFlags): Promise<void> {
  const { selectVersion } = await import('../../api/versions.js');
  selectVersion('flexClusters.list', (await ctx.settings()).apiVersion); // v1.0 or a pin before 2024-11-13: a usage error
  const { hasNextPage } = await import('../../api/resources/clusters.js');
  const { listAllFlexClusters, listFlexClusters, streamAllFlexClusters } = await import('../../api/resources/flexClusters.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  if (flags.all) {
    const format = await ctx.outputFormat();
    const options = { count: flags.count };
    if ((format === 'json' || format === 'pretty') && !ctx.globals.query) {
      const { writeJsonList } = await import('../../output/jsonList.js');
      const stream = streamAllFlexClusters(client, projectId, options);
      await writeJsonList(ctx.io, flags.count ? stream : tailWithoutCount(stream), format === 'pretty' ? 2 : 0);
      return;
    }
    const all = await listAllFlexClusters(client, projectId, options);
    await ctx.output(flags.count ? all : withoutCount(all), CLUSTER_LIST_TABLE);
    return;
  }
  const document = (await listFlexClusters(client, projectId, pageOptions(flags))).body;
  await ctx.output(document, CLUSTER_LIST_TABLE);
  if (ctx.io.errIsTTY && (await ctx.outputFormat()) === 'table' && !ctx.globals.query) {
    const footer = pageFooter(flags.page ?? 1, flags.limit ?? DEFAULT_LIMIT, document.results.length, document.totalCount, hasNextPage(document));
    if (footer) ctx.io.note(footer, 'dim');
  }
}
