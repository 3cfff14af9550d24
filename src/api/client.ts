// The API client every command uses: the composition of its four jobs.
//   request.ts         request building: version, URL, headers, body
//   answers.ts         answers and errors: status to typed errors, body cap, deprecation
//   authentication.ts  tokens and auth schemes: digest or bearer, the token exchange
//   paging.ts          pages, fetchAll, streamAll (pageText.ts: items read as text)
// It never prints: the --debug trace, retry waits, the deprecation notice and
// warnings go to its host through ApiEvents, and the host (the CLI,
// src/core/apiEvents.ts) shows them.
//
// Layering of one request, outermost first:
//   sendAuthenticated auth round trips: digest challenge, stale nonce, bearer refresh (once each)
//   retry interceptor 429 / 502-504 / resets, by src/api/retryPolicy.ts  (wire.ts)
//   auth interceptor  signs every wire attempt (a retried request gets the next nc)
//   trace interceptor --debug, one block per wire attempt
//   deadline          --timeout for each wire attempt, body included
//   Agent             keep-alive connections, timeouts, CAs
// Bodies are read up to a cap (MAX_BODY_BYTES), so a server cannot fill memory.
import type { Agent } from './undici.js';
import type { AuthScheme } from '../auth/scheme.js';
import { AnswerReader, type WireResponse } from './answers.js';
import { basicCredentials, createAuthScheme, fetchTokenGrant, NO_AUTH, sendAuthenticated } from './authentication.js';
import { listPageText } from './pageText.js';
import { fetchAll, pages, streamAll, type PageSource } from './paging.js';
import { asListPage, type ListAll, type ListPage, type ListTail } from './pagination.js';
import { RequestBuilder, type Target, type WireRequest } from './request.js';
import { DEFAULT_RETRY_BUDGET, type RetryBudget } from './retryPolicy.js';
import { checkBaseUrl, createAgent, MAX_BODY_BYTES, userAgent } from './transport.js';
import { OPERATIONS, pathOf, type OperationName, type PathParams } from './operations.js';
import type { ApiClient, ApiClientOptions, ApiRequest, ApiResponse, CallOptions, DownloadAnswer, DownloadOptions, FetchAllOptions, Query, ResourceSpec } from './types.js';
import { validateApiVersion, type VersionSelection } from './versions.js';
import { WireSender } from './wire.js';

export * from './types.js';
export { httpDate } from './answers.js';
// Part of the public surface: response headers as they may be shown (`api --include`).
export { redactHeaders } from './redact.js';

export function createApiClient(options: ApiClientOptions): ApiClient {
  return new UndiciApiClient(options);
}

class UndiciApiClient implements ApiClient, PageSource {
  readonly authMethod: 'digest' | 'bearer' | 'none';
  readonly origin: string;
  private readonly agent: Agent;
  private readonly scheme: AuthScheme;
  private readonly builder: RequestBuilder;
  private readonly sender: WireSender;
  private readonly answers: AnswerReader;

  constructor(options: ApiClientOptions) {
    const { settings, events } = options;
    const base = checkBaseUrl(settings.baseUrl);
    validateApiVersion(settings.apiVersion);
    const timeoutMs = options.timeoutMs ?? 60_000;
    const budget: RetryBudget = {
      maxAttempts: options.retry?.maxAttempts ?? DEFAULT_RETRY_BUDGET.maxAttempts,
      maxWaitMs: options.retry?.maxWaitMs ?? DEFAULT_RETRY_BUDGET.maxWaitMs,
    };
    this.origin = base.origin;
    const prefix = base.pathname.replace(/\/+$/, '');
    const agentName = userAgent(options.userAgentVersion);

    // Values no output may show: the trace and error messages redact them, and the host is told.
    const secrets = new Set<string>();
    const addSecret = (value: string | undefined): void => {
      if (!value) return;
      secrets.add(value);
      events.secret(value);
    };
    for (const secret of [settings.privateKey, settings.clientSecret]) addSecret(secret);
    // What the token exchange sends in its Basic header decodes to the client secret.
    if (settings.clientId && settings.clientSecret) addSecret(basicCredentials(settings.clientId, settings.clientSecret));

    this.builder = new RequestBuilder({ prefix, service: settings.service, apiVersion: settings.apiVersion, userAgent: agentName });
    this.scheme = createAuthScheme({
      settings,
      baseUrl: this.origin + prefix,
      configDir: options.configDir,
      persistToken: options.persistToken ?? true,
      fetchGrant: () => fetchTokenGrant({ settings, prefix, userAgent: agentName, secrets, send: (wire) => this.send(wire) }),
      addSecret,
      warning: (message) => events.warning(message),
      debug: (message) => {
        if (options.debug) events.trace(`cdba: debug: ${message}`);
      },
    });
    this.authMethod = this.scheme.kind;
    this.agent = createAgent({ timeoutMs, ...(settings.caFile ? { caFile: settings.caFile } : {}), ...(options.dispatcherFactory ? { factory: options.dispatcherFactory } : {}) });
    this.sender = new WireSender({
      agent: this.agent,
      origin: this.origin,
      events,
      signal: options.signal ?? new AbortController().signal,
      debug: Boolean(options.debug),
      timeoutMs,
      maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
      budget,
      secrets,
    });
    this.answers = new AnswerReader({ events, secrets, budget, failureRemedy: this.scheme.failureRemedy });
  }

