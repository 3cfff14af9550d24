// The metrics module (contract.ts): the measurements of a process, of its databases and of
// its disk partitions, and the lists of those, at 2023-01-01, shaped as recorded
// (reference/recorded-diagnostics/TestMetrics__*): `{databaseName|partitionName, end,
// granularity, groupId, hostId, links[self echoing the query, host], measurements,
// processId, start}`. The series and their units are the recorded ones (catalog.ts), their
// values deterministic per process and time (values.ts), one point per granularity step
// from when the process came up (or the window's start, or what the service keeps at that
// granularity) up to now on the service's clock; a process younger than one step has the
// one point, as a new cluster's had. The processes are the processes module's; the
// databases are config and local, and those the emulator knows the cluster holds (the
// seed's cluster data, a completed sample load). Requests count against the processes'
// limit, as recorded (one RateLimit-Remaining falls across both).
import { selfHref, serviceNow } from '../../context.js';
import type { Handler, RequestContext, ResourceModule } from '../../contract.js';
import { failures } from '../../errors.js';
import { isoSeconds } from '../../store.js';
import { pageParams, paginate } from '../../pagination.js';
import { processHref, processOf, type ProcessInfo } from '../processes/index.js';
import { searchStateOf, sampleDatabasesOf } from '../searchIndexes/state.js';
import { DATABASE_SERIES, DISK_SERIES, PROCESS_SERIES, type SeriesSpec } from './catalog.js';
import { RETENTION, readWindow, type MeasurementWindow } from './query.js';
import { valueAt } from './values.js';

/** The most points one series answers (the newest kept): a bound on an answer's size. */
const MAX_POINTS = 5_000;
const PARTITIONS = ['data'];
const SYSTEM_DATABASES = ['config', 'local'];

const names = (series: readonly SeriesSpec[]): ReadonlySet<string> => new Set(series.map(([name]) => name));
const SERIES_NAMES = { process: names(PROCESS_SERIES), disk: names(DISK_SERIES), database: names(DATABASE_SERIES) };

/** The timestamps (ms) of the points in the window: each step's end after its start (a period of PT1H at PT5M is 12) that the process was up for. */
export function pointTimes(window: MeasurementWindow, created: number, now: number): number[] {
  const retention = (RETENTION[window.granularity] ?? 0) * 1000;
  const lower = Math.max(window.from, created, now - retention);
  const upper = Math.min(window.to, now);
  if (lower > upper) return [];
  const first = Math.floor(lower / window.stepMs) * window.stepMs + window.stepMs;
  const times: number[] = [];
  for (let t = Math.floor(upper / window.stepMs) * window.stepMs; t >= first && times.length < MAX_POINTS; t -= window.stepMs) times.push(t);
  // Younger than one step (a new cluster): the one point, now.
  if (times.length === 0) times.push(Math.floor(upper / 1000) * 1000);
  return times.reverse();
}

/** The measurements of one subject (a process, a database of it, a partition of it). */
function measurements(process: ProcessInfo, subject: string, series: readonly SeriesSpec[], window: MeasurementWindow, now: number) {
  const times = pointTimes(window, Date.parse(process.created), now);
  const bases = new Map(series.flatMap(([name, , base]) => (typeof base === 'number' ? [[name, base] as const] : [])));
  const asked = window.types ? new Set(window.types) : undefined;
  const out = series
    .filter(([name]) => !asked || asked.has(name))
    .map(([name, units, base]) => ({
      dataPoints:
        base === 'empty' ? [] : times.map((t) => ({ timestamp: isoSeconds(t), value: base === 'null' ? null : valueAt(`${process.id}\0${subject}`, { name, units, base }, t, bases) })),
      name,
      units,
    }));
  const span = times.length > 0 ? { start: times[0]!, end: times.at(-1)! } : { start: window.from, end: Math.min(window.to, now) };
  return { measurements: out, start: isoSeconds(span.start), end: isoSeconds(span.end) };
}

