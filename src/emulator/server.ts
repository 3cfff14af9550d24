// The request pipeline. Every /api/atlas request goes through these stages, in order:
//   faults (latency, 503) -> authentication (401 digest challenge / bearer)
//   -> the credential's address list (403) -> route (404 RESOURCE_NOT_FOUND, 405; 501 NOT_EMULATED for an operation
//      of the service's description no module serves, notEmulated.ts) -> version (406, 410)
//   -> scope (the item the path's scope parameter names; its module's 404) -> rate limit (429) -> role (403; the scope's own rule where it has one)
//   -> body (415, 400 MALFORMED_JSON, also for nesting past MAX_BODY_DEPTH; read-only fields echoed unchanged taken out, readOnly.ts)
//   -> room in the state file (413 STATE_LIMIT_EXCEEDED: a write that could make --state too large to load) -> the module's handler
//   -> after a change (not GET, 2xx), the modules that observe are told of it (contract.ts, Observation).
// A module's endpoints outside the versioned API (contract.ts, outsideApi) are answered right
// after the address list: authenticated, no scope, GET only.
// Outside /api/atlas: GET /_emulator/stats and /_emulator/state (no auth), POST /api/oauth/token and POST /api/oauth/revoke.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OPERATIONS } from '../api/operations.js';
import { CHALLENGE_BODY, authorize, checkCallerAddress } from './auth.js';
import { serviceDay, serviceNow } from './context.js';
import type { RequestContext, Services } from './contract.js';
import { ApiFailure, failures } from './errors.js';
import { MAX_BODY_DEPTH, nestedDeeperThan, serializeJson } from './jsonText.js';
import { tokenExchange, tokenRevocation } from './oauth.js';
import { booleanParam } from './pagination.js';
import type { RateLimiter } from './rateLimit.js';
import { withoutEchoes } from './readOnly.js';
import { notEmulated } from './notEmulated.js';
import { matchRoute } from './routes.js';
import type { Stats } from './stats.js';
import { bodyTypeMatches, negotiate, versionDates, versionedContentType } from './versions.js';
import type { OperationVersion } from './versions.js';

export const STATS_PATH = '/_emulator/stats';
/** Each module's part of the state, as startEmulator's state() answers it (what a restore left on its target, for a test in another process). */
export const STATE_PATH = '/_emulator/state';
/** The OAuth endpoints beside the API: the token exchange, and RFC 7009 revocation. */
const OAUTH_ENDPOINTS: Partial<Record<string, typeof tokenExchange>> = { '/api/oauth/token': tokenExchange, '/api/oauth/revoke': tokenRevocation };
const MAX_BODY_BYTES = 1024 * 1024;

export interface Pipeline extends Services {
  limiter: RateLimiter;
  stats: Stats;
  removedVersions: ReadonlySet<string>;
  /** scheme://host:port the emulator listens on; links use the Host header when present. */
  url: string;
  /** Called with anything a handler throws that is not an ApiFailure (answered 500). */
  onUnexpected(error: unknown): void;
  /** What GET /_emulator/state answers. */
  state(): unknown;
}

type Headers = Record<string, string | string[]>;

/** Outcome of one request, for the stats. */
interface Outcome {
  template: string;
  status: number | undefined;
  challenged: boolean;
}

function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }));
    req.on('error', reject);
  });
}

/** The clock of the Date header: the service's (under --date, that day), so a client that reads the day from it (cdba versions) sees the day whose Sunsets are in force. */
const serviceClock = (app: Pipeline): (() => number) => () => serviceNow(app);

function send(res: ServerResponse, req: IncomingMessage, clock: () => number, status: number, headers: Headers, text: string | Buffer): void {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  res.statusCode = status;
  res.setHeader('Date', new Date(clock()).toUTCString());
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // 204 has no body and no Content-Length (RFC 9110 §8.6).
  if (status !== 204) res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD' || status === 204) res.end();
  else res.end(body);
}

