// The API client every command uses: builds versioned requests, authenticates
// them (digest or bearer), retries through undici's retry interceptor, maps
// failures to typed errors, pages through lists. It never prints: the --debug
// trace, retry waits, the deprecation notice and warnings go to its host
// through ApiEvents, and the host (the CLI, src/core/apiEvents.ts) shows them.
//
// Layering of one request, outermost first:
//   send()            auth round trips: digest challenge, stale nonce, bearer refresh (once each)
//   retry interceptor 429 / 502-504 / resets, by src/api/retryPolicy.ts
//   auth interceptor  signs every wire attempt (a retried request gets the next nc)
//   trace interceptor --debug, one block per wire attempt
//   deadline          --timeout for each wire attempt, body included
//   Agent             keep-alive connections, timeouts, CAs
// Bodies are read up to a cap (MAX_BODY_BYTES), so a server cannot fill memory.
import type { Dispatcher } from 'undici';
import { interceptors, type Agent } from './undici.js';
import { ApiError, InterruptedError, UsageError, type Remedy } from '../core/errors.js';
import type { Settings } from '../config/settings.js';
import { DigestParseError } from '../auth/digest.js';
import { DigestSession } from '../auth/digestSession.js';
import { DigestSessionFile } from '../auth/digestSessionFile.js';
import {
  BearerScheme,
  chooseAuthMethod,
  DigestScheme,
  NoAuthScheme,
  BEARER_FAILURE_HINT,
  type AuthScheme,
  type AuthTicket,
} from '../auth/scheme.js';
import { parseTokenResponse, ServiceAccountTokens, TokenFileCache, TokenResponseError, type TokenGrant } from '../auth/serviceAccount.js';
import {
  apiErrorFromResponse,
  InvalidResponseError,
  PaginationError,
  parseSuccessBody,
  tooLarge,
  transportError,
} from './errors.js';
import { asListPage, inOrderWindow, linkHref, MAX_PAGES, PageGuard, type ListAll, type ListPage, type ListTail } from './pagination.js';
import { decideRetry, DEFAULT_RETRY_BUDGET, isIdempotent, waitMessage, type RetryBudget } from './retryPolicy.js';
import { traceInterceptor } from './trace.js';
import { checkBaseUrl, createAgent, deadlineInterceptor, MAX_BODY_BYTES, userAgent } from './transport.js';
import {
  newestVersion,
  OPERATIONS,
  operationFor,
  resourceForPath,
  selectVersion,
  validateApiVersion,
  versionedMediaType,
  versionFromMediaType,
  type OperationName,
  type ResourceName,
  type VersionSelection,
} from './versions.js';

// Part of the public surface: response headers as they may be shown (`api --include`).
export { redactHeaders } from './redact.js';

/** What the client tells its host; the host decides what, if anything, to show. */
export interface ApiEvents {
  /** A value no output may ever show (a key, a secret, a token). */
  secret(value: string): void;
  /** The service answered with a Deprecation header (once per client). */
  deprecated(notice: DeprecationNotice): void;
  /** Something went wrong that did not stop the request (e.g. a token not cached). */
  warning(message: string): void;
  /** A retry wait begins, with why ("rate limited (429); retrying in 2s"); waits may overlap. */
  waitStarted(message: string): void;
  waitEnded(): void;
  /** One line of the debug trace, already redacted. */
  trace(line: string): void;
}

export interface DeprecationNotice {
  /** e.g. "clusters"; undefined for a path cdba has no name for. */
  resource?: string | undefined;
  version: string;
  /** Dates as YYYY-MM-DD. */
  since: string;
  sunset?: string | undefined;
}

/** Events that go nowhere, for callers that show nothing. */
export const SILENT_EVENTS: ApiEvents = {
  secret: () => {},
  deprecated: () => {},
  warning: () => {},
  waitStarted: () => {},
  waitEnded: () => {},
  trace: () => {},
};

export interface ApiClientOptions {
  settings: Settings;
  events: ApiEvents;
  /** Aborting it (Ctrl-C) stops requests and retry waits. */
  signal?: AbortSignal;
  debug?: boolean;
  /** Deadline for each wire attempt: connect, headers and the whole body. Default 60 000; 0 means none. */
  timeoutMs?: number;
  /** Largest response body accepted, in bytes. Default MAX_BODY_BYTES (64 MiB). */
  maxBodyBytes?: number;
  /** Where the service-account token cache lives (`<configDir>/tokens/`). */
  configDir: string;
  retry?: { maxAttempts?: number; maxWaitMs?: number };
  userAgentVersion: string;
}

