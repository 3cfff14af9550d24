// The measurements of a process, of one of its databases and of one of its disk
// partitions, and the lists of those databases and partitions (2023-01-01): one function
// per operation of the table (operations/metrics.ts), each answer checked for its shape
// (a 2xx of another shape is a damaged answer, exit 7).
import type { ApiClient, ApiResponse } from '../client.js';
import { InvalidResponseError } from '../errors.js';
import type { ListAll } from '../pagination.js';

/** What is asked: the step, and the span (a period back from now, or a start and an end), and which series. */
export interface MeasurementQuery {
  /** ISO 8601 duration, e.g. PT1M. */
  granularity: string;
  /** ISO 8601 duration back from now; or start and end. */
  period?: string;
  start?: string;
  end?: string;
  /** Series names (`m`, repeated); every series when none. */
  types?: readonly string[];
}

/** One series: its name, units and points (a value may be null; a series may have no points). */
export interface Measurement {
  name: string;
  units: string;
  dataPoints: Array<{ timestamp: string; value: number | null }>;
}

/** The measurements document (ApiMeasurementsGeneralView_Atlas). */
export interface Measurements extends Record<string, unknown> {
  processId?: string;
  measurements?: Measurement[];
}

function document(response: ApiResponse<unknown>): Measurements {
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as Measurements).measurements)) {
    throw new InvalidResponseError(`expected measurements from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  }
  return body as Measurements;
}

const queryOf = (q: MeasurementQuery) => ({
  granularity: q.granularity,
  period: q.period,
  start: q.start,
  end: q.end,
  m: q.types && q.types.length > 0 ? q.types : undefined,
});

export async function processMeasurements(client: ApiClient, projectId: string, processId: string, q: MeasurementQuery): Promise<Measurements> {
  return document(await client.call('metrics.process', { groupId: projectId, processId }, { query: queryOf(q) }));
}

export async function databaseMeasurements(client: ApiClient, projectId: string, processId: string, databaseName: string, q: MeasurementQuery): Promise<Measurements> {
  return document(await client.call('metrics.database', { groupId: projectId, processId, databaseName }, { query: queryOf(q) }));
}

export async function diskMeasurements(client: ApiClient, projectId: string, processId: string, partitionName: string, q: MeasurementQuery): Promise<Measurements> {
  return document(await client.call('metrics.disk', { groupId: projectId, processId, partitionName }, { query: queryOf(q) }));
}

/** The databases of a process (`{databaseName, links}` each). */
export async function listDatabases(client: ApiClient, projectId: string, processId: string): Promise<ListAll<Record<string, unknown>>> {
  return client.callAll('metrics.listDatabases', { groupId: projectId, processId });
}

/** The disk partitions of a process (`{partitionName, links}` each). */
export async function listDisks(client: ApiClient, projectId: string, processId: string): Promise<ListAll<Record<string, unknown>>> {
  return client.callAll('metrics.listDisks', { groupId: projectId, processId });
}
