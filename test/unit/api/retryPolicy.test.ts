import { describe, expect, test } from 'vitest';
import {
  decideRetry,
  isIdempotent,
  msUntilNextMinute,
  parseRetryAfter,
  retryDelayMs,
  waitMessage,
  type RetryInput,
} from '../../../src/api/retryPolicy.js';

const NOW = Date.UTC(2026, 7, 10, 10, 4, 48, 250); // 48.25 s into the minute

describe('retry delays', () => {
  test('Retry-After in seconds, as an HTTP-date, or unreadable', () => {
    expect(parseRetryAfter('12', NOW)).toBe(12_000);
    expect(parseRetryAfter(['0'], NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 5_000).toUTCString(), NOW)).toBe(4_750); // HTTP-dates have whole seconds
    expect(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });

  test('429 without Retry-After waits for the next clock minute', () => {
    expect(msUntilNextMinute(NOW)).toBe(11_750);
    expect(retryDelayMs({ status: 429, attempt: 1, now: NOW })).toBe(11_750);
    expect(retryDelayMs({ status: 429, retryAfter: '3', attempt: 1, now: NOW })).toBe(3_000);
  });

  test('5xx and resets without Retry-After back off exponentially, capped', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((attempt) => retryDelayMs({ status: 503, attempt, now: NOW }))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 16_000, 16_000,
    ]);
    expect(retryDelayMs({ attempt: 2, now: NOW })).toBe(2_000);
  });
});

describe('decideRetry', () => {
  const base: RetryInput = { method: 'GET', attempt: 1, waitedMs: 0, now: NOW };
  const budget = { maxAttempts: 5, maxWaitMs: 90_000 };

  test('429 is retried for every method, POST included', () => {
    expect(decideRetry({ ...base, method: 'POST', status: 429, retryAfter: '2' }, budget)).toEqual({ retry: true, delayMs: 2_000, reason: 'rate limited (429)' });
  });

  test.each([502, 503, 504])('%i is retried for GET, PUT, DELETE, HEAD but not POST or plain PATCH', (status) => {
    for (const method of ['GET', 'PUT', 'DELETE', 'HEAD']) expect(decideRetry({ ...base, method, status }, budget).retry).toBe(true);
    expect(decideRetry({ ...base, method: 'POST', status }, budget)).toEqual({ retry: false, why: 'not-retryable' });
    expect(decideRetry({ ...base, method: 'PATCH', status }, budget).retry).toBe(false);
    expect(decideRetry({ ...base, method: 'PATCH', idempotent: true, status }, budget).retry).toBe(true);
  });

  test('connection resets follow the idempotency rule; refused connections and timeouts are not retried', () => {
    expect(decideRetry({ ...base, errorCode: 'ECONNRESET' }, budget)).toMatchObject({ retry: true, reason: 'connection reset' });
    expect(decideRetry({ ...base, errorCode: 'UND_ERR_SOCKET' }, budget).retry).toBe(true);
    expect(decideRetry({ ...base, method: 'POST', errorCode: 'UND_ERR_SOCKET' }, budget).retry).toBe(false);
    expect(decideRetry({ ...base, errorCode: 'ECONNREFUSED' }, budget).retry).toBe(false);
    expect(decideRetry({ ...base, errorCode: 'UND_ERR_HEADERS_TIMEOUT' }, budget).retry).toBe(false);
  });

  test('other statuses are never retried', () => {
    for (const status of [400, 401, 403, 404, 409, 500]) expect(decideRetry({ ...base, status }, budget).retry).toBe(false);
  });

  test('the attempt budget counts the first attempt', () => {
    expect(decideRetry({ ...base, status: 503, attempt: 4 }, budget).retry).toBe(true);
    expect(decideRetry({ ...base, status: 503, attempt: 5 }, budget)).toEqual({ retry: false, why: 'attempts' });
  });

  test('the wait budget refuses a wait that would exceed it', () => {
    expect(decideRetry({ ...base, status: 429, retryAfter: '30', waitedMs: 60_000 }, budget).retry).toBe(true);
    expect(decideRetry({ ...base, status: 429, retryAfter: '31', waitedMs: 60_000 }, budget)).toEqual({ retry: false, why: 'wait-budget' });
  });

  test('isIdempotent and the wait message', () => {
    expect(isIdempotent('get')).toBe(true);
    expect(isIdempotent('POST')).toBe(false);
    expect(isIdempotent('GET', false)).toBe(false);
    expect(waitMessage('rate limited (429)', 11_750)).toBe('rate limited (429); retrying in 12s');
  });
});
