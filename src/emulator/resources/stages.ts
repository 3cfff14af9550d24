// How the emulator's network resources move through their states: each state lasts
// one transitionMs and is worked out from the clock when read, as the clusters'
// are. A state where the service waits for the user (accept the AWS peering request,
// create the matching GCP peering) is played by the emulator in the same time,
// unless the emulator holds user steps (--hold-user-steps): then it stays.
import type { Services } from '../context.js';

export interface Staged {
  status: string;
  /** Clock ms the current status began. */
  since: number;
}

export interface Timeline {
  /** The status after this one, or undefined where it stays (AVAILABLE, FAILED); GONE ends a deletion. */
  next(status: string): string | undefined;
  /** Statuses that wait for the user. */
  userSteps?: readonly string[];
}

/** The status an item is gone in: its list drops it. */
export const GONE = 'GONE';

/** Moves `item` along its timeline up to now; true when its status changed. */
export function advance(item: Staged, timeline: Timeline, services: Pick<Services, 'clock' | 'transitionMs' | 'holdUserSteps'>): boolean {
  const now = services.clock();
  let moved = false;
  for (;;) {
    const next = timeline.next(item.status);
    if (next === undefined || now < item.since + services.transitionMs) return moved;
    if (services.holdUserSteps && timeline.userSteps?.includes(item.status)) return moved;
    item.since += services.transitionMs;
    item.status = next;
    moved = true;
  }
}

/** When `item` reaches `status` if nothing holds it (clock ms), or undefined when its timeline does not go there. */
export function reachesAt(item: Staged, timeline: Timeline, status: string, transitionMs: number): number | undefined {
  let at = item.since;
  let current: string | undefined = item.status;
  for (let steps = 0; current !== undefined && steps < 10; steps++) {
    if (current === status) return at;
    current = timeline.next(current);
    at += transitionMs;
  }
  return undefined;
}
