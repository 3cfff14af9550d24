// Typed errors and the one place that maps them to exit codes.
// Every failure a user can see is a CdbaError; anything else is a bug and exits 1.
import { capText } from './sanitize.js';

export const ExitCode = {
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
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** The exit-code dictionary as documented in README and the man page. */
export const EXIT_CODE_TABLE: ReadonlyArray<{ code: ExitCodeValue; meaning: string }> = [
  { code: 0, meaning: 'ok' },
  { code: 1, meaning: 'API or general error' },
  { code: 2, meaning: 'usage or invalid input, detected before any request' },
  { code: 3, meaning: 'authentication or authorization (401/403)' },
  { code: 4, meaning: 'not found (404)' },
  { code: 5, meaning: 'conflict (409)' },
  { code: 6, meaning: 'rate limited after retries (429)' },
  { code: 7, meaning: 'server (5xx), network or timeout' },
  { code: 8, meaning: 'watch timed out' },
  { code: 10, meaning: 'apply --dry-run --exit-code: changes pending' },
  { code: 11, meaning: 'versions --fail-within: an API version cdba sends reaches its Sunset within the window' },
  { code: 12, meaning: 'run: the command ran, but env down failed; the line names what is left' },
  { code: 13, meaning: 'a watch stopped where you must act (accept a peering request, create the matching peering); the line says what to do' },
  { code: 14, meaning: 'a watch stopped at FAILED: the peer, service or endpoint will not become AVAILABLE' },
  { code: 15, meaning: 'a confirmation was answered no; nothing was changed' },
  { code: 16, meaning: 'env up or env down: another run holds the env (the line names it); nothing was changed' },
  { code: 17, meaning: 'logs download: the service returned an empty log file (no lines for the window); nothing was written' },
  { code: 18, meaning: 'env gc --dry-run --exit-code: there are envs to remove (the plan names them); nothing was removed' },
  { code: 127, meaning: 'run: the command is not on PATH, or not an executable file; nothing was made' },
  { code: 130, meaning: 'interrupted' },
  { code: 143, meaning: 'terminated (SIGTERM)' },
];

/**
 * A setting the user can change to get past an error. Layers below the CLI
 * (api) name the setting, never a flag; the CLI words it (src/main.ts remedyHint).
 */
export type Remedy =
  | { setting: 'timeout' }
  | { setting: 'page' }
  /**
   * `version`: the one to use (`orLater`: or a later one; `orV1`: or v1.0, which serves the
   * operation too; `orNewer`: or a newer one, v1.0 not being one: the CLI words it as the same
   * command again at that version); `known`: what cdba knows, when none fits.
   */
  | { setting: 'apiVersion'; version?: string; orLater?: boolean; orV1?: boolean; orNewer?: boolean; known?: string }
  /** The credentials were refused (or none are set): which pair to check. */
  | { setting: 'credentials'; kind: 'apiKey' | 'serviceAccount' | 'none' }
  /** Only half of a pair is set. */
  | { setting: 'credentialPair'; kind: 'apiKey' | 'serviceAccount' };

export abstract class CdbaError extends Error {
  abstract readonly exitCode: ExitCodeValue;
  /** An optional second line that tells the user what to do next. */
  hint?: string;
  /** A setting to change, which the CLI adds to the hint in its own words. */
  remedy?: Remedy;
  constructor(message: string, options?: { hint?: string; cause?: unknown; remedy?: Remedy }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options?.hint) this.hint = options.hint;
    if (options?.remedy) this.remedy = options.remedy;
  }
}

/** Bad flags, bad values, bad files: found before any request is sent. */
export class UsageError extends CdbaError {
  readonly exitCode = ExitCode.usage;
}

/**
 * A file or directory cdba will not write a private file into or over, nor read one
 * from (src/base/privateFile.ts): another user's, writable by others, a link, not a
 * regular file. The message says why. Exit 2: found before any request.
 */
export class UnsafePathError extends UsageError {}

/**
 * Something local cdba could not do after requests were made (record an env's
 * state, hand over its connection): exit 1, never 2, which says nothing was sent.
 * The hint says what to do about what was made.
 */
