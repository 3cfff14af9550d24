// The metrics verbs' flags (src/cli/metrics/flags.ts): defaults, canonical durations,
// the service's form of times, and each refusal as one usage error naming the flag.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { GRANULARITIES, readMetricsFlags } from '../../../../src/cli/metrics/flags.js';

describe('metrics flags', () => {
  it('defaults to a point every 5 minutes over the last hour, every series', () => {
    expect(readMetricsFlags({})).toEqual({ granularity: 'PT5M', period: 'PT1H', types: [] });
  });

  it('writes durations in their canonical form and times in the service form', () => {
    expect(readMetricsFlags({ granularity: 'pt60m', period: 'PT36H' })).toEqual({ granularity: 'PT1H', period: 'P1DT12H', types: [] });
    expect(readMetricsFlags({ start: '2026-08-10T01:00', end: '2026-08-10T03:00:00+01:00', type: ['connections', 'CONNECTIONS'] })).toEqual({
      granularity: 'PT5M',
      start: '2026-08-10T01:00:00Z',
      end: '2026-08-10T02:00:00Z',
      types: ['CONNECTIONS'],
    });
  });

  it('accepts exactly the granularities the service keeps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), (seconds) => {
        const text = `PT${seconds}S`;
        let accepted: string | undefined;
        try {
          accepted = readMetricsFlags({ granularity: text, period: 'P30D' }).granularity;
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
        }
        return (accepted !== undefined) === [60, 300, 1_800, 3_600, 86_400].includes(seconds) && (accepted === undefined || (GRANULARITIES as readonly string[]).includes(accepted));
      }),
    );
  });

  it('refuses, naming the flag', () => {
    const cases: Array<[Parameters<typeof readMetricsFlags>[0], RegExp]> = [
      [{ granularity: 'PT2M' }, /--granularity "PT2M"/],
      [{ period: 'P1Y' }, /--period "P1Y"/],
      [{ period: 'PT1H', end: '2026-08-10T00:00:00Z' }, /--period cannot be used with --end/],
      [{ end: '2026-08-10T00:00:00Z' }, /--end needs --start/],
      [{ start: '2026-02-30T00:00:00Z', end: '2026-03-01T00:00:00Z' }, /invalid --start/],
      [{ start: '2026-08-10T00:00:00Z', end: '2026-08-10T00:00:00Z' }, /is not before --end/],
      [{ type: ['a b'] }, /invalid --type/],
      [{ type: Array.from({ length: 11 }, (_, i) => `T${i}`) }, /at most 10/],
      [{ granularity: 'P1D', period: 'PT1H' }, /shorter than --granularity/],
    ];
    for (const [flags, message] of cases) expect(() => readMetricsFlags(flags)).toThrow(message);
  });
});
