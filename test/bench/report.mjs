// Formats the figures as a Markdown table: readable in a terminal, and the same
// text goes into RESULTS.md.

export const fmt = {
  ms: (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a'),
  ratio: (v) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : '—'),
  /** ru_maxrss is in KiB; the target is in MB (10^6 bytes). */
  mb: (kib) => (Number.isFinite(kib) ? `${((kib * 1024) / 1e6).toFixed(1)} MB` : 'n/a'),
  count: (v) => (Number.isFinite(v) ? String(v) : 'n/a'),
};

/** @param {Array<{ id: string, name: string, measured: string, baseline: string, ratio: string, target: string, met: boolean | null }>} figures */
export function figuresTable(figures) {
  const header = ['#', 'figure', 'measured', 'baseline', 'ratio', 'target', 'result'];
  const rows = figures.map((f) => [f.id, f.name, f.measured, f.baseline, f.ratio, f.target, f.met === null ? 'error' : f.met ? 'met' : 'MISSED']);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
