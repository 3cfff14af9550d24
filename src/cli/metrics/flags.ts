// The flags every `metrics` verb shares, read and checked before any request (pure):
// --granularity (an ISO 8601 duration the service keeps data at), --period or
// --start/--end (never both), --type (repeatable, each a series name, at most 10: the
// description's maxItems for `m`).
import { UsageError } from '../../base/errors.js';
import { formatServiceDate, parseIsoDateTime } from '../../base/isoDate.js';
import { formatIsoDuration, parseIsoDuration } from '../../base/isoDuration.js';

/** The granularities the service answers (the description's PT1M, PT5M, PT1H, P1D, and PT30M, which it answered when recorded). */
export const GRANULARITIES = ['PT1M', 'PT5M', 'PT30M', 'PT1H', 'P1D'] as const;
export const DEFAULT_GRANULARITY = 'PT5M';
export const DEFAULT_PERIOD = 'PT1H';
export const MAX_TYPES = 10;
const TYPE = /^[A-Z][A-Z0-9_]{0,99}$/;

export interface MetricsFlags {
  granularity?: string;
  period?: string;
  start?: string;
  end?: string;
  type?: string[];
  plot?: boolean;
}

export interface MetricsWindow {
  granularity: string;
  period?: string;
  start?: string;
  end?: string;
  types: string[];
}

/** A duration flag's canonical form (PT90M is PT1H30M), or a UsageError naming the flag. */
export function durationFlag(flag: string, text: string): string {
  const seconds = parseIsoDuration(text.trim());
  if (seconds === undefined) {
    throw new UsageError(`invalid ${flag} "${text}": expected an ISO 8601 duration such as PT5M, PT1H or P1DT12H (weeks, days, hours, minutes, seconds)`);
  }
  return formatIsoDuration(seconds);
}

function timeFlag(flag: string, text: string): Date {
  const date = parseIsoDateTime(text);
  if (!date) throw new UsageError(`invalid ${flag} "${text}": expected an ISO 8601 time such as 2026-08-10T03:00:00Z (UTC without a zone)`);
  return date;
}

/** What to ask for, or a UsageError: one line naming the flag, before any request. */
export function readMetricsFlags(flags: MetricsFlags): MetricsWindow {
  const granularity = durationFlag('--granularity', flags.granularity ?? DEFAULT_GRANULARITY);
  if (!(GRANULARITIES as readonly string[]).includes(granularity)) {
    throw new UsageError(`invalid --granularity "${flags.granularity}": the service keeps measurements at ${GRANULARITIES.join(', ')}`);
  }
  const types = [...new Set((flags.type ?? []).map((t) => t.trim().toUpperCase()))];
  for (const type of types) if (!TYPE.test(type)) throw new UsageError(`invalid --type "${type}": a measurement name such as CONNECTIONS or PROCESS_CPU_USER`);
  if (types.length > MAX_TYPES) throw new UsageError(`too many --type: at most ${MAX_TYPES} measurements at once (${types.length} given)`);
  if (flags.period !== undefined && (flags.start !== undefined || flags.end !== undefined)) {
    throw new UsageError(`--period cannot be used with --${flags.start !== undefined ? 'start' : 'end'}: give a period back from now, or a start and an end`);
  }
  if ((flags.start === undefined) !== (flags.end === undefined)) {
    throw new UsageError(`${flags.start === undefined ? '--end' : '--start'} needs ${flags.start === undefined ? '--start' : '--end'}: a window has both ends`);
  }
  if (flags.start !== undefined && flags.end !== undefined) {
    const start = timeFlag('--start', flags.start);
    const end = timeFlag('--end', flags.end);
    if (start.getTime() >= end.getTime()) throw new UsageError(`--start ${flags.start} is not before --end ${flags.end}`);
    return { granularity, start: formatServiceDate(start), end: formatServiceDate(end), types };
  }
  const period = durationFlag('--period', flags.period ?? DEFAULT_PERIOD);
  if ((parseIsoDuration(period) ?? 0) < (parseIsoDuration(granularity) ?? 0)) {
    throw new UsageError(`--period ${period} is shorter than --granularity ${granularity}: it would hold no step`);
  }
  return { granularity, period, types };
}
