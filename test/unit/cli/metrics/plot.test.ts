// The charts' y labels (src/cli/metrics/plot.ts, axisLabel in shape.ts): compact (2.82T),
// never cut, so every label reads as a value of the series' own range, whatever its size:
// a value of 12 digits or more was cut to 11 (2.82e12 bytes showed as 28200000000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plotSeries } from '../../../../src/cli/metrics/plot.js';
import { AXIS_LABEL_MAX, axisLabel } from '../../../../src/cli/metrics/shape.js';

const PREFIX: Record<string, number> = { k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** A label read back as a number. */
function readLabel(label: string): number {
  const match = /^(-?[0-9.]+(?:e[+-]\d+)?)([kMGTPE]?)$/.exec(label.trim());
  expect(match, label).not.toBeNull();
  return Number(match![1]) * (match![2] ? PREFIX[match![2]]! : 1);
}

/** The y labels of every chart of `text`. */
const labelsOf = (text: string): string[] => text.split('\n').filter((l) => /[┤┼]/.test(l)).map((l) => l.slice(0, l.search(/[┤┼]/)).trim());

const series = (values: number[], units = 'BYTES') => ({
  processId: 'h:27017',
  measurements: [{ name: 'DISK_PARTITION_SPACE_USED', units, dataPoints: values.map((value, i) => ({ timestamp: `2026-08-10T0${i}:00:00Z`, value })) }],
});

describe('axis labels', () => {
  it('examples', () => {
    expect(axisLabel(2.82e12)).toBe('2.82T');
    expect(axisLabel(28_010_752_227.5)).toBe('28.01G');
    expect(axisLabel(12_345)).toBe('12.35k');
    expect(axisLabel(999_950)).toBe('1M');
    expect(axisLabel(9999)).toBe('9999');
    expect(axisLabel(-0.0012346)).toBe('-0.001235');
    expect(axisLabel(45)).toBe('45');
    expect(axisLabel(0)).toBe('0');
    expect(axisLabel(1.5e21)).toBe('1.500e+21');
    expect(axisLabel(2e-7)).toBe('2.000e-7');
    expect(axisLabel(-Number.MAX_VALUE)).toBe('-1.798e+308');
  });

  it('any value: within the room of a label, and read back within its four significant digits', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
      const label = axisLabel(value);
      expect(label.length, label).toBeLessThanOrEqual(AXIS_LABEL_MAX);
      const back = readLabel(label);
      // Past the largest double once rounded (1.7975e308 is 1.798e+308): the label is its digits.
      if (!Number.isFinite(back)) {
        expect(label).toBe(value.toExponential(3));
        return;
      }
      if (value === 0 || Math.abs(value) < 1e-300) return;
      expect(Math.abs(back - value) / Math.abs(value), `${value} ${label}`).toBeLessThanOrEqual(5.001e-4);
    }));
  });

  it('a chart of terabytes: each label is a value of the series, not one cut to 11 characters', () => {
    const text = plotSeries(series([2.8e12, 2.82e12, 2.9e12]), 80, false);
    const labels = labelsOf(text);
    expect(labels).toHaveLength(7);
    expect(labels[0]).toBe('2.9T');
    expect(labels.at(-1)).toBe('2.8T');
    expect(text).toContain('latest 2900000000000');
  });

  it('any series, of any size: every label reads as a value within its range', () => {
    // Values of one sign and order of magnitude (10^-8 to 10^24), as a measurement's are; and any.
    const ofOneSize = fc.tuple(fc.integer({ min: -8, max: 24 }), fc.constantFrom(1, -1)).chain(([e, sign]) =>
      fc.array(fc.double({ min: 1, max: 10, noNaN: true }).map((m) => sign * m * 10 ** e), { minLength: 2, maxLength: 30 }));
    const ofAnySize = fc.array(fc.double({ min: -1e300, max: 1e300, noNaN: true }), { minLength: 2, maxLength: 30 });
    // Large values that hardly move (or not at all): a disk's size averaged into columns, off by a rounding.
    const ofNearlyFlat = fc.tuple(fc.double({ min: 1e6, max: 1e300, noNaN: true }), fc.constantFrom(1, -1)).chain(([level, sign]) =>
      fc.array(fc.integer({ min: 0, max: 3 }).map((ulps) => sign * level * (1 + ulps * Number.EPSILON)), { minLength: 2, maxLength: 30 }));
    const ofDenormal = fc.array(fc.integer({ min: 0, max: 5 }).map((n) => n * Number.MIN_VALUE), { minLength: 2, maxLength: 30 });
    fc.assert(fc.property(fc.oneof(ofOneSize, ofAnySize, ofNearlyFlat, ofDenormal), (values) => {
      const [min, max] = [Math.min(...values), Math.max(...values)];
      const text = plotSeries(series(values), 80, false);
      for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
      const slack = Math.max(Math.abs(min), Math.abs(max)) * 1e-3 + 1e-9;
      for (const label of labelsOf(text)) {
        const value = readLabel(label);
        expect(value, `${label} in [${min}, ${max}]`).toBeGreaterThanOrEqual(min - slack);
        expect(value, `${label} in [${min}, ${max}]`).toBeLessThanOrEqual(max + slack);
      }
    }));
  });
  // asciichart counts its rows with ++y: past 2^53 y + 1 is y, and `metrics --plot` never ended.
  it('a flat or nearly flat series of large values, and one of denormals, is drawn and labelled with its value', () => {
    for (const values of [[1e17, 1e17, 1e17], [2.8234e12, 2.8234e12 + 4.8828125e-4, 2.8234e12], [-3e20, -3e20 * (1 + Number.EPSILON)], [0, Number.MIN_VALUE]]) {
      const text = plotSeries(series(values), 80, false);
      const labels = labelsOf(text).map(readLabel);
      expect(labels.length, text).toBeGreaterThan(0);
      for (const value of labels) expect(Math.abs(value - values[0]!), `${value} for ${values[0]}`).toBeLessThanOrEqual(Math.abs(values[0]!) * 1e-3 + 1e-300);
    }
  });
});
