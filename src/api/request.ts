// Request building: which version a call goes to, its URL, its headers
// (Accept/Content-Type by version, User-Agent) and its body as bytes.
import { UsageError } from '../base/errors.js';
import type { ApiRequest, Query, ResourceSpec } from './types.js';
import {
  OPERATIONS,
  operationFor,
  resourceForPath,
  selectVersion,
  validateApiVersion,
  versionedMediaType,
  type OperationName,
  type ResourceName,
  type VersionSelection,
} from './versions.js';

/** Where a call goes: the version picked, and the resource and operation it names (for messages). */
export interface Target {
  selection: VersionSelection;
  resourceName: ResourceName | undefined;
  operation: OperationName | undefined;
}

/** One logical request as it goes on the wire. */
export interface WireRequest {
  method: string;
  /** Absolute path and query on the origin, exactly as sent (the digest uri). */
  pathAndQuery: string;
  headers: Record<string, string>;
  body?: Buffer;
  idempotent?: boolean;
  /** False for the token exchange, which carries its own Basic credentials. */
  authenticate: boolean;
  mayHaveAppliedHint?: string;
  /** Read the answer as bytes (latin1 text). */
  binary?: boolean;
  /** A download's reader of a 2xx body (ApiClient.download); any other body is read as text. */
  sink?: (body: AsyncIterable<Uint8Array>, headers: Record<string, string | string[]>) => Promise<void>;
}

export interface RequestBuilderOptions {
  /** The base URL's path, without a trailing slash ('' for most). */
  prefix: string;
  service: string;
  /** The profile's apiVersion, for named operations and the raw default. */
  apiVersion: string;
  userAgent: string;
}

export class RequestBuilder {
  constructor(private readonly options: RequestBuilderOptions) {}

  /** The wire request for a caller's request, and where it goes. */
  build(req: ApiRequest): { target: Target; wire: WireRequest } {
    if (req.path !== '' && !req.path.startsWith('/')) throw new UsageError(`API path must start with "/": ${req.path}`);
    const target = this.target(req.resource, req.path, req.method);
    const body = serializeBody(req.body);
    const wire: WireRequest = {
      method: req.method.toUpperCase(),
      pathAndQuery: req.outsideApi ? withQuery(`${this.options.prefix}${req.path}`, req.query) : this.pathFor(target.selection, req.path, req.query),
      headers: this.headersFor(target.selection, body !== undefined, req.headers, target.operation ? OPERATIONS[target.operation].media : undefined),
      ...(body !== undefined ? { body } : {}),
      ...(req.idempotent !== undefined ? { idempotent: req.idempotent } : {}),
      ...(req.mayHaveAppliedHint ? { mayHaveAppliedHint: req.mayHaveAppliedHint } : {}),
      ...(req.binary ? { binary: true } : {}),
      ...(req.sink ? { sink: req.sink } : {}),
      authenticate: true,
    };
    return { target, wire };
  }

  target(resource: ResourceSpec, path: string, method = 'GET'): Target {
    if (typeof resource === 'string') {
      return { selection: selectVersion(resource, this.options.apiVersion), resourceName: OPERATIONS[resource].resource, operation: resource };
    }
    const version = resource.version ?? this.options.apiVersion;
    validateApiVersion(version);
    return {
      selection: version === 'v1.0' ? { base: 'v1.0' } : { base: 'v2', version },
      resourceName: resourceForPath(path),
      operation: operationFor(method, path),
    };
  }

  pathFor(selection: VersionSelection, path: string, query: Query = {}): string {
    return withQuery(`${this.options.prefix}/api/${this.options.service}/${selection.base}${path}`, query);
  }

  /** `media`: the operation answers a file of that type (the table's `media`), which Accept names. */
  headersFor(selection: VersionSelection, hasBody: boolean, extra: Record<string, string> = {}, media?: 'gzip'): Record<string, string> {
    const mediaType = selection.base === 'v2' ? versionedMediaType(this.options.service, selection.version) : 'application/json';
    const accept = selection.base === 'v2' && media ? versionedMediaType(this.options.service, selection.version, media) : mediaType;
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent, accept };
    if (hasBody) headers['content-type'] = mediaType;
    for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
    return headers;
  }

  /** A GET of one page, by its path and query. */
  pageRequest(pathAndQuery: string, target: Target): WireRequest {
    return { method: 'GET', pathAndQuery, headers: this.headersFor(target.selection, false), authenticate: true };
  }
}

function withQuery(full: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else if (value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${full}${full.includes('?') ? '&' : '?'}${qs}` : full;
}

/** Objects as JSON; strings and bytes as they are. Buffered, so a retry can re-send it. */
function serializeBody(body: unknown): Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  return Buffer.from(JSON.stringify(body), 'utf8');
}
