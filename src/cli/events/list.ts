// `cdba events list`: the project's events (--org: the organization's), newest first, one
// page (--page, --limit, --no-count) or every one (--all); filtered by --cluster and
// --type (each repeatable) and --since/--until (time.ts). --follow prints events as they
// come, oldest first within each poll, never one twice (follow.ts), until Ctrl-C (exit 130)
// or until --until has passed (exit 0); it polls as every --watch does (1 s growing to
// 10 s while nothing comes, CDBA_WATCH_INTERVAL).
import { Option, type Command } from '@commander-js/extra-typings';
import { InterruptedError, UsageError } from '../../base/errors.js';
import { formatServiceDate } from '../../base/isoDate.js';
import { escapeControl } from '../../base/sanitize.js';
import type { Context } from '../../core/context.js';
import { collect, completes, intFlag, lookup, withDetails, withExamples, type App } from '../command.js';
import type { ApiEvent, EventFilters, EventOwner } from '../../api/resources/events.js';
import { checkEventTypes, eventOwner } from './owner.js';
import { timeWindow } from './time.js';
import { EVENT_COLUMNS, EVENT_LIST_TABLE, summarizeEvent } from './view.js';

const MAX_LIMIT = 500;
const CLUSTER_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;

export interface ListFlags {
  org?: string;
  cluster?: string[];
  type?: string[];
  since?: string;
  until?: string;
  page?: number;
  limit?: number;
  all?: boolean;
  count: boolean;
  follow?: boolean;
}

export function registerEventsList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's events (--org: the organization's), newest first; --follow prints new ones as they come")
    .option('--org <id>', "the organization's events, by its ID, instead of the project's")
    .addOption(completes(new Option('--cluster <name>', 'only the events of this cluster (repeatable)').argParser(collect), lookup('clusters')))
    .addOption(completes(new Option('--type <type>', 'only events of this type, e.g. CLUSTER_READY (repeatable)').argParser(collect), lookup('event-types')))
    .option('--since <time>', 'from this time: 2026-08-10T03:00:00Z, or how long ago (30m, 6h, 2d)')
    .option('--until <time>', 'up to this time (same forms); with --follow, stop once it has passed')
    .option('--page <n>', 'page number, from 1', intFlag('--page', 1))
    .option('--limit <n>', `events per page, 1 to ${MAX_LIMIT} (default 100)`, intFlag('--limit', 1, MAX_LIMIT))
    .addOption(new Option('--all', 'every event that matches, all pages').conflicts(['page']))
    .option('--no-count', 'do not ask the service for the total')
    .addOption(new Option('--follow', 'print new events as they come (oldest first), until Ctrl-C or --until').conflicts(['page', 'all']))
    .action(async (options, cmd) => runEventsList(app.context(cmd), options));
  withExamples(command, [
    ["The project's latest events", 'cdba events list'],
    ["One cluster's, of the last six hours", 'cdba events list --cluster c1 --since 6h'],
    ['Only when clusters became ready or were deleted', 'cdba events list --type CLUSTER_READY --type CLUSTER_DELETED'],
    ['Watch events come in; Ctrl-C stops', 'cdba events list --follow'],
    ["The organization's, as JSON lines of type and time", "cdba events list --org a0123456789abcdef012345a --all -o json --query 'results[].[eventTypeName,created]'"],
  ]);
  withDetails(command, {
    options: {
      '--follow':
        'Polls the list (every second, growing to 10 s while nothing comes; CDBA_WATCH_INTERVAL sets the first wait) and prints each event once, oldest first: ' +
        'a table row (the header once), or with -o json one event document per line. Without --since it starts with the latest page (--limit). ' +
        'It ends on Ctrl-C (exit 130), or with --until once that time has passed and a last poll has read up to it (exit 0).',
      '--since': 'An RFC 3339 / ISO 8601 time (a time without a zone is UTC), or how long ago with its unit: s, m, h, d, w (1h30m, 2d), at most 400 days back. Sent as minDate; both ends are included.',
    },
  });
}

interface Plan {
  owner: EventOwner;
  filters: EventFilters;
  since?: Date;
  until?: Date;
}

/** Everything the flags say, checked before any request. */
async function plan(ctx: Context, flags: ListFlags): Promise<Plan> {
  const org = flags.org !== undefined;
  if (org && flags.cluster?.length) throw new UsageError("--cluster cannot be used with --org: an organization's events are not filtered by cluster");
  for (const name of flags.cluster ?? []) if (!CLUSTER_NAME.test(name)) throw new UsageError(`invalid --cluster "${name}": a cluster name has letters, digits and hyphens`);
  const eventTypes = await checkEventTypes(flags.type ?? [], org);
  const { from: since, to: until } = timeWindow({ from: flags.since, to: flags.until }, ['--since', '--until'], Date.now());
  const owner = await eventOwner(ctx, flags.org);
  const filters: EventFilters = {
    ...(eventTypes.length ? { eventTypes } : {}),
    ...(flags.cluster?.length ? { clusterNames: flags.cluster } : {}),
    ...(since ? { minDate: formatServiceDate(since) } : {}),
    ...(until ? { maxDate: formatServiceDate(until) } : {}),
  };
  return { owner, filters, ...(since ? { since } : {}), ...(until ? { until } : {}) };
}

