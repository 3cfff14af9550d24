// Fitting a table to the terminal: each column says how it gives way (how
// narrow it may be cut, and how soon it is dropped); this picks the widths.
// Cutting itself (with `…`) is cli-table3's, given the widths chosen here.
import stringWidth from 'string-width';

/** How one column gives way on a narrow terminal. */
export interface Shrink {
  /** Narrowest it may be cut to, `…` included; absent: never cut (short values such as a state). */
  minWidth?: number | undefined;
  /**
   * Dropped when the minimums still do not fit, and cut before the others;
   * higher numbers go first; absent: never dropped, and cut last.
   */
  dropPriority?: number | undefined;
  /** Where a cut value loses characters: its end (default), or its middle, for names that differ at the end. */
  cut?: 'end' | 'middle' | undefined;
  /** On a terminal, left out when no row has a value (a header over an empty column says nothing). */
  omitWhenEmpty?: boolean | undefined;
  /** Shown only when the whole table fits uncut: never the reason another value is cut (DISK of the clusters tables). */
  onlyWhenAllFits?: boolean | undefined;
  /**
   * A value users copy (an ID, a name, a namespace, a connection string, a service
   * name, a date): never cut. Other columns are dropped to make room for it, and
   * when even that cannot, the line is longer than the terminal (which wraps it).
   */
  copyable?: boolean | undefined;
}

/**
 * A value this wide or narrower (a date, REPLICASET, most names) is cut only in
 * the priority order; a longer one (a 56-character name) is cut down to it first.
 */
export const COMFORT_WIDTH = 32;

/** Space between columns (cli-table3's padding-right). */
export const GAP = 2;

export interface Fit {
  /** Indexes of the columns kept, in order. */
  keep: number[];
  /** Content width of each kept column (same order as keep). */
  widths: number[];
}

export const displayWidth = (text: string): number => stringWidth(text);

/** `text` in at most `width` columns: whole if it fits, else cut with `…` at its end or in its middle. */
export function truncate(text: string, width: number, where: 'end' | 'middle' = 'end'): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return width === 1 ? '…' : '';
  const chars = [...text];
  const take = (from: string[], room: number): string[] => {
    const kept: string[] = [];
    let used = 0;
    for (const ch of from) {
      const w = displayWidth(ch);
      if (used + w > room) break;
      kept.push(ch);
      used += w;
    }
    return kept;
  };
  if (where === 'middle') {
    const room = width - 1;
    const tail = take([...chars].reverse(), Math.floor(room / 2)).reverse();
    const head = take(chars, room - tail.reduce((w, ch) => w + displayWidth(ch), 0));
    return `${head.join('')}…${tail.join('')}`;
  }
  return `${take(chars, width - 1).join('').trimEnd()}…`;
}

const lineWidth = (widths: number[]): number => (widths.length === 0 ? 0 : widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1));

/**
 * Widths so that no line is wider than `available`: drop the columns shown
 * only when everything fits, then the least useful columns while even their
 * floors overflow. A column's floor is its minimum, never inside its header (a
 * cut header names nothing); a copyable column's is its whole width, always: it
 * is never cut. Then cut long values, widest first, down to COMFORT_WIDTH, so
 * that short ones stay whole; then cut the least useful columns to their floors.
 * A column with no dropPriority is never dropped: when the floors of those left
 * still cannot fit (copyable values wider than the line, or a KEY beside a long
 * VALUE), the line is longer than `available` and the terminal wraps it.
 */
export function fitColumns(natural: number[], rules: Shrink[], available: number, headers: number[] = []): Fit {
  let shown = natural.map((_, i) => i);
  if (lineWidth(natural) > available) shown = shown.filter((i) => !rules[i]?.onlyWhenAllFits);
  const copyable = (i: number): boolean => rules[i]?.copyable === true;
  const floor = (i: number): number => (copyable(i) ? natural[i]! : Math.min(natural[i]!, Math.max(rules[i]?.minWidth ?? natural[i]!, headers[i] ?? 0)));
  let keep = shown;
  while (lineWidth(keep.map(floor)) > available) {
    const droppable = keep.filter((i) => rules[i]?.dropPriority !== undefined);
    if (droppable.length === 0 || keep.length === 1) break;
    const first = droppable.reduce((a, b) => (rules[b]!.dropPriority! > rules[a]!.dropPriority! ? b : a));
    keep = keep.filter((i) => i !== first);
  }
  const widths = keep.map((i) => natural[i]!);
  // Long values first, the widest a character at a time, none below its floor or COMFORT_WIDTH.
  const comfort = (k: number): number => Math.max(floor(keep[k]!), Math.min(natural[keep[k]!]!, COMFORT_WIDTH));
  while (lineWidth(widths) > available) {
    let widest = -1;
    for (let k = 0; k < widths.length; k++) if (widths[k]! > comfort(k) && (widest < 0 || widths[k]! > widths[widest]!)) widest = k;
    if (widest < 0) break;
    widths[widest]! -= 1;
  }
  // Then the least useful columns are cut first, each down to its floor; those never dropped last.
  const usefulness = (k: number): number => rules[keep[k]!]?.dropPriority ?? -1;
  const order = keep.map((_, k) => k).sort((a, b) => usefulness(b) - usefulness(a));
  const shrinkTo = (limit: (k: number) => number): void => {
    for (const k of order) {
      const excess = lineWidth(widths) - available;
      if (excess <= 0) return;
      widths[k] = Math.max(limit(k), widths[k]! - excess);
    }
  };
  shrinkTo((k) => Math.min(widths[k]!, floor(keep[k]!)));
  // Floors that still cannot fit once every droppable column is gone: the columns left are
  // those that identify a row (KEY beside its VALUE, TYPE beside a connection string), so
  // they all stay, at their floors, and the line is longer than the terminal, which wraps it.
  // One column left, not copyable: cut to the line. Copyable values that cannot fit make the line longer.
  if (keep.length === 1 && !copyable(keep[0]!)) widths[0] = Math.min(widths[0]!, Math.max(1, available));
  return { keep, widths };
}
