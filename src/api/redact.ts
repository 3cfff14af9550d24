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
  // A webhook's Header ({name, value}); in a whole JSON document, only where
  // `valueIsPlain` does not know the object's shape (tags, matchers, data points).
  'value',
];
const KEY_ALTERNATION = SECRET_KEYS.join('|');
// "key": "value" in JSON, allowing escaped quotes inside the value.
const jsonSecret = (keys: string): RegExp => new RegExp(`("(?:${keys})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const JSON_SECRET = jsonSecret(KEY_ALTERNATION);
// The same without `value`, for a whole JSON document, whose values `secretValueSpans` sorts.
const JSON_NAMED_SECRET = jsonSecret(SECRET_KEYS.filter((key) => key !== 'value').join('|'));
// key=value in form bodies and query strings.
const FORM_SECRET = new RegExp(`(^|[?&\\s])(${KEY_ALTERNATION})=[^&\\s]*`, 'gi');
// Credentials after an auth scheme, in any text.
const SCHEME_CREDENTIALS = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/** Headers whose whole value is a credential. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/**
 * Removes secrets from a piece of text: values of secret-named JSON and form keys,
 * Bearer/Basic credentials, and every occurrence of each known secret value
 * (raw and URL-encoded). A JSON `value` goes unless the text is a whole JSON document
 * and its object is a known shape whose `value` is data (`valueIsPlain`).
 */
export function redact(text: string, secrets: Iterable<string> = []): string {
  const forms = [...secrets].filter(Boolean).map(secretForms);
  // A whole JSON document: only the `value`s of objects that may hold a credential go
  // (decided on the document as sent, before anything is replaced in it). Anything
  // else (a form, a URL, a body cut short, not JSON): every JSON "value" goes.
  const spans = /^\s*[[{]/.test(text) ? secretValueSpans(text) : undefined;
  const json = spans
    ? scrubSecrets(replaceSpans(text, spans, `"${REDACTED}"`), forms, REDACTED).replace(JSON_NAMED_SECRET, `$1"${REDACTED}"`)
    : scrubSecrets(text, forms, REDACTED).replace(JSON_SECRET, `$1"${REDACTED}"`);
  return json.replace(FORM_SECRET, `$1$2=${REDACTED}`).replace(SCHEME_CREDENTIALS, `$1 ${REDACTED}`);
}

/**
 * Whether an object's `value` is plainly no secret, by the object's other members: the
 * shapes of the service's description whose `value` is data. Tags and labels
 * (`{key, value}`: ResourceTag, ComponentLabel, BackupLabel), alert and metric matchers
 * (`{fieldName, operator, value}`), metric data points (`{timestamp, value}`) and rate
 * limits (`{defaultValue, value}`). Everything else keeps its `value` secret: a webhook's
 * Header (`{name, value}`, writeOnly and `format: password` there) and any object with a
 * `name`, anything under a key that names headers, and every shape not listed here.
 */
function valueIsPlain(members: readonly string[], parentKey: string | undefined): boolean {
  if (parentKey !== undefined && /header/i.test(parentKey)) return false;
  if (members.some((member) => member.toLowerCase() === 'name')) return false;
  const has = (member: string): boolean => members.includes(member);
  return has('key') || (has('fieldName') && has('operator')) || has('timestamp') || has('defaultValue');
}

/** Nesting beyond this is not sorted: the text is redacted as if it were not JSON. */
const MAX_JSON_DEPTH = 256;

class NotJson extends Error {}

/**
 * The [start, end) of every string token of a JSON document that is a secret `value`
 * (any case of the key, by `valueIsPlain`), or undefined when `text` is not one whole
 * JSON document (cut short, a form, plain text) or nests deeper than MAX_JSON_DEPTH.
 * One pass, no copy of the document.
 */
function secretValueSpans(text: string): Array<[number, number]> | undefined {
  const spans: Array<[number, number]> = [];
  let pos = 0;
  const fail = (): never => {
    throw new NotJson();
  };
  const skipSpace = (): void => {
    for (let c = text.charCodeAt(pos); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(++pos));
  };
  const expect = (char: string): void => {
    if (text[pos] !== char) fail();
    pos++;
  };
  const string = (): void => {
    expect('"');
    for (;;) {
      const c = text.charCodeAt(pos);
      if (Number.isNaN(c) || c < 0x20) fail();
      if (c === 0x22) break;
      if (c !== 0x5c) pos++;
      else if (text[pos + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) pos += 6;
      else if ('"\\/bfnrt'.includes(text[pos + 1] ?? 'x')) pos += 2;
      else fail();
    }
    pos++;
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  /** Reads one value; says whether it was a string. */
  const value = (parentKey: string | undefined, depth: number): boolean => {
    if (depth > MAX_JSON_DEPTH) fail();
    const c = text[pos];
    if (c === '"') {
      string();
      return true;
    }
    if (c === '{') {
      object(parentKey, depth);
    } else if (c === '[') {
      pos++;
      skipSpace();
      if (text[pos] === ']') pos++;
      else {
        for (;;) {
          skipSpace();
          value(parentKey, depth + 1);
          skipSpace();
          if (text[pos] === ']') break;
          expect(',');
        }
        pos++;
      }
    } else {
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, pos));
      if (literal) pos += literal.length;
      else {
        NUMBER.lastIndex = pos;
        if (!NUMBER.test(text)) fail();
        pos = NUMBER.lastIndex;
      }
    }
    return false;
  };
  const object = (parentKey: string | undefined, depth: number): void => {
    pos++;
    const members: string[] = [];
    const values: Array<[number, number]> = [];
    skipSpace();
    if (text[pos] === '}') {
      pos++;
      return;
    }
    for (;;) {
      skipSpace();
      const keyStart = pos;
      string();
      const raw = text.slice(keyStart + 1, pos - 1);
      const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      members.push(key);
      skipSpace();
      expect(':');
      skipSpace();
      const start = pos;
      if (value(key, depth + 1) && key.toLowerCase() === 'value') values.push([start, pos]);
      skipSpace();
      if (text[pos] === '}') break;
      expect(',');
    }
    pos++;
    if (values.length > 0 && !valueIsPlain(members, parentKey)) spans.push(...values);
  };
  try {
    skipSpace();
    value(undefined, 0);
    skipSpace();
    if (pos !== text.length) fail();
  } catch (error) {
    if (error instanceof NotJson) return undefined;
    throw error;
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** `text` with each of the (disjoint) spans replaced by `replacement`. */
function replaceSpans(text: string, spans: ReadonlyArray<[number, number]>, replacement: string): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const [start, end] of spans) {
    parts.push(text.slice(from, start), replacement);
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join('');
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
