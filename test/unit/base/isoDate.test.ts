// One reading of --date for the CLI (`cdba emulator --date`) and the emulator
// (startEmulator's `date`), issue 44 item 8: parseServiceDate in src/base/isoDate.ts.
// A calendar date is a day that exists, kept as given; a time is ISO 8601, UTC without a
// zone, answered in the service's form to the second; anything else is a usage error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { parseServiceDate } from '../../../src/base/isoDate.js';
import { serviceNow } from '../../../src/emulator/context.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { OWNER, PROJECT_A, TestClock, client, testSeed, v2 } from '../emulator/fixtures.js';

const refusal = (value: string, option = '--date') =>
  `invalid ${option} "${value}": expected a calendar date like 2027-07-01 or a time like 2026-12-01T14:00:00Z`;
const SERVICE_FORM = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/;
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
/** Instants from 1970 to 9999, whole milliseconds. */
const instant = fc.date({ min: new Date(0), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });

describe('parseServiceDate (properties)', () => {
  it('any text is a date or time in the service form, or a UsageError naming the option', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9T:Z+.\- ]{0,26}$/), fc.tuple(instant, fc.integer({ min: 0, max: 14 })).map(([d, cut]) => d.toISOString().slice(0, 10 + cut))), (text) => {
        try {
          const parsed = parseServiceDate(text);
          expect(parsed).toMatch(SERVICE_FORM);
          // What it answers reads back as itself: the CLI hands the emulator a --date it takes unchanged.
          expect(parseServiceDate(parsed, 'date')).toBe(parsed);
          expect(Number.isFinite(serviceNow({ clock: () => 0, date: parsed, startedAt: 0 }))).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).toBe(refusal(text));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('every day that exists is taken as given, and its time, zone-less or not, is the same instant in UTC', () => {
    fc.assert(
      fc.property(instant, (date) => {
        const day = date.toISOString().slice(0, 10);
        expect(parseServiceDate(day)).toBe(day);
        const seconds = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
        expect(parseServiceDate(date.toISOString())).toBe(seconds);
        expect(parseServiceDate(date.toISOString().replace(/Z$/, ''))).toBe(seconds);
        expect(parseServiceDate(date.toISOString().replace(/Z$/, '+00:00'))).toBe(seconds);
        expect(serviceNow({ clock: () => 5, date: parseServiceDate(seconds), startedAt: 5 })).toBe(Date.parse(seconds));
      }),
    );
  });

  it('a day past the end of its month is refused, as a date and as a time, never rolled into the next month', () => {
    const impossible = fc
      .tuple(fc.integer({ min: 1970, max: 9999 }), fc.integer({ min: 1, max: 12 }))
      .chain(([year, month]) => fc.tuple(fc.constant(year), fc.constant(month), fc.integer({ min: daysIn(year, month) + 1, max: 39 })));
    fc.assert(
      fc.property(impossible, ([year, month, day]) => {
        const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
        expect(() => parseServiceDate(text)).toThrow(refusal(text));
        expect(() => parseServiceDate(`${text}T12:00:00Z`)).toThrow(refusal(`${text}T12:00:00Z`));
      }),
    );
  });
});

describe('parseServiceDate (edge cases)', () => {
  it.each([
    ['2027-07-01', '2027-07-01'],
    ['2026-12-01T14:00:00Z', '2026-12-01T14:00:00Z'],
    // Zone-less: UTC, as README says ("UTC without a zone") and --delete-after-date reads it.
    ['2026-12-01T14:00:00', '2026-12-01T14:00:00Z'],
    ['2026-12-01T14:00', '2026-12-01T14:00:00Z'],
    ['2026-12-01T14:00:00+02:00', '2026-12-01T12:00:00Z'],
    ['2026-12-01T01:00:00-0230', '2026-12-01T03:30:00Z'],
    ['2026-12-01T14:00:00.999Z', '2026-12-01T14:00:00Z'],
    // Leap days: 2024 and 2000 have one; 2026 and 2100 do not.
    ['2024-02-29', '2024-02-29'],
    ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59Z'],
    ['2000-02-29', '2000-02-29'],
  ])('%s reads as %s', (value, expected) => {
    expect(parseServiceDate(value)).toBe(expected);
  });

  it.each([
    '2026-02-30', '2026-02-30T00:00:00Z', '2026-02-29', '2026-02-29T12:00:00', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00',
    '2026-12-01T24:00:00Z', '2026-12-01T25:00:00Z', '2026-12-01T14:60:00Z', '2026-12-01T14:00:60Z', '2026-12-01T14:00:00+24:00',
    // Spaces around it: refused (the stricter reading; see the commit of issue 44 item 8).
    ' 2026-12-01', '2026-12-01 ', ' 2026-12-01T14:00:00Z', '2026-12-01T14:00:00Z ',
    '', 'today', '2026-12-1', '20261201', '+002026-12-01T14:00:00Z', '2026-12-01T14', '1764597600000',
  ])('%j is refused', (value) => {
    expect(() => parseServiceDate(value)).toThrow(new UsageError(refusal(value)));
  });

  it('names the option it reads: --date on the command line, date for startEmulator', () => {
    expect(() => parseServiceDate('2026-02-30', 'date')).toThrow(refusal('2026-02-30', 'date'));
  });
});

describe('startEmulator reads its date as the command line does', () => {
  it('refuses an impossible day before it starts', async () => {
    await expect(startEmulator({ seed: testSeed(), date: '2026-02-30' })).rejects.toThrow(refusal('2026-02-30', 'date'));
  });

  it('a zone-less time is UTC: the Date header reads that instant', async () => {
    const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 0));
    const { emu } = await withEmulator({ seed: testSeed(), clock: clock.read, date: '2026-12-01T14:00:00' });
    try {
      const answer = await client(emu, OWNER).request('GET', `/api/atlas/v2/groups/${PROJECT_A}/databaseUsers`, { headers: v2('2023-01-01') });
      expect(answer.headers.get('date')).toBe('Tue, 01 Dec 2026 14:00:00 GMT');
    } finally {
      await emu.stop();
    }
  });
});
