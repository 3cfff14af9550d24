// What the metrics verbs make of measurements (src/cli/metrics/shape.ts, plot.ts): the
// latest value that is not null per series (per process for a list), values written for a
// person, and the values of a chart: never wider than asked, gaps carried, every value
// within the series' own range; the charts fit the terminal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartValues, formatValue, latestRows } from '../../../../src/cli/metrics/shape.js';
import { plotSeries } from '../../../../src/cli/metrics/plot.js';

const doc = (processId: string, values: Array<number | null>, name = 'CONNECTIONS') => ({
  processId,
  measurements: [
    { name, units: 'SCALAR', dataPoints: values.map((value, i) => ({ timestamp: `2026-08-10T0${i}:00:00Z`, value })) },
    { name: 'FTS_DISK_USAGE', units: 'BYTES', dataPoints: [] },
  ],
});

describe('latest values', () => {
  it('takes the last value that is not null; none for an empty or all-null series', () => {
    expect(latestRows(doc('h:27017', [1, 5, null]))).toEqual([
      { process: 'h:27017', name: 'CONNECTIONS', value: 5, units: 'SCALAR', at: '2026-08-10T01:00:00Z' },
      { process: 'h:27017', name: 'FTS_DISK_USAGE', value: undefined, units: 'BYTES', at: '' },
    ]);
    expect(latestRows([doc('a:1', [null]), doc('b:1', [2])]).map((r) => [r.process, r.value])).toEqual([['a:1', undefined], ['a:1', undefined], ['b:1', 2], ['b:1', undefined]]);
    expect(latestRows({ nothing: true })).toEqual([]);
    expect(latestRows(null)).toEqual([]);
  });

  it('is the last non-null value of any series', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }), { maxLength: 9 }), (values) => {
        const expected = values.filter((v): v is number => v !== null).at(-1);
        return latestRows(doc('h:1', values))[0]!.value === expected;
      }),
    );
  });

  it('writes values with four significant digits and no exponent for ordinary sizes', () => {
    expect(formatValue(28010752227.555553)).toBe('28010000000');
    expect(formatValue(0.003984881313796199)).toBe('0.003985');
    expect(formatValue(44.99999999999999)).toBe('45');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(undefined)).toBe('');
    expect(formatValue(1e-9)).toBe('1.000e-9');
  });
});

describe('chart values', () => {
  it('never wider than asked, gaps carried, within the range of the values', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }), { maxLength: 400 }), fc.integer({ min: 2, max: 120 }), (values, width) => {
        const points = values.map((value, i) => ({ timestamp: String(i), value }));
        const out = chartValues(points, width);
        const real = values.filter((v): v is number => v !== null);
        if (real.length === 0) return out.length === 0;
        const [min, max] = [Math.min(...real), Math.max(...real)];
        return out.length === Math.min(values.length, width) && out.every((v) => v >= min - 1e-6 && v <= max + 1e-6);
      }),
    );
  });

  it('draws each series in the width of the terminal, and says when one has no data', () => {
    const values = Array.from({ length: 300 }, (_, i) => 40 + 10 * Math.sin(i / 10));
    const text = plotSeries([doc('a:27017', values), doc('b:27017', [null, null], 'MEMORY_MAPPED')], 60, true);
    expect(text).toMatch(/^a:27017\n\nCONNECTIONS \(SCALAR\) {2}latest /);
    expect(text).toContain('\nb:27017\n\nMEMORY_MAPPED (SCALAR): no data');
    expect(text).toContain('FTS_DISK_USAGE (BYTES): no data');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(text.split('\n').filter((l) => /[┤┼]/.test(l)).length).toBe(7);
  });

  it('escapes control characters in what the service named', () => {
    const text = plotSeries({ processId: 'h:1', measurements: [{ name: 'X\u001b[2J', units: 'SCALAR', dataPoints: [{ timestamp: 't', value: 1 }, { timestamp: 'u', value: 2 }] }] }, 80, false);
    expect(text).not.toContain('\u001b');
  });
});
