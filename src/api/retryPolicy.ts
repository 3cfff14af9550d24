// When to retry, and how long to wait first. Pure, so the rules are unit-tested;
// src/api/transport.ts plugs `decideRetry` into undici's retry interceptor.
//
// - 429: the request was refused, not applied, so any method is retried,
//   after Retry-After or, when it is missing, after the seconds left in the
//   current minute (the service's counters reset each clock minute).
// - 502/503/504 and connection resets: idempotent requests only. A POST may
//   already have been applied, so it is never replayed.
// - Connection refused, DNS failures and timeouts are not retried: they are
//   rarely transient for a CLI and retrying them only delays the error.

export interface RetryBudget {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Total time spent waiting between attempts. */
  maxWaitMs: number;
}

export const DEFAULT_RETRY_BUDGET: RetryBudget = { maxAttempts: 5, maxWaitMs: 90_000 };

/** Error codes that mean the connection broke after the request may have been sent. */
export const RESET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);

const RETRYABLE_IF_IDEMPOTENT: ReadonlySet<number> = new Set([502, 503, 504]);
const STATUS_WORDS: Record<number, string> = {
  429: 'rate limited',
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
};

/**
 * GET, HEAD, PUT, DELETE (and OPTIONS) are idempotent; PATCH only when the
 * caller says so; POST never, unless the caller marks it explicitly (cdba does
 * that only for the token exchange, where a replay is harmless).
 */
export function isIdempotent(method: string, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  return ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'].includes(method.toUpperCase());
}

/** Milliseconds from `now` to the start of the next clock minute. */
export function msUntilNextMinute(now: number): number {
  return 60_000 - (now % 60_000);
}

/** Parses Retry-After (delay-seconds or an HTTP-date) into milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How long to wait before the next attempt. `attempt` counts the attempts made so far (1 after the first). */
export function retryDelayMs(input: { status?: number; retryAfter?: string | string[]; attempt: number; now: number }): number {
  const fromHeader = parseRetryAfter(input.retryAfter, input.now);
  if (fromHeader !== undefined) return fromHeader;
  if (input.status === 429) return msUntilNextMinute(input.now);
  return Math.min(1000 * 2 ** Math.max(0, input.attempt - 1), 16_000);
}

export interface RetryInput {
  method: string;
  idempotent?: boolean;
  status?: number;
  errorCode?: string;
  retryAfter?: string | string[];
  /** Attempts made so far, at least 1. */
  attempt: number;
  /** Time already spent waiting for this request. */
  waitedMs: number;
  now: number;
}

export type RetryDecision =
  | { retry: true; delayMs: number; reason: string }
  | { retry: false; why: 'not-retryable' | 'attempts' | 'wait-budget' };

export function decideRetry(input: RetryInput, budget: RetryBudget = DEFAULT_RETRY_BUDGET): RetryDecision {
  let reason: string;
  if (input.status === 429) {
    reason = 'rate limited (429)';
  } else if (input.status !== undefined && RETRYABLE_IF_IDEMPOTENT.has(input.status)) {
    if (!isIdempotent(input.method, input.idempotent)) return { retry: false, why: 'not-retryable' };
    reason = `${STATUS_WORDS[input.status]} (${input.status})`;
  } else if (input.status === undefined && input.errorCode !== undefined && RESET_CODES.has(input.errorCode)) {
    if (!isIdempotent(input.method, input.idempotent)) return { retry: false, why: 'not-retryable' };
    reason = 'connection reset';
  } else {
    return { retry: false, why: 'not-retryable' };
  }
  if (input.attempt >= budget.maxAttempts) return { retry: false, why: 'attempts' };
  const delayMs = retryDelayMs(input);
  if (input.waitedMs + delayMs > budget.maxWaitMs) return { retry: false, why: 'wait-budget' };
  return { retry: true, delayMs, reason };
}

/** The line shown while waiting, e.g. "rate limited (429); retrying in 12s". */
export function waitMessage(reason: string, delayMs: number): string {
  return `${reason}; retrying in ${Math.ceil(delayMs / 1000)}s`;
}
