// Redaction for the --debug trace: secrets never reach stderr, wherever they sit
// (headers, JSON or form bodies, URLs). Pure functions, so tests can pin them.
import { visit } from 'jsonc-parser';
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

/** An object or array being read: its members (objects), its secret-or-not `value` strings, and the key it sits under. */
interface Container {
  members?: string[];
  values: Array<[number, number]>;
  parentKey: string | undefined;
}

/**
 * The [start, end) of every string token of a JSON document that is a secret `value`
 * (any case of the key, by `valueIsPlain`), or undefined when `text` is not one whole
 * strict JSON document (cut short, a form, plain text) or nests deeper than MAX_JSON_DEPTH.
 * jsonc-parser's visitor, held to strict JSON, gives each token's place in the text.
 */
function secretValueSpans(text: string): Array<[number, number]> | undefined {
  const spans: Array<[number, number]> = [];
  const open: Container[] = [];
  let key: string | undefined; // the property whose value comes next
  let broken = false;
  const begin = (isObject: boolean): void => {
    const top = open.at(-1);
    open.push({ ...(isObject ? { members: [] } : {}), values: [], parentKey: top?.members ? key : top?.parentKey });
    if (open.length > MAX_JSON_DEPTH) broken = true;
  };
  const end = (): void => {
    const done = open.pop();
    if (done?.members && done.values.length > 0 && !valueIsPlain(done.members, done.parentKey)) spans.push(...done.values);
  };
  try {
    visit(
      text,
      {
        onObjectBegin: () => begin(true),
        onArrayBegin: () => begin(false),
        onObjectEnd: end,
        onArrayEnd: end,
        onObjectProperty: (property) => {
          key = property;
          open.at(-1)?.members?.push(property);
        },
        onLiteralValue: (value, offset, length) => {
          const top = open.at(-1);
          if (typeof value === 'string' && top?.members && key?.toLowerCase() === 'value') top.values.push([offset, offset + length]);
        },
        onError: () => {
          broken = true;
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    );
  } catch (error) {
    // A document nested deep enough to overflow the parser's stack is not sorted either.
    if (!(error instanceof RangeError)) throw error;
    broken = true;
  }
  return broken || open.length > 0 ? undefined : spans.sort((a, b) => a[0] - b[0]);
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
