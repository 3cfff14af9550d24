// Formatters: json (compact, one document per line), pretty (indent 2), and
// table (cli-table3 on a TTY; tab-separated with a header row in a pipe).
// `--query` (JMESPath) is applied to the API's document before formatting.
import { LocalFailureError, UsageError } from '../base/errors.js';
import type { IO } from '../base/io.js';
import { escapeControl } from '../base/sanitize.js';
import type { OutputFormat } from '../config/settings.js';
import type { Shrink } from './fit.js';
import { jsonSlices, writeDraining } from './jsonStream.js';
import type { JmespathModule } from './queryCheck.js';

export interface Column<Row> extends Shrink {
  header: string;
  value: (row: Row) => unknown;
  /**
   * The value is already written for a terminal: printable ASCII, anything else as an
   * escape of its own syntax (a createIndex command's \u escapes, for pasting). Such a value
   * is shown as it is, not escaped again (its backslashes doubled); one that is not pure
   * printable ASCII after all is escaped as any cell is.
   */
  terminalSafe?: boolean;
}

/** How a command's document becomes rows. Declared once per command. */
export interface TableSpec<Row> {
  columns: Column<Row>[];
  rows: (document: unknown) => Row[];
}

export interface RenderOptions<Row = unknown> {
  format: OutputFormat;
  query?: string | undefined;
  table?: TableSpec<Row> | undefined;
  /** A terminal's width: tables are fitted to it. Absent (a pipe, --wide): every column in full. */
  width?: number | undefined;
}

/** Columns of a table with no declared rules (a --query result) may each be cut to this. */
const GENERIC_MIN_WIDTH = 8;

/**
 * The query's result. Its syntax is checked first (a usage error, exit 2, as before any
 * request); an error while it runs (a function given the wrong type: `abs(name)`) comes
 * from the answer's data, after the request went through, so it is exit 1, never 2,
 * which would tell a script that nothing was sent.
 */
export async function applyQuery(document: unknown, query: string): Promise<unknown> {
  await checkQuery(query);
  const { default: jmespath } = await import('jmespath');
  try {
    return jmespath.search(document as never, query);
  } catch (error) {
    throw new LocalFailureError(`--query "${query}" failed on the answer: ${(error as Error).message}`, {
      hint: 'the command itself went through; only its output failed',
    });
  }
}

/** Checks --query's syntax only, so a typo is a usage error before any request is sent (exit 2). */
export async function checkQuery(query: string): Promise<void> {
  const [{ default: jmespath }, { queryProblem }] = await Promise.all([import('jmespath'), import('./queryCheck.js')]);
  let problem: string | undefined;
  try {
    // tokenize() and compile() exist at runtime but are missing from @types/jmespath.
    problem = queryProblem(query, jmespath as unknown as JmespathModule);
  } catch (error) {
    // The library's own parse errors; a TypeError is its parser tripping over bad syntax.
    problem = error instanceof TypeError ? 'not a valid JMESPath expression' : (error as Error).message;
  }
  if (problem) throw new UsageError(`invalid --query "${query}": ${problem}`);
}

export async function render<Row>(io: IO, document: unknown, options: RenderOptions<Row>): Promise<void> {
  const data = options.query ? await applyQuery(document, options.query) : document;
  if (options.format === 'json' || options.format === 'pretty') return writeJson(io, data ?? null, options.format === 'pretty' ? 2 : 0);
  // A query reshapes the document, so the command's columns no longer apply.
  const spec = options.query ? undefined : options.table;
  const { headers, rows, rules } = spec
    ? { headers: spec.columns.map((c) => c.header), rows: spec.rows(data).map((r) => spec.columns.map((c) => cell(c.value(r)))), rules: spec.columns }
    : { ...genericTable(data), rules: undefined };
  await writeTable(io, headers, rows, options.width, rules);
}

/** Printable ASCII only: what a column that is terminalSafe may show as it is. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function escapeCell(text: string, rule: { terminalSafe?: boolean } | undefined): string {
  return rule?.terminalSafe && PRINTABLE_ASCII.test(text) ? text : escapeControl(text);
}

/**
 * The document and a newline, in slices (see jsonStream.ts), waiting for stdout
 * to drain whenever its buffer is full, so the output never sits in memory whole.
 * A slice ends between array items, so io's secret redaction still sees every
 * string value whole.
 */
