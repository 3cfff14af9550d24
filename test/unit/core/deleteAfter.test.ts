// The shared --delete-after / --delete-after-date parser: the service's window
// (later than now, at most one week), both flags refused together, and dates that
// do not exist refused before any request.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { formatServiceDate, parseIsoDateTime } from '../../../src/base/isoDate.js';
import { DELETE_AFTER_LIMIT_MS, resolveDeleteAfter } from '../../../src/core/deleteAfter.js';

const NOW = new Date('2026-08-10T03:03:14.250Z');

describe('resolveDeleteAfter', () => {
  it('gives nothing when neither flag is set', () => {
    expect(resolveDeleteAfter({}, NOW)).toBeUndefined();
  });

  it('turns a duration into the service date, rounded down to the second', () => {
    expect(resolveDeleteAfter({ deleteAfter: '1h' }, NOW)).toBe('2026-08-10T04:03:14Z');
    expect(resolveDeleteAfter({ deleteAfter: '2h30m' }, NOW)).toBe('2026-08-10T05:33:14Z');
    expect(resolveDeleteAfter({ deleteAfter: '90' }, NOW)).toBe('2026-08-10T03:04:44Z');
    expect(resolveDeleteAfter({ deleteAfter: '1d' }, NOW)).toBe('2026-08-11T03:03:14Z');
    expect(resolveDeleteAfter({ deleteAfter: '1s' }, NOW)).toBe('2026-08-10T03:03:15Z');
  });

  it('puts the longest duration within the week of any later moment, as the service measures it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 5_000 }), (fraction, delay) => {
        const now = new Date(Date.UTC(2026, 7, 10, 3, 3, 14, fraction));
        const sent = Date.parse(resolveDeleteAfter({ deleteAfter: '7d' }, now)!);
        const serviceNow = now.getTime() + delay;
        expect(sent - serviceNow).toBeLessThanOrEqual(DELETE_AFTER_LIMIT_MS);
        expect(sent).toBeGreaterThan(now.getTime());
      }),
    );
  });

  it('accepts exactly one week and refuses a second more', () => {
    expect(resolveDeleteAfter({ deleteAfter: '7d' }, new Date('2026-08-10T03:03:14Z'))).toBe('2026-08-17T03:03:14Z');
    expect(resolveDeleteAfter({ deleteAfter: '168h' }, new Date('2026-08-10T03:03:14Z'))).toBe('2026-08-17T03:03:14Z');
    expect(() => resolveDeleteAfter({ deleteAfter: '7d1s' }, NOW)).toThrow(/at most one week/);
    expect(() => resolveDeleteAfter({ deleteAfter: '8d' }, NOW)).toThrow(UsageError);
  });

  it('refuses a zero or malformed duration, naming the flag', () => {
    expect(() => resolveDeleteAfter({ deleteAfter: '0' }, NOW)).toThrow(/--delete-after "0": must be later than now/);
    // Under a second from 03:03:14.250 rounds down to 03:03:14, not later than now (fast-check found 0.1).
    expect(() => resolveDeleteAfter({ deleteAfter: '0.1' }, NOW)).toThrow(/--delete-after "0.1": must be later than now/);
    expect(() => resolveDeleteAfter({ deleteAfter: '0.7s' }, NOW)).toThrow(/must be later than now/);
    expect(resolveDeleteAfter({ deleteAfter: '0.75s' }, NOW)).toBe('2026-08-10T03:03:15Z');
    expect(() => resolveDeleteAfter({ deleteAfter: '1w' }, NOW)).toThrow(/invalid --delete-after "1w"/);
    expect(() => resolveDeleteAfter({ deleteAfter: '' }, NOW)).toThrow(UsageError);
    expect(() => resolveDeleteAfter({ deleteAfter: '-1h' }, NOW)).toThrow(UsageError);
  });

  it('refuses both flags together', () => {
    expect(() => resolveDeleteAfter({ deleteAfter: '1h', deleteAfterDate: '2026-08-11T00:00:00Z' }, NOW)).toThrow(/cannot be used together/);
  });

  it('takes a date in the window and sends it in UTC whole seconds', () => {
    expect(resolveDeleteAfter({ deleteAfterDate: '2026-08-11T00:00:00Z' }, NOW)).toBe('2026-08-11T00:00:00Z');
    expect(resolveDeleteAfter({ deleteAfterDate: '2026-08-11T02:00:00+02:00' }, NOW)).toBe('2026-08-11T00:00:00Z');
    expect(resolveDeleteAfter({ deleteAfterDate: '2026-08-11T00:00' }, NOW)).toBe('2026-08-11T00:00:00Z');
    expect(resolveDeleteAfter({ deleteAfterDate: '2026-08-11T00:00:00.999Z' }, NOW)).toBe('2026-08-11T00:00:00Z');
  });

  it('refuses a date in the past, now itself, and past the week', () => {
    expect(() => resolveDeleteAfter({ deleteAfterDate: '2026-08-09T00:00:00Z' }, NOW)).toThrow(/must be later than now/);
    expect(() => resolveDeleteAfter({ deleteAfterDate: '2026-08-10T03:03:14.900Z' }, NOW)).toThrow(/must be later than now/);
    expect(() => resolveDeleteAfter({ deleteAfterDate: '2026-08-17T03:03:15Z' }, NOW)).toThrow(/until 2026-08-17T03:03:14Z/);
  });

  it('refuses text that is not an ISO date and time', () => {
    for (const text of ['tomorrow', '2026-08-11', '2026-02-30T00:00:00Z', '2026-08-11T24:00:00Z', '2026-08-11T00:00:00+25:00']) {
      expect(() => resolveDeleteAfter({ deleteAfterDate: text }, NOW), text).toThrow(/invalid --delete-after-date/);
    }
  });
});

describe('resolveDeleteAfter (properties)', () => {
  it('any duration text is refused, or gives a date later than now and at most one week on', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9.smhd]{1,10}$/)), (text) => {
        try {
          const sent = resolveDeleteAfter({ deleteAfter: text }, NOW)!;
          const at = Date.parse(sent);
          expect(sent).toBe(formatServiceDate(new Date(at)));
          expect(at).toBeGreaterThan(NOW.getTime());
          expect(at - NOW.getTime()).toBeLessThanOrEqual(DELETE_AFTER_LIMIT_MS + 1000);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).toContain('--delete-after');
        }
      }),
    );
  });

  it('any instant written as ISO parses back to the same instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        expect(parseIsoDateTime(date.toISOString())?.getTime()).toBe(date.getTime());
      }),
    );
  });
});
