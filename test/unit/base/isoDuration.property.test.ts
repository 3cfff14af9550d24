// ISO 8601 durations (src/base/isoDuration.ts): every positive whole number of seconds
// formats to a duration that parses back to it; every form built of weeks or days and
// time parts parses to its sum; what is not a duration of fixed length is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIsoDuration, parseIsoDuration } from '../../../src/base/isoDuration.js';

describe('ISO 8601 durations', () => {
  it('format then parse is the identity on positive whole seconds', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10 ** 9 }), (seconds) => parseIsoDuration(formatIsoDuration(seconds)) === seconds));
  });

  it('a form of days and time parts parses to its sum, in any case', () => {
    const part = fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined });
    fc.assert(
      fc.property(part, part, part, part, fc.boolean(), (d, h, m, s, lower) => {
        const time = `${h === undefined ? '' : `${h}H`}${m === undefined ? '' : `${m}M`}${s === undefined ? '' : `${s}S`}`;
        const text = `P${d === undefined ? '' : `${d}D`}${time ? `T${time}` : ''}`;
        const total = (d ?? 0) * 86_400 + (h ?? 0) * 3_600 + (m ?? 0) * 60 + (s ?? 0);
        const parsed = parseIsoDuration(lower ? text.toLowerCase() : text);
        return total === 0 ? parsed === undefined : parsed === total;
      }),
    );
  });

  it('the recorded and documented examples', () => {
    expect(parseIsoDuration('PT30M')).toBe(1_800);
    expect(parseIsoDuration('P1DT12H')).toBe(129_600);
    expect(parseIsoDuration('PT24H')).toBe(86_400);
    expect(parseIsoDuration('P2W')).toBe(1_209_600);
    expect(formatIsoDuration(129_600)).toBe('P1DT12H');
    expect(formatIsoDuration(5_400)).toBe('PT1H30M');
  });

  it('refuses what has no fixed length or is not a duration', () => {
    for (const text of ['', 'P', 'PT', 'P1DT', 'P1M', 'P1Y', 'PT1.5M', '1H', 'PT-1M', 'P1W1D', ' PT1M', 'PT0S', 'PT1M ']) expect(parseIsoDuration(text), text).toBeUndefined();
    expect(() => formatIsoDuration(0)).toThrow(RangeError);
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string(), (text) => parseIsoDuration(text) === undefined || (parseIsoDuration(text)! > 0)));
  });
});
