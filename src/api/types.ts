// The client's public contract: what callers pass and get, and the events it
// sends its host. src/api/client.ts re-exports all of it; commands import it from there.
import type { Settings } from '../config/settings.js';
import type { ListAll, ListPage, ListTail } from './pagination.js';
import type { OperationName, PathParams } from './operations.js';
import type { Dispatcher } from 'undici';

/** What the client tells its host; the host decides what, if anything, to show. */
export interface ApiEvents {
  /** A value no output may ever show (a key, a secret, a token). */
  secret(value: string): void;
  /** The service answered with a Deprecation header (once per client). */
  deprecated(notice: DeprecationNotice): void;
  /** Something went wrong that did not stop the request (e.g. a token not cached). */
  warning(message: string): void;
  /** A retry wait begins, with why ("rate limited (429); retrying in 2s"); waits may overlap. */
  waitStarted(message: string): void;
  waitEnded(): void;
  /** One line of the debug trace, already redacted. */
  trace(line: string): void;
}

export interface DeprecationNotice {
  /** e.g. "clusters"; undefined for a path cdba has no name for. */
  resource?: string | undefined;
  version: string;
  /** Dates as YYYY-MM-DD. */
  since: string;
  sunset?: string | undefined;
}

/** Events that go nowhere, for callers that show nothing. */
export const SILENT_EVENTS: ApiEvents = {
  secret: () => {},
  deprecated: () => {},
  warning: () => {},
  waitStarted: () => {},
  waitEnded: () => {},
  trace: () => {},
};

export interface ApiClientOptions {
  settings: Settings;
  events: ApiEvents;
  /** Aborting it (Ctrl-C) stops requests and retry waits. */
  signal?: AbortSignal;
  debug?: boolean;
  /** Deadline for each wire attempt: connect, headers and the whole body. Default 60 000; 0 means none. */
  timeoutMs?: number;
  /** Largest response body accepted, in bytes. Default MAX_BODY_BYTES (64 MiB). */
  maxBodyBytes?: number;
  /** Where the service-account token cache lives (`<configDir>/tokens/`). */
  configDir: string;
  /**
   * Keep a service account's token in `<configDir>/tokens/` for the next run (default
   * true). False for credentials from the environment (context.ts says why).
   */
  persistToken?: boolean;
  retry?: { maxAttempts?: number; maxWaitMs?: number };
  userAgentVersion: string;
  /**
   * What carries requests to an origin; default undici's connection pool. The
   * single executable's snapshot build answers from memory with it
   * (src/sea/warmup.ts): Node's snapshot builder has no WebAssembly for undici's parser.
   */
  dispatcherFactory?: DispatcherFactory;
}

/** undici's Agent `factory`: a Dispatcher for one origin. */
export type DispatcherFactory = (origin: string | URL, options: object) => Dispatcher;

/** A named operation (version picked from the profile's apiVersion), or an explicit version for the raw `api` command. */
export type ResourceSpec = OperationName | { version?: string };
/** An array is sent as the key repeated, once per value. */
export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type Query = Record<string, QueryValue>;
export type ResponseHeaders = Record<string, string | string[]>;

export interface ApiRequest {
  method: string;
  resource: ResourceSpec;
  /** Relative to the version base, e.g. `/groups/abc/clusters`; '' for the root. */
  path: string;
  query?: Query;
  /** Objects are sent as JSON; strings and bytes are sent as they are. Buffered, so it can be re-sent. */
  body?: unknown;
  headers?: Record<string, string>;
  /** PATCH is retried on 5xx/resets only when true; false disables retries of those for any method. */
  idempotent?: boolean;
  /** Default true. False returns HTTP errors as responses instead of throwing. */
  throwOnError?: boolean;
  /** Hint for a non-idempotent request whose connection broke mid-flight. */
  mayHaveAppliedHint?: string;
  /**
   * The path is below the base URL itself, outside /api/<service>/<version> (GET /api/private/ipinfo),
   * and is sent and read as plain JSON; `resource` is then `{ version: 'v1.0' }`.
   */
  outsideApi?: boolean;
  /**
   * The answer is bytes, not text (a gzip log): its body is read byte for byte, and
   * `rawBody` holds one character per byte (latin1; `Buffer.from(rawBody, 'latin1')` gives
   * the bytes back), never parsed.
   */
  binary?: boolean;
  /**
   * Reads a 2xx body as it arrives instead of into memory (DownloadOptions.sink: the
   * `api` passthrough's binary answers to --out); `rawBody` is then empty. Any other
   * body is read as an error document.
   */
  sink?: DownloadOptions['sink'];
}

