// The pure parts of `cdba versions`: the lifecycle of each operation on a day, and --fail-within's parser.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationLifecycles } from '../../../src/api/versions.js';
import { UsageError } from '../../../src/base/errors.js';
import { daysFlag } from '../../../src/cli/command.js';

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
