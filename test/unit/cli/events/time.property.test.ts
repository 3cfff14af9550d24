// The time flags' parser (src/cli/events/time.ts): every ISO 8601 / RFC 3339 time reads as
// itself, every duration with its unit as that long before now, and anything else (a bare
// number, an impossible date, nothing) is a usage error naming the flag.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { formatServiceDate } from '../../../../src/base/isoDate.js';
import { MAX_AGO_MS, parseTimeFlag, timeWindow } from '../../../../src/cli/events/time.js';

const NOW = Date.UTC(2026, 7, 10, 12, 0, 0);
const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
const date = fc.integer({ min: Date.UTC(2008, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(Math.floor(ms / 1000) * 1000));

describe('parseTimeFlag', () => {
  it('an RFC 3339 time in UTC reads as itself', () => {
    fc.assert(
      fc.property(date, (d) => {
        expect(parseTimeFlag(formatServiceDate(d), '--since', NOW).getTime()).toBe(d.getTime());
      }),
    );
  });

  it('a time with an offset reads as the same instant', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -12, max: 14 }), (d, hours) => {
        const local = new Date(d.getTime() + hours * 3_600_000).toISOString().slice(0, 19);
        const zone = `${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
        expect(parseTimeFlag(`${local}${zone}`, '--since', NOW).getTime()).toBe(d.getTime());
      }),
    );
  });

  it('a duration with its unit is that long before now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.constantFrom(...Object.keys(UNITS)), (n, unit) => {
        const ms = n * UNITS[unit]!;
        fc.pre(ms <= MAX_AGO_MS);
        expect(parseTimeFlag(`${n}${unit}`, '--since', NOW).getTime()).toBe(NOW - ms);
      }),
    );
    expect(parseTimeFlag('1h30m', '--since', NOW).getTime()).toBe(NOW - 90 * 60_000);
  });

  it('refuses anything else, naming the flag', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat().map(String), fc.constantFrom('', ' ', 'yesterday', '2026-02-30T00:00:00Z', '2026-13-01', '0s', '-5m', '5 m', '401d', '1y'), fc.string().filter((s) => !/^\s*\d{4}-/.test(s) && !/^\s*[\d.]+[smhdw]/.test(s))),
        (text) => {
          expect(() => parseTimeFlag(text, '--until', NOW)).toThrow(UsageError);
          expect(() => parseTimeFlag(text, '--until', NOW)).toThrow(/invalid --until/);
        },
      ),
    );
  });

  it('a duration further back than 400 days is refused with its own words, naming the limit', () => {
    for (const text of ['401d', '58w', '9999d', '400d1s']) {
      expect(() => parseTimeFlag(text, '--since', NOW)).toThrow(UsageError);
      expect(() => parseTimeFlag(text, '--since', NOW)).toThrow(new RegExp(`^invalid --since "${text}": how long ago goes back at most 400 days; give a time instead, like `));
    }
    expect(parseTimeFlag('400d', '--since', NOW).getTime()).toBe(NOW - MAX_AGO_MS);
    fc.assert(
      fc.property(fc.integer({ min: MAX_AGO_MS / 1000 + 1, max: 10 * MAX_AGO_MS / 1000 }), (seconds) => {
        expect(() => parseTimeFlag(`${seconds}s`, '--start', NOW)).toThrow(/^invalid --start "\d+s": how long ago goes back at most 400 days;/);
      }),
    );
  });

  it('a window whose start is after its end is refused', () => {
    expect(() => timeWindow({ from: '1h', to: '2h' }, ['--since', '--until'], NOW)).toThrow(/--since 1h is after --until 2h/);
    expect(timeWindow({ from: '2h', to: '1h' }, ['--since', '--until'], NOW)).toEqual({ from: new Date(NOW - 7_200_000), to: new Date(NOW - 3_600_000) });
    expect(timeWindow({}, ['--since', '--until'], NOW)).toEqual({});
  });
});