/** What a named operation's call may add: its method and path come from the table. */
export type CallOptions = Omit<ApiRequest, 'method' | 'resource' | 'path' | 'outsideApi'>;

export interface ApiResponse<T> {
  status: number;
  headers: ResponseHeaders;
  body: T;
  rawBody: string;
  url: string;
  /** The version date of a v2 answer (from its Content-Type), or 'v1.0'. */
  servedVersion?: string;
}

/** A download: an operation whose answer is a file (the table's `media`), streamed to `sink`. */
export interface DownloadOptions {
  query?: Query;
  /**
   * Reads a 2xx body as it arrives, in order, once; the call settles when it does. An
   * error it throws (a typed one: its file could not be written, a cap passed) is the
   * call's; the body breaking off (a reset, --timeout, Ctrl-C) is the transport's.
   * A body that is not 2xx never reaches it: it is read as an error document.
   */
  sink(body: AsyncIterable<Uint8Array>, headers: ResponseHeaders): Promise<void>;
}

/** What a download answered besides its body. */
export interface DownloadAnswer {
  status: number;
  headers: ResponseHeaders;
  url: string;
  servedVersion?: string;
}

export interface FetchAllOptions {
  /** Pages fetched at once after the first. Default 4. */
  concurrency?: number;
  /** itemsPerPage to ask for. Default 500, the service's maximum. */
  pageSize?: number;
  /**
   * Ask the service for totalCount (includeCount). Default true; false follows the next links
   * one by one, or where a list gives none without the count (events), asks page after page
   * by number until one comes back short or empty.
   */
  count?: boolean;
  /**
   * Items may come as their JSON text (a JsonText: what JSON.stringify gives for
   * the item), for a caller that only writes them out as JSON (src/api/pageText.ts).
   */
  itemsAsText?: boolean;
  /** Filters sent with every page (besides pageNum, itemsPerPage and includeCount). */
  query?: Query;
}

export interface ApiClient {
  readonly authMethod: 'digest' | 'bearer' | 'none';
  /**
   * One operation of the table (src/api/operations.ts), by its name and the values of
   * its path parameters: `client.call('clusters.get', { groupId, clusterName })`. The
   * table gives the method, the path (filled by pathOf) and the version. The
   * answer's type comes from where it goes (`Promise<ApiResponse<Cluster>>`).
   */
  call<Name extends OperationName, T = unknown>(name: Name, params: PathParams<Name>, options?: CallOptions): Promise<ApiResponse<T>>;
  /** fetchAll of a list operation, by its name and path parameters. */
  callAll<Name extends OperationName, T = unknown>(name: Name, params: PathParams<Name>, options?: FetchAllOptions): Promise<ListAll<T>>;
  /** streamAll of a list operation, by its name and path parameters. */
  callStream<Name extends OperationName, T = unknown>(name: Name, params: PathParams<Name>, options?: FetchAllOptions): AsyncGenerator<T[], ListTail, undefined>;
  /**
   * One operation whose answer is a file (the table's `media`: Accept names its type), its
   * body handed to `options.sink` as it arrives instead of read into memory. Retried as
   * any GET until an answer starts, never after (a partial body is not resumed).
   */
  download<Name extends OperationName>(name: Name, params: PathParams<Name>, options: DownloadOptions): Promise<DownloadAnswer>;
  /** Any request, by its path: the `api` passthrough, and what lies outside the table (ipinfo). */
  request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>>;
  /** Pages of a list, following `next` links. */
  pages<T>(path: string, resource: ResourceSpec, query?: Query): AsyncGenerator<ListPage<T>, void, undefined>;
  /** Every item of a list: page 1, then the rest concurrently, in order. */
  fetchAll<T>(path: string, resource: ResourceSpec, query?: Query, options?: FetchAllOptions): Promise<ListAll<T>>;
  /** fetchAll's results one page at a time as they arrive, in order, never all held; returns the rest of fetchAll's document. */
  streamAll<T>(path: string, resource: ResourceSpec, query?: Query, options?: FetchAllOptions): AsyncGenerator<T[], ListTail, undefined>;
  /**
   * Closes the connections. `processEnding`: the process ends with this call, and
   * undici's error for each idle connection is made without a stack (formatting one
   * costs a call ~1.5 ms); never while other work in the process may make errors.
   */
  close(options?: { processEnding?: boolean }): Promise<void>;
}
