// The query of a measurements request, read as the service reads it: `granularity` (an
// ISO 8601 duration the service keeps data at), and either `period` (an ISO 8601 duration
// back from now) or `start` and `end` (ISO 8601 times, start before end); `m` repeated,
// each a series of the resource, at most 10 (the description's maxItems). Every refusal
// is 400 INVALID_QUERY_PARAMETER, naming the parameter.
import { parseIsoDuration } from '../../../base/isoDuration.js';
import { parseIsoDateTime } from '../../../base/isoDate.js';
import { ApiFailure } from '../../errors.js';

/** The granularities the service keeps data at, with how long it keeps them (seconds). */
export const RETENTION: Readonly<Record<string, number>> = {
  PT1M: 48 * 3_600,
  PT5M: 48 * 3_600,
  PT30M: 63 * 86_400,
  PT1H: 63 * 86_400,
  P1D: Number.MAX_SAFE_INTEGER,
};

export const MAX_TYPES = 10;

export interface MeasurementWindow {
  granularity: string;
  stepMs: number;
  /** The span asked (ms, inclusive). */
  from: number;
  to: number;
  /** The series asked, or undefined for all. */
  types?: string[];
}

const invalid = (name: string, value: string, rule: string): ApiFailure =>
  new ApiFailure(400, 'INVALID_QUERY_PARAMETER', `Invalid query parameter ${name}: ${value}. ${rule}`, [name, value]);
const missing = (rule: string): ApiFailure => new ApiFailure(400, 'INVALID_QUERY_PARAMETER', rule, []);

function duration(name: string, text: string): number {
  const seconds = text === text.toUpperCase() ? parseIsoDuration(text) : undefined;
  if (seconds === undefined) throw invalid(name, text, 'It must be an ISO 8601 duration such as PT1M or P1DT12H.');
  return seconds;
}

function time(name: string, text: string): number {
  const date = parseIsoDateTime(text);
  if (!date) throw invalid(name, text, 'It must be an ISO 8601 date and time such as 2026-08-10T03:00:00Z.');
  return date.getTime();
}

/** The window asked for, or the refusal. `now`: the service's clock (ms); `series`: the resource's series names. */
export function readWindow(query: URLSearchParams, now: number, series: ReadonlySet<string>): MeasurementWindow {
  const granularity = query.get('granularity');
  if (granularity === null || granularity === '') throw missing('The query parameter granularity is required: an ISO 8601 duration such as PT1M.');
  const stepSeconds = duration('granularity', granularity);
  if (RETENTION[granularity] === undefined) throw invalid('granularity', granularity, `It must be one of ${Object.keys(RETENTION).join(', ')}.`);
  const period = query.get('period');
  const start = query.get('start');
  const end = query.get('end');
  let from: number;
  let to: number;
  if (period !== null) {
    if (start !== null || end !== null) throw invalid('period', period, 'Set either period or start and end, not both.');
    from = now - duration('period', period) * 1000;
    to = now;
  } else {
    if (start === null && end === null) throw missing('Either the query parameter period or both start and end are required.');
    if (start === null || end === null) throw missing(`The query parameter ${start === null ? 'start' : 'end'} is required with ${start === null ? 'end' : 'start'}.`);
    from = time('start', start);
    to = time('end', end);
    if (from >= to) throw invalid('start', start, 'It must be before end.');
  }
  const types = query.getAll('m');
  if (types.length > MAX_TYPES) throw invalid('m', types.join(','), `At most ${MAX_TYPES} measurements may be asked at once.`);
  for (const type of types) if (!series.has(type)) throw invalid('m', type, 'It is not a measurement of this resource.');
  return { granularity, stepMs: stepSeconds * 1000, from, to, ...(types.length > 0 ? { types: [...new Set(types)] } : {}) };
}