/** The self link: the path and the query as asked, its parameters in the service's (alphabetical) order. */
function selfWithQuery(ctx: RequestContext): string {
  const params = [...ctx.query.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${selfHref(ctx)}?${query}` : selfHref(ctx);
}

function answer(ctx: RequestContext, process: ProcessInfo, series: readonly SeriesSpec[], subject: { databaseName?: string; partitionName?: string }, names: ReadonlySet<string>) {
  const now = serviceNow(ctx.services);
  const window = readWindow(ctx.query, now, names);
  const { measurements: list, start, end } = measurements(process, subject.databaseName ?? subject.partitionName ?? '', series, window, now);
  return {
    status: 200,
    body: {
      ...(subject.databaseName === undefined ? {} : { databaseName: subject.databaseName }),
      end,
      granularity: window.granularity,
      groupId: process.groupId,
      hostId: process.id,
      links: [
        { href: selfWithQuery(ctx), rel: 'self' },
        { href: processHref(ctx, process.groupId, process.id), rel: 'https://cloud.mongodb.com/host' },
      ],
      measurements: list,
      ...(subject.partitionName === undefined ? {} : { partitionName: subject.partitionName }),
      processId: process.id,
      start,
    },
  };
}

/** The databases of a process's cluster: the system ones and those the emulator knows it holds. */
export function databasesOf(ctx: RequestContext, process: ProcessInfo): string[] {
  const { store } = ctx.services;
  const state = searchStateOf(store.world);
  const known = new Set(SYSTEM_DATABASES);
  for (const data of state.clusterData) if (data.clusterId === process.clusterId) for (const ns of data.collections) known.add(ns.slice(0, ns.indexOf('.')));
  for (const db of sampleDatabasesOf(state, process.clusterId, store.serviceClock())) known.add(db); // loads are timed on the service's clock
  return [...known].filter((db) => db !== '').sort();
}

function database(ctx: RequestContext, process: ProcessInfo): string {
  const name = ctx.params.databaseName ?? '';
  if (!databasesOf(ctx, process).includes(name)) throw failures.resourceNotFound(ctx.path);
  return name;
}

function partition(ctx: RequestContext): string {
  const name = ctx.params.partitionName ?? '';
  if (!PARTITIONS.includes(name)) throw failures.resourceNotFound(ctx.path);
  return name;
}

const processMeasurements: Handler = (ctx) => answer(ctx, processOf(ctx), PROCESS_SERIES, {}, SERIES_NAMES.process);

const databaseMeasurements: Handler = (ctx) => {
  const process = processOf(ctx);
  return answer(ctx, process, DATABASE_SERIES, { databaseName: database(ctx, process) }, SERIES_NAMES.database);
};

const diskMeasurements: Handler = (ctx) => answer(ctx, processOf(ctx), DISK_SERIES, { partitionName: partition(ctx) }, SERIES_NAMES.disk);

const listDatabases: Handler = (ctx) => {
  const process = processOf(ctx);
  const items = databasesOf(ctx, process).map((databaseName) => ({ databaseName, links: [{ href: `${selfHref(ctx)}/${databaseName}`, rel: 'self' }] }));
  return { status: 200, body: paginate(items, pageParams(ctx.query), selfHref(ctx)) };
};

const getDatabase: Handler = (ctx) => {
  const databaseName = database(ctx, processOf(ctx));
  return { status: 200, body: { databaseName, links: [{ href: selfHref(ctx), rel: 'self' }] } };
};

const listDisks: Handler = (ctx) => {
  processOf(ctx);
  const items = PARTITIONS.map((partitionName) => ({ links: [{ href: `${selfHref(ctx)}/${partitionName}`, rel: 'self' }], partitionName }));
  return { status: 200, body: paginate(items, pageParams(ctx.query), selfHref(ctx)) };
};

const getDisk: Handler = (ctx) => {
  processOf(ctx);
  return { status: 200, body: { links: [{ href: selfHref(ctx), rel: 'self' }], partitionName: partition(ctx) } };
};

export const metrics: ResourceModule = {
  name: 'metrics',
  rateLimitPerMinute: 300, // recorded (TestMetrics__*), one count with the processes'
  rateLimitShares: 'processes',
  operations: {
    'metrics.process': { handler: processMeasurements, action: 'read' },
    'metrics.listDatabases': { handler: listDatabases, action: 'read' },
    'metrics.getDatabase': { handler: getDatabase, action: 'read' },
    'metrics.database': { handler: databaseMeasurements, action: 'read' },
    'metrics.listDisks': { handler: listDisks, action: 'read' },
    'metrics.getDisk': { handler: getDisk, action: 'read' },
    'metrics.disk': { handler: diskMeasurements, action: 'read' },
  },
};
