// Answers and errors: a wire response becomes the caller's ApiResponse or a
// typed error (status to ApiError with hints, 406/410 naming the version to
// use, a non-JSON 2xx to InvalidResponseError); bodies are read up to a cap;
// a Deprecation header becomes one `deprecated` event.
import { capText } from '../base/sanitize.js';
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { ApiError, type Remedy } from '../base/errors.js';
import { apiErrorFromResponse, MAX_ANSWER_DEPTH, nestedDeeperThan, parseErrorDocument, parseSuccessBody, tooLarge } from './errors.js';
import type { Target } from './request.js';
import type { RetryBudget } from './retryPolicy.js';
import type { ApiEvents, ApiResponse, ResponseHeaders } from './types.js';
import { newestVersion, versionFromMediaType } from './versions.js';

/** The first version in which each shard is its own replicationSpecs entry. */
const PER_SHARD_VERSION = '2024-08-05';

export interface WireResponse {
  status: number;
  headers: ResponseHeaders;
  rawBody: string;
  url: string;
  /** Set when retries stopped because the budget ran out. */
  budgetSpent?: 'attempts' | 'wait-budget';
  /**
   * A DELETE retried after an attempt whose answer was lost (a 5xx, a reset): that
   * attempt may have deleted the resource, so a 404 now means it is gone.
   */
  deleteMayHaveApplied?: boolean;
}

export interface AnswerReaderOptions {
  events: ApiEvents;
  /** Values no error message may show; filled as tokens arrive. */
  secrets: ReadonlySet<string>;
  budget: RetryBudget;
  /** The hint for a 401 re-authenticating could not cure (the auth scheme's). */
  failureRemedy: Remedy;
}

export class AnswerReader {
  private readonly events: ApiEvents;
  private readonly secrets: ReadonlySet<string>;
  private readonly budget: RetryBudget;
  private readonly failureRemedy: Remedy;
  private deprecationWarned = false;

  constructor(options: AnswerReaderOptions) {
    this.events = options.events;
    this.secrets = options.secrets;
    this.budget = options.budget;
    this.failureRemedy = options.failureRemedy;
  }

  /** `readBody`: a faster reading of a 2xx body, or undefined to have it parsed as usual. */
  finish<T>(response: WireResponse, target: Target, throwOnError: boolean, readBody?: (rawBody: string) => unknown): ApiResponse<T> {
    if (response.status === 404 && response.deleteMayHaveApplied) return this.deletedByLostAttempt<T>(response);
    const contentType = headerValue(response.headers, 'content-type');
    const servedVersion = versionFromMediaType(contentType) ?? (target.selection.base === 'v1.0' ? 'v1.0' : undefined);
    const ok = response.status >= 200 && response.status < 300;
    if (ok) this.warnIfDeprecated(response.headers, target, servedVersion);
    let body: unknown;
    if (ok) {
      body = readBody?.(response.rawBody) ?? parseSuccessBody(response.status, response.rawBody, response.url, this.secrets);
    } else if (throwOnError) {
      throw this.errorFor(response, target);
    } else {
      body = tryJson(response.rawBody);
    }
    return {
      status: response.status,
      headers: response.headers,
      body: body as T,
      rawBody: response.rawBody,
      url: response.url,
      ...(servedVersion ? { servedVersion } : {}),
    };
  }

  /**
   * The retry of a DELETE found nothing: an earlier attempt, whose answer was lost, deleted
   * it. That is the outcome asked for, a 204 with a note, not a failure to find it.
   */
  private deletedByLostAttempt<T>(response: WireResponse): ApiResponse<T> {
    this.events.warning("an earlier attempt's answer was lost, and the resource is gone now: that attempt deleted it");
    return { status: 204, headers: {}, body: undefined as T, rawBody: '', url: response.url };
  }

  private errorFor(response: WireResponse, target: Target): ApiError {
    const { status, headers, rawBody } = response;
    const errorCode = headerValue(headers, 'x-error-code');
    let hint: string | undefined;
    let message: string | undefined;
    let remedy: Remedy | undefined;
    if (status === 401) remedy = this.failureRemedy;
    if (status === 401 && acceptedButNotPermitted(rawBody, headers)) {
      // The keys were good: checking them is the wrong advice; the role is what to change.
      remedy = undefined;
      hint = "the credentials were accepted, but their role does not permit this action; use a key or service account whose role does";
    }
    if (status === 403) {
      hint = rawBody.includes('IP_ADDRESS_NOT_ON_ACCESS_LIST') || errorCode === 'IP_ADDRESS_NOT_ON_ACCESS_LIST'
        ? "add this machine's IP address to the API access list of the key or service account"
        : 'the credentials lack a role that permits this';
    }
    if (status === 406 || status === 410) ({ message, remedy } = this.versionError(status, rawBody, target));
    // Shards of different sizes cannot be told at v1.0, 2023-01-01 or 2023-02-01: only the per-shard shape can.
    if (status === 400 && errorCode === 'ASYMMETRIC_SHARD_UNSUPPORTED') remedy = { setting: 'apiVersion', version: PER_SHARD_VERSION, orNewer: true };
    if (response.budgetSpent) {
      const spent = response.budgetSpent === 'attempts'
        ? `gave up after ${this.budget.maxAttempts} attempts`
        : `gave up: waiting again would pass the ${Math.round(this.budget.maxWaitMs / 1000)}s retry budget`;
      hint = status === 429
        ? `${spent}; the limit is per project and resets each minute, try again later`
        : `${spent}; try again later`;
    }
    return apiErrorFromResponse(status, headers, rawBody, {
      secrets: this.secrets,
      ...(hint ? { hint } : {}),
      ...(message ? { message } : {}),
      ...(remedy ? { remedy } : {}),
    });
  }