  async call<Name extends OperationName, T = unknown>(name: Name, params: PathParams<Name>, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>({ ...options, method: OPERATIONS[name].method, resource: name, path: pathOf(name, params) });
  }

  async callAll<Name extends OperationName, T = unknown>(name: Name, params: PathParams<Name>, options: FetchAllOptions = {}): Promise<ListAll<T>> {
    return fetchAll<T>(this, pathOf(name, params), name, options.query ?? {}, options);
  }

  callStream<Name extends OperationName, T = unknown>(name: Name, params: PathParams<Name>, options: FetchAllOptions = {}): AsyncGenerator<T[], ListTail, undefined> {
    return streamAll<T>(this, pathOf(name, params), name, options.query ?? {}, options);
  }

  async download<Name extends OperationName>(name: Name, params: PathParams<Name>, options: DownloadOptions): Promise<DownloadAnswer> {
    const { target, wire } = this.builder.build({ method: OPERATIONS[name].method, resource: name, path: pathOf(name, params), ...(options.query ? { query: options.query } : {}) });
    const response = await this.send({ ...wire, sink: options.sink });
    const { status, headers, url, servedVersion } = this.answers.finish<unknown>(response, target, true, () => null);
    return { status, headers, url, ...(servedVersion ? { servedVersion } : {}) };
  }

  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const { target, wire } = this.builder.build(req);
    const response = await this.send(wire);
    return this.answers.finish<T>(response, target, req.throwOnError ?? true, req.binary ? (raw) => raw : undefined);
  }

  pages<T>(path: string, resource: ResourceSpec, query: Query = {}): AsyncGenerator<ListPage<T>, void, undefined> {
    return pages<T>(this, path, resource, query);
  }

  fetchAll<T>(path: string, resource: ResourceSpec, query: Query = {}, options: FetchAllOptions = {}): Promise<ListAll<T>> {
    return fetchAll<T>(this, path, resource, query, options);
  }

  streamAll<T>(path: string, resource: ResourceSpec, query: Query = {}, options: FetchAllOptions = {}): AsyncGenerator<T[], ListTail, undefined> {
    return streamAll<T>(this, path, resource, query, options);
  }

  async close(options: { processEnding?: boolean } = {}): Promise<void> {
    // undici destroys each idle connection with an error whose stack node's streams
    // read; formatting it means source positions in the 1.6 MB bundle, ~1.5 ms of a
    // call (test/bench/RESULTS.md). Nobody sees that error, so at the end of the
    // process it is made without frames. Error.stackTraceLimit is the process's:
    // changed while other calls run in it (in-process tests), their errors lost their
    // stacks; changed while a start-up snapshot is built, node dropped it from the
    // snapshot (test/e2e/sea.test.ts).
    if (!options.processEnding) return this.agent.close();
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      await this.agent.close();
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }

  // ---- PageSource, for paging.ts

  target(resource: ResourceSpec, path: string): Target {
    return this.builder.target(resource, path);
  }

  pathFor(selection: VersionSelection, path: string, query?: Query): string {
    return this.builder.pathFor(selection, path, query);
  }

  async getPage<T>(pathAndQuery: string, target: Target, asText = false): Promise<ListPage<T>> {
    const response = await this.send(this.builder.pageRequest(pathAndQuery, target));
    const done = this.answers.finish<unknown>(response, target, true, asText ? listPageText : undefined);
    return asListPage<T>(done.body, done.url);
  }

  /** One logical request: authentication round trips around retried wire attempts. */
  private send(wire: WireRequest): Promise<WireResponse> {
    const scheme = wire.authenticate ? this.scheme : NO_AUTH;
    return sendAuthenticated(scheme, (ticket) => this.sender.dispatch(wire, scheme, ticket));
  }
}