/** A named operation (version picked from the profile's apiVersion), or an explicit version for the raw `api` command. */
export type ResourceSpec = OperationName | { version?: string };
export type QueryValue = string | number | boolean | undefined;
export type Query = Record<string, QueryValue>;
export type ResponseHeaders = Record<string, string | string[]>;

export interface ApiRequest {
  method: string;
  resource: ResourceSpec;
  /** Relative to the version base, e.g. `/groups/abc/clusters`; '' for the root. */
  path: string;
  query?: Query;
  /** Objects are sent as JSON; strings and bytes are sent as they are. Buffered, so it can be re-sent. */
  body?: unknown;
  headers?: Record<string, string>;
  /** PATCH is retried on 5xx/resets only when true; false disables retries of those for any method. */
  idempotent?: boolean;
  /** Default true. False returns HTTP errors as responses instead of throwing. */
  throwOnError?: boolean;
  /** Hint for a non-idempotent request whose connection broke mid-flight. */
  mayHaveAppliedHint?: string;
}

export interface ApiResponse<T> {
  status: number;
  headers: ResponseHeaders;
  body: T;
  rawBody: string;
  url: string;
  /** The version date of a v2 answer (from its Content-Type), or 'v1.0'. */
  servedVersion?: string;
}

export interface FetchAllOptions {
  /** Pages fetched at once after the first. Default 4. */
  concurrency?: number;
  /** itemsPerPage to ask for. Default 500, the service's maximum. */
  pageSize?: number;
}

export interface ApiClient {
  readonly authMethod: 'digest' | 'bearer' | 'none';
  request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>>;
  /** Pages of a list, following `next` links. */
  pages<T>(path: string, resource: ResourceSpec, query?: Query): AsyncGenerator<ListPage<T>, void, undefined>;
  /** Every item of a list: page 1, then the rest concurrently, in order. */
  fetchAll<T>(path: string, resource: ResourceSpec, query?: Query, options?: FetchAllOptions): Promise<ListAll<T>>;
  /** fetchAll's results one page at a time as they arrive, in order, never all held; returns the rest of fetchAll's document. */
  streamAll<T>(path: string, resource: ResourceSpec, query?: Query, options?: FetchAllOptions): AsyncGenerator<T[], ListTail, undefined>;
  close(): Promise<void>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  return new UndiciApiClient(options);
}

interface Target {
  selection: VersionSelection;
  resourceName: ResourceName | undefined;
  operation: OperationName | undefined;
}

interface WireRequest {
  method: string;
  /** Absolute path and query on the origin, exactly as sent (the digest uri). */
  pathAndQuery: string;
  headers: Record<string, string>;
  body?: Buffer;
  idempotent?: boolean;
  /** False for the token exchange, which carries its own Basic credentials. */
  authenticate: boolean;
  mayHaveAppliedHint?: string;
}

interface WireResponse {
  status: number;
  headers: ResponseHeaders;
  rawBody: string;
  url: string;
  /** Set when retries stopped because the budget ran out. */
  budgetSpent?: 'attempts' | 'wait-budget';
}

const NO_AUTH = new NoAuthScheme();

class UndiciApiClient implements ApiClient {
  readonly authMethod: 'digest' | 'bearer' | 'none';
  private readonly settings: Settings;
  private readonly events: ApiEvents;
  private readonly signal: AbortSignal;
  private readonly debug: boolean;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly budget: RetryBudget;
  private readonly origin: string;
  private readonly prefix: string;
  private readonly agent: Agent;
  private readonly scheme: AuthScheme;
  private readonly userAgent: string;
  /** Values the debug trace must never show. */
  private readonly secrets = new Set<string>();
  private deprecationWarned = false;

