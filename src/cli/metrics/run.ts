// What every metrics verb does when it runs (loaded then, so start-up does not grow): the
// flags checked before any request, the word resolved to processes (a cluster's name
// stands for each of its processes), one request per process, then the table of latest
// values, the series or the list of partitions or databases as received (-o json; a list
// of documents for a cluster, a list's each with its processId), or the
// charts (--plot, on a terminal only).
import type { Measurements, MeasurementQuery } from '../../api/resources/metrics.js';
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { loadProcessResolver, parseProcessWord } from '../processes/public.js';
import { readMetricsFlags, type MetricsFlags } from './flags.js';
import { databasesTable, measurementTable, partitionsTable } from './view.js';

export type MetricsKind = 'processes' | 'disks' | 'databases';

// A partition's name as the service gives them (data, journal, index); a database's as MongoDB allows them.
const PARTITION = /^[A-Za-z0-9_-]{1,64}$/;
const DATABASE = /^[^/\\. "$*<>:|?]{1,64}$/;
const CONTROL = /[\p{Cc}]/u;

function checkSubject(kind: MetricsKind, name: string | undefined): void {
  if (name === undefined || kind === 'processes') return;
  if (kind === 'disks' && !PARTITION.test(name)) throw new UsageError(`invalid partition "${name}": a partition's name, such as data (see \`metrics disks <process>\`)`);
  if (kind === 'databases' && (!DATABASE.test(name) || CONTROL.test(name))) throw new UsageError(`invalid database "${name}": a database's name, such as config (see \`metrics databases <process>\`)`);
}

/** --plot draws on a terminal, as a table's place: refused in a pipe and with -o json or --query. */
async function checkPlot(ctx: Context, plot: boolean | undefined): Promise<void> {
  if (!plot) return;
  if (!ctx.io.outIsTTY) throw new UsageError('--plot draws on a terminal, and stdout is not one: use -o json for the series');
  if ((await ctx.outputFormat()) !== 'table' || ctx.globals.query !== undefined) {
    throw new UsageError('--plot draws the series; -o json, -o pretty and --query pass them through: use one or the other');
  }
}

async function fetchOne(kind: MetricsKind, client: ApiClient, projectId: string, processId: string, subject: string, q: MeasurementQuery): Promise<Measurements> {
  const api = await import('../../api/resources/metrics.js');
  if (kind === 'disks') return api.diskMeasurements(client, projectId, processId, subject, q);
  if (kind === 'databases') return api.databaseMeasurements(client, projectId, processId, subject, q);
  return api.processMeasurements(client, projectId, processId, q);
}

export async function runMetrics(ctx: Context, kind: MetricsKind, word: string, subject: string | undefined, flags: MetricsFlags): Promise<void> {
  const window = readMetricsFlags(flags);
  parseProcessWord(word);
  checkSubject(kind, subject);
  await checkPlot(ctx, flags.plot);
  const { resolveProcesses } = await loadProcessResolver();
  const { client, projectId, processes, cluster } = await resolveProcesses(ctx, word);
  const several = cluster !== undefined;
  const ids = processes.map((p) => String(p.id));

  if (kind !== 'processes' && subject === undefined) {
    // No partition or database named: the ones each process has. One process's list is
    // printed as received; a cluster's are a list of them, each with the processId it is
    // of (the member a measurements document carries), which the lists themselves do not say.
    const api = await import('../../api/resources/metrics.js');
    const listOf = kind === 'disks' ? api.listDisks : api.listDatabases;
    const table = kind === 'disks' ? partitionsTable : databasesTable;
    if (!several) {
      await ctx.output(await listOf(client, projectId, ids[0]!), table(ids[0]));
      return;
    }
    const lists = [];
    for (const id of ids) lists.push({ processId: id, ...(await listOf(client, projectId, id)) });
    await ctx.output(lists, table());
    return;
  }

  const query: MeasurementQuery = { granularity: window.granularity, period: window.period, start: window.start, end: window.end, types: window.types };
  const documents: Measurements[] = [];
  for (const id of ids) documents.push(await fetchOne(kind, client, projectId, id, subject ?? '', query));
  const result = several ? documents : documents[0];
  if (flags.plot) {
    const { plotSeries } = await import('./plot.js');
    ctx.io.write(plotSeries(result, ctx.io.columns, several));
    return;
  }
  await ctx.output(result, measurementTable(several));
}
