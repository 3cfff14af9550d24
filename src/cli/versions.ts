// `cdba versions [--fail-within 90d]`: every operation cdba calls, the version it
// sends under the profile's pin, the newest the service has, and when the version
// sent is deprecated and removed. A sunset guard for CI: no peer warns before the
// 410 (the Atlas CLI's users learned of the 2026-03-01 sunset from failing lists).
//
// With --all, every operation of the service's description (`cdba api <operationId>`),
// read from the description cdba ships (src/api/description.ts), the data
// `npm run refresh-operations` writes and reports the Sunsets of; loaded only then.
//
// The lifecycle dates are the operations table's (src/api/operations.ts, held
// against the service's description). The day they are counted from is the
// service's: the Date header of one cheap authenticated request (the root). The
// service's own clock is what decides when a version answers 410, and against
// `cdba emulator --date D` that header reads D, so the report is the service's
// view of that day, not this machine's. Probing each operation would cost a
// request per operation and cannot probe writes without writing.
import type { Command } from '@commander-js/extra-typings';
import { SunsetWithinError } from '../base/errors.js';
import type { ApiResponse } from '../api/client.js';
import { getRoot } from '../api/resources/root.js';
import { operationLifecycles, type OperationLifecycle } from '../api/versions.js';
import type { Context } from '../core/context.js';
import type { TableSpec } from '../output/render.js';
import { daysFlag, withExamples, type App } from './command.js';

interface VersionsFlags {
  failWithin?: number;
  all?: boolean;
}

/** A row: one of cdba's own operations (by its table name), or with --all one of the description's (by its operationId, with `alias`). */
type Row = Omit<OperationLifecycle, 'operation'> & { operation: string; alias?: string | null };

/** The document `-o json` prints. */
export interface VersionsReport {
  /** YYYY-MM-DD the days are counted from: the service's Date header, else this machine's clock. */
  serviceDate: string;
  /** The pin the versions sent follow: v1.0 or a date. */
  apiVersion: string;
  operations: Row[];
}

export const VERSIONS_TABLE: TableSpec<Row> = {
  rows: (document) => (document as VersionsReport).operations,
  columns: [
    // Names and dates are never cut; NEWEST, then DEPRECATION, go on a narrow terminal.
    { header: 'OPERATION', value: (r) => r.operation, copyable: true },
    { header: 'SENDS', value: (r) => r.sends ?? 'none', copyable: true },
    { header: 'NEWEST', value: (r) => r.newest ?? 'none', copyable: true, dropPriority: 2 },
    { header: 'DEPRECATION', value: (r) => r.deprecation ?? (r.operationDeprecated ? 'deprecated' : '-'), copyable: true, dropPriority: 1 },
    { header: 'SUNSET', value: (r) => r.sunset ?? '-', copyable: true },
    { header: 'DAYS LEFT', value: (r) => (r.daysLeft === null ? '-' : r.daysLeft <= 0 ? 'gone' : String(r.daysLeft)) },
  ],
};

export function registerVersions(program: Command, app: App): void {
  const command = program
    .command('versions')
    .description('list each operation cdba calls: the API version it sends, the newest the service has, Deprecation and Sunset dates and days left')
    .option('--fail-within <days>', `exit 11 when a version cdba sends reaches its Sunset within this many days, e.g. 90d`, daysFlag('--fail-within'))
    .option('--all', 'every operation of the service\'s description (cdba api <operationId>), by its operationId, from the description cdba ships')
    .action(async (options: VersionsFlags, cmd) => runVersions(app.context(cmd), options));
  withExamples(command, [
    ['What the profile\'s pin sends, and when each version goes', 'cdba versions'],
    ['In CI: fail while there are still 90 days to move', 'cdba versions --fail-within 90d'],
    ['Every operation of the description whose version goes within 90 days', 'cdba versions --all --fail-within 90d'],
    ['The operations whose version is removed within a year', "cdba versions -o json | jq -r '.operations[] | select(.daysLeft != null and .daysLeft <= 365) | .operation'"],
    ['The service as it will be on 2027-03-01, against the emulator (once it prints its first line)', 'rm -f emu.out; cdba emulator --date 2027-03-01 --write-profile future > emu.out & until [ -s emu.out ]; do sleep 0.1; done; cdba -P future versions'],
  ]);
}

/** YYYY-MM-DD of an HTTP Date header, or undefined. */
function dayOf(response: ApiResponse<unknown>): string | undefined {
  const header = response.headers.date;
  const value = Array.isArray(header) ? header[0] : header;
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}

