// The logs module (contract.ts): GET /groups/{groupId}/clusters/{hostName}/logs/{logName}.gz,
// a host's log for a window as a gzip of its lines (lines.ts), with the headers the
// service sends (reference README, "Diagnostics facts" 10): Content-Type
// application/vnd.atlas.<version>+gzip, Content-Disposition naming the host, the window and
// the log, X-Uncompressed-Content-Length; RateLimit-Limit 10 000. The window is
// [startDate, endDate) in seconds: each defaults from the other by 24 hours, both to the
// last 24 hours on the service's clock. A host with no process of the log's kind (mongos
// on a replica set) answers an empty body, as the recordings do for every log.
import { gzipSync } from 'node:zlib';
import { serviceNow } from '../../context.js';
import type { Handler, RequestContext, ResourceModule } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { AUTH_DELAY, connectionsOf } from '../accessLogs/index.js';
import { clusterStore } from '../clusters/index.js';
import { processRuns } from '../performanceAdvisor/index.js';
import { hostNotFound, processesOf, upPeriods } from '../processes/index.js';
import { projectOf } from '../projects/index.js';
import { LOG_NAMES, logLines, type LogName } from './lines.js';

const DAY_S = 86_400;
/** The earliest date the description allows (2008-01-01, in seconds). */
const MIN_DATE = 1_199_145_600;
/** The longest window one download covers: a month. */
const MAX_WINDOW_S = 31 * DAY_S;

const invalidLogName = (name: string): ApiFailure => new ApiFailure(400, 'INVALID_ENUM_VALUE', `An invalid enumeration value ${name} was specified.`, [name]);
const invalidWindow = (start: number, end: number): ApiFailure =>
  new ApiFailure(400, 'INVALID_DATE_RANGE', `The date range from ${start} to ${end} is invalid: the start must be before the end, at most ${MAX_WINDOW_S / DAY_S} days apart.`, [String(start), String(end)]);

function seconds(ctx: RequestContext, name: string): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  const value = /^[0-9]{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= MIN_DATE)) throw failures.invalidQueryParameter(name, raw, `a whole number of seconds since the epoch, from ${MIN_DATE}`);
  return value;
}

/** [start, end) in seconds, as the description defaults them. */
function windowOf(ctx: RequestContext): { start: number; end: number } {
  const now = Math.floor(serviceNow(ctx.services) / 1000);
  const startDate = seconds(ctx, 'startDate');
  const endDate = seconds(ctx, 'endDate');
  const end = endDate ?? (startDate !== undefined ? startDate + DAY_S : now);
  const start = startDate ?? end - DAY_S;
  if (start >= end || end - start > MAX_WINDOW_S) throw invalidWindow(start, end);
  return { start, end };
}

/** The file name's time: ISO 8601 without a zone, as the service writes it. */
const fileTime = (s: number): string => new Date(s * 1000).toISOString().slice(0, 19);

const download: Handler = (ctx) => {
  const project = projectOf(ctx);
  const hostName = (ctx.params.hostName ?? '').toLowerCase();
  const logName = ctx.params.logName ?? '';
  if (!(LOG_NAMES as readonly string[]).includes(logName)) throw invalidLogName(logName);
  const processes = processesOf(ctx.services.store, project.id).filter((p) => p.hostname === hostName);
  if (processes.length === 0) throw hostNotFound(hostName, project.id);
  const { start, end } = windowOf(ctx);
  const { store } = ctx.services;
  const [from, to] = [start * 1000, end * 1000];
  const mongod = processes.find((p) => p.kind === 'mongod')!;
  const record = clusterStore(store).find(project.id, mongod.clusterName)!;
  // The connections the access history lists for the host: those authenticated in the window.
  const connections = connectionsOf(store, project.id, record, from - AUTH_DELAY, to - AUTH_DELAY, hostName);
  const lines = logLines(logName as LogName, processes, upPeriods(store, mongod), connections, processRuns(store, mongod, from, to), from, to);
  const text = lines.length === 0 ? Buffer.alloc(0) : Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  const kind = logName.toUpperCase().replace(/-/g, '_');
  return {
    status: 200,
    body: undefined,
    bytes: text.length === 0 ? text : gzipSync(text),
    headers: {
      'Content-Disposition': `attachment; filename="${hostName}_${fileTime(start)}_${fileTime(end)}_${kind}.log.gz"`,
      'X-Uncompressed-Content-Length': String(text.length),
    },
  };
};

export const logs: ResourceModule = {
  name: 'logs',
  rateLimitPerMinute: 10_000, // recorded (TestLogs__Download_*)
  operations: {
    'logs.download': { handler: download, action: 'read' },
  },
};
