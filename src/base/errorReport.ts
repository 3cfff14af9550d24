// `--error-format json` (or CDBA_ERROR_FORMAT=json): a failing command writes one
// JSON document to stderr instead of its `cdba: ...` line, for scripts that branch
// on what went wrong. The shape is documented in README ("Errors for scripts") and
// cdba(1):
//
//   {"error": {"exitCode": 4, "message": "...", "status": 404, "errorCode": "CLUSTER_NOT_FOUND",
//              "detail": "...", "retryable": false, "hint": "cdba clusters list -P prod"}}
//
// exitCode, message and retryable are always there; status, errorCode and detail when
// the service answered; hint when cdba has a next step.
import { ApiError, CdbaError, ExitCode, exitCodeFor, type ExitCodeValue } from './errors.js';
import { capText, terminalSafeJson } from './sanitize.js';

/** The service's detail in a JSON report: its real ones are a sentence or two. */
const DETAIL_MAX = 4096;

export const ERROR_FORMATS = ['text', 'json'] as const;
export type ErrorFormat = (typeof ERROR_FORMATS)[number];

export interface ErrorReport {
  error: {
    exitCode: ExitCodeValue;
    message: string;
    status?: number;
    errorCode?: string;
    detail?: string;
    retryable: boolean;
    hint?: string;
  };
}

/**
 * Exit codes whose failure may pass if the same command runs again later: rate limits, the
 * server or network, a watch's deadline, a watch that waits for the user's step (once it is done).
 */
const RETRYABLE: ReadonlySet<number> = new Set([ExitCode.rateLimited, ExitCode.server, ExitCode.watchTimeout, ExitCode.userAction]);

export function errorReport(error: unknown, hint?: string): ErrorReport {
  const exitCode = exitCodeFor(error);
  const message = error instanceof CdbaError ? error.message : `unexpected error: ${(error as Error)?.message ?? String(error)}`;
  const doc: ErrorReport['error'] = { exitCode, message, retryable: RETRYABLE.has(exitCode) };
  if (error instanceof ApiError) {
    doc.status = error.status;
    if (error.errorCode !== undefined) doc.errorCode = error.errorCode;
    // Whole, up to a size no real detail reaches: a 1 MB detail must not become a 1 MB line.
    if (typeof error.document?.detail === 'string') doc.detail = capText(error.document.detail, DETAIL_MAX);
  }
  if (hint) doc.hint = hint;
  return { error: doc };
}

/** A usage error from the command-line parser (exit 2), which has no CdbaError behind it. */
export function usageErrorReport(message: string, hint?: string): ErrorReport {
  return { error: { exitCode: ExitCode.usage, message, retryable: false, ...(hint ? { hint } : {}) } };
}

/** One line of JSON whose every control character is escaped (JSON.stringify does C0; the rest terminalSafeJson), so the value stays exact for a parser and inert on a terminal. */
export function formatErrorReport(doc: ErrorReport): string {
  return terminalSafeJson(JSON.stringify(doc));
}

/** The format asked for by --error-format / CDBA_ERROR_FORMAT (the flag wins); undefined when a value is not one of ERROR_FORMATS. */
export function errorFormatFrom(argv: string[], env: NodeJS.ProcessEnv): { format: ErrorFormat; invalid?: string } {
  let value = env.CDBA_ERROR_FORMAT || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '--error-format') value = argv[++i];
    else if (arg.startsWith('--error-format=')) value = arg.slice('--error-format='.length);
  }
  // An empty value is the parser's to refuse, as for every flag ("empty value for --error-format").
  if (value === undefined || value === '') return { format: 'text' };
  return (ERROR_FORMATS as readonly string[]).includes(value) ? { format: value as ErrorFormat } : { format: 'text', invalid: value };
}
