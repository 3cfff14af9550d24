// A cluster that exists but has no string of the requested kind: not found (exit 4).
import { CdbaError, ExitCode } from '../../base/errors.js';

export class ConnectionStringNotFoundError extends CdbaError {
  readonly exitCode = ExitCode.notFound;
}
