// Property tests for parseDuration: any text either parses to a whole number of
// milliseconds a timer can hold, or is refused as a usage error (exit 2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, parseDuration } from '../../../src/core/duration.js';
import { UsageError } from '../../../src/base/errors.js';

const UNIT_MS = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 } as const;
const part = fc.tuple(fc.nat({ max: 10_000_000 }), fc.constantFrom(...(Object.keys(UNIT_MS) as Array<keyof typeof UNIT_MS>)));

describe('parseDuration (properties)', () => {
  it('any text gives a whole number of ms from 0 to MAX_TIMER_MS, or a UsageError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9.hms ]{0,12}$/)), (text) => {
        try {
          const ms = parseDuration(text, '--timeout');
          expect(Number.isInteger(ms)).toBe(true);
          expect(ms).toBeGreaterThanOrEqual(0);
          expect(ms).toBeLessThanOrEqual(MAX_TIMER_MS);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).toContain('--timeout');
        }
      }),
    );
  });

  it('a sum of unit parts is its total in ms when a timer can hold it, and refused when not', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), (parts) => {
        const text = parts.map(([n, unit]) => `${n}${unit}`).join('');
        const total = parts.reduce((sum, [n, unit]) => sum + n * UNIT_MS[unit], 0);
        if (total <= MAX_TIMER_MS) expect(parseDuration(text, '--watch-timeout')).toBe(total);
        else expect(() => parseDuration(text, '--watch-timeout')).toThrow(/longer than a timer can wait/);
      }),
    );
  });

  it('bare seconds: n is n*1000 ms up to the timer limit, refused past it', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (n) => {
        if (n * 1000 <= MAX_TIMER_MS) expect(parseDuration(String(n), '--timeout')).toBe(n * 1000);
        else expect(() => parseDuration(String(n), '--timeout')).toThrow(UsageError);
      }),
    );
  });

  it('the edge: 2147483647ms is accepted, 2147483648ms and 25 days are refused', () => {
    expect(parseDuration('2147483647ms', '--timeout')).toBe(MAX_TIMER_MS);
    expect(() => parseDuration('2147483648ms', '--timeout')).toThrow(/at most 2147483647 ms/);
    expect(() => parseDuration('600h', '--timeout')).toThrow(UsageError);
    expect(parseDuration('596h', '--timeout')).toBe(596 * 3_600_000);
  });
});
