// Pins the exit-code table of DESIGN.md and the one mapping from errors to codes.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CdbaError,
  EXIT_CODE_TABLE,
  ExitCode,
  InterruptedError,
  LocalFailureError,
  NetworkError,
  TimeoutError,
  UnsafePathError,
  UsageError,
  WatchTimeoutError,
  exitCodeFor,
  exitCodeForStatus,
} from '../../../src/base/errors.js';
import { ConfigError } from '../../../src/config/store.js';
import { InvalidResponseError } from '../../../src/api/errors.js';

describe('the exit-code table', () => {
  it('is exactly the table of DESIGN.md, in order', () => {
    expect(EXIT_CODE_TABLE).toEqual([
      { code: 0, meaning: 'ok' },
      { code: 1, meaning: 'API or general error' },
      { code: 2, meaning: 'usage or invalid input, detected before any request' },
      { code: 3, meaning: 'authentication or authorization (401/403)' },
      { code: 4, meaning: 'not found (404)' },
      { code: 5, meaning: 'conflict (409)' },
      { code: 6, meaning: 'rate limited after retries (429)' },
      { code: 7, meaning: 'server (5xx), network or timeout' },
      { code: 8, meaning: 'watch timed out' },
      { code: 10, meaning: 'apply --dry-run --exit-code: changes pending; env gc --dry-run --exit-code: envs to remove' },
      { code: 11, meaning: 'versions --fail-within: an API version cdba sends reaches its Sunset within the window' },
      { code: 12, meaning: 'run: the command ran, but env down failed; the line names what is left' },
      { code: 13, meaning: 'a watch stopped where you must act (accept a peering request, create the matching peering); the line says what to do' },
      { code: 14, meaning: 'a watch stopped at FAILED: the peer, service or endpoint will not become AVAILABLE' },
      { code: 15, meaning: 'a confirmation was answered no; nothing was changed' },
      { code: 16, meaning: 'env up or env down: another run holds the env (the line names it); nothing was changed' },
      { code: 127, meaning: 'run: the command is not on PATH, or not an executable file; nothing was made' },
      { code: 130, meaning: 'interrupted' },
      { code: 143, meaning: 'terminated (SIGTERM)' },
    ]);
  });

  it('names the same codes as ExitCode', () => {
    expect(ExitCode).toEqual({
      ok: 0,
      general: 1,
      usage: 2,
      auth: 3,
      notFound: 4,
      conflict: 5,
      rateLimited: 6,
      server: 7,
      watchTimeout: 8,
      changesPending: 10,
      sunsetWithin: 11,
      envLeft: 12,
      userAction: 13,
      failedState: 14,
      declined: 15,
      envHeld: 16,
      commandNotFound: 127,
      interrupted: 130,
      terminated: 143,
    });
    expect(EXIT_CODE_TABLE.map((row) => row.code)).toEqual(Object.values(ExitCode));
  });
});

describe('exitCodeFor', () => {
  it.each([
    ['UsageError', new UsageError('bad flag'), 2],
    ['ConfigError (a UsageError)', new ConfigError('bad file'), 2],
    ['ApiError 400', new ApiError(400, { errorCode: 'INVALID_ATTRIBUTE' }), 1],
    ['ApiError 401', new ApiError(401, undefined), 3],
    ['ApiError 403', new ApiError(403, undefined), 3],
    ['ApiError 404', new ApiError(404, { errorCode: 'CLUSTER_NOT_FOUND' }), 4],
    ['ApiError 409', new ApiError(409, { errorCode: 'DUPLICATE_CLUSTER_NAME' }), 5],
    ['ApiError 429', new ApiError(429, undefined), 6],
    ['ApiError 500', new ApiError(500, undefined), 7],
    ['ApiError 503', new ApiError(503, undefined), 7],
    ['NetworkError', new NetworkError('connect ECONNREFUSED'), 7],
    ['TimeoutError', new TimeoutError('timed out after 60s'), 7],
    ['WatchTimeoutError', new WatchTimeoutError('still CREATING after 10m'), 8],
    ['InterruptedError', new InterruptedError('interrupted'), 130],
    ['UnsafePathError (a file cdba would not write or read)', new UnsafePathError('/x is a symbolic link'), 2],
    ['LocalFailureError (a local failure after requests)', new LocalFailureError('cannot record the state'), 1],
    ['InvalidResponseError (a damaged answer)', new InvalidResponseError('not an SRV connection string'), 7],
    ['a plain Error (a bug)', new Error('boom'), 1],
    ['a thrown string', 'boom', 1],
    ['undefined', undefined, 1],
  ] as const)('%s → %i', (_label, error, code) => {
    expect(exitCodeFor(error)).toBe(code);
  });
});

describe('exitCodeForStatus', () => {
  it.each([
    [400, 1],
    [401, 3],
    [403, 3],
    [404, 4],
    [409, 5],
    [410, 1],
    [429, 6],
    [500, 7],
    [502, 7],
    [503, 7],
    [504, 7],
    [302, 1],
  ])('HTTP %i → %i', (status, code) => {
    expect(exitCodeForStatus(status)).toBe(code);
  });
});

describe('error messages', () => {
  it('an ApiError reads "<detail> (<errorCode>, HTTP <status>)"', () => {
    const error = new ApiError(404, { detail: 'No cluster named c0 exists in group 5f0c.', errorCode: 'CLUSTER_NOT_FOUND', error: 404 });
    expect(error.message).toBe('No cluster named c0 exists in group 5f0c. (CLUSTER_NOT_FOUND, HTTP 404)');
    expect(error.status).toBe(404);
    expect(error.errorCode).toBe('CLUSTER_NOT_FOUND');
    expect(error.document?.detail).toBe('No cluster named c0 exists in group 5f0c.');
  });

  it('an ApiError without a document still says the status', () => {
    expect(new ApiError(502, undefined).message).toBe('HTTP 502 (HTTP 502)');
    expect(new ApiError(500, { detail: 'Unexpected error.' }).message).toBe('Unexpected error. (HTTP 500)');
    expect(new ApiError(401, { errorCode: 'UNAUTHORIZED' }, 'bad key').message).toBe('bad key (UNAUTHORIZED, HTTP 401)');
  });

  it('carries the hint, the cause and its class name', () => {
    const cause = new Error('root');
    const error = new UsageError('no project ID', { hint: 'pass --project-id', cause });
    expect(error).toBeInstanceOf(CdbaError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('UsageError');
    expect(error.hint).toBe('pass --project-id');
    expect(error.cause).toBe(cause);
    expect(new NetworkError('x').name).toBe('NetworkError');
    expect(new UsageError('x').hint).toBeUndefined();
  });
});
