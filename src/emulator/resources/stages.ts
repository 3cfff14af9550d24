// How the emulator's network resources move through their states: each state lasts
// one transition (the emulator's transitionMs when the item entered it, kept on the
// item) and is worked out from the clock when read, as the clusters' are. A state
// where the service waits for the user (accept the AWS peering request, create the
// matching GCP peering) is played by the emulator in the same time, unless the item
// was made while the emulator held user steps (--hold-user-steps): then it stays.

export interface Staged {
  status: string;
  /** Clock ms the current status began. */
  since: number;
  /** How long each of its transient statuses lasts (ms). */
  stepMs: number;
  /** Made under --hold-user-steps: it stays at its timeline's user steps. */
  held?: boolean;
}

export interface Timeline {
  /** The status after this one, or undefined where it stays (AVAILABLE, FAILED); GONE ends a deletion. */
  next(status: string): string | undefined;
  /** Statuses that wait for the user. */
  userSteps?: readonly string[];
}

/** The status an item is gone in: its list drops it. */
export const GONE = 'GONE';

/** Moves `item` along its timeline up to `now`; true when its status changed. */
export function advance(item: Staged, timeline: Timeline, now: number): boolean {
  let moved = false;
  for (;;) {
    const next = timeline.next(item.status);
    if (next === undefined || now < item.since + item.stepMs) return moved;
    if (item.held && timeline.userSteps?.includes(item.status)) return moved;
    item.since += item.stepMs;
    item.status = next;
    moved = true;
  }
}

/** When `item` reaches `status` if nothing holds it (clock ms), or undefined when its timeline does not go there. */
export function reachesAt(item: Staged, timeline: Timeline, status: string): number | undefined {
  let at = item.since;
  let current: string | undefined = item.status;
  for (let steps = 0; current !== undefined && steps < 10; steps++) {
    if (current === status) return at;
    current = timeline.next(current);
    at += item.stepMs;
  }
  return undefined;
}
