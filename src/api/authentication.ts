// Tokens and auth schemes, wired to the client: which scheme a profile gets
// (digest with the keys, bearer with a service account's tokens), the token
// exchange, the auth round trips around one request (challenge, stale nonce,
// bearer refresh) and the interceptor that signs every wire attempt.
import type { Dispatcher } from 'undici';
import { ApiError } from '../base/errors.js';
import type { Settings } from '../config/settings.js';
import { DigestParseError } from '../auth/digest.js';
import { DigestSession } from '../auth/digestSession.js';
import { DigestSessionFile } from '../auth/digestSessionFile.js';
import { BearerScheme, chooseAuthMethod, DigestScheme, NoAuthScheme, BEARER_FAILURE, type AuthScheme, type AuthTicket } from '../auth/scheme.js';
import { parseTokenResponse, ServiceAccountTokens, TokenFileCache, TokenResponseError, type TokenGrant } from '../auth/serviceAccount.js';
import type { WireResponse } from './answers.js';
import { apiErrorFromResponse, parseSuccessBody, TokenRefusedError } from './errors.js';
import { redact } from './redact.js';
import { capText } from '../base/sanitize.js';
import { isObject } from '../base/object.js';
import type { WireRequest } from './request.js';

/** For requests that carry their own credentials (the token exchange). */
export const NO_AUTH: AuthScheme = new NoAuthScheme();

export interface AuthWiring {
  settings: Settings;
  /** Origin and base path: what token and digest-session caches are keyed by. */
  baseUrl: string;
  configDir: string;
  /** Whether a service account's token may be kept in `<configDir>/tokens/` (false: in memory only). */
  persistToken: boolean;
  /** Sends the token exchange (unauthenticated) when the bearer scheme needs a token. */
  fetchGrant(): Promise<TokenGrant>;
  /** A token to keep out of every output. */
  addSecret(value: string): void;
  warning(message: string): void;
  /** A line for --debug only: what costs a round trip but changes no result. */
  debug(message: string): void;
}

/** The scheme the profile's credentials call for. */
export function createAuthScheme(wiring: AuthWiring): AuthScheme {
  const { settings } = wiring;
  const method = chooseAuthMethod(settings);
  if (method === 'bearer') {
    const tokens = new ServiceAccountTokens({
      ...(wiring.persistToken ? { cache: new TokenFileCache(wiring.configDir, wiring.baseUrl, settings.clientId!, settings.clientSecret!) } : {}),
      fetchGrant: () => wiring.fetchGrant(),
      onToken: (token) => wiring.addSecret(token),
      onStoreFailure: (message) => wiring.warning(message),
    });
    return new BearerScheme(tokens);
  }
  if (method === 'digest') {
    const key = { baseUrl: wiring.baseUrl, username: settings.publicKey!, password: settings.privateKey! };
    return new DigestScheme(new DigestSession(key, new DigestSessionFile(wiring.configDir, key, (line) => wiring.debug(line))));
  }
  return NO_AUTH;
}

/** What the token exchange's Basic header carries (and so a secret too). */
export function basicCredentials(clientId: string, clientSecret: string): string {
  return Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64');
}

/** One logical request: authentication round trips around `dispatch` (retried wire attempts). */
export async function sendAuthenticated(
  scheme: AuthScheme,
  dispatch: (ticket: AuthTicket) => Promise<WireResponse>,
): Promise<WireResponse> {
  const ticket = await scheme.begin();
  try {
    // At most: the first try, the challenge answer, and one stale-nonce answer.
    for (let round = 1; ; round++) {
      const response = await dispatch(ticket);
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

/** Signs each wire attempt; a header the caller set itself is left alone. */
export function authInterceptor(scheme: AuthScheme, ticket: AuthTicket): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const headers = { ...(opts.headers as Record<string, string>) };
    if (headers.authorization === undefined) {
      const value = scheme.authorize(opts.method, opts.path, ticket);
      if (value) headers.authorization = value;
    }
    return dispatch({ ...opts, headers }, handler);
  };
}

export interface TokenExchange {
  settings: Settings;
  /** The base URL's path, without a trailing slash. */
  prefix: string;
  userAgent: string;
  secrets: ReadonlySet<string>;
  send(wire: WireRequest): Promise<WireResponse>;
}

/** An OAuth 2 error answer (RFC 6749 5.2: `{"error": "invalid_client", "error_description": ...}`), in words. */
function oauthError(rawBody: string): string | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  if (!isObject(doc) || typeof doc.error !== 'string') return undefined;
  const description = typeof doc.error_description === 'string' ? ` (${capText(doc.error_description)})` : '';
  return `${capText(doc.error, 100)}${description}`;
}

/** The service-account token exchange (client credentials grant). */
export async function fetchTokenGrant(exchange: TokenExchange): Promise<TokenGrant> {
  const { settings, secrets } = exchange;
  const basic = basicCredentials(settings.clientId!, settings.clientSecret!);
  const response = await exchange.send({
    method: 'POST',
    pathAndQuery: `${exchange.prefix}/api/oauth/token`,
    headers: {
      'user-agent': exchange.userAgent,
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
    const refused = response.status === 400 || response.status === 401 || response.status === 403;
    const oauth = refused ? oauthError(redact(response.rawBody, secrets)) : undefined;
    if (oauth) throw new TokenRefusedError(response.status, undefined, `the token endpoint refused the client credentials: ${oauth}`, { remedy: BEARER_FAILURE });
    const error = apiErrorFromResponse(response.status, response.headers, response.rawBody, { secrets, ...(refused ? { remedy: BEARER_FAILURE } : {}) });
    if (refused) throw new TokenRefusedError(response.status, error.document, error.document ? undefined : error.message.replace(/ \(HTTP \d+\)$/, ''), { remedy: BEARER_FAILURE });
    throw error;
  }
  const body = parseSuccessBody(response.status, response.rawBody, response.url, secrets);
  try {
    return parseTokenResponse(body, Date.now());
  } catch (error) {
    // Nothing is cached: the next run asks again.
    if (error instanceof TokenResponseError) throw new TokenRefusedError(response.status, undefined, `${error.message} (${response.url})`);
    throw error;
  }
}
