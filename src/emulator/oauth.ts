// POST /api/oauth/token: the service-account token exchange (OAuth 2 client
// credentials). Basic auth carries client id and secret; the form body carries
// grant_type=client_credentials. POST /api/oauth/revoke (RFC 7009) ends a token,
// as OAuth clients do at the end of a session. Errors here use the OAuth error
// format (RFC 6749 5.2).
import type { Authenticator, SeedServiceAccount } from './auth.js';
import { checkCallerAddress } from './auth.js';

export interface OAuthReply {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface OAuthInput {
  method: string;
  contentType: string;
  rawBody: string;
  authorization: string | undefined;
  peer: string;
}

const oauthError = (status: number, error: string, description: string, headers?: Record<string, string>): OAuthReply => ({
  status,
  body: { error, error_description: description },
  ...(headers ? { headers } : {}),
});

/** What both endpoints check first: POST, a form, the client's Basic credentials. */
function clientOf(auth: Authenticator, input: OAuthInput): { form: URLSearchParams; account: SeedServiceAccount } | OAuthReply {
  if (input.method !== 'POST') return oauthError(405, 'invalid_request', 'The endpoint accepts POST only.', { Allow: 'POST' });
  if (input.contentType.split(';')[0]!.trim().toLowerCase() !== 'application/x-www-form-urlencoded') {
    return oauthError(400, 'invalid_request', 'Send the form as application/x-www-form-urlencoded.');
  }
  const account = auth.serviceAccountFor(input.authorization);
  if (!account) {
    return oauthError(401, 'invalid_client', 'Client authentication failed.', { 'WWW-Authenticate': 'Basic realm="MMS Public API"' });
  }
  return { form: new URLSearchParams(input.rawBody), account };
}

/**
 * RFC 7009: 200 with an empty body once the token is unusable, also for a token that is
 * unknown or already gone ("invalid tokens do not cause an error response"); a token
 * another client was issued is not touched (2.1: it is revoked only for the client it was issued to).
 */
export function tokenRevocation(auth: Authenticator, input: OAuthInput): OAuthReply {
  const client = clientOf(auth, input);
  if (!('account' in client)) return client;
  const token = client.form.get('token');
  if (!token) return oauthError(400, 'invalid_request', 'The token parameter is required.');
  checkCallerAddress(client.account, input.peer);
  auth.revokeToken(client.account, token);
  return { status: 200, body: {}, headers: { 'Cache-Control': 'no-store' } };
}

export function tokenExchange(auth: Authenticator, input: OAuthInput): OAuthReply {
  const client = clientOf(auth, input);
  if (!('account' in client)) return client;
  const { form, account } = client;
  if (form.get('grant_type') !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
  }
  checkCallerAddress(account, input.peer);
  return { status: 200, body: auth.issueToken(account), headers: { 'Cache-Control': 'no-store' } };
}
