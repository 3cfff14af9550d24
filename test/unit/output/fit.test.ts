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

  it('a copyable column (an ID, a name) stays whole: less useful columns are dropped before it is cut', () => {
    // projects list at 80: ID, NAME, CLUSTERS, ORG ID, CREATED; CREATED goes, ORG ID stays whole.
    const rules: Shrink[] = [{ copyable: true }, { copyable: true, minWidth: 12 }, { dropPriority: 1 }, { copyable: true, dropPriority: 2 }, { minWidth: 10, dropPriority: 3 }];
    expect(fitColumns([24, 12, 8, 24, 20], rules, 80, [2, 4, 8, 6, 7])).toEqual({ keep: [0, 1, 2, 3], widths: [24, 12, 8, 24] });
  });

  it('a copyable value is never cut (issue 43, item 8): other columns go, and when even that leaves no room the line is longer', async () => {
    const rules: Shrink[] = [{ copyable: true }, { copyable: true, minWidth: 12, cut: 'middle' }, { dropPriority: 1 }, { minWidth: 5 }];
    // 24 + 2 + 40 + 2 + 8 + 2 + 10 = 88 > 80: the droppable column goes, the state keeps its floor.
    expect(fitColumns([24, 40, 8, 10], rules, 80, [2, 4, 8, 5])).toEqual({ keep: [0, 1, 3], widths: [24, 40, 10] });
    // 60 columns: the ID and the name alone take 66; the state stays at its floor, and the line is 73 long.
    expect(fitColumns([24, 40, 8, 10], rules, 60, [2, 4, 8, 5])).toEqual({ keep: [0, 1, 3], widths: [24, 40, 5] });
    // A connection string wider than the terminal: every droppable column goes, the TYPE stays whole beside it.
    expect(fitColumns([16, 3, 24, 120], [{}, { dropPriority: 2 }, { dropPriority: 1, copyable: true }, { copyable: true }], 80, [4, 3, 8, 17])).toEqual({ keep: [0, 3], widths: [16, 120] });
  });

  it('a column with no dropPriority is never dropped: when only such columns are left and they do not fit, all stay and the line is longer', () => {
    // profile show at 100 columns, a long caFile: KEY (no rule), VALUE (copyable), SOURCE (dropPriority 1).
    // SOURCE goes; KEY stays beside the value it names, and the line (6 + 2 + 95 = 103) wraps.
    const show: Shrink[] = [{}, { copyable: true }, { dropPriority: 1 }];
    expect(fitColumns([6, 95, 7], show, 100, [3, 5, 6])).toEqual({ keep: [0, 1], widths: [6, 95] });
    // At 30 columns, the same with the default caFile's shorter value.
    expect(fitColumns([10, 40, 7], show, 30, [3, 5, 6])).toEqual({ keep: [0, 1], widths: [10, 40] });
    // TYPE beside a connection string that alone fits the line, but not with it: TYPE stays.
    expect(fitColumns([16, 70], [{}, { copyable: true }], 80, [4, 17])).toEqual({ keep: [0, 1], widths: [16, 70] });
    // Neither copyable nor droppable, no minimum: never cut, never dropped.
    expect(fitColumns([20, 20, 20], [{}, {}, {}], 30, [4, 4, 4])).toEqual({ keep: [0, 1, 2], widths: [20, 20, 20] });
    // Cut to their floors (the minimum, never inside the header) first, then kept at them.
    expect(fitColumns([20, 20, 9], [{ minWidth: 6 }, { minWidth: 8 }, { dropPriority: 1 }], 12, [4, 10, 6])).toEqual({ keep: [0, 1], widths: [6, 10] });
  });

  it('a header is not cut while dropping a column can make room', () => {
    // DB VERSION (header 10, values 6) with a minimum of 7: the less useful column goes instead.
    const rules: Shrink[] = [{}, { minWidth: 7, dropPriority: 1 }, { minWidth: 10, dropPriority: 2 }];
    expect(fitColumns([20, 10, 20], rules, 34, [4, 10, 7])).toEqual({ keep: [0, 1], widths: [20, 10] });
  });

  it('never drops a column with no dropPriority nor cuts a copyable value, nor a header that dropping columns could have kept whole; overflows only when the columns never dropped cannot fit', () => {
    const column = fc.record({
      natural: fc.integer({ min: 1, max: 60 }),
      header: fc.integer({ min: 1, max: 12 }),
      min: fc.option(fc.integer({ min: 1, max: 30 })),
      drop: fc.option(fc.integer({ min: 0, max: 5 })),
      copyable: fc.boolean(),
      onlyWhenAllFits: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(column, { minLength: 1, maxLength: 9 }), fc.integer({ min: 1, max: 200 }), (columns, available) => {
        const natural = columns.map((c) => Math.max(c.natural, c.header));
        const rules: Shrink[] = columns.map((c) => ({ minWidth: c.min ?? undefined, dropPriority: c.drop ?? undefined, copyable: c.copyable, onlyWhenAllFits: c.onlyWhenAllFits }));
        const headers = columns.map((c) => c.header);
        const { keep, widths } = fitColumns(natural, rules, available, headers);
        // What a column needs to be whole where it matters: a copyable value all of it, any other its header.
        const needs = (i: number): number => (rules[i]!.copyable ? natural[i]! : Math.min(natural[i]!, Math.max(rules[i]!.minWidth ?? natural[i]!, headers[i]!)));
        const undroppable = natural.map((_, i) => i).filter((i) => rules[i]!.dropPriority === undefined && !rules[i]!.onlyWhenAllFits);
        keep.forEach((i, k) => {
          if (rules[i]!.copyable) expect(widths[k], `column ${i} is copyable`).toBe(natural[i]);
          const alongside = [...new Set([...undroppable, i])];
          if (lineWidth(alongside.map(needs)) > available) return; // dropping columns could not make room
          expect(widths[k], `column ${i}'s header`).toBeGreaterThanOrEqual(headers[i]!);
        });
        // What identifies a row is never dropped (shown-only-when-everything-fits columns aside).
        for (const i of undroppable) expect(keep, `column ${i} has no dropPriority`).toContain(i);
        if (keep.length > 1 && lineWidth(widths) > available) {
          // Longer than the line only when the columns that may not be dropped do not fit at their floors, with every droppable column gone.
          expect(keep.filter((i) => rules[i]!.dropPriority !== undefined)).toEqual([]);
          expect(lineWidth(keep.map(needs))).toBeGreaterThan(available);
          keep.forEach((i, k) => expect(widths[k], `column ${i} at its floor`).toBe(needs(i)));
        }
      }),
    );
  });

  it('fits whenever the columns never dropped fit at their minimums, whatever the rules say', () => {
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
          const undroppable = columns.flatMap((c, i) => (c.drop === null ? [i] : []));
          const floors = undroppable.map((i) => Math.min(columns[i]!.natural, columns[i]!.min ?? columns[i]!.natural));
          if (keep.length === 1) expect(widths[0]).toBeLessThanOrEqual(Math.max(1, available));
          else if (lineWidth(floors) <= available) expect(lineWidth(widths)).toBeLessThanOrEqual(available);
          else expect(keep).toEqual(undroppable);
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
