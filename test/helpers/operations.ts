// What `auth status` lists, derived from the one table of operations (src/api/operations.ts),
// so a test names no operation by hand: each operation a command sends, in the table's
// order (the passthrough ones, which no command sends, are not listed).
import { OPERATION_NAMES, OPERATIONS, versionAt, type OperationName } from '../../src/api/operations.js';

export interface StatusLine {
  operation: string;
  version: string;
  sunset: string | null;
  removed: boolean;
}

/** The operations a command sends, in the table's order. */
export const SENT_OPERATIONS: readonly OperationName[] = OPERATION_NAMES.filter((name) => !OPERATIONS[name].passthrough);

/** `clusters.get` as auth status names it: `clusters get`. */
export const shownName = (name: OperationName): string => name.replace('.', ' ');

/** Each one's line under a version pin: the newest of its versions not after `date`. */
export function statusLinesAt(date: string): StatusLine[] {
  return SENT_OPERATIONS.map((name) => ({ operation: shownName(name), version: versionAt(name, date)!.date, sunset: null, removed: false }));
}

/** Each one's line under --api-version v1.0: v1.0, or, served only in the versioned API, none from its first version. */
export function statusLinesV1(): StatusLine[] {
  return SENT_OPERATIONS.map((name) => ({
    operation: shownName(name),
    version: OPERATIONS[name].v2Only ? `none (from ${OPERATIONS[name].versions[0]!.date})` : 'v1.0',
    sunset: null,
    removed: false,
  }));
}