  constructor(options: ApiClientOptions) {
    const { settings } = options;
    const base = checkBaseUrl(settings.baseUrl);
    validateApiVersion(settings.apiVersion);
    this.settings = settings;
    this.events = options.events;
    this.signal = options.signal ?? new AbortController().signal;
    this.debug = Boolean(options.debug);
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
    this.budget = {
      maxAttempts: options.retry?.maxAttempts ?? DEFAULT_RETRY_BUDGET.maxAttempts,
      maxWaitMs: options.retry?.maxWaitMs ?? DEFAULT_RETRY_BUDGET.maxWaitMs,
    };
    this.origin = base.origin;
    this.prefix = base.pathname.replace(/\/+$/, '');
    this.userAgent = userAgent(options.userAgentVersion);
    for (const secret of [settings.privateKey, settings.clientSecret]) this.addSecret(secret);
    // What the token exchange sends in its Basic header decodes to the client secret.
    if (settings.clientId && settings.clientSecret) this.addSecret(basicCredentials(settings.clientId, settings.clientSecret));

    this.authMethod = chooseAuthMethod(settings);
    if (this.authMethod === 'bearer') {
      const tokens = new ServiceAccountTokens({
        cache: new TokenFileCache(options.configDir, this.origin + this.prefix, settings.clientId!, settings.clientSecret!),
        fetchGrant: () => this.fetchTokenGrant(),
        onToken: (token) => this.addSecret(token),
        onStoreFailure: (message) => this.events.warning(message),
      });
      this.scheme = new BearerScheme(tokens);
    } else if (this.authMethod === 'digest') {
      const key = { baseUrl: this.origin + this.prefix, username: settings.publicKey!, password: settings.privateKey! };
      this.scheme = new DigestScheme(new DigestSession(key, new DigestSessionFile(options.configDir, key, (line) => this.events.warning(line))));
    } else {
      this.scheme = NO_AUTH;
    }
    this.agent = createAgent({ timeoutMs: this.timeoutMs, ...(settings.caFile ? { caFile: settings.caFile } : {}) });
  }

