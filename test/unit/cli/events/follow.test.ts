// The --follow loop's bookkeeping (src/cli/events/follow.ts), driven by the pages a
// service would answer: no clock, no timer. A simulated journal is polled as the command
// polls it (minDate inclusive, newest first); whatever the interleaving of writes and
// polls, every event is printed exactly once, and each batch oldest first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOLLOW_OVERLAP_MS, FollowCursor, type FollowedEvent } from '../../../../src/cli/events/follow.js';

const T0 = Date.UTC(2026, 7, 10, 3, 0, 0);
const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const event = (n: number, ms: number): FollowedEvent => ({ id: n.toString(16).padStart(24, '0'), created: iso(ms), eventTypeName: 'X' });

/** The service's answer: events from minDate on (to the second, inclusive), newest first (ties: the later written first). */
function poll(journal: readonly FollowedEvent[], minDate: number | undefined, pageSize = 100): FollowedEvent[] {
  const from = minDate === undefined ? undefined : Math.floor(minDate / 1000) * 1000;
  const kept = journal.filter((e) => from === undefined || Date.parse(e.created as string) >= from);
  const newestFirst = [...kept].reverse();
  return minDate === undefined ? newestFirst.slice(0, pageSize) : newestFirst;
}

describe('FollowCursor', () => {
  it('the first poll without --since prints the latest page, oldest first; then only what is new', () => {
    const journal = [event(1, T0), event(2, T0 + 1000), event(3, T0 + 1000)];
    const cursor = new FollowCursor();
    expect(cursor.minDate()).toBeUndefined();
    expect(cursor.take(poll(journal, cursor.minDate())).map((e) => e.id)).toEqual([1, 2, 3].map((n) => event(n, 0).id));
    expect(cursor.minDate()).toBe(T0 + 1000 - FOLLOW_OVERLAP_MS);
    // Nothing new: nothing printed, though the window returns the same events again.
    expect(cursor.take(poll(journal, cursor.minDate()))).toEqual([]);
    // An event in the same second as the newest printed one is not missed.
    journal.push(event(4, T0 + 1500));
    expect(cursor.take(poll(journal, cursor.minDate())).map((e) => e.id)).toEqual([event(4, 0).id]);
  });

  it('with --since, the window starts there and never before it', () => {
    const since = T0 + 10 * 60_000;
    const cursor = new FollowCursor(since);
    expect(cursor.minDate()).toBe(since);
    cursor.take([event(1, since + 1000)]);
    expect(cursor.minDate()).toBe(since);
    cursor.take([event(2, since + 5 * FOLLOW_OVERLAP_MS)]);
    expect(cursor.minDate()).toBe(since + 4 * FOLLOW_OVERLAP_MS);
  });

  it('a batch is printed oldest first, the order written kept within a second; repeats and damaged events are left out', () => {
    const cursor = new FollowCursor(T0);
    const a = event(1, T0 + 2000);
    const b = event(2, T0 + 2000);
    const c = event(3, T0 + 1000);
    // Newest first as the service sends them: b (written after a), a, c.
    expect(cursor.take([b, a, c, a, { id: 7, created: 'x' }, { created: iso(T0) }]).map((e) => e.id)).toEqual([c.id, a.id, b.id]);
    expect(cursor.take([b, a])).toEqual([]);
  });

  it('any interleaving of writes and polls prints every event exactly once, each batch oldest first', () => {
    fc.assert(
      fc.property(
        // Each step: write some events (each a little later, 0..3 s), or poll.
        fc.array(fc.oneof(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 5 }), fc.constant('poll' as const)), { maxLength: 40 }),
        fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
        (steps, sinceOffset) => {
          const journal: FollowedEvent[] = [];
          let now = T0;
          let serial = 0;
          const since = sinceOffset === undefined ? undefined : T0 + sinceOffset;
          const cursor = new FollowCursor(since);
          const printed: FollowedEvent[] = [];
          const doPoll = (): void => {
            const batch = cursor.take(poll(journal, cursor.minDate(), 1000));
            const times = batch.map((e) => Date.parse(e.created as string));
            expect(times).toEqual([...times].sort((x, y) => x - y));
            printed.push(...batch);
          };
          for (const step of steps) {
            if (step === 'poll') doPoll();
            else for (const gap of step) journal.push(event(++serial, (now += gap)));
          }
          doPoll();
          const expected = journal.filter((e) => since === undefined || Date.parse(e.created as string) >= Math.floor(since / 1000) * 1000);
          expect(printed.map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
          expect(new Set(printed.map((e) => e.id)).size).toBe(printed.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
