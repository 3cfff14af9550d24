// Turns what came back (or did not) into typed errors with clear messages.
//   error document          -> ApiError (exit by status, see src/base/errors.ts)
//   non-JSON error body     -> ApiError with the status and a short excerpt
//   2xx that is not JSON    -> InvalidResponseError, exit 7: the answer was damaged
//                              on the way (proxy page, cut connection); retry later
//   no HTTP answer at all   -> NetworkError or TimeoutError, exit 7
import { ApiError, CdbaError, ExitCode, NetworkError, TimeoutError, type ErrorDocument, type ExitCodeValue, type Remedy } from '../base/errors.js';
import { capText } from '../base/sanitize.js';
import { nestingBeyond } from '../base/object.js';
import { redact } from './redact.js';

/** A 2xx answer whose body is not the JSON it should be (exit 7). */
export class InvalidResponseError extends CdbaError {
  readonly exitCode = ExitCode.server;
}

/** A response body over the size cap (exit 7): no real answer is that big. */
export class ResponseTooLargeError extends CdbaError {
  readonly exitCode = ExitCode.server;
}

/** Bytes as "64 MiB" (whole MiB) or "N bytes". */
export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** The error for a body over `limit` bytes; `declared` is a Content-Length that already says so. */
export function tooLarge(limit: number, method: string, url: string, declared?: number): ResponseTooLargeError {
  const size = declared === undefined ? '' : ` (Content-Length ${declared})`;
  return new ResponseTooLargeError(`response body exceeds the ${formatBytes(limit)} limit${size} for ${method} ${url}`, {
    hint: 'no real answer is that large; check the base URL and any proxy in between',
  });
}

/** The code of the error the deadline interceptor (src/api/transport.ts) aborts an attempt with. */
export const DEADLINE_CODE = 'CDBA_DEADLINE';

/** The first `max` characters of a body, whitespace collapsed, for messages. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The service's error document, if the body is one. */
export function parseErrorDocument(rawBody: string): ErrorDocument | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const doc = parsed as Record<string, unknown>;
  if (typeof doc.detail !== 'string' && typeof doc.errorCode !== 'string') return undefined;
  return {
    ...(typeof doc.detail === 'string' ? { detail: doc.detail } : {}),
    ...(typeof doc.error === 'number' ? { error: doc.error } : {}),
    ...(typeof doc.errorCode === 'string' ? { errorCode: doc.errorCode } : {}),
    ...(Array.isArray(doc.parameters) && !nestedDeeperThan(doc.parameters, MAX_ANSWER_DEPTH) ? { parameters: doc.parameters } : {}),
    ...(typeof doc.reason === 'string' ? { reason: doc.reason } : {}),
  };
}

/**
 * An ApiError for a non-2xx answer. The body is redacted first (credentials after
 * Bearer/Basic, secret-named fields, and the given secret values), so a server
 * that echoes what it received never puts a secret in the error line, not even cut short.
 */
export function apiErrorFromResponse(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  options: { hint?: string; remedy?: Remedy; message?: string; secrets?: Iterable<string> } = {},
): ApiError {
  const rawBody = redact(body, options.secrets);
  const document = parseErrorDocument(rawBody);
  const hintOption = { ...(options.hint ? { hint: options.hint } : {}), ...(options.remedy ? { remedy: options.remedy } : {}) };
  if (document) return new ApiError(status, document, options.message, hintOption);
  let message = options.message;
  if (message === undefined) {
    if (status >= 300 && status < 400) {
      const location = headers.location;
      message = `unexpected redirect${location ? ` to ${capText(String(location))}` : ''}; check the base URL`;
    } else if (rawBody.trim() === '') {
      message = 'the service answered with an empty error body';
    } else {
      message = `the service answered with a non-JSON error body: "${excerpt(rawBody)}"`;
    }
  }
  return new ApiError(status, undefined, message, hintOption);
}

/**
 * How deep an answer may nest. JSON.parse takes any depth, but what walks the document
 * next (JSON.stringify for output, --query, a table) recurses and runs out of stack some
 * thousands deep; MongoDB's own documents nest at most 100 deep, a cluster 6.
 */
export const MAX_ANSWER_DEPTH = 256;

/** Whether `value` nests objects or arrays more than `max` deep (without recursion, stopping at the first). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  return nestingBeyond(value, max) !== undefined;
}

const RETRY_HINT = 'retry later; if it persists, check the base URL and any proxy in between';

/**
 * Parses a 2xx body. An empty body is `undefined`; anything but JSON, or JSON nested past
 * MAX_ANSWER_DEPTH, is an InvalidResponseError (quoting the body redacted).
 */
