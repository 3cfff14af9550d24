// `cdba access-logs list --cluster <name> | --host <hostname>` (issue 45, item 7): who
// authenticated to a cluster's hosts, from where, and whether it worked (the service's
// database access history). Filters: --start/--end (sent as epoch milliseconds; the
// service wants both, so --start alone ends now; neither before 2008-01-01, the service's
// earliest), --ip (an IPv6 address sent written out in full, the only form the service
// takes: ipAddress.ts), --auth-result, --limit (nLogs).
import { Option, type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import { isObject } from '../../base/object.js';
import type { Context } from '../../core/context.js';
import type { TableSpec } from '../../output/render.js';
import { choiceFlag, completes, intFlag, lookup, withDetails, withExamples, type App } from '../command.js';
import { loadTimeFlags } from '../events/public.js';

/** The service's most and default (nLogs). */
const MAX_LOGS = 20_000;
/** The description's earliest start and end: 2008-01-01. */
const EARLIEST = Date.UTC(2008, 0, 1);
const CLUSTER_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;
const HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)*$/;

export interface ListFlags {
  cluster?: string;
  host?: string;
  start?: string;
  end?: string;
  ip?: string;
  authResult?: 'success' | 'failure';
  limit?: number;
}

interface AccessRow {
  timestamp: string;
  username: string;
  ip: string;
  auth: string;
  source: string;
  hostname: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function summarize(entry: unknown): AccessRow {
  const log = isObject(entry) ? entry : {};
  return {
    timestamp: text(log.timestamp),
    username: text(log.username),
    ip: text(log.ipAddress),
    auth: log.authResult === true ? 'success' : log.authResult === false ? `failure${text(log.failureReason) ? ` (${text(log.failureReason)})` : ''}` : '',
    source: text(log.authSource),
    hostname: text(log.hostname),
  };
}

const ACCESS_COLUMNS: TableSpec<AccessRow>['columns'] = [
  { header: 'TIMESTAMP', value: (r) => r.timestamp, copyable: true },
  { header: 'USERNAME', value: (r) => r.username, copyable: true },
  { header: 'IP', value: (r) => r.ip, copyable: true },
  { header: 'AUTH RESULT', value: (r) => r.auth, dropPriority: 3, minWidth: 7, cut: 'end' },
  { header: 'SOURCE', value: (r) => r.source, dropPriority: 1 },
  { header: 'HOSTNAME', value: (r) => r.hostname, copyable: true, dropPriority: 2 },
];

export const ACCESS_LOG_TABLE: TableSpec<AccessRow> = {
  columns: ACCESS_COLUMNS,
  rows: (document) => (isObject(document) && Array.isArray(document.accessLogs) ? document.accessLogs.map(summarize) : []),
};

export function registerAccessLogs(program: Command, app: App): void {
  const group = program.command('access-logs').description("the database access history: who authenticated to a cluster's hosts, from where, and whether it worked");
  withExamples(group, [
    ["A cluster's latest authentication attempts", 'cdba access-logs list --cluster c1'],
    ['Failures of the last day', 'cdba access-logs list --cluster c1 --auth-result failure --start 1d'],
    ['The addresses that failed', "cdba access-logs list --cluster c1 --auth-result failure -o json --query 'accessLogs[].ipAddress'"],
  ]);
  const command = group
    .command('list')
    .alias('ls')
    .description("a cluster's authentication attempts (--cluster), or one host's (--host), newest first")
    .addOption(completes(new Option('--cluster <name>', 'the cluster, by name'), lookup('clusters')))
    .option('--host <hostname>', 'one host of a cluster, by its hostname (without the port)')
    .option('--start <time>', 'from this time: 2026-08-10T03:00:00Z, or how long ago (30m, 6h, 2d); alone, up to now')
    .option('--end <time>', 'up to this time (same forms; needs --start)')
    .option('--ip <address>', 'only attempts from this IP address (IPv4, or IPv6 in any form)')
    .addOption(new Option('--auth-result <result>', 'only successes or only failures').choices(['success', 'failure'] as const).argParser(choiceFlag('--auth-result', ['success', 'failure'] as const)))
    .option('--limit <n>', `at most this many attempts, 0 to ${MAX_LOGS} (the service's default: ${MAX_LOGS})`, intFlag('--limit', 0, MAX_LOGS))
    .action(async (options, cmd) => runAccessLogsList(app.context(cmd), options));
  withExamples(command, [
    ["A cluster's", 'cdba access-logs list --cluster c1'],
    ['Failed attempts from one address in the last six hours', 'cdba access-logs list --cluster c1 --ip 203.0.113.7 --auth-result failure --start 6h'],
    ["One host's latest 50", 'cdba access-logs list --host c1-shard-00-00.abcde.mongodb.net --limit 50'],
    ['Who logged in, as JSON', "cdba access-logs list --cluster c1 -o json --query 'accessLogs[?authResult].username'"],
  ]);
  withDetails(command, {
    options: {
      '--start': 'An RFC 3339 / ISO 8601 time (a time without a zone is UTC), or how long ago with its unit: s, m, h, d, w, at most 400 days back. Sent as epoch milliseconds; the service takes a window with both ends, so --start alone ends now.',
    },
  });
}

export async function runAccessLogsList(ctx: Context, flags: ListFlags): Promise<void> {
  if ((flags.cluster === undefined) === (flags.host === undefined)) throw new UsageError('give one of --cluster <name> or --host <hostname>');
  if (flags.cluster !== undefined && !CLUSTER_NAME.test(flags.cluster)) throw new UsageError(`invalid --cluster "${flags.cluster}": a cluster name has letters, digits and hyphens`);
  if (flags.host !== undefined && !HOSTNAME.test(flags.host)) throw new UsageError(`invalid --host "${flags.host}": expected a hostname like c1-shard-00-00.abcde.mongodb.net, without the port`);
  const ip = flags.ip === undefined ? undefined : (await import('./ipAddress.js')).serviceIpAddress(flags.ip);
  if (flags.ip !== undefined && ip === undefined) throw new UsageError(`invalid --ip "${flags.ip}": expected one IPv4 or IPv6 address, like 203.0.113.7 or 2001:db8::7`);
  if (flags.end !== undefined && flags.start === undefined) throw new UsageError('--end needs --start: the service takes a window with both ends');
  const { timeWindow } = await loadTimeFlags();
  const now = Date.now();
  const { from, to } = timeWindow({ from: flags.start, to: flags.end }, ['--start', '--end'], now);
  for (const [flag, text, time] of [['--start', flags.start, from], ['--end', flags.end, to]] as const) {
    if (time && time.getTime() < EARLIEST) throw new UsageError(`invalid ${flag} "${text}": the service keeps no access history before 2008-01-01`);
  }
  if (from && !to && from.getTime() > now) throw new UsageError(`--start ${flags.start} is in the future, and --start alone ends the window now: give an earlier time`);
  const projectId = await ctx.projectId();
  const { listAccessLogs } = await import('../../api/resources/accessLogs.js');
  const target = flags.cluster !== undefined ? { clusterName: flags.cluster } : { hostname: flags.host! };
  const document = await listAccessLogs(await ctx.api(), projectId, target, {
    ...(from ? { start: from.getTime(), end: (to ?? new Date(now)).getTime() } : {}),
    ...(ip !== undefined ? { ipAddress: ip } : {}),
    ...(flags.authResult !== undefined ? { authResult: flags.authResult === 'success' } : {}),
    ...(flags.limit !== undefined ? { nLogs: flags.limit } : {}),
  });
  await ctx.output(document, ACCESS_LOG_TABLE);
}