export async function runVersions(ctx: Context, flags: VersionsFlags): Promise<void> {
  const { apiVersion } = await ctx.settings();
  const response = await getRoot(await ctx.api());
  let serviceDate = dayOf(response);
  if (!serviceDate) {
    serviceDate = new Date().toISOString().slice(0, 10);
    ctx.io.warn(`the service sent no Date header; days are counted from this machine's clock (${serviceDate})`);
  }
  let rowsAt = (pin: string): Row[] => operationLifecycles(pin, serviceDate);
  if (flags.all) {
    const { describedLifecycles, loadDescription } = await import('../api/description.js');
    const description = await loadDescription();
    rowsAt = (pin) => describedLifecycles(description, pin, serviceDate);
  }
  const report: VersionsReport = { serviceDate, apiVersion, operations: rowsAt(apiVersion) };
  await ctx.output(report, VERSIONS_TABLE);
  if (flags.failWithin === undefined) return;
  const verdict = sunsetVerdict({ rows: report.operations, pin: apiVersion, window: flags.failWithin, all: Boolean(flags.all), rowsAt });
  if (verdict) throw new SunsetWithinError(verdict.message, verdict.moveTo ? { remedy: { setting: 'apiVersion', version: verdict.moveTo } } : undefined);
}

const isDue = (row: Row, window: number): boolean => row.daysLeft !== null && row.daysLeft <= window;

export interface SunsetVerdictInput {
  /** The report's rows, under `pin`. */
  rows: readonly Row[];
  /** The pin in use (v1.0 or a date). */
  pin: string;
  window: number;
  /** --all: the rows are the description's operations, not the versions cdba sends. */
  all: boolean;
  /** The same rows under another pin. */
  rowsAt: (pin: string) => readonly Row[];
}

/**
 * --fail-within's failure, or undefined when no version sent is removed within the window:
 * one line naming the first to go, and the pin to move to only where one exists. A pin is a
 * candidate when it is a due operation's newest version, later than the one sent (so never the
 * pin in use); of those, the one under which the fewest operations are still due, the latest on
 * a tie (each then gets its newest). None helps when every due operation has no later version,
 * or only later versions that are due too (an operation the service removes whole).
 */
export function sunsetVerdict({ rows, pin, window, all, rowsAt }: SunsetVerdictInput): { message: string; moveTo?: string } | undefined {
  const due = rows.filter((row) => isDue(row, window));
  if (due.length === 0) return undefined;
  const candidates = [...new Set(due.flatMap((row) => (row.newest !== null && row.sends !== null && row.newest > row.sends ? [row.newest] : [])))]
    .filter((candidate) => candidate !== pin)
    .sort();
  // Judged by every operation due under the candidate, so a pin that moves another operation onto a due version counts it.
  let best: { pin: string; stillDue: Set<string> } | undefined;
  for (const candidate of candidates) {
    const stillDue = new Set(rowsAt(candidate).filter((row) => isDue(row, window)).map((row) => row.operation));
    if (stillDue.size < (best?.stillDue.size ?? due.length) || stillDue.size === best?.stillDue.size) best = { pin: candidate, stillDue };
  }
  const first = [...due].sort((a, b) => a.daysLeft! - b.daysLeft!)[0]!;
  const when = first.daysLeft! <= 0 ? `was removed on ${first.sunset}` : `is removed on ${first.sunset}, in ${first.daysLeft} days`;
  const what = all ? `${due.length} operations of the description reach their Sunset within ${window} days` : `${due.length} of the versions cdba sends reach their Sunset within ${window} days`;
  const replaced = (row: Row): boolean => best !== undefined && !best.stillDue.has(row.operation);
  const others = due.filter((row) => row !== first);
  let message = `${what}: ${first.operation} ${first.sends} ${when}`;
  if (!replaced(first)) message += `${first.operationDeprecated ? ' (the operation is deprecated)' : ''}, and no later version replaces it`;
  if (best === undefined) {
    if (others.length > 0) message += `; none replaces ${others.length === 1 ? 'the other one' : `any of the ${others.length} others`} either`;
    return { message };
  }
  const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  if (!replaced(first)) message += `; ${count(others.filter(replaced).length, 'other has one', 'others have one')}`;
  else if (others.some((row) => !replaced(row))) message += `; ${count(others.filter((row) => !replaced(row)).length, 'other has no later version', 'others have no later version')}`;
  return { message, moveTo: best.pin };
}