async function writeJson(io: IO, data: unknown, indent: 0 | 2): Promise<void> {
  for (const slice of jsonSlices(data, indent)) await writeDraining(io, slice);
  io.write('\n');
}

/** Turns any JSON value into rows: objects become key columns, scalars one column. */
export function genericTable(data: unknown): { headers: string[]; rows: string[][] } {
  const list = Array.isArray(data) ? data : [data];
  if (list.length > 0 && list.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
    const headers = [...new Set(list.flatMap((item) => Object.keys(item as object)))];
    return {
      headers: headers.map((h) => h.toUpperCase()),
      rows: list.map((item) => headers.map((h) => cell((item as Record<string, unknown>)[h]))),
    };
  }
  return { headers: [], rows: list.map((item) => [cell(item)]) };
}

export function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Every header and cell is escaped here, the one place tables are written: values
 * are server text, and a tab, newline or ESC in them would forge a column or a row
 * of a pipe, or act on a terminal. A terminalSafe column's printable ASCII is the one
 * exception: it is escaped already.
 */
async function writeTable(io: IO, rawHeaders: string[], rawRows: string[][], width?: number, rules?: Array<Shrink & { terminalSafe?: boolean }>): Promise<void> {
  let headers = rawHeaders.map((h) => escapeControl(h));
  let rows = rawRows.map((cells) => cells.map((c, i) => escapeCell(c, rules?.[i])));
  if (!io.outIsTTY) {
    // A pipe gets every value whole: tab-separated output is never cut.
    const line = (cells: string[]): string => `${cells.join('\t')}\n`;
    io.write((headers.length ? line(headers) : '') + rows.map(line).join(''));
    return;
  }
  const declared = rules;
  if (declared && rows.length > 0) {
    const shown = headers.map((_, i) => !(declared[i]?.omitWhenEmpty && rows.every((r) => (r[i] ?? '') === '')));
    if (shown.includes(false)) {
      const kept = <T>(cells: T[]): T[] => cells.filter((_, i) => shown[i]);
      headers = kept(headers);
      rows = rows.map(kept);
      rules = kept(declared);
    }
  }
  const [{ default: Table }, { fitColumns, displayWidth, truncate }] = await Promise.all([import('cli-table3'), import('./fit.js')]);
  if (width !== undefined && width > 0) {
    const count = rows.reduce((n, r) => Math.max(n, r.length), headers.length);
    const natural = Array.from({ length: count }, (_, i) => rows.reduce((w, r) => Math.max(w, displayWidth(r[i] ?? '')), displayWidth(headers[i] ?? '')));
    // With no declared rules the first column is taken to name the row: it stays, and the others go from the right.
    const shrink: Shrink[] = rules ?? natural.map((_, i) => ({ minWidth: GENERIC_MIN_WIDTH, dropPriority: i === 0 ? undefined : i }));
    const { keep, widths } = fitColumns(natural, shrink, width, headers.map(displayWidth));
    const fitted = (cells: string[]): string[] => keep.map((i, k) => truncate(cells[i] ?? '', widths[k]!, shrink[i]?.cut));
    headers = headers.length ? fitted(headers) : headers;
    rows = rows.map(fitted);
  }
  const table = new Table({
    head: headers.map((h) => io.chalk.bold(h)),
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 2 },
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '',
    },
  });
  table.push(...rows);
  io.write(`${table.toString().split('\n').map((l) => l.trimEnd()).join('\n')}\n`);
}

/**
 * Key/value lines (`Name:  value`) for a readable single-entity view on a TTY.
 * Values are escaped (server text), then given the pair's colour, if any.
 */
export function keyValueLines(
  io: IO,
  pairs: Array<[string, unknown, ((text: string) => string)?]>,
  /** Cuts a value to the room its line leaves (the label's width given, and the label); applied before colour, so escape codes never count. */
  fit: (text: string, labelWidth: number, label: string) => string = (text) => text,
): string {
  const width = Math.max(0, ...pairs.map(([k]) => k.length)) + 2;
  return pairs
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v, color]) => `${io.chalk.bold(`${k}:`.padEnd(width))}${(color ?? String)(fit(escapeControl(cell(v)), width, k))}`)
    .join('\n');
}
