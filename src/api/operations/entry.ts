// What a resource's file of this folder declares: its operations of the table
// (src/api/operations.ts registers each file with one line), each named
// `<resource>.<verb>`, with method, path and the versions it is served at. Types only.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationVersion {
  /** The version date, as in Accept: application/vnd.atlas.<date>+json. */
  date: string;
  /** HTTP-date of the successor's release, sent as Deprecation (byte for byte as the service does). */
  deprecation?: string;
  /** HTTP-date of removal, sent as Sunset; from that day the version answers 410. */
  sunset?: string;
}

/** An operation as the table declares it: its resource is the first part of its name. */
export interface TableEntry {
  method: HttpMethod;
  /** Relative to the API base (/api/atlas/v1.0 or /v2), with {groupId} / {clusterName} placeholders. */
  path: string;
  /** Oldest first. */
  versions: readonly OperationVersion[];
  /** The description marks the operation itself deprecated (`deprecated: true`), with no Sunset. */
  deprecated?: true;
  /** Served only in the versioned API: there is no /api/atlas/v1.0 path (flex clusters). */
  v2Only?: boolean;
  /**
   * No command sends it: it is in the table so that the emulator serves it and `cdba api`
   * resolves its version (the deprecated /fts search index paths, which other clients call).
   * `cdba versions` and `auth status` leave it out of the versions cdba sends.
   */
  passthrough?: true;
  /**
   * The answer is a file of this type, not JSON: Accept and Content-Type are
   * `application/vnd.<service>.<date>+gzip` (the log download). The client reads it with
   * `download`, streamed to the caller; the emulator negotiates the version from that
   * media type and sends the bytes as they are.
   */
  media?: 'gzip';
}

/** One resource's operations: every name is `<resource>.<verb>`. */
export type ResourceOperations<Resource extends string> = Readonly<Record<`${Resource}.${string}`, TableEntry>>;
