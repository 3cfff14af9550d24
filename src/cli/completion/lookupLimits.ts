// How long `cdba __complete` may ask the service: a completion must never hang the
// user's command line.
import { durationMillis, MAX_TIMER_MS, TIMER_UNITS } from '../../core/duration.js';

/** Each attempt's deadline, and the whole lookup's. */
export const ATTEMPT_TIMEOUT = '2s';
export const LOOKUP_DEADLINE_MS = 3_000;

/**
 * The lookup's deadline and each attempt's: CDBA_COMPLETE_TIMEOUT (a duration, as
 * `--timeout` takes) for a slow link, or a machine too loaded to answer in 3 s;
 * a value that is not a duration keeps the defaults (completion prints no errors).
 */
export function lookupLimits(env: Readonly<Record<string, string | undefined>>): { deadlineMs: number; attemptTimeout: string } {
  const ms = env.CDBA_COMPLETE_TIMEOUT ? durationMillis(env.CDBA_COMPLETE_TIMEOUT, TIMER_UNITS) : undefined;
  return ms !== undefined && ms > 0 && ms <= MAX_TIMER_MS ? { deadlineMs: ms, attemptTimeout: `${ms}ms` } : { deadlineMs: LOOKUP_DEADLINE_MS, attemptTimeout: ATTEMPT_TIMEOUT };
}