export class LocalFailureError extends CdbaError {
  readonly exitCode = ExitCode.general;
}

/** The service's error document (seed: Errors). */
export interface ErrorDocument {
  detail?: string;
  error?: number;
  errorCode?: string;
  parameters?: unknown[];
  reason?: string;
}

export class ApiError extends CdbaError {
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly document: ErrorDocument | undefined;
  constructor(status: number, document: ErrorDocument | undefined, message?: string, options?: { hint?: string; remedy?: Remedy }) {
    // The service's words, capped: a 1 MB detail is not a 1 MB error line.
    const detail = message ?? capText(document?.detail ?? `HTTP ${status}`);
    const code = document?.errorCode === undefined ? undefined : capText(document.errorCode, 100);
    super(code ? `${detail} (${code}, HTTP ${status})` : `${detail} (HTTP ${status})`, options);
    this.status = status;
    this.errorCode = code;
    this.document = document;
  }
  get exitCode(): ExitCodeValue {
    return exitCodeForStatus(this.status);
  }
}

/** Connection refused or reset, DNS, TLS: the request got no HTTP answer. */
export class NetworkError extends CdbaError {
  readonly exitCode = ExitCode.server;
}

export class TimeoutError extends CdbaError {
  readonly exitCode = ExitCode.server;
}

export class WatchTimeoutError extends CdbaError {
  readonly exitCode = ExitCode.watchTimeout;
}

/** What was named is not there, found by looking in the service's lists (exit 4, like a 404). */
export class NotFoundError extends CdbaError {
  readonly exitCode = ExitCode.notFound;
}

/** The service reports that what was asked FAILED (a search index build, a sample load): exit 1, with its words. */
export class FailedError extends CdbaError {
  readonly exitCode = ExitCode.general;
}

/** The resource is not in a state the request needs, seen before asking the service to change it (exit 5, like a 409). */
export class ConflictError extends CdbaError {
  readonly exitCode = ExitCode.conflict;
}

/**
 * Ends the run with this exit status and no error line: the answer was already
 * given (a child's own status for `clusters connect`; 10 for a pending plan).
 */
export class QuietExit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
    this.name = 'QuietExit';
  }
}

/** `versions --fail-within`: a version cdba sends is removed within the window (the table was printed first). */
export class SunsetWithinError extends CdbaError {
  readonly exitCode = ExitCode.sunsetWithin;
}

/** `run`: the command ran, but removing its env failed; the message names what is left. */
export class EnvLeftError extends CdbaError {
  readonly exitCode = ExitCode.envLeft;
}

/**
 * A watch reached a state that waits for the user, on the cloud's side (accept an AWS
 * peering request, create the matching GCP peering): neither success nor failure.
 */
export class UserActionError extends CdbaError {
  readonly exitCode = ExitCode.userAction;
}

/** A watch reached FAILED (or a rejection): what was waited for will not become AVAILABLE. */
export class FailedStateError extends CdbaError {
  readonly exitCode = ExitCode.failedState;
}

/** `run`: CMD is not on PATH, or not an executable file: found before anything is made (127, as a shell says it). */
export class CommandNotFoundError extends CdbaError {
  readonly exitCode = ExitCode.commandNotFound;
}

export class InterruptedError extends CdbaError {
  readonly exitCode = ExitCode.interrupted;
}

/** A destructive verb's question answered no (or left empty) on a terminal: nothing was sent. */
export class DeclinedError extends CdbaError {
  readonly exitCode = ExitCode.declined;
}

/** env up or env down of an env another run holds (named in the message): nothing was changed. */
export class EnvHeldError extends CdbaError {
  readonly exitCode = ExitCode.envHeld;
}

/** Stopped by SIGTERM where the command itself ends the run (`cdba run` after its env down). */
export class TerminatedError extends CdbaError {
  readonly exitCode = ExitCode.terminated;
}

export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if (status === 429) return ExitCode.rateLimited;
  if (status >= 500) return ExitCode.server;
  return ExitCode.general;
}

export function exitCodeFor(error: unknown): ExitCodeValue {
  if (error instanceof CdbaError) return error.exitCode;
  return ExitCode.general;
}