  /** A value no output may show: the trace and error messages redact it, and the host is told. */
  private addSecret(value: string | undefined): void {
    if (!value) return;
    this.secrets.add(value);
    this.events.secret(value);
  }

  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    if (req.path !== '' && !req.path.startsWith('/')) throw new UsageError(`API path must start with "/": ${req.path}`);
    const target = this.target(req.resource, req.path, req.method);
    const body = serializeBody(req.body);
    const response = await this.send({
      method: req.method.toUpperCase(),
      pathAndQuery: this.pathFor(target.selection, req.path, req.query),
      headers: this.headersFor(target.selection, body !== undefined, req.headers),
      ...(body !== undefined ? { body } : {}),
      ...(req.idempotent !== undefined ? { idempotent: req.idempotent } : {}),
      ...(req.mayHaveAppliedHint ? { mayHaveAppliedHint: req.mayHaveAppliedHint } : {}),
      authenticate: true,
    });
    return this.finish<T>(response, target, req.throwOnError ?? true);
  }

  async *pages<T>(path: string, resource: ResourceSpec, query: Query = {}): AsyncGenerator<ListPage<T>, void, undefined> {
    const target = this.target(resource, path);
    const guard = new PageGuard();
    let next: string | undefined = this.pathFor(target.selection, path, query);
    while (next !== undefined) {
      guard.visit(next);
      const page: ListPage<T> = await this.getPage<T>(next, target);
      yield page;
      next = this.nextPath(page);
    }
  }

  async fetchAll<T>(path: string, resource: ResourceSpec, query: Query = {}, options: FetchAllOptions = {}): Promise<ListAll<T>> {
    const results: T[] = [];
    const pages = this.streamAll<T>(path, resource, query, options);
    for (;;) {
      const step = await pages.next();
      if (step.done) return { results, ...step.value };
      for (const item of step.value) results.push(item);
    }
  }

  async *streamAll<T>(path: string, resource: ResourceSpec, query: Query = {}, options: FetchAllOptions = {}): AsyncGenerator<T[], ListTail, undefined> {
    const pageSize = options.pageSize ?? 500;
    const concurrency = options.concurrency ?? 4;
    const target = this.target(resource, path);
    const pageQuery = (pageNum: number): Query => ({ ...query, itemsPerPage: pageSize, includeCount: true, pageNum });
    const firstPath = this.pathFor(target.selection, path, pageQuery(1));
    const first = await this.getPage<T>(firstPath, target);
    const self = { rel: 'self', href: linkHref(first, 'self') ?? this.origin + firstPath };
    const { totalCount } = first;
    const firstCount = first.results.length;
    // A service that caps the page size below what was asked sends fewer items: page by what it sends.
    const perPage = firstCount > 0 && firstCount < pageSize ? firstCount : pageSize;
    const pageCount = typeof totalCount !== 'number' || firstCount === 0 ? 1 : Math.ceil(totalCount / perPage);
    if (pageCount > MAX_PAGES) throw new PaginationError(`the list has ${pageCount} pages, more than ${MAX_PAGES}; stopping`);
    let next = this.nextPath(first);
    yield first.results;

    if (typeof totalCount === 'number') {
      const rest = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
      for await (const page of inOrderWindow(rest, concurrency, (n) => this.getPage<T>(this.pathFor(target.selection, path, pageQuery(n)), target))) {
        yield page.results;
      }
      return { totalCount, links: [self] };
    }

    // No count: follow the next links one by one.
    let count = firstCount;
    const guard = new PageGuard();
    guard.visit(firstPath);
    while (next !== undefined) {
      guard.visit(next);
      const page: ListPage<T> = await this.getPage<T>(next, target);
      next = this.nextPath(page);
      count += page.results.length;
      yield page.results;
    }
    return { totalCount: count, links: [self] };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  // ---- building requests

  private target(resource: ResourceSpec, path: string, method = 'GET'): Target {
    if (typeof resource === 'string') {
      return { selection: selectVersion(resource, this.settings.apiVersion), resourceName: OPERATIONS[resource].resource, operation: resource };
    }
    const version = resource.version ?? this.settings.apiVersion;
    validateApiVersion(version);
    return {
      selection: version === 'v1.0' ? { base: 'v1.0' } : { base: 'v2', version },
      resourceName: resourceForPath(path),
      operation: operationFor(method, path),
    };
  }

  private pathFor(selection: VersionSelection, path: string, query: Query = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value));
    const qs = params.toString();
    const full = `${this.prefix}/api/${this.settings.service}/${selection.base}${path}`;
    return qs ? `${full}${full.includes('?') ? '&' : '?'}${qs}` : full;
  }

  private headersFor(selection: VersionSelection, hasBody: boolean, extra: Record<string, string> = {}): Record<string, string> {
    const mediaType = selection.base === 'v2' ? versionedMediaType(this.settings.service, selection.version) : 'application/json';
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: mediaType };
    if (hasBody) headers['content-type'] = mediaType;
    for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
    return headers;
  }

  /** The next page's path on our own origin: credentials never follow a link to another host. */
  private nextPath(page: ListPage<unknown>): string | undefined {
    const href = linkHref(page, 'next');
    if (href === undefined) return undefined;
    const url = new URL(href, this.origin);
    return url.pathname + url.search;
  }

  private async getPage<T>(pathAndQuery: string, target: Target): Promise<ListPage<T>> {
    const response = await this.send({
      method: 'GET',
      pathAndQuery,
      headers: this.headersFor(target.selection, false),
      authenticate: true,
    });
    const done = this.finish<unknown>(response, target, true);
    return asListPage<T>(done.body, done.url);
  }

  // ---- sending

  /** One logical request: authentication round trips around retried wire attempts. */
  private async send(wire: WireRequest): Promise<WireResponse> {
    const scheme = wire.authenticate ? this.scheme : NO_AUTH;
    const ticket = await scheme.begin();
    try {
      // At most: the first try, the challenge answer, and one stale-nonce answer.
      for (let round = 1; ; round++) {
        const response = await this.dispatch(wire, scheme, ticket);
        ticket.status = response.status;
        if (response.status !== 401 || round >= 3) return response;
        let again: boolean;
        try {
          again = await scheme.after401(response.headers, ticket);
        } catch (error) {
          if (!(error instanceof DigestParseError)) throw error;
          throw new ApiError(401, undefined, `the service sent a malformed digest challenge (${error.message})`, {
            hint: 'the server at the base URL does not speak digest authentication correctly; check the base URL',
          });
        }
        if (!again) return response;
      }
    } finally {
      scheme.end(ticket);
    }
  }

  /** One request through the retry interceptor: possibly several wire attempts. */
  private async dispatch(wire: WireRequest, scheme: AuthScheme, ticket: AuthTicket): Promise<WireResponse> {
    const url = this.origin + wire.pathAndQuery;
    const state: RetryState = { waitedMs: 0, answered: false };
    const dispatcher = this.agent.compose(
      deadlineInterceptor(this.timeoutMs),
      answerObserver(state),
      ...(this.debug ? [traceInterceptor({ note: (line) => this.events.trace(line) }, () => this.secrets)] : []),
      authInterceptor(scheme, ticket),
      interceptors.retry({ throwOnError: false, retry: this.retryCallback(wire, state) }),
    );
    try {
      const response = await dispatcher.request({
        origin: this.origin,
        path: wire.pathAndQuery,
        method: wire.method as Dispatcher.HttpMethod,
        headers: wire.headers,
        ...(wire.body !== undefined ? { body: wire.body } : {}),
        // Ctrl-C aborts the request at once instead of waiting for the answer.
        signal: this.signal,
      });
      const rawBody = await readCapped(response.body, response.headers, this.maxBodyBytes, wire.method, url);
      return {
        status: response.statusCode,
        headers: response.headers as ResponseHeaders,
        rawBody,
        url,
        ...(state.budgetSpent ? { budgetSpent: state.budgetSpent } : {}),
      };
    } catch (error) {
      if (this.signal.aborted) {
        throw new InterruptedError(`interrupted during ${wire.method} ${url}`, {
          ...(isIdempotent(wire.method, wire.idempotent) ? {} : { hint: wire.mayHaveAppliedHint ?? 'the request may have been applied; check before repeating it' }),
        });
      }
      throw transportError(error, {
        method: wire.method,
        url,
        timeoutMs: this.timeoutMs,
        idempotent: isIdempotent(wire.method, wire.idempotent),
        ...(wire.mayHaveAppliedHint ? { mayHaveAppliedHint: wire.mayHaveAppliedHint } : {}),
      });
    }
  }

  /**
   * undici's retry interceptor does the re-dispatching; this callback decides
   * (src/api/retryPolicy.ts) and waits. A custom callback is needed because the
   * built-in one cannot wait "until the next minute" for a 429 without
   * Retry-After, bound the total wait, tell the user why it waits, or retry
   * 429 but not 503 for POST.
   */
  private retryCallback(wire: WireRequest, state: RetryState) {
    return (error: Error, context: { state: { counter: number } }, callback: (error?: Error | null) => void): void => {
      const { statusCode, headers, code } = error as Error & { statusCode?: number; headers?: Record<string, string | string[]>; code?: string };
      // A 2xx cut off mid-body: undici would resume with a Range request, which
      // a JSON API does not honour; report the broken connection instead.
      if (statusCode === undefined && state.answered) {
        callback(error);
        return;
      }
      const decision = decideRetry(
        {
          method: wire.method,
          ...(wire.idempotent !== undefined ? { idempotent: wire.idempotent } : {}),
          ...(typeof statusCode === 'number' ? { status: statusCode } : code ? { errorCode: code } : {}),
          ...(headers?.['retry-after'] !== undefined ? { retryAfter: headers['retry-after'] } : {}),
          attempt: context.state.counter,
          waitedMs: state.waitedMs,
          now: Date.now(),
        },
        this.budget,
      );
      if (!decision.retry) {
        if (decision.why !== 'not-retryable') state.budgetSpent = decision.why;
        callback(error);
        return;
      }
      state.waitedMs += decision.delayMs;
      this.events.waitStarted(waitMessage(decision.reason, decision.delayMs));
      const resume = (retryError: Error | null): void => {
        clearTimeout(timer);
        this.signal.removeEventListener('abort', onAbort);
        this.events.waitEnded();
        callback(retryError);
      };
      const onAbort = (): void => resume(error);
      const timer = setTimeout(() => resume(null), decision.delayMs);
      this.signal.addEventListener('abort', onAbort, { once: true });
    };
  }

  // ---- answers

  private finish<T>(response: WireResponse, target: Target, throwOnError: boolean): ApiResponse<T> {
    const contentType = headerValue(response.headers, 'content-type');
    const servedVersion = versionFromMediaType(contentType) ?? (target.selection.base === 'v1.0' ? 'v1.0' : undefined);
    const ok = response.status >= 200 && response.status < 300;
    if (ok) this.warnIfDeprecated(response.headers, target, servedVersion);
    let body: unknown;
    if (ok) {
      body = parseSuccessBody(response.status, response.rawBody, response.url, this.secrets);
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

  private errorFor(response: WireResponse, target: Target): ApiError {
    const { status, headers, rawBody } = response;
    const errorCode = headerValue(headers, 'x-error-code');
    let hint: string | undefined;
    let message: string | undefined;
    let remedy: Remedy | undefined;
    if (status === 401) hint = this.scheme.failureHint;
    if (status === 403) {
      hint = rawBody.includes('IP_ADDRESS_NOT_ON_ACCESS_LIST') || errorCode === 'IP_ADDRESS_NOT_ON_ACCESS_LIST'
        ? "add this machine's IP address to the API access list of the key or service account"
        : 'the credentials lack a role that permits this';
    }
    if (status === 406 || status === 410) ({ message, remedy } = this.versionError(status, rawBody, target));
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
    const serverDetail = typeof serverSays === 'object' && serverSays && 'detail' in serverSays ? `: ${String(serverSays.detail)}` : '';
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

  // ---- service-account token exchange

  private async fetchTokenGrant(): Promise<TokenGrant> {
    const basic = basicCredentials(this.settings.clientId!, this.settings.clientSecret!);
    const response = await this.send({
      method: 'POST',
      pathAndQuery: `${this.prefix}/api/oauth/token`,
      headers: {
        'user-agent': this.userAgent,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${basic}`,
      },
      body: Buffer.from('grant_type=client_credentials', 'utf8'),
      // Asking for another token changes nothing on the server, so a replay is harmless.
      idempotent: true,
      authenticate: false,
    });
    if (response.status < 200 || response.status >= 300) {
      const hint = response.status === 400 || response.status === 401 || response.status === 403 ? BEARER_FAILURE_HINT : undefined;
      throw apiErrorFromResponse(response.status, response.headers, response.rawBody, { secrets: this.secrets, ...(hint ? { hint } : {}) });
    }
    const body = parseSuccessBody(response.status, response.rawBody, response.url, this.secrets);
    try {
      return parseTokenResponse(body, Date.now());
    } catch (error) {
      if (error instanceof TokenResponseError) throw new InvalidResponseError(`${error.message} (${response.url})`);
      throw error;
    }
  }
}

interface RetryState {
  waitedMs: number;
  budgetSpent?: 'attempts' | 'wait-budget';
  /** The current wire attempt got a 2xx status line. */
  answered: boolean;
}

/** Notes, per wire attempt, whether a 2xx answer started (see retryCallback). */
function answerObserver(state: RetryState): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    state.answered = false;
    return dispatch(opts, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        state.answered = statusCode >= 200 && statusCode < 300;
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
  };
}

/** Signs each wire attempt; a header the caller set itself is left alone. */
function authInterceptor(scheme: AuthScheme, ticket: AuthTicket): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const headers = { ...(opts.headers as Record<string, string>) };
    if (headers.authorization === undefined) {
      const value = scheme.authorize(opts.method, opts.path, ticket);
      if (value) headers.authorization = value;
    }
    return dispatch({ ...opts, headers }, handler);
  };
}

function basicCredentials(clientId: string, clientSecret: string): string {
  return Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64');
}

function serializeBody(body: unknown): Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  return Buffer.from(JSON.stringify(body), 'utf8');
}

/**
 * The body as text, refused once it passes `limit` bytes: at once when
 * Content-Length says so, else as soon as the count does. Destroying the stream
 * closes the connection, so the rest is never read and memory stays bounded.
 */
async function readCapped(body: Dispatcher.ResponseData['body'], headers: Dispatcher.ResponseData['headers'], limit: number, method: string, url: string): Promise<string> {
  const declared = Number(headerValue(headers as ResponseHeaders, 'content-length'));
  if (declared > limit) {
    body.destroy();
    throw tooLarge(limit, method, url, declared);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw tooLarge(limit, method, url);
    }
    chunks.push(chunk);
  }
  // TextDecoder drops a leading BOM, as undici's body.text() did.
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

function tryJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An HTTP-date (or RFC 9745 `@epoch`) as YYYY-MM-DD; the raw text when unreadable. */
export function httpDate(value: string): string {
  const epoch = /^@(\d+)$/.exec(value.trim());
  const time = epoch ? Number(epoch[1]) * 1000 : Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 10);
}
