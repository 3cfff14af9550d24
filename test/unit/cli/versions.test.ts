// The pure parts of `cdba versions`: the lifecycle of each operation on a day, --fail-within's parser,
// and its verdict (which pin, if any, to move to).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describedLifecycles, loadDescription } from '../../../src/api/description.js';
import { operationLifecycles } from '../../../src/api/versions.js';
import { UsageError } from '../../../src/base/errors.js';
import { daysFlag } from '../../../src/cli/command.js';
import { sunsetVerdict } from '../../../src/cli/versions.js';

describe('operationLifecycles', () => {
  const on = (pin: string, day: string, name: string) => operationLifecycles(pin, day).find((op) => op.operation === name)!;

  it('before a successor is out, the version sent is not deprecated yet and is the newest', () => {
    expect(on('2024-08-05', '2024-09-01', 'clusters.create')).toMatchObject({ sends: '2024-08-05', newest: '2024-08-05', deprecation: null, sunset: '2027-03-01', daysLeft: 911 });
  });
  it('after it, deprecated since the successor; on the Sunset day gone (0 days), and the newest skips it', () => {
    expect(on('2024-08-05', '2024-10-23', 'clusters.create')).toMatchObject({ deprecation: '2024-10-23', newest: '2024-10-23' });
    expect(on('2023-02-01', '2027-07-01', 'clusters.list')).toMatchObject({ sends: '2023-02-01', newest: '2024-08-05', daysLeft: 0 });
    expect(on('2023-02-01', '2027-06-30', 'clusters.list').daysLeft).toBe(1);
  });
  it('a pin older than an operation\'s first version sends none; v1.0 sends v1.0 with no dates', () => {
    expect(on('2022-01-01', '2026-01-01', 'clusters.list')).toMatchObject({ sends: null, sunset: null, daysLeft: null });
    expect(on('v1.0', '2026-01-01', 'clusters.list')).toMatchObject({ sends: 'v1.0', deprecation: null, sunset: null });
  });
});

describe('--fail-within', () => {
  const parse = daysFlag('--fail-within');
  it('reads <N>d', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999 }), (n) => parse(`${n}d`) === n));
  });
  it('refuses anything else with one usage line', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^\s*\d{1,5}d\s*$/.test(text));
        expect(() => parse(text)).toThrow(UsageError);
        try {
          parse(text);
        } catch (error) {
          expect((error as Error).message).toMatch(/^invalid --fail-within ".*": expected a number of days like 90d$/s);
        }
      }),
    );
  });
});

describe('--fail-within: the verdict', () => {
  const row = (operation: string, sends: string, newest: string | null, sunset: string | null, daysLeft: number | null, operationDeprecated = false) => ({
    operation, method: 'GET', path: `/${operation}`, sends, newest, deprecation: null, sunset, daysLeft, operationDeprecated,
  });

  it("names a pin only where a later version that is not due itself replaces the due ones, never the pin in use", async () => {
    const description = await loadDescription();
    const day = '2026-12-07';
    const at = (pin: string) => describedLifecycles(description, pin, day);
    // Under the pin the service's newest answers to, nothing moves what is due: no pin, and the operation that goes whole is said to.
    for (const pin of ['2025-03-12', '2026-08-21']) {
      const verdict = sunsetVerdict({ rows: at(pin), pin, window: 400, all: true, rowsAt: at })!;
      expect(verdict.moveTo, pin).toBeUndefined();
      expect(verdict.message).toMatch(/^\d+ operations of the description reach their Sunset within 400 days: upgradeGroupClusterTenantUpgradeToServerless 2023-01-01 was removed on 2025-02-05 \(the operation is deprecated\), and no later version replaces it; none replaces any of the \d+ others either$/);
    }
    // From an older pin a later one helps some: it is named, and the first to go is still said to have none.
    const older = sunsetVerdict({ rows: at('2024-08-05'), pin: '2024-08-05', window: 90, all: true, rowsAt: at })!;
    expect(older.moveTo).toBe('2024-10-23');
    expect(older.message).toMatch(/, and no later version replaces it; \d+ others? ha(s|ve) one$/);
    expect(older.message).not.toContain('versions cdba sends');
  });

  it("cdba's own operations: the pin that sends each due one a version with no Sunset", () => {
    const at = (pin: string) => operationLifecycles(pin, '2027-05-02');
    const verdict = sunsetVerdict({ rows: at('2023-02-01'), pin: '2023-02-01', window: 90, all: false, rowsAt: at })!;
    expect(verdict.moveTo).toBe('2024-10-23');
    expect(verdict.message).toMatch(/^\d+ of the versions cdba sends reach their Sunset within 90 days: clusters\.list 2023-02-01 is removed on 2027-07-01, in 60 days$/);
    expect(sunsetVerdict({ rows: at('2023-02-01'), pin: '2023-02-01', window: 59, all: false, rowsAt: at })).toBeUndefined();
  });

  it('a later version that is due as well is no remedy; a pin that fixes some names those that stay', () => {
    const rows = { '2023-01-01': [row('a', '2023-01-01', '2024-01-01', '2027-01-01', 30), row('b', '2023-01-01', null, '2026-12-31', 29)] } as Record<string, ReturnType<typeof row>[]>;
    rows['2024-01-01'] = [row('a', '2024-01-01', '2024-01-01', '2027-02-01', 61), row('b', '2023-01-01', null, '2026-12-31', 29)];
    const at = (pin: string) => rows[pin]!;
    const stillDue = sunsetVerdict({ rows: at('2023-01-01'), pin: '2023-01-01', window: 90, all: false, rowsAt: at })!;
    expect(stillDue).toEqual({ message: '2 of the versions cdba sends reach their Sunset within 90 days: b 2023-01-01 is removed on 2026-12-31, in 29 days, and no later version replaces it; none replaces the other one either' });
    const fixes = sunsetVerdict({ rows: at('2023-01-01'), pin: '2023-01-01', window: 60, all: false, rowsAt: at })!;
    expect(fixes).toEqual({ message: '2 of the versions cdba sends reach their Sunset within 60 days: b 2023-01-01 is removed on 2026-12-31, in 29 days, and no later version replaces it; 1 other has one', moveTo: '2024-01-01' });
    rows['2023-01-01'] = [row('a', '2023-01-01', '2024-01-01', '2027-01-01', 30), row('b', '2023-01-01', null, '2027-01-31', 60)];
    expect(sunsetVerdict({ rows: at('2023-01-01'), pin: '2023-01-01', window: 60, all: false, rowsAt: at })).toEqual({
      message: '2 of the versions cdba sends reach their Sunset within 60 days: a 2023-01-01 is removed on 2027-01-01, in 30 days; 1 other has no later version', moveTo: '2024-01-01',
    });
  });
});
