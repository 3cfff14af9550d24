// `--plot`: each series as a small line chart on the terminal, drawn by asciichart (a
// small, dependency-free chart library), loaded only when a plot is asked for. The label
// of each chart is the service's text with control characters escaped; the y labels are
// compact (2.82T), never cut, and the title has the latest value in full.
import { plot } from 'asciichart';
import { escapeControl } from '../../base/sanitize.js';
import { AXIS_LABEL_MAX, axisLabel, chartValues, formatValue, seriesOf } from './shape.js';

/** Rows of each chart, and the room its y labels take (a label, never cut, and a space). */
const HEIGHT = 6;
const LABEL_WIDTH = AXIS_LABEL_MAX + 1;

/** The charts of every series that has a value, for a terminal `columns` wide. */
export function plotSeries(document: unknown, columns: number, several: boolean): string {
  const width = Math.max(10, (columns || 80) - LABEL_WIDTH - 2);
  const out: string[] = [];
  let process: string | undefined;
  for (const series of seriesOf(document)) {
    // A cluster's processes: each one's ID (whole, as copied) on a line of its own above its charts.
    if (several && series.process !== process) {
      process = series.process;
      out.push(`${escapeControl(process)}\n`);
    }
    const values = chartValues(series.points, width);
    const title = escapeControl(`${series.name} (${series.units})`);
    if (values.length === 0) {
      out.push(`${title}: no data\n`);
      continue;
    }
    const first = series.points[0]?.timestamp ?? '';
    const last = series.points.at(-1)?.timestamp ?? '';
    const latest = formatValue(series.points.findLast((p) => p.value !== null)?.value ?? undefined);
    const { drawn, valueOf } = chartable(values);
    const chart = plot(drawn, {
      height: HEIGHT,
      format: (x: number) => axisLabel(valueOf(x)).padStart(AXIS_LABEL_MAX),
    });
    out.push(`${title}  latest ${latest}\n${chart}\n${' '.repeat(LABEL_WIDTH)}${escapeControl(first)} .. ${escapeControl(last)}\n`);
  }
  return out.join('\n');
}

/** Past this, asciichart's row counter (++y from the lowest value × rows per unit) may stop moving. */
const ROW_COUNT_LIMIT = 2 ** 50;

/**
 * The values asciichart is given, and the value a y it labels stands for. asciichart walks
 * its rows with ++y from min × (rows / range): for a flat series of values past 2^53, or one
 * whose averaged columns differ by a rounding error (a disk of 2.8 TB: 1e16 rows down), y + 1
 * is y and the walk never ends; a range of denormals makes rows / range infinite. Such a
 * series is drawn moved to just above zero (halved if its range would overflow; flat if its
 * range is below what a row can show), labelled with the values it stands for. Any other is
 * drawn as it is.
 */
function chartable(values: readonly number[]): { drawn: number[]; valueOf: (y: number) => number } {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const range = high - low;
  const perUnit = range === 0 ? 1 : HEIGHT / range; // asciichart's own ratio
  if (Number.isFinite(perUnit) && Math.max(Math.abs(low), Math.abs(high)) * perUnit <= ROW_COUNT_LIMIT) return { drawn: [...values], valueOf: (y) => y };
  // One row at 1: no row is y = 0, which asciichart marks as the zero line.
  if (!Number.isFinite(perUnit)) return { drawn: values.map(() => 1), valueOf: () => low };
  const scale = Number.isFinite(range) ? 1 : 0.5;
  const base = range * scale;
  return { drawn: values.map((v) => v * scale - low * scale + base), valueOf: (y) => (y - base) / scale + low };
}
