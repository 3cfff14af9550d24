// How snapshots, restore jobs and the backup schedule look on screen: the table columns
// (declared once, for every verb that prints them, whichever API answered) and the
// readable views of one snapshot, one job and the schedule.
import { isObject } from '../../base/object.js';
import { escapeControl } from '../../base/sanitize.js';
import type { Context } from '../../core/context.js';
import { keyValueLines, type TableSpec } from '../../output/render.js';
import { summarizeRestore, summarizeSnapshot, type RestoreSummary, type SnapshotSummary } from './snapshots.js';

const results = (document: unknown): unknown[] => {
  const list = isObject(document) ? document.results : undefined;
  return Array.isArray(list) ? list : [];
};

export const SNAPSHOT_COLUMNS: TableSpec<SnapshotSummary>['columns'] = [
  // The ID is what get, delete and restores create take, the dates what a user reads
  // and copies: never cut. Whole columns go instead: SIZE, KIND, DESCRIPTION (the one
  // value cut with `…`), EXPIRES, CREATED.
  { header: 'ID', value: (s) => s.id, copyable: true },
  { header: 'STATUS', value: (s) => s.status },
  { header: 'KIND', value: (s) => s.kind, dropPriority: 5 },
  { header: 'CREATED', value: (s) => s.created, copyable: true, dropPriority: 2 },
  { header: 'EXPIRES', value: (s) => s.expires, copyable: true, dropPriority: 3 },
  { header: 'SIZE', value: (s) => s.size, dropPriority: 6, omitWhenEmpty: true },
  { header: 'DESCRIPTION', value: (s) => s.description, minWidth: 8, cut: 'end', dropPriority: 4, omitWhenEmpty: true },
];

export const SNAPSHOT_LIST_TABLE: TableSpec<SnapshotSummary> = { columns: SNAPSHOT_COLUMNS, rows: (document) => results(document).map(summarizeSnapshot) };
export const SNAPSHOT_TABLE: TableSpec<SnapshotSummary> = { columns: SNAPSHOT_COLUMNS, rows: (document) => [summarizeSnapshot(document)] };

export const RESTORE_COLUMNS: TableSpec<RestoreSummary>['columns'] = [
  { header: 'ID', value: (r) => r.id, copyable: true },
  { header: 'STATE', value: (r) => r.state },
  { header: 'DELIVERY', value: (r) => r.delivery, dropPriority: 3 },
  { header: 'SNAPSHOT', value: (r) => r.snapshotId, copyable: true, dropPriority: 2 },
  { header: 'TARGET', value: (r) => r.target, copyable: true, dropPriority: 4, omitWhenEmpty: true },
  { header: 'FINISHED', value: (r) => r.finished, copyable: true, dropPriority: 1, omitWhenEmpty: true },
];

export const RESTORE_LIST_TABLE: TableSpec<RestoreSummary> = { columns: RESTORE_COLUMNS, rows: (document) => results(document).map(summarizeRestore) };
export const RESTORE_TABLE: TableSpec<RestoreSummary> = { columns: RESTORE_COLUMNS, rows: (document) => [summarizeRestore(document)] };

/** One snapshot: the view on a terminal with table output, else the document through the formatter. */
export async function showSnapshot(ctx: Context, document: unknown): Promise<void> {
  if ((await ctx.outputForm('terminal-view')).form !== 'view') return ctx.output(document, SNAPSHOT_TABLE);
  const s = summarizeSnapshot(document);
  ctx.io.write(
    `${keyValueLines(ctx.io, [
      ['ID', s.id],
      ['Status', s.status],
      ['Kind', s.kind],
      ['Description', s.description],
      ['Created', s.created],
      ['Expires', s.expires],
      ['MongoDB', s.version],
      ['Size', s.size],
    ])}\n`,
  );
}

/** One restore job: the view on a terminal with table output, else the document through the formatter. */
export async function showRestore(ctx: Context, document: unknown): Promise<void> {
  if ((await ctx.outputForm('terminal-view')).form !== 'view') return ctx.output(document, RESTORE_TABLE);
  const r = summarizeRestore(document);
  ctx.io.write(
    `${keyValueLines(ctx.io, [
      ['ID', r.id],
      ['State', r.state],
      ['Delivery', r.delivery],
      ['Snapshot', r.snapshotId],
      ['Target', r.target],
      ['Finished', r.finished],
      ['Download', r.url],
    ])}\n`,
  );
}

interface PolicyRow {
  frequency: string;
  every: string;
  keep: string;
}

/** The schedule's policy items, one row each. */
export const SCHEDULE_TABLE: TableSpec<PolicyRow> = {
  columns: [
    { header: 'FREQUENCY', value: (p) => p.frequency },
    { header: 'EVERY', value: (p) => p.every },
    { header: 'KEPT', value: (p) => p.keep },
  ],
  rows: (document) => {
    const policies = isObject(document) && Array.isArray(document.policies) ? document.policies : [];
    return policies.flatMap((policy) => (isObject(policy) && Array.isArray(policy.policyItems) ? policy.policyItems : [])).filter(isObject).map((item) => ({
      frequency: String(item.frequencyType ?? ''),
      every: everyText(String(item.frequencyType ?? ''), Number(item.frequencyInterval)),
      keep: `${String(item.retentionValue ?? '')} ${String(item.retentionUnit ?? '')}`,
    }));
  },
};

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** frequencyInterval in words (the description: weekly 1 is Monday, monthly 40 the last day). */
function everyText(frequency: string, interval: number): string {
  if (frequency === 'hourly') return `${interval} hours`;
  if (frequency === 'weekly') return WEEKDAYS[interval] ?? String(interval);
  if (frequency === 'monthly') return interval === 40 ? 'last day of the month' : `day ${interval}`;
  return frequency === 'daily' ? 'day' : String(interval);
}

/** The schedule: its reference time, next snapshot and policy items on a terminal; else the document. */
export async function showSchedule(ctx: Context, document: Record<string, unknown>): Promise<void> {
  const form = await ctx.outputForm('terminal-view');
  if (form.form !== 'view') return ctx.output(document, SCHEDULE_TABLE);
  const pad = (n: unknown): string => String(n).padStart(2, '0');
  const head = keyValueLines(ctx.io, [
    ['Cluster', document.clusterName],
    ['Reference time', `${pad(document.referenceHourOfDay)}:${pad(document.referenceMinuteOfHour)} UTC`],
    ['Next snapshot', document.nextSnapshot],
    ['Restore window', document.restoreWindowDays === undefined ? undefined : `${String(document.restoreWindowDays)} days`],
  ]);
  const rows = SCHEDULE_TABLE.rows(document);
  const width = Math.max(9, ...rows.map((r) => r.frequency.length));
  const everyWidth = Math.max(5, ...rows.map((r) => r.every.length));
  // Server text: escaped, as every value of a view.
  const lines = rows.map((r) => escapeControl(`  ${r.frequency.padEnd(width)}  every ${r.every.padEnd(everyWidth)}  kept ${r.keep}`));
  ctx.io.write(`${head}\n${ctx.io.chalk.bold('Policy:')}\n${lines.join('\n')}\n`);
}
