// DURATION values: 90 (seconds), 90s, 5m, 1h, and combinations.
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../src/core/duration.js';
import { UsageError } from '../../../src/base/errors.js';

describe('parseDuration', () => {
  it.each([
    ['90', 90_000],
    ['0', 0],
    ['1.5', 1_500],
    ['90s', 90_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1h30m', 5_400_000],
    ['2h5m10s', 7_510_000],
    ['500ms', 500],
    ['1.5m', 90_000],
    [' 5m ', 300_000],
  ])('%j is %i ms', (text, ms) => {
    expect(parseDuration(text, '--timeout')).toBe(ms);
  });

  it.each(['', ' ', 'abc', '5x', '-5', '-5s', '5 m', 'm5', '1h 5m', '5m5', 's', '1.s', '5M', '1d', '10sec', '1e3'])(
    'refuses %j and names the flag',
    (text) => {
      expect(() => parseDuration(text, '--watch-timeout')).toThrow(UsageError);
      expect(() => parseDuration(text, '--watch-timeout')).toThrow(/^invalid --watch-timeout ".*": expected a duration like 90, 90s, 5m or 1h$/);
    },
  );
});
