// What the metrics verbs make of the service's measurements (pure): each series' latest
// value that is not null, with its unit and time (the table), and each series as the
// values a chart of a given width draws (--plot).
import { isObject } from '../../base/object.js';

export interface LatestRow {
  process: string;
  name: string;
  /** The latest value that is not null; undefined when the series has none. */
  value: number | undefined;
  units: string;
  /** When it was measured; '' when there is none. */
  at: string;
}

interface Point {
  timestamp: string;
  value: number | null;
}

export interface SeriesView {
  process: string;
  name: string;
  units: string;
  points: Point[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The series of one measurements document, or of each of a list of them (a cluster's processes). */
export function seriesOf(document: unknown): SeriesView[] {
  const docs = Array.isArray(document) ? document : [document];
  return docs.filter(isObject).flatMap((doc) => {
    const process = text(doc.processId) || text(doc.hostId);
    const list = Array.isArray(doc.measurements) ? doc.measurements : [];
    return list.filter(isObject).map((m) => ({
      process,
      name: text(m.name),
      units: text(m.units),
      points: (Array.isArray(m.dataPoints) ? m.dataPoints : [])
        .filter(isObject)
        .map((p) => ({ timestamp: text(p.timestamp), value: typeof p.value === 'number' && Number.isFinite(p.value) ? p.value : null })),
    }));
  });
}

/** Each series' latest value that is not null (the points' own order is time order). */
export function latestRows(document: unknown): LatestRow[] {
  return seriesOf(document).map((s) => {
    const last = s.points.findLast((p) => p.value !== null);
    return { process: s.process, name: s.name, value: last?.value ?? undefined, units: s.units, at: last?.timestamp ?? '' };
  });
}

/** A value as a person reads it: four significant digits, never an exponent; '' for none. */
export function formatValue(value: number | undefined): string {
  if (value === undefined) return '';
  if (value === 0) return '0';
  const rounded = Number(value.toPrecision(4));
  const magnitude = Math.abs(rounded);
  if (magnitude >= 1e21 || magnitude < 1e-6) return rounded.toPrecision(4);
  return rounded.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 10 });
}

const SI_PREFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/**
 * A value in the room of a chart's axis label (at most AXIS_LABEL_MAX characters), never
 * cut: four significant digits, as formatValue writes them, up to 9999; from 10 000 an SI
 * prefix (12.35k, 2.82T, up to E); an exponent past the prefixes (1e21 and more) and below
 * 0.001, as formatValue writes the extremes (1.235e+21, 4.941e-324).
 */
export function axisLabel(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const rounded = Number(value.toPrecision(4));
  const magnitude = Math.abs(rounded);
  // (The value's own digits: rounded, the largest doubles would be Infinity.)
  if (magnitude < 1e-3 || magnitude >= 1e21) return value.toExponential(3);
  if (magnitude < 1e4) return formatValue(rounded);
  let power = 1;
  while (power < SI_PREFIXES.length - 1 && magnitude >= 1000 ** (power + 1)) power++;
  const scaled = Number((rounded / 1000 ** power).toPrecision(4));
  return `${scaled.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 3 })}${SI_PREFIXES[power]}`;
}

/** The longest axisLabel: -1.798e+308. */
export const AXIS_LABEL_MAX = 11;

/**
 * The values a chart `width` columns wide draws: a gap (null) takes the value before it
 * (the first values that are null, the first that is not); more points than columns are
 * averaged into one per column. [] when the series has no value at all.
 */
export function chartValues(points: readonly Point[], width: number): number[] {
  const first = points.find((p) => p.value !== null)?.value;
  if (first === undefined || first === null) return [];
  let carried = first;
  const filled = points.map((p) => (carried = p.value ?? carried));
  const columns = Math.max(2, Math.floor(width));
  if (filled.length <= columns) return filled;
  const out: number[] = [];
  for (let c = 0; c < columns; c++) {
    const from = Math.floor((c * filled.length) / columns);
    const to = Math.max(from + 1, Math.floor(((c + 1) * filled.length) / columns));
    const bucket = filled.slice(from, to);
    out.push(bucket.reduce((sum, v) => sum + v, 0) / bucket.length);
  }
  return out;
}