export function parseSuccessBody(status: number, rawBody: string, url: string, secrets?: Iterable<string>): unknown {
  if (rawBody.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch (error) {
    const what = /^\s*[[{]/.test(rawBody) ? 'truncated or invalid JSON' : 'a body that is not JSON';
    throw new InvalidResponseError(
      `the service answered HTTP ${status} with ${what} for ${url}: "${excerpt(redact(rawBody, secrets))}"`,
      { cause: error, hint: RETRY_HINT },
    );
  }
  if (nestedDeeperThan(body, MAX_ANSWER_DEPTH)) {
    throw new InvalidResponseError(`the service answered HTTP ${status} with JSON nested more than ${MAX_ANSWER_DEPTH} levels deep for ${url}`, { hint: RETRY_HINT });
  }
  return body;
}

const UNKNOWN_AUTHORITY = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

export interface TransportErrorContext {
  method: string;
  url: string;
  timeoutMs: number;
  /** Whether the request could have changed something on the server. */
  idempotent: boolean;
  /** Hint for a non-idempotent request cut off mid-flight. */
  mayHaveAppliedHint?: string;
}

export const DEFAULT_MAY_HAVE_APPLIED_HINT = 'the request may have been applied; check the result before sending it again';

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_REQ_RETRY') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const TIMEOUT: Remedy = { setting: 'timeout' };

/** A NetworkError or TimeoutError (exit 7) for a request that got no usable HTTP answer. */
export function transportError(error: unknown, context: TransportErrorContext): CdbaError {
  if (error instanceof CdbaError) return error;
  const host = new URL(context.url).host;
  const code = codeOf(error);
  const seconds = `${Math.round(context.timeoutMs / 100) / 10}s`;
  const options = { cause: error };
  switch (code) {
    case DEADLINE_CODE: {
      const { phase, bytes, stalled } = error as { phase?: string; bytes?: number; stalled?: boolean };
      if (phase === 'headers') {
        return new TimeoutError(`no response from ${host} within ${seconds} (${context.method} ${context.url})`, { ...options, remedy: TIMEOUT });
      }
      // A trickle misses the deadline as surely as a stall does.
      const what = stalled ? `stalled for more than ${seconds}` : `did not complete within ${seconds} (${bytes ?? 0} bytes arrived, slowly)`;
      return new TimeoutError(`the response from ${host} ${what}`, { ...options, remedy: TIMEOUT });
    }
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return new TimeoutError(`timed out connecting to ${host} after ${seconds}`, { ...options, hint: 'check the network and the base URL', remedy: TIMEOUT });
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new TimeoutError(`no response from ${host} within ${seconds} (${context.method} ${context.url})`, { ...options, remedy: TIMEOUT });
    case 'UND_ERR_BODY_TIMEOUT':
      return new TimeoutError(`the response from ${host} stalled for more than ${seconds}`, { ...options, remedy: TIMEOUT });
    case 'ECONNREFUSED':
      return new NetworkError(`cannot connect to ${host}: connection refused`, { ...options, hint: 'is the service running, and is the base URL right?' });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new NetworkError(`cannot resolve host ${new URL(context.url).hostname}`, { ...options, hint: 'check the base URL and your DNS' });
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
    case 'ENETDOWN':
    case 'EHOSTDOWN':
      return new NetworkError(`cannot reach ${host}: network unreachable`, options);
  }
  if (code && UNKNOWN_AUTHORITY.has(code)) {
    return new NetworkError(`TLS: certificate signed by unknown authority (${host}) — set caFile or NODE_EXTRA_CA_CERTS`, options);
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return new NetworkError(`TLS: the certificate of ${host} is ${code === 'CERT_HAS_EXPIRED' ? 'expired' : 'not yet valid'}`, options);
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new NetworkError(`TLS: the certificate does not match the host name ${new URL(context.url).hostname}`, options);
  }
  if (code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return new NetworkError(`TLS handshake with ${host} failed (is it an HTTPS server?)`, options);
  }
  if (code?.startsWith('ERR_SSL_') || code?.startsWith('ERR_TLS_')) {
    // The code names the OpenSSL reason, e.g. ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION; the message spans lines.
    const reason = code.replace(/^ERR_(SSL|TLS)_/, '').toLowerCase().replaceAll('_', ' ');
    return new NetworkError(`TLS handshake with ${host} failed: ${reason} (${code})`, options);
  }
  // undici's retry handler reports a body cut mid-stream as RequestRetryError.
  const reset =
    (code !== undefined && ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_CLOSED'].includes(code)) ||
    (code === undefined && (error as { name?: unknown } | null)?.name === 'RequestRetryError');
  if (reset) {
    const hint = context.idempotent ? 'retry later' : (context.mayHaveAppliedHint ?? DEFAULT_MAY_HAVE_APPLIED_HINT);
    return new NetworkError(`the connection to ${host} broke before a complete response (${context.method} ${context.url})`, { ...options, hint });
  }
  // llhttp's messages name what was wrong; node's assert (a status below 100) says nothing useful.
  if (code === 'ERR_ASSERTION') return new NetworkError(`request to ${host} failed: the server sent an invalid HTTP status line`, options);
  // Only the first line: some messages (node's assert, OpenSSL) span several, and the error must stay one line.
  const detail = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim() || 'no detail';
  return new NetworkError(`request to ${host} failed: ${detail}${code ? ` (${code})` : ''}`, options);
}

/**
 * The token endpoint refused the client credentials (400, 401, 403: OAuth says
 * 400 invalid_client), or answered a token that cannot be used: exit 3 either way.
 */
export class TokenRefusedError extends ApiError {
  override get exitCode(): ExitCodeValue {
    return ExitCode.auth;
  }
}

/** A list whose `next` links never end, or loop (exit 1). */
export class PaginationError extends CdbaError {
  readonly exitCode = ExitCode.general;
}