// serializeJson is JSON.stringify that writes pre-serialised views (a module's cached documents) as they are.
const json = (value: unknown, pretty: boolean): string => (pretty ? JSON.stringify(value, null, 2) : serializeJson(value));

/** pretty=true, read leniently for errors: a bad value must not hide the original failure. */
const wantsPretty = (query: URLSearchParams): boolean => query.get('pretty') === 'true';

function sendFailure(res: ServerResponse, req: IncomingMessage, app: Pipeline, failure: ApiFailure, query: URLSearchParams, extra: Headers): void {
  const headers: Headers = { 'Content-Type': 'application/json', 'X-Error-Code': failure.errorCode, ...extra, ...failure.headers };
  send(res, req, serviceClock(app), failure.status, headers, json(failure.toDocument(), wantsPretty(query)));
}

function baseUrlOf(req: IncomingMessage, app: Pipeline): string {
  const scheme = app.url.startsWith('https:') ? 'https' : 'http';
  return req.headers.host ? `${scheme}://${req.headers.host}` : app.url;
}

function parseBody(
  ctx: Pick<RequestContext, 'api' | 'operation' | 'version' | 'contentType' | 'rawBody'>,
  served: OperationVersion | undefined,
  arrayBody = false,
): Record<string, unknown> | unknown[] {
  const mediaType = ctx.contentType.split(';')[0]!.trim().toLowerCase();
  const accepted = ['application/json'];
  if (ctx.api === 'v2' && ctx.version) accepted.push(`application/vnd.atlas.${ctx.version}+json`);
  // A body typed with the date the client sent in Accept is that version too (negotiation picks the same one).
  const [bodyDate] = versionDates(mediaType);
  const negotiated = served !== undefined && bodyDate !== undefined && bodyTypeMatches(ctx.operation, bodyDate, served);
  if (!accepted.includes(mediaType) && !negotiated) throw failures.unsupportedMediaType(ctx.contentType, accepted);
  // Refused before anything walks it: every route's body comes through here (a deep one was a 500 on some).
  if (nestedDeeperThan(ctx.rawBody, MAX_BODY_DEPTH)) throw failures.nestedTooDeep(MAX_BODY_DEPTH);
  let body: unknown;
  try {
    body = JSON.parse(ctx.rawBody);
  } catch {
    throw failures.malformedJson();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) !== arrayBody) throw failures.invalidJson();
  return body as Record<string, unknown> | unknown[];
}

/**
 * The item a path's scope parameter names (contract.ts, PathScope), or undefined when the
 * path has none; the module's 404 when it names nothing.
 */
function resolveScope(app: Pipeline, params: Record<string, string>): { id: string } | undefined {
  for (const module of app.store.modules) {
    const scope = module.scope;
    const value = scope === undefined ? undefined : params[scope.param];
    if (scope === undefined || value === undefined) continue;
    const item = scope.find(app.store, value);
    if (!item) throw scope.notFound(value);
    return item;
  }
  return undefined;
}

/** A served version's lifecycle headers: Deprecation and Sunset where it has them, on every answer at it, failures included. */
function lifecycleHeaders(version: OperationVersion | undefined): Headers {
  const headers: Headers = {};
  if (version?.deprecation) headers.Deprecation = version.deprecation;
  if (version?.sunset) headers.Sunset = version.sunset;
  return headers;
}

function versionHeaders(version: OperationVersion | undefined, media?: 'gzip'): Headers {
  if (!version) return { 'Content-Type': 'application/json' };
  return { 'Content-Type': versionedContentType(version.date, media), ...lifecycleHeaders(version) };
}

