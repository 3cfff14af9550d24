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
    const chart = plot(values, {
      height: HEIGHT,
      format: (x: number) => axisLabel(x).padStart(AXIS_LABEL_MAX),
    });
    out.push(`${title}  latest ${latest}\n${chart}\n${' '.repeat(LABEL_WIDTH)}${escapeControl(first)} .. ${escapeControl(last)}\n`);
  }
  return out.join('\n');
}