  /** What went wrong, and the version setting that would fix it (the CLI names the flag). */
  private versionError(status: number, rawBody: string, target: Target): { message: string; remedy: Remedy } {
    const requested = target.selection.base === 'v2' ? target.selection.version : 'v1.0';
    const name = target.resourceName ?? 'this resource';
    const detail = status === 410 ? `API version ${requested} of ${name} has been removed` : `the service does not accept API version ${requested} for ${name}`;
    const newest = target.operation ? newestVersion(target.operation) : undefined;
    if (newest && newest !== requested) return { message: detail, remedy: { setting: 'apiVersion', version: newest } };
    const serverSays = tryJson(rawBody);
    const serverDetail = typeof serverSays === 'object' && serverSays && 'detail' in serverSays ? `: ${capText(String(serverSays.detail))}` : '';
    return { message: `${detail}${serverDetail}`, remedy: { setting: 'apiVersion', known: name === 'this resource' ? 'none for this path' : newest } };
  }

  private warnIfDeprecated(headers: ResponseHeaders, target: Target, servedVersion: string | undefined): void {
    const deprecation = headerValue(headers, 'deprecation');
    if (this.deprecationWarned || !deprecation) return;
    this.deprecationWarned = true;
    const sunset = headerValue(headers, 'sunset');
    const version = servedVersion ?? (target.selection.base === 'v2' ? target.selection.version : 'v1.0');
    this.events.deprecated({ resource: target.resourceName, version, since: httpDate(deprecation), sunset: sunset ? httpDate(sunset) : undefined });
  }
}

/**
 * The body as text, refused once it passes `limit` bytes: at once when
 * Content-Length says so, else as soon as the count does. Destroying the stream
 * closes the connection, so the rest is never read and memory stays bounded.
 */
export async function readCapped(body: Dispatcher.ResponseData['body'], headers: Dispatcher.ResponseData['headers'], limit: number, method: string, url: string, encoding: 'utf8' | 'latin1' = 'utf8'): Promise<string> {
  const declared = Number(headerValue(headers as ResponseHeaders, 'content-length'));
  if (declared > limit) {
    discardBody(body);
    throw tooLarge(limit, method, url, declared);
  }
  // Decoded chunk by chunk (a character split between chunks is carried over), not
  // gathered into one Buffer first: a 1.4 MB list page then never sits in memory
  // as chunks, a copy and a string at once (figure 5). node's StringDecoder, not
  // TextDecoder: 1.4 vs 2.3 ms a page (test/bench/RESULTS.md, figure 4); a leading
  // BOM is dropped, as undici's body.text() did.
  const decoder = new StringDecoder(encoding);
  let text = '';
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      discardBody(body);
      throw tooLarge(limit, method, url);
    }
    text += decoder.write(chunk);
  }
  text += decoder.end();
  return encoding === 'utf8' && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Closes a body that will not be read (the connection goes, the rest is never read).
 * Destroying it makes undici emit an AbortError on it, after the caller has moved on when
 * the whole body had already arrived: with no 'error' listener, node would end the process
 * with a stack trace ("Unhandled 'error' event") instead of the caller's one line.
 */
export function discardBody(body: Pick<Dispatcher.ResponseData['body'], 'on' | 'destroy'>): void {
  body.on('error', () => {});
  body.destroy();
}

export function tryJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    const body: unknown = JSON.parse(text);
    // Too deep to walk safely: kept as the text it is.
    return nestedDeeperThan(body, MAX_ANSWER_DEPTH) ? text : body;
  } catch {
    return text;
  }
}

export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An HTTP-date (or RFC 9745 `@epoch`) as YYYY-MM-DD; the raw text when unreadable. */
export function httpDate(value: string): string {
  const epoch = /^@(\d+)$/.exec(value.trim());
  const time = epoch ? Number(epoch[1]) * 1000 : Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 10);
}

/**
 * A 401 USER_UNAUTHORIZED that is not a challenge: the service knew the caller
 * (digest and bearer refusals of the credentials themselves come with a
 * WWW-Authenticate challenge, or as UNEXPECTED_ERROR "not authorized for this
 * resource"), and its role does not permit the action.
 */
function acceptedButNotPermitted(rawBody: string, headers: ResponseHeaders): boolean {
  if (headerValue(headers, 'www-authenticate') !== undefined) return false;
  const document = parseErrorDocument(rawBody);
  return document?.errorCode === 'USER_UNAUTHORIZED' && /not authorized to perform this action/i.test(document.detail ?? '');
}
