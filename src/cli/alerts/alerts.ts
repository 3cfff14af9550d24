// `cdba alerts list|get|ack|unack`: a project's alerts, and acknowledging them
// (acknowledgeGroupAlert, the PATCH at 2024-05-30, with the Atlas CLI's bodies).
import { Option, type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { choiceFlag, completedArgument, intFlag, lookup, withExamples, type App } from '../command.js';
import { forever, parseUntil } from './until.js';
import { ALERT_LIST_TABLE, ALERT_TABLE } from './view.js';

const STATUSES = ['OPEN', 'TRACKING', 'CLOSED'] as const;
const MAX_LIMIT = 500;
const MAX_COMMENT = 200;

interface ListFlags {
  status?: (typeof STATUSES)[number];
  page?: number;
  limit?: number;
  all?: boolean;
  count: boolean;
}

const alertArgument = () => completedArgument('<id>', 'the alert ID (24 hexadecimal digits)', lookup('alerts'));

function checkAlertId(id: string): void {
  if (!/^[a-f0-9]{24}$/.test(id)) throw new UsageError(`invalid alert ID "${id}": expected 24 hexadecimal digits`, { hint: 'see `cdba alerts list`' });
}

function checkComment(comment: string | undefined): string {
  if (comment !== undefined && comment.length > MAX_COMMENT) throw new UsageError(`--comment is ${comment.length} characters; the service takes at most ${MAX_COMMENT}`);
  return comment ?? '';
}

export function registerAlertVerbs(group: Command, app: App): void {
  const list = group
    .command('list')
    .alias('ls')
    .description("list the project's alerts, oldest first (every status unless --status)")
    .option('--status <status>', `only alerts in this status: ${STATUSES.join(', ')}`, choiceFlag('--status', STATUSES, { upper: true }))
    .option('--page <n>', 'page number, from 1', intFlag('--page', 1))
    .option('--limit <n>', `alerts per page, 1 to ${MAX_LIMIT} (default 100)`, intFlag('--limit', 1, MAX_LIMIT))
    .addOption(new Option('--all', 'every alert, all pages').conflicts(['page', 'limit']))
    .option('--no-count', 'do not ask the service for the total (totalCount is left out)')
    .action(async (options, cmd) => runAlertsList(app.context(cmd), options));
  withExamples(list, [
    ['The open alerts', 'cdba alerts list --status OPEN'],
    ['IDs of every open alert', "cdba alerts list --status OPEN --all -o json --query 'results[].id'"],
  ]);

  const get = group
    .command('get')
    .alias('describe')
    .description('show one alert')
    .addArgument(alertArgument())
    .action(async (id, _options, cmd) => runAlertsGet(app.context(cmd), id));
  withExamples(get, [
    ['One alert', 'cdba alerts get 5efdb5dd5b306e51e2e9b05b'],
    ['Its status alone', 'cdba alerts get 5efdb5dd5b306e51e2e9b05b -o json --query status'],
  ]);

  const ack = group
    .command('ack')
    .alias('acknowledge')
    .description('acknowledge an alert until a time, or for good (no more notifications until then)')
    .addArgument(alertArgument())
    .addOption(new Option('--until <time>', 'until this ISO 8601 time (UTC unless it says), or for a duration from now: 90m, 12h, 7d, 2w').conflicts('forever'))
    .addOption(new Option('--forever', 'for good (100 years, as the Atlas CLI does)').conflicts('until'))
    .option('--comment <text>', `why, for whoever looks next (at most ${MAX_COMMENT} characters)`)
    .action(async (id, options, cmd) => runAlertsAck(app.context(cmd), id, options));
  withExamples(ack, [
    ['Quiet for a day', "cdba alerts ack 5efdb5dd5b306e51e2e9b05b --until 1d --comment 'resizing the disk'"],
    ['Every open alert, for two hours', "cdba alerts list --status OPEN --all -o json --query 'results[].id' | jq -r '.[]' | xargs -n1 cdba alerts ack --until 2h"],
    ['Until a time', 'cdba alerts ack 5efdb5dd5b306e51e2e9b05b --until 2026-09-01T12:00:00Z'],
    ['For good', 'cdba alerts ack 5efdb5dd5b306e51e2e9b05b --forever'],
  ]);

  const unack = group
    .command('unack')
    .alias('unacknowledge')
    .description('take an acknowledgement away: notifications start again')
    .addArgument(alertArgument())
    .option('--comment <text>', `why (at most ${MAX_COMMENT} characters)`)
    .action(async (id, options, cmd) => runAlertsUnack(app.context(cmd), id, options));
  withExamples(unack, [
    ['Notify again', 'cdba alerts unack 5efdb5dd5b306e51e2e9b05b'],
    ['Its status, once notifications start again', 'cdba alerts unack 5efdb5dd5b306e51e2e9b05b -o json --query status'],
  ]);
}

export async function runAlertsList(ctx: Context, flags: ListFlags): Promise<void> {
  const { listAlerts, listAllAlerts } = await import('../../api/resources/alerts.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  if (flags.all) {
    await ctx.output(await listAllAlerts(client, projectId, flags.status, flags.count ? {} : { count: false }), ALERT_LIST_TABLE);
    return;
  }
  const page = await listAlerts(client, projectId, flags.status, {
    ...(flags.page !== undefined ? { pageNum: flags.page } : {}),
    ...(flags.limit !== undefined ? { itemsPerPage: flags.limit } : {}),
    ...(flags.count ? {} : { includeCount: false }),
  });
  await ctx.output(page, ALERT_LIST_TABLE);
}

export async function runAlertsGet(ctx: Context, id: string): Promise<void> {
  checkAlertId(id);
  const projectId = await ctx.projectId();
  const { getAlert } = await import('../../api/resources/alerts.js');
  await ctx.output(await getAlert(await ctx.api(), projectId, id), ALERT_TABLE);
}

export async function runAlertsAck(ctx: Context, id: string, flags: { until?: string; forever?: boolean; comment?: string }, now: () => number = Date.now): Promise<void> {
  checkAlertId(id);
  if (flags.until === undefined && !flags.forever) throw new UsageError('alerts ack needs --until <time> or --forever', { hint: 'e.g. --until 12h, or --until 2026-09-01T12:00:00Z' });
  const acknowledgedUntil = flags.forever ? forever(now()) : parseUntil(flags.until!, now());
  const comment = checkComment(flags.comment);
  const projectId = await ctx.projectId();
  const { acknowledgeAlert } = await import('../../api/resources/alerts.js');
  const alert = await acknowledgeAlert(await ctx.api(), projectId, id, { acknowledgedUntil, acknowledgementComment: comment });
  ctx.io.note(`cdba: alert ${id} acknowledged until ${acknowledgedUntil}`);
  await ctx.output(alert, ALERT_TABLE);
}

export async function runAlertsUnack(ctx: Context, id: string, flags: { comment?: string }): Promise<void> {
  checkAlertId(id);
  const comment = checkComment(flags.comment);
  const projectId = await ctx.projectId();
  const { acknowledgeAlert } = await import('../../api/resources/alerts.js');
  const alert = await acknowledgeAlert(await ctx.api(), projectId, id, { acknowledgementComment: comment, unacknowledgeAlert: true });
  ctx.io.note(`cdba: alert ${id} is no longer acknowledged`);
  await ctx.output(alert, ALERT_TABLE);
}
