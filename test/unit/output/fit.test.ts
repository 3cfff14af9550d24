import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, fitColumns, GAP, truncate, type Shrink } from '../../../src/output/fit.js';

const lineWidth = (widths: number[]): number => widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1);

describe('fitColumns', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitColumns([10, 5, 20], [{}, {}, {}], 100)).toEqual({ keep: [0, 1, 2], widths: [10, 5, 20] });
  });

  it('cuts the least useful column first, down to its minimum, and the undroppable ones last', () => {
    const rules: Shrink[] = [{ minWidth: 10 }, {}, { minWidth: 8, dropPriority: 1 }];
    // 20 + 5 + 20 + 4 = 49; 40 available: the third column gives 9.
    expect(fitColumns([20, 5, 20], rules, 40)).toEqual({ keep: [0, 1, 2], widths: [20, 5, 11] });
    // 30 available: the third goes to 8, then the first gives the rest.
    expect(fitColumns([20, 5, 20], rules, 30)).toEqual({ keep: [0, 1, 2], widths: [13, 5, 8] });
  });

  it('drops columns, highest priority first, when even the minimums overflow', () => {
    const rules: Shrink[] = [{ minWidth: 10 }, {}, { minWidth: 8, dropPriority: 1 }, { minWidth: 8, dropPriority: 2 }];
    expect(fitColumns([20, 5, 20, 20], rules, 30).keep).toEqual([0, 1, 2]);
    expect(fitColumns([20, 5, 20, 20], rules, 20).keep).toEqual([0, 1]);
  });

  it('a column shown only when everything fits: kept when the natural widths fit, else dropped before anything is cut', () => {
    const rules: Shrink[] = [{ minWidth: 10 }, { onlyWhenAllFits: true }, { minWidth: 8, dropPriority: 1 }];
    // 20 + 5 + 20 + 4 = 49.
    expect(fitColumns([20, 5, 20], rules, 49)).toEqual({ keep: [0, 1, 2], widths: [20, 5, 20] });
    // One column short: the optional one goes, and the others stay whole (20 + 20 + 2 = 42).
    expect(fitColumns([20, 5, 20], rules, 48)).toEqual({ keep: [0, 2], widths: [20, 20] });
    // Narrower still: the rest give way as before, without it.
    expect(fitColumns([20, 5, 20], rules, 30)).toEqual({ keep: [0, 2], widths: [20, 8] });
  });

  it('always fits, whatever the rules say', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ natural: fc.integer({ min: 1, max: 80 }), min: fc.option(fc.integer({ min: 1, max: 40 })), drop: fc.option(fc.integer({ min: 0, max: 5 })) }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 1, max: 200 }),
        (columns, available) => {
          const { keep, widths } = fitColumns(
            columns.map((c) => c.natural),
            columns.map((c) => ({ minWidth: c.min ?? undefined, dropPriority: c.drop ?? undefined })),
            available,
          );
          expect(keep.length).toBeGreaterThan(0);
          if (keep.length > 1) expect(lineWidth(widths)).toBeLessThanOrEqual(available);
          else expect(widths[0]).toBeLessThanOrEqual(Math.max(1, available));
        },
      ),
    );
  });
});

describe('truncate', () => {
  it('leaves what fits, cuts the end or the middle with …', () => {
    expect(truncate('abcdef', 6)).toBe('abcdef');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('analytics-prod-07', 9, 'middle')).toBe('anal…d-07');
    expect(truncate('ab cd', 4)).toBe('ab…');
  });

  it('counts wide characters as two columns', () => {
    const cut = truncate('日本語のクラスタ', 7);
    expect(displayWidth(cut)).toBeLessThanOrEqual(7);
    expect(cut.endsWith('…')).toBe(true);
  });
});