async function serveApi(req: IncomingMessage, res: ServerResponse, app: Pipeline, url: URL, rawBody: string, outcome: Outcome): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const target = req.url ?? '/';
  const peer = req.socket.remoteAddress ?? '';
  let extraHeaders: Headers = {};
  try {
    const auth = app.auth.authenticate(method, target, req.headers.authorization);
    if ('challenge' in auth) {
      outcome.challenged = true;
      outcome.status = 401;
      const headers = { 'Content-Type': 'application/json', 'WWW-Authenticate': app.auth.challengeHeaders(auth.challenge.stale) };
      send(res, req, serviceClock(app), 401, headers, CHALLENGE_BODY);
      return;
    }
    const { principal } = auth;
    checkCallerAddress(principal, peer);
    const outside = app.store.modules.find((module) => module.outsideApi?.[url.pathname])?.outsideApi?.[url.pathname];
    if (outside) {
      if (method !== 'GET' && method !== 'HEAD') throw failures.methodNotAllowed(method, url.pathname, ['GET', 'HEAD']);
      outcome.status = 200;
      send(res, req, serviceClock(app), 200, { 'Content-Type': 'application/json' }, JSON.stringify(outside({ peer })));
      return;
    }

    let match;
    try {
      match = matchRoute(url.pathname, method);
    } catch {
      match = undefined; // a malformed %-escape in a path segment
    }
    // An operation of the service's description that no module serves: 501 NOT_EMULATED, not 404 or 405.
    if (!match) throw (await notEmulated(method, url.pathname)) ?? failures.resourceNotFound(url.pathname);
    // No route of the path serves the method (a literal route gives way to a {placeholder} one that does: routes.ts, matchRoute).
    const { operation } = match;
    if (!operation) throw (await notEmulated(method, url.pathname)) ?? failures.methodNotAllowed(method, url.pathname, match.allowed);

    const version = match.api === 'v2' ? negotiate(operation.name, req.headers.accept, {
            removed: app.removedVersions,
            ...(app.date !== undefined ? { date: serviceDay(app)! } : {}),
          }, url.pathname) : undefined;
    // A deprecated version's failures carry its Deprecation and Sunset too (recorded: a 400 at 2023-02-01), not its Content-Type.
    extraHeaders = lifecycleHeaders(version);
    const scope = resolveScope(app, match.params);
    const counted = scope?.id ?? (operation.countPerCaller ? `caller:${principal.kind === 'apiKey' ? principal.key.publicKey : principal.account.clientId}` : undefined);
    if (counted !== undefined) {
      const decision = app.limiter.take(counted, operation.module.rateLimitShares ?? operation.module.name, operation.module.rateLimitPerMinute);
      if (match.api === 'v2') {
        extraHeaders = { ...extraHeaders, 'RateLimit-Limit': String(decision.limit), 'RateLimit-Remaining': String(decision.remaining) };
      }
      if (!decision.allowed) throw failures.rateLimited(decision.retryAfterSeconds);
    }
    if (scope) {
      const custom = app.store.modules.find((module) => module.scope?.param !== undefined && match.params[module.scope.param] !== undefined)?.scope?.authorize;
      if (custom) custom(principal, scope, operation.action, app.store);
      else authorize(principal, scope.id, operation.action);
    }

    const ctx: RequestContext = {
      services: app,
      operation: operation.name,
      method,
      target,
      path: url.pathname,
      query: url.searchParams,
      params: match.params,
      api: match.api,
      ...(version ? { version: version.date } : {}),
      baseUrl: baseUrlOf(req, app),
      principal,
      ...(scope ? { scope } : {}),
      contentType: req.headers['content-type'] ?? '',
      rawBody,
      body: undefined,
    };
    const pretty = booleanParam(url.searchParams, 'pretty', false);
    const envelope = booleanParam(url.searchParams, 'envelope', operation.envelopeByDefault === true);
    if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && !(operation.noBody && rawBody.trim() === '')) ctx.body = withoutEchoes(ctx, parseBody(ctx, version, operation.arrayBody), operation.readOnly);
    // What the emulator writes it must load again: a change that could take the state file past the limit is refused before it is made.
    if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && !app.store.hasRoomFor(Buffer.byteLength(rawBody))) throw failures.stateFull(app.store.maxBytes);

    const reply = await operation.handler(ctx);
    if (method !== 'GET' && method !== 'HEAD' && reply.status >= 200 && reply.status < 300) await observe(app, ctx, reply.status, reply.body, peer);
    if (reply.drop) {
      outcome.status = undefined;
      req.socket.destroy();
      return;
    }
    let body = reply.body;
    if (envelope) {
      const isList = typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results);
      body = isList ? { ...(body as object), status: reply.status } : { content: body, status: reply.status };
    }
    outcome.status = reply.status;
    // 204 No Content has no body, and the service sends none (recorded deletes that answer 204).
    if (reply.bytes) {
      send(res, req, serviceClock(app), reply.status, { ...versionHeaders(version, OPERATIONS[operation.name].media), ...reply.headers, ...extraHeaders }, reply.bytes);
      return;
    }
    send(res, req, serviceClock(app), reply.status, { ...versionHeaders(version), ...reply.headers, ...extraHeaders }, reply.status === 204 ? '' : json(body, pretty));
  } catch (error) {
    if (!(error instanceof ApiFailure)) app.onUnexpected(error);
    const failure = error instanceof ApiFailure ? error : failures.unexpected();
    outcome.status = failure.status;
    sendFailure(res, req, app, failure, url.searchParams, extraHeaders);
  }
}

