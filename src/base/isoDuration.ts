// ISO 8601 durations as the service reads them in measurement queries (`granularity`,
// `period`: PT1M, PT30M, P1DT12H), for the CLI and the emulator alike. Only the parts
// of fixed length: weeks, days, hours, minutes and seconds (a month or a year has no one
// length, and the service's periods are spans of time). Whole seconds.

// P[nW] or P[nD][T[nH][nM][nS]], at least one part, a T only before a time part.
const DURATION = /^P(?:(\d{1,6})W|(?:(\d{1,6})D)?(?:T(?:(\d{1,7})H)?(?:(\d{1,9})M)?(?:(\d{1,10})S)?)?)$/;

/** Seconds of an ISO 8601 duration, or undefined when it is not one cdba reads (or is zero). */
export function parseIsoDuration(text: string): number | undefined {
  const m = DURATION.exec(text.toUpperCase());
  if (!m) return undefined;
  const [, weeks, days, hours, minutes, seconds] = m;
  // "P" and "PT" alone name no length.
  if ([weeks, days, hours, minutes, seconds].every((part) => part === undefined)) return undefined;
  if (text.toUpperCase().endsWith('T')) return undefined;
  const total = Number(weeks ?? 0) * 604_800 + Number(days ?? 0) * 86_400 + Number(hours ?? 0) * 3_600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
  return total > 0 && Number.isSafeInteger(total) ? total : undefined;
}

/** The shortest ISO 8601 form of a positive number of whole seconds (days, then a time part): 129600 is P1DT12H. */
export function formatIsoDuration(totalSeconds: number): string {
  if (!Number.isSafeInteger(totalSeconds) || totalSeconds <= 0) throw new RangeError(`not a positive whole number of seconds: ${totalSeconds}`);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3_600);
  const minutes = Math.floor((totalSeconds % 3_600) / 60);
  const seconds = totalSeconds % 60;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}
