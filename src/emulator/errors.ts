// The service's error document (seed: Errors) and the failures every resource shares,
// with the detail patterns observed on the live service (reference README).
import { STATUS_CODES } from 'node:http';

export interface ErrorDoc {
  detail: string;
  error: number;
  errorCode: string;
  parameters: unknown[];
  reason: string;
}

/** Thrown by any stage of the request pipeline; the server turns it into the error document. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly detail: string,
    readonly parameters: unknown[] = [],
    readonly headers: Record<string, string | string[]> = {},
  ) {
    super(detail);
  }

  toDocument(): ErrorDoc {
    return {
      detail: this.detail,
      error: this.status,
      errorCode: this.errorCode,
      parameters: this.parameters,
      reason: STATUS_CODES[this.status] ?? 'Error',
    };
  }
}

/**
 * The failures any resource answers, and those of the pipeline's stages. A resource's
 * own failures live in its module (resources/), those of authentication in auth.ts.
 */
export const failures = {
  resourceNotFound: (path: string) => new ApiFailure(404, 'RESOURCE_NOT_FOUND', `Cannot find resource ${path}.`, [path]),
  invalidAttribute: (field: string) => new ApiFailure(400, 'INVALID_ATTRIBUTE', `Invalid attribute ${field} specified.`, [field]),
  attributeReadOnly: (field: string) =>
    new ApiFailure(400, 'ATTRIBUTE_READ_ONLY', `The attribute ${field} is read-only and cannot be changed by the user.`, [field]),
  missingAttribute: (field: string) =>
    new ApiFailure(400, 'MISSING_ATTRIBUTE', `The required attribute ${field} was not specified.`, [field]),
  malformedJson: () => new ApiFailure(400, 'MALFORMED_JSON', 'Received JSON is malformed.'),
  nestedTooDeep: (max: number) => new ApiFailure(400, 'MALFORMED_JSON', `Received JSON is malformed: nested deeper than ${max} levels.`),
  invalidJson: () => new ApiFailure(400, 'INVALID_JSON', 'Received JSON does not match the expected format.'),
  invalidQueryParameter: (name: string, value: string, rule: string) =>
    new ApiFailure(400, 'INVALID_QUERY_PARAMETER', `Invalid query parameter ${name}: ${value}. ${rule}`, [name, value]),
  methodNotAllowed: (method: string, path: string, allowed: string[]) =>
    new ApiFailure(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed for resource ${path}.`, [method, path], {
      Allow: allowed.join(', '),
    }),
  unsupportedMediaType: (contentType: string, accepted: string[]) =>
    new ApiFailure(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${contentType || '(none)'} is not supported; send ${accepted.join(' or ')}.`,
      [contentType],
    ),
  invalidVersionDate: (accept: string) =>
    new ApiFailure(406, 'INVALID_VERSION_DATE', 'Invalid accept header or version date.', accept ? [accept] : []),
  // The live body (reference README, quoted from a public report of 2 March 2026): the path without its leading slash.
  versionGone: (version: string, path: string) =>
    new ApiFailure(410, 'VERSION_GONE', `Version ${version} of ${path} is no longer available.`, [version, path]),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiFailure(429, 'RATE_LIMITED', 'Resource usage limit exceeded. Retry after the time given in Retry-After.', [], {
      'Retry-After': String(retryAfterSeconds),
    }),
  serviceUnavailable: () =>
    new ApiFailure(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Retry later.', [], { 'Retry-After': '1' }),
  stateFull: (maxBytes: number) =>
    new ApiFailure(
      413,
      'STATE_LIMIT_EXCEEDED',
      `This change could take the emulator's state past ${maxBytes / (1024 * 1024)} MiB, the most --state can load again; delete something first.`,
      [String(maxBytes)],
    ),
  payloadTooLarge: () => new ApiFailure(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  unexpected: () => new ApiFailure(500, 'UNEXPECTED_ERROR', 'Unexpected error.'),
};

/** A model's field problem as the service's answer (the resources whose models check bodies share it). */
export function problemFailure(problem: { code: 'ATTRIBUTE_READ_ONLY' | 'MISSING_ATTRIBUTE' | 'INVALID_ATTRIBUTE'; field: string }): ApiFailure {
  switch (problem.code) {
    case 'ATTRIBUTE_READ_ONLY':
      return failures.attributeReadOnly(problem.field);
    case 'MISSING_ATTRIBUTE':
      return failures.missingAttribute(problem.field);
    case 'INVALID_ATTRIBUTE':
      return failures.invalidAttribute(problem.field);
  }
}
