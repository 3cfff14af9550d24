// Property tests of the alerts group's parsers: --until (an ISO time or a duration from
// now, never a time not after now), --forever (100 years, 1 month and 1 day), and the
// settings body the flags make (whatever the flags, the checker of src/model/alertConfig.ts
// takes a body made from valid values, and reports a path that exists for any JSON).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { forever, parseUntil } from '../../../../src/cli/alerts/until.js';
import { applyFlags } from '../../../../src/cli/alerts/settingsBody.js';
import { ALERT_EVENT_TYPES, MATCHER_FIELD_NAMES, MATCHER_OPERATORS, METRIC_EVENT_TYPES, checkAlertConfig } from '../../../../src/model/alertConfig.js';

const NOW = Date.UTC(2026, 7, 10, 3, 4, 6);

describe('--until', () => {
  it('a duration from now gives now plus it, whole seconds, Z', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.constantFrom('m', 'h', 'd', 'w'), (n, unit) => {
        const ms = n * { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[unit];
        expect(parseUntil(`${n}${unit}`, NOW)).toBe(new Date(NOW + ms).toISOString().replace('.000Z', 'Z'));
      }),
    );
  });

  it('an ISO time after now is itself; one not after now is a usage error', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 11), max: 10 ** 11 }), (offset) => {
        const at = Math.floor((NOW + offset) / 1000) * 1000;
        const text = new Date(at).toISOString();
        if (Math.floor(at / 1000) > Math.floor(NOW / 1000)) expect(parseUntil(text, NOW)).toBe(text.replace('.000Z', 'Z'));
        else expect(() => parseUntil(text, NOW)).toThrow(UsageError);
      }),
    );
  });

  it('anything else is a usage error, never a crash', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          const value = parseUntil(text, NOW);
          expect(Date.parse(value)).toBeGreaterThan(NOW);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
        }
      }),
    );
  });

  it('--forever is 100 years, 1 month and 1 day ahead (recorded: 2126-09-11 for 2026-08-10)', () => {
    expect(forever(NOW)).toBe('2126-09-11T03:04:06Z');
  });
});

describe('the settings body', () => {
  const notification = fc.record({
    notificationType: fc.constantFrom('GROUP', 'ORG'),
    notificationIntervalMin: fc.integer({ min: 5, max: 10_000 }),
    notificationDelayMin: fc.integer({ min: 0, max: 1000 }),
    notificationEmailEnabled: fc.boolean(),
    notificationSmsEnabled: fc.boolean(),
  });

  it('flags of valid values make a body the checker takes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALERT_EVENT_TYPES), fc.boolean(), notification, fc.option(fc.tuple(fc.constantFrom(...MATCHER_FIELD_NAMES), fc.constantFrom(...MATCHER_OPERATORS), fc.string())), fc.double({ noNaN: true, noDefaultInfinity: true }), (event, enabled, notify, matcher, threshold) => {
        const metric = METRIC_EVENT_TYPES.includes(event) ? { metricName: 'CONNECTIONS_PERCENT', metricOperator: 'GREATER_THAN', metricThreshold: threshold, metricUnits: 'RAW' } : {};
        const body = applyFlags({}, { event, enabled, ...notify, ...(matcher ? { matcherFieldName: matcher[0], matcherOperator: matcher[1], matcherValue: matcher[2] } : {}), ...metric });
        expect(checkAlertConfig(body)).toBeUndefined();
      }),
    );
  });

  it('for any JSON the checker answers a problem whose path starts at $ and whose parent exists, or none', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const problem = checkAlertConfig(value);
        if (!problem) return;
        expect(problem.path.startsWith('$')).toBe(true);
        const parts = [...problem.path.slice(1).matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)].map((m) => m[1] ?? (m[3] !== undefined ? (JSON.parse(m[3]) as string) : Number(m[2])));
        let node: unknown = value;
        for (const part of parts.slice(0, -1)) {
          expect(typeof node === 'object' && node !== null, problem.path).toBe(true);
          node = (node as Record<string | number, unknown>)[part];
        }
        // The parent of the named field is a JSON object or array of the document (the root for `$` itself).
        if (parts.length > 0) expect(typeof node === 'object' && node !== null, problem.path).toBe(true);
      }),
      // A key that is not an identifier is quoted in the path (`$["A.A"]`), never read as two.
      { examples: [[{ 'A.A': 0 }], [{ notifications: [{ 'x y': 1 }] }]] },
    );
  });
});

describe('the flags\' fixed values', () => {
  it('are the model\'s (the flags name them without loading it at start-up)', async () => {
    const choices = await import('../../../../src/cli/alerts/choices.js');
    const model = await import('../../../../src/model/alertConfig.js');
    expect([choices.NOTIFICATION_TYPES, choices.MATCHER_OPERATORS, choices.THRESHOLD_OPERATORS]).toEqual([model.NOTIFICATION_TYPES, model.MATCHER_OPERATORS, model.THRESHOLD_OPERATORS]);
  });
});