export async function runEventsList(ctx: Context, flags: ListFlags): Promise<void> {
  const planned = await plan(ctx, flags);
  if (flags.follow) return follow(ctx, planned, flags);
  const { listAllEvents, listEvents } = await import('../../api/resources/events.js');
  const client = await ctx.api();
  if (flags.all) {
    const all = await listAllEvents(client, planned.owner, planned.filters, { count: flags.count, ...(flags.limit !== undefined ? { pageSize: flags.limit } : {}) });
    await ctx.output(all, EVENT_LIST_TABLE);
    return;
  }
  const page = await listEvents(client, planned.owner, planned.filters, {
    ...(flags.page !== undefined ? { pageNum: flags.page } : {}),
    ...(flags.limit !== undefined ? { itemsPerPage: flags.limit } : {}),
    ...(flags.count ? {} : { includeCount: false }),
  });
  await ctx.output(page.body, EVENT_LIST_TABLE);
  const more = (page.body.links ?? []).some((link) => link.rel === 'next');
  if (more && ctx.io.errIsTTY && (await ctx.outputFormat()) === 'table' && !ctx.globals.query) {
    ctx.io.note(`more events: --page ${(flags.page ?? 1) + 1}, or --all for every one`, 'dim');
  }
}

/** Resolves after `ms`, or throws InterruptedError on Ctrl-C. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const interrupted = (): InterruptedError => new InterruptedError('interrupted while following events');
    if (signal.aborted) return reject(interrupted());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(interrupted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Rows of the table as --follow writes them: the header once, then each batch; values whole (never cut). */
class FollowTable {
  private widths = EVENT_COLUMNS.map((c) => c.header.length);
  private started = false;

  constructor(private readonly ctx: Context) {}

  write(events: readonly ApiEvent[]): void {
    const { io } = this.ctx;
    const rows = events.map((event) => {
      const summary = summarizeEvent(event);
      return EVENT_COLUMNS.map((column) => escapeControl(String(column.value(summary))));
    });
    const header = EVENT_COLUMNS.map((c) => c.header);
    if (!io.outIsTTY) {
      const line = (cells: string[]): string => `${cells.join('\t')}\n`;
      io.write((this.started ? '' : line(header)) + rows.map(line).join(''));
      this.started = true;
      return;
    }
    // On a terminal: columns as wide as the widest value seen (a later, wider one widens them).
    for (const row of [header, ...rows]) row.forEach((cell, i) => (this.widths[i] = Math.max(this.widths[i]!, cell.length)));
    const line = (cells: string[]): string => `${cells.map((cell, i) => cell.padEnd(this.widths[i]!)).join('  ').trimEnd()}\n`;
    io.write((this.started ? '' : io.chalk.bold(line(header).trimEnd()) + '\n') + rows.map(line).join(''));
    this.started = true;
  }
}

async function follow(ctx: Context, planned: Plan, flags: ListFlags): Promise<void> {
  const [{ listAllEvents, listEvents }, { FollowCursor }, { nextInterval }] = await Promise.all([
    import('../../api/resources/events.js'),
    import('./follow.js'),
    import('../../core/watch.js'),
  ]);
  const client = await ctx.api();
  const format = await ctx.outputFormat();
  const table = format === 'table' && !ctx.globals.query ? new FollowTable(ctx) : undefined;
  const cursor = new FollowCursor(planned.since?.getTime());
  const intervals = ctx.watchIntervals;
  let interval = intervals.firstMs;
  let first = true;
  ctx.io.note(`cdba: following ${'orgId' in planned.owner ? "the organization's" : "the project's"} events${planned.until ? ` until ${formatServiceDate(planned.until)}` : ''} (Ctrl-C stops)`);
  for (;;) {
    // Once --until has passed, this poll is the last: it reads everything up to it.
    const last = planned.until !== undefined && Date.now() > planned.until.getTime();
    const from = cursor.minDate();
    // The first poll without --since shows the latest page; every later one reads all that
    // is new (with nothing printed yet, everything: there was nothing at the first).
    let events: ApiEvent[];
    try {
      events = first && from === undefined
        ? (await listEvents(client, planned.owner, planned.filters, { ...(flags.limit !== undefined ? { itemsPerPage: flags.limit } : {}) })).body.results
        : (await listAllEvents(client, planned.owner, { ...planned.filters, ...(from !== undefined ? { minDate: formatServiceDate(new Date(from)) } : {}) })).results;
    } catch (error) {
      // Ctrl-C during a poll ends the follow as Ctrl-C between polls does.
      if (ctx.io.signal.aborted) throw new InterruptedError('interrupted while following events');
      throw error;
    }
    first = false;
    const batch = cursor.take(events);
    if (table) table.write(batch);
    else for (const event of batch) await ctx.output(event);
    if (last) return;
    interval = batch.length > 0 ? intervals.firstMs : nextInterval(interval, intervals);
    await pause(interval, ctx.io.signal);
  }
}
