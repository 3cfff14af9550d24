// `cdba performance-advisor namespaces|slow-queries|suggested-indexes <process|cluster>`:
// the process-level advisor. A cluster's name stands for each of its processes: each is
// asked, and every row says which process it came from (`-o json`: one document per
// process, `{process, ...answer}`, in an array). --since/--duration as the API has them
// (ms), given as a time and a duration; --namespaces and --n-logs passed through.
import { type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import { parseIsoDateTime } from '../../base/isoDate.js';
import type { Context } from '../../core/context.js';
import { durationMillis } from '../../core/duration.js';
import { collect, completedArgument, intFlag, lookup, withExamples, type App } from '../command.js';
import { loadProcessResolver } from '../processes/public.js';
import { NAMESPACE_TABLE, SLOW_QUERY_TABLE, SUGGESTED_INDEX_TABLE } from './view.js';

export interface ProcessFlags {
  since?: string;
  duration?: string;
  namespace?: string[];
  nLogs?: number;
}

type Verb = 'namespaces' | 'slow-queries' | 'suggested-indexes';

const DURATION_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const MIN_SINCE = 1_199_145_600_000;

/** The query window: --since an ISO time, --duration like 2h or 7d, as the API's milliseconds. */
export function advisorWindow(flags: Pick<ProcessFlags, 'since' | 'duration'>): { since?: number; duration?: number } {
  let since: number | undefined;
  if (flags.since !== undefined) {
    const date = parseIsoDateTime(flags.since);
    if (!date) throw new UsageError(`invalid --since "${flags.since}": expected an ISO 8601 time like 2026-08-09T06:00 (UTC when no zone is given)`);
    since = date.getTime();
    if (since < MIN_SINCE) throw new UsageError(`invalid --since "${flags.since}": the advisor keeps nothing before 2008-01-01`);
  }
  let duration: number | undefined;
  if (flags.duration !== undefined) {
    duration = durationMillis(flags.duration, DURATION_UNITS);
    if (duration === undefined || duration < 1) throw new UsageError(`invalid --duration "${flags.duration}": expected a duration like 90m, 6h or 7d`);
  }
  return { ...(since !== undefined ? { since } : {}), ...(duration !== undefined ? { duration } : {}) };
}

const NAMESPACE = /^[^.$\0/\\ "]+\.[^$\0]+$/;

function checkNamespaces(list: readonly string[] = []): string[] {
  for (const ns of list) if (!NAMESPACE.test(ns)) throw new UsageError(`invalid --namespace "${ns}": expected <database>.<collection>`);
  return [...list];
}

export function registerPerProcess(parent: Command, app: App, verb: Verb): void {
  const what = { namespaces: 'the namespaces with slow queries', 'slow-queries': 'the slow query log lines', 'suggested-indexes': 'the indexes the advisor suggests, as createIndex commands' }[verb];
  const command = parent
    .command(verb)
    .description(`${what} of a process, or of each process of a cluster`)
    .addArgument(completedArgument('<process|cluster>', 'a process host:port, a hostname or a cluster name', lookup('processes')))
    .option('--since <time>', 'from this time (ISO 8601; default 24 hours ago)')
    .option('--duration <duration>', 'this long from --since (90m, 6h, 7d), or up to now');
  if (verb !== 'namespaces') command.option('--namespace <db.coll>', 'only this namespace (repeatable)', collect);
  if (verb === 'slow-queries') command.option('--n-logs <n>', 'at most this many lines per process (0-20000, default 20000)', intFlag('--n-logs', 0, 20_000));
  command.action(async (target, options, cmd) => runPerProcess(app.context(cmd), verb, target, options as ProcessFlags));
  const examples: Record<Verb, Array<[string, string]>> = {
    namespaces: [
      ['Which collections had slow queries on each process of c1', 'cdba performance-advisor namespaces c1'],
      ['Only the names, once each', "cdba performance-advisor namespaces c1 -o json | jq -r '.[].namespaces[].namespace' | sort -u"],
    ],
    'slow-queries': [
      ['The last 6 hours on the primary', 'cdba performance-advisor slow-queries atlas-abc123-shard-00-00.xyz12.mongodb.net:27017 --duration 6h'],
      ["One collection's, as mongod log lines", "cdba performance-advisor slow-queries c1 --namespace sample.movies -o json --query '[].slowQueries[].line'"],
      ['The slowest first', "cdba performance-advisor slow-queries c1 -o table | sort -t$'\\t' -k3 -nr | head"],
    ],
    'suggested-indexes': [
      ['The createIndex commands for c1', 'cdba performance-advisor suggested-indexes c1'],
      ['Only the commands, ready for mongosh', "cdba performance-advisor suggested-indexes c1 -o json | jq -r '.[].suggestedIndexes[].createIndex'"],
    ],
  };
  withExamples(command, examples[verb]);
}

export async function runPerProcess(ctx: Context, verb: Verb, target: string, flags: ProcessFlags): Promise<void> {
  const window = advisorWindow(flags);
  const namespaces = checkNamespaces(flags.namespace);
  const { resolveProcesses } = await loadProcessResolver();
  const resolved = await resolveProcesses(ctx, target);
  const api = await import('../../api/resources/performanceAdvisor.js');
  const { withCreateIndex } = await import('./view.js');
  const answers: Array<Record<string, unknown>> = [];
  for (const process of resolved.processes) {
    const id = String(process.id ?? '');
    if (id === '' || process.typeName === 'SHARD_MONGOS') continue;
    const query = { ...window, namespaces };
    const answer = verb === 'namespaces'
      ? await api.listNamespaces(resolved.client, resolved.projectId, id, query)
      : verb === 'slow-queries'
        ? await api.listSlowQueries(resolved.client, resolved.projectId, id, { ...query, ...(flags.nLogs !== undefined ? { nLogs: flags.nLogs } : {}) })
        : withCreateIndex(await api.listSuggestedIndexes(resolved.client, resolved.projectId, id, query));
    answers.push({ process: id, ...answer });
  }
  if (verb === 'namespaces') await ctx.output(answers, NAMESPACE_TABLE);
  else if (verb === 'slow-queries') await ctx.output(answers, SLOW_QUERY_TABLE);
  else await ctx.output(answers, SUGGESTED_INDEX_TABLE);
}
