// The pure part of `cdba api`: the path and its placeholders, -f fields, -H headers,
// and which method and where the fields go. No I/O, so unit tests pin every rule.
//
// Rules (like `gh api`):
// - GET is the default; POST when a body is given (--input, or -f fields without -X).
// - -f fields are a JSON body object, except: on GET, HEAD and DELETE, and next to
//   --input (which is the body), they are query parameters.
// - Body field values are JSON when they parse as JSON (true, 10, null, [..], {..},
//   "quoted"), otherwise strings; keys with dots nest (a.b=1 -> {"a":{"b":1}}).
//   Query values are sent as written.
import { UsageError } from '../../base/errors.js';
import { checkJsonText, findJsonTextProblem } from '../../core/jsonText.js';
import { isObject } from '../../base/object.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Methods whose -f fields go to the query string. */
const QUERY_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'DELETE']);

/** Placeholders filled from the resolved configuration. */
export const PLACEHOLDERS = ['projectId', 'groupId'] as const;

/** Headers the client owns: credentials and framing. */
const FORBIDDEN_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'host', 'content-length', 'transfer-encoding', 'connection']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A path relative to the version base: "/groups/{projectId}/clusters", with an optional query. */
export function checkPath(path: string): string {
  const trimmed = path.trim();
  const hint = 'give the path relative to the version base, e.g. /groups/{projectId}/clusters';
  if (trimmed === '') throw new UsageError('the API path is empty', { hint });
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    throw new UsageError(`"${trimmed}" is a URL; cdba adds the base URL and version itself`, { hint });
  }
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (/^\/api\/[^/]+\/(v1\.0|v2)(\/|$|\?)/.test(withSlash)) {
    throw new UsageError(`"${trimmed}" includes the version base; pick the version with --api-version instead`, { hint });
  }
  checkStaysUnderBase(withSlash, hint);
  return withSlash;
}

/**
 * The path is appended to the version base as it is, and servers and proxies
 * normalise what they receive: a "..", even percent-encoded, or a backslash
 * would reach outside the version base. Spaces, control characters and '#'
 * cannot be sent in a request line at all.
 */
function checkStaysUnderBase(path: string, hint: string): void {
  // The error line escapes control characters itself (io.note), so show the path as given.
  const shown = `"${path}"`;
  if (/[\s\p{Cc}#]/u.test(path)) {
    throw new UsageError(`the API path ${shown} has a space, control character or '#'; percent-encode it (e.g. %20)`, { hint });
  }
  const pathPart = path.split('?')[0]!;
  for (const segment of pathPart.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new UsageError(`the API path ${shown} has a malformed percent-escape`, { hint });
    }
    if (decoded === '.' || decoded === '..' || /[\\/]/.test(decoded) || decoded.includes('\0')) {
      throw new UsageError(`the API path ${shown} leaves the version base ('.', '..', a backslash or an encoded '/' in a segment)`, { hint });
    }
  }
}

/** Every {name} in the path; unknown names are a usage error. */
export function placeholdersIn(path: string): string[] {
  const names = [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  for (const name of names) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new UsageError(`unknown placeholder {${name}} in the path; known: ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`);
    }
  }
  return names;
}

export function fillPlaceholders(path: string, projectId: string): string {
  return path.replace(/\{(projectId|groupId)\}/g, () => encodeURIComponent(projectId));
}

/** "Name: value" -> [name, value]. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon).trim() : '';
  if (!HEADER_NAME.test(name)) throw new UsageError(`invalid -H "${text}": expected 'Name: value'`);
  if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
    throw new UsageError(`-H ${name}: cdba sets this header itself${name.toLowerCase().includes('authorization') ? ' from the profile\'s credentials' : ''}; it cannot be overridden`);
  }
  const value = text.slice(colon + 1).trim();
  if (/[\r\n\0]/.test(value)) throw new UsageError(`invalid -H ${name}: the value has a line break`);
  return [name, value];
}

export function parseHeaders(texts: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const text of texts) {
    const [name, value] = parseHeader(text);
    const key = name.toLowerCase();
    if (Object.hasOwn(headers, key)) throw new UsageError(`-H ${name} is given twice`);
    headers[key] = value;
  }
  return headers;
}

/** A body field's value: JSON when it parses as JSON, else the text itself. */
export function fieldValue(raw: string, key = ''): unknown {
  const problem = findJsonTextProblem(raw);
  if (problem?.kind === 'depth') checkJsonText(raw, `-f ${key}`, problem);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return raw;
  }
  // A number JSON in JavaScript cannot carry (1e400, 20 digits, -0) is refused, not sent changed.
  checkJsonText(raw, `-f ${key}`, problem);
  return value;
}

/** Fields as a JSON object; "a.b" nests. The same key twice, or a key inside a value, is refused. */
export function fieldsBody(fields: ReadonlyArray<readonly [string, string]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of fields) {
    const path = key.split('.');
    if (path.some((part) => part === '')) throw new UsageError(`invalid -f key "${key}"`);
    let node = body;
    for (const [i, part] of path.entries()) {
      const last = i === path.length - 1;
      if (last) {
        if (Object.hasOwn(node, part)) throw new UsageError(`-f ${key} is given twice, or inside another -f field`);
        node[part] = fieldValue(raw, key);
      } else {
        const next = Object.hasOwn(node, part) ? node[part] : (node[part] = {});
        if (!isObject(next)) throw new UsageError(`-f ${key}: "${path.slice(0, i + 1).join('.')}" is already a value`);
        node = next;
      }
    }
  }
  return body;
}

export function fieldsQuery(fields: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of fields) {
    if (Object.hasOwn(query, key)) throw new UsageError(`-f ${key} is given twice`);
    query[key] = value;
  }
  return query;
}

export interface PlanInput {
  method?: HttpMethod;
  hasInput: boolean;
  fields: ReadonlyArray<readonly [string, string]>;
  paginate: boolean;
  include: boolean;
}

export interface Plan {
  method: HttpMethod;
  /** Where the -f fields go. */
  fieldsAs: 'query' | 'body';
}

export function planRequest(input: PlanInput): Plan {
  const hasFields = input.fields.length > 0;
  const method: HttpMethod = input.method ?? (input.hasInput || (hasFields && !input.paginate) ? 'POST' : 'GET');
  if (input.hasInput && (method === 'GET' || method === 'HEAD')) {
    throw new UsageError(`--input gives a body, which ${method} does not take; add -X POST, PUT or PATCH`);
  }
  if (input.paginate && method !== 'GET') throw new UsageError(`--paginate follows list pages, so it needs GET, not ${method}`);
  if (input.paginate && input.include) {
    throw new UsageError('--paginate and --include cannot be combined: --paginate prints one merged document');
  }
  const fieldsAs = input.hasInput || QUERY_METHODS.has(method) ? 'query' : 'body';
  return { method, fieldsAs };
}