/** Tells the modules that observe (contract.ts, Observation) of a change that was made; their failures do not change the answer. */
async function observe(app: Pipeline, ctx: RequestContext, status: number, body: unknown, peer: string): Promise<void> {
  for (const module of app.store.modules) {
    if (!module.observe) continue;
    try {
      await module.observe({
        operation: ctx.operation,
        method: ctx.method,
        params: ctx.params,
        requestBody: ctx.body,
        status,
        body,
        principal: ctx.principal,
        peer,
        ...(ctx.scope ? { scope: ctx.scope } : {}),
        services: ctx.services,
      });
    } catch (error) {
      app.onUnexpected(error);
    }
  }
}

/** The node:http request listener. */
export function createHandler(app: Pipeline) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    let template = url.pathname;
    try {
      template = matchRoute(url.pathname, method)?.template ?? template;
    } catch {
      // a malformed %-escape: counted under the raw path
    }
    const outcome: Outcome = { template, status: undefined, challenged: false };
    try {
      const { text: rawBody, tooLarge } = await readBody(req);
      if (url.pathname === STATS_PATH && (method === 'GET' || method === 'HEAD')) {
        send(res, req, serviceClock(app), 200, { 'Content-Type': 'application/json' }, json(app.stats.snapshot(), wantsPretty(url.searchParams)));
        return; // not counted: watching the counters must not move them
      }
      if (url.pathname === STATE_PATH && (method === 'GET' || method === 'HEAD')) {
        send(res, req, serviceClock(app), 200, { 'Content-Type': 'application/json' }, json(app.state(), wantsPretty(url.searchParams)));
        return;
      }
      await app.faults.delay();
      if (app.faults.shouldFail()) throw failures.serviceUnavailable();
      if (tooLarge) throw failures.payloadTooLarge();
      const oauth = OAUTH_ENDPOINTS[url.pathname];
      if (oauth) {
        const reply = oauth(app.auth, {
          method,
          contentType: req.headers['content-type'] ?? '',
          rawBody,
          authorization: req.headers.authorization,
          peer: req.socket.remoteAddress ?? '',
        });
        outcome.status = reply.status;
        send(res, req, serviceClock(app), reply.status, { 'Content-Type': 'application/json', ...reply.headers }, JSON.stringify(reply.body));
      } else if (url.pathname.startsWith('/api/')) {
        await serveApi(req, res, app, url, rawBody, outcome);
      } else {
        throw failures.resourceNotFound(url.pathname);
      }
    } catch (error) {
      if (!(error instanceof ApiFailure)) app.onUnexpected(error);
      const failure = error instanceof ApiFailure ? error : failures.unexpected();
      outcome.status = failure.status;
      if (!res.headersSent && !req.socket.destroyed) sendFailure(res, req, app, failure, url.searchParams, {});
    }
    app.stats.record(method, outcome.template, outcome.status, outcome.challenged);
  };
}

