// Pins the exit-code table of DESIGN.md and the one mapping from errors to codes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
import { REPO_ROOT } from '../../helpers/inProcess.js';

describe('the exit-code table', () => {
  // The table is src/base/errors.ts's EXIT_CODE_TABLE, read here, never copied: the man
  // pages are written from it (npm run man), and the README's table is held to it.
  const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const MAN = readFileSync(join(REPO_ROOT, 'man', 'cdba.1'), 'utf8');

  it('lists each code once, in order, each with its meaning', () => {
    const codes = EXIT_CODE_TABLE.map((row) => row.code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes[0]).toBe(0);
    for (const row of EXIT_CODE_TABLE) expect(row.meaning, String(row.code)).toMatch(/\S/);
  });

  it('is the README\'s "Exit codes" table, row for row (its words in code spans)', () => {
    const section = README.slice(README.indexOf('## Exit codes\n'), README.indexOf('\n## ', README.indexOf('## Exit codes\n') + 1));
    const rows = [...section.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((m) => ({ code: Number(m[1]), meaning: m[2]!.replaceAll('`', '') }));
    expect(rows).toEqual(EXIT_CODE_TABLE);
  });

  it('is the EXIT STATUS of cdba(1), row for row', () => {
    const section = MAN.slice(MAN.indexOf('.SH EXIT STATUS\n'), MAN.indexOf('\n.SH ', MAN.indexOf('.SH EXIT STATUS\n') + 1));
    const rows = [...section.matchAll(/^\.TP\n\.B (\d+)\n(.+)$/gm)].map((m) => ({ code: Number(m[1]), meaning: m[2]!.replaceAll('\\-', '-').replaceAll('\\e', '\\') }));
    expect(rows).toEqual(EXIT_CODE_TABLE);
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
      emptyFile: 17,
      envsToRemove: 18,
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
