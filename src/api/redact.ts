// Redaction for the --debug trace: secrets never reach stderr, wherever they sit
// (headers, JSON or form bodies, URLs). Pure functions, so tests can pin them.
import { scrubSecrets, secretForms } from '../base/secretForms.js';

export const REDACTED = '[REDACTED]';

/**
 * JSON or form keys whose values are secrets: OAuth's, and every field of the service's
 * description that carries one (`writeOnly` or `format: password` there, the secrets a
 * create answers with once, and third-party integrations' keys, tokens and webhook URLs).
 */
const SECRET_KEYS = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'clientSecret',
  'privateKey',
  'private_key',
  'password',
  'secret',
  'bindPassword',
  'sslKey',
  'sslKeyPassword',
  'secretAccessKey',
  'serviceAccountKey',
  'destinationOrgPrivateApiKey',
  'apiKey',
  'apiToken',
  'datadogApiKey',
  'opsGenieApiKey',
  'victorOpsApiKey',
  'victorOpsRoutingKey',
  'routingKey',
  'serviceKey',
  'notificationToken',
  'hecToken',
  'linkToken',
  'readToken',
  'writeToken',
  'webhookSecret',
  'webhookUrl',
  'microsoftTeamsWebhookUrl',
  // A webhook's templates and custom header values, which may carry its credentials.
  'bodyTemplate',
  'headersTemplate',
  'webhookBodyTemplate',
  'webhookHeadersTemplate',
  'value',
];
const KEY_ALTERNATION = SECRET_KEYS.join('|');
// "key": "value" in JSON, allowing escaped quotes inside the value.
const JSON_SECRET = new RegExp(`("(?:${KEY_ALTERNATION})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
// key=value in form bodies and query strings.
const FORM_SECRET = new RegExp(`(^|[?&\\s])(${KEY_ALTERNATION})=[^&\\s]*`, 'gi');
// Credentials after an auth scheme, in any text.
const SCHEME_CREDENTIALS = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/** Headers whose whole value is a credential. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/**
 * Removes secrets from a piece of text: values of secret-named JSON and form keys,
 * Bearer/Basic credentials, and every occurrence of each known secret value
 * (raw and URL-encoded).
 */
export function redact(text: string, secrets: Iterable<string> = []): string {
  return scrubSecrets(text, [...secrets].filter(Boolean).map(secretForms), REDACTED)
    .replace(JSON_SECRET, `$1"${REDACTED}"`)
    .replace(FORM_SECRET, `$1$2=${REDACTED}`)
    .replace(SCHEME_CREDENTIALS, `$1 ${REDACTED}`);
}

/**
 * Redacts a header map for display. Credential headers keep only their scheme
 * (`Digest [REDACTED]`); all other values go through `redact`.
 */
export function redactHeaders(
  headers: Record<string, string | string[] | number | undefined>,
  secrets: Iterable<string> = [],
): Record<string, string> {
  const list = [...secrets];
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    if (SECRET_HEADERS.has(name.toLowerCase())) {
      const scheme = /^(Digest|Bearer|Basic)\s/i.exec(value)?.[1];
      out[name] = scheme && name.toLowerCase().endsWith('authorization') ? `${scheme} ${REDACTED}` : REDACTED;
    } else {
      out[name] = redact(value, list);
    }
  }
  return out;
}
