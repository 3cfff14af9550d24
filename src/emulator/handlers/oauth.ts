// POST /api/oauth/token: the service-account token exchange (OAuth 2 client
// credentials). Basic auth carries client id and secret; the form body carries
// grant_type=client_credentials. Errors here use the OAuth error format (RFC 6749 5.2).
import type { Authenticator } from '../auth.js';
import { checkAccessList } from '../auth.js';

export interface OAuthReply {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function tokenExchange(
  auth: Authenticator,
  input: { method: string; contentType: string; rawBody: string; authorization: string | undefined; peer: string },
): OAuthReply {
  const oauthError = (status: number, error: string, description: string, headers?: Record<string, string>): OAuthReply => ({
    status,
    body: { error, error_description: description },
    ...(headers ? { headers } : {}),
  });
  if (input.method !== 'POST') return oauthError(405, 'invalid_request', 'The token endpoint accepts POST only.', { Allow: 'POST' });
  if (input.contentType.split(';')[0]!.trim().toLowerCase() !== 'application/x-www-form-urlencoded') {
    return oauthError(400, 'invalid_request', 'Send the form as application/x-www-form-urlencoded.');
  }
  const form = new URLSearchParams(input.rawBody);
  const account = auth.serviceAccountFor(input.authorization);
  if (!account) {
    return oauthError(401, 'invalid_client', 'Client authentication failed.', { 'WWW-Authenticate': 'Basic realm="MMS Public API"' });
  }
  if (form.get('grant_type') !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
  }
  checkAccessList(account.accessList, input.peer);
  return { status: 200, body: auth.issueToken(account), headers: { 'Cache-Control': 'no-store' } };
}
