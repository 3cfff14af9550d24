// `events list --follow`: what each poll of the list adds, and where the next poll starts.
// Pure and driven by the pages it is given (no clock, no timer), so a unit test replays
// any sequence of polls.
//
// The service dates events to the second and lists them newest first. Each poll asks for
// everything from `minDate` on (inclusive), where minDate is the newest `created` printed
// so far less an overlap (events written a little late still land inside it); what was
// printed is known by ID within that window, so nothing is printed twice, and nothing
// dated at or after the window's start is missed. A batch is printed oldest first.

/** An event as the service sends it; one without a string id and created time is left out. */
export type FollowedEvent = Record<string, unknown>;

/** How far before the newest printed event each poll reaches back (ms). */
export const FOLLOW_OVERLAP_MS = 60_000;

export class FollowCursor {
  /** Printed IDs by their time (ms), kept while inside the window. */
  private readonly seen = new Map<string, number>();
  private newest: number | undefined;

  /** `since`: the first poll's start (ms), if the user gave one. */
  constructor(private readonly since?: number) {}

  /** The minDate of the next poll (ms), or undefined (the first poll without --since: the latest page). */
  minDate(): number | undefined {
    if (this.newest === undefined) return this.since;
    const from = this.newest - FOLLOW_OVERLAP_MS;
    return this.since === undefined ? from : Math.max(from, this.since);
  }

  /**
   * What to print of one poll's events (any order; newest first as the service sends
   * them): those not printed before, oldest first (ties: in the service's order reversed,
   * which is the order written). Marks them printed and moves the window.
   */
  take<Event extends FollowedEvent>(events: readonly Event[]): Event[] {
    const fresh: Array<{ event: Event; id: string; at: number; index: number }> = [];
    events.forEach((event, index) => {
      const { id, created } = event;
      if (typeof id !== 'string' || typeof created !== 'string' || this.seen.has(id)) return;
      const at = Date.parse(created);
      if (Number.isNaN(at) || fresh.some((f) => f.id === id)) return;
      fresh.push({ event, id, at, index });
    });
    fresh.sort((a, b) => a.at - b.at || b.index - a.index);
    for (const { id, at } of fresh) {
      this.seen.set(id, at);
      if (this.newest === undefined || at > this.newest) this.newest = at;
    }
    // Forget what the next window cannot return again (minDate goes to the second, floored).
    const from = this.minDate();
    if (from !== undefined) for (const [id, at] of this.seen) if (at < Math.floor(from / 1000) * 1000) this.seen.delete(id);
    return fresh.map((f) => f.event);
  }
}
