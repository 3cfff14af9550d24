// Request counters behind GET /_emulator/stats (no auth, outside /api/):
//   { total, byStatus: {"200": n, ...}, challenges, byMethod: {"GET": n, ...},
//     byPath: {"POST /api/atlas/v2/groups/{groupId}/clusters": n, ...}, dropped }
// total counts every request to the emulator except the stats endpoint itself;
// challenges counts 401s that carried a digest challenge; dropped counts
// connections closed without an answer (the dropAfterCommit fault). Each table
// keeps at most MAX_KEYS distinct keys, the rest under "(other)".
export interface EmulatorStats {
  total: number;
  byStatus: Record<string, number>;
  challenges: number;
  byMethod: Record<string, number>;
  byPath: Record<string, number>;
  dropped: number;
}

/**
 * Distinct keys a table keeps; the rest are counted together under OTHER. Requests
 * need no credentials to be counted, and a 404's path is the path as sent: unbounded,
 * the table grew by every distinct path anyone sent (20-57 MB for 1,500 requests).
 */
export const MAX_KEYS = 200;
export const OTHER = '(other)';

const bump = (counts: Record<string, number>, key: string): void => {
  const kept = Object.hasOwn(counts, key) || Object.keys(counts).length < MAX_KEYS ? key : OTHER;
  counts[kept] = (counts[kept] ?? 0) + 1;
};

export class Stats {
  private data: EmulatorStats = Stats.empty();

  private static empty(): EmulatorStats {
    return { total: 0, byStatus: {}, challenges: 0, byMethod: {}, byPath: {}, dropped: 0 };
  }

  /** status undefined: the connection was dropped unanswered. */
  record(method: string, pathTemplate: string, status: number | undefined, challenged: boolean): void {
    this.data.total += 1;
    bump(this.data.byMethod, method);
    bump(this.data.byPath, `${method} ${pathTemplate}`);
    if (status === undefined) this.data.dropped += 1;
    else bump(this.data.byStatus, String(status));
    if (challenged) this.data.challenges += 1;
  }

  snapshot(): EmulatorStats {
    return structuredClone(this.data);
  }

  reset(): void {
    this.data = Stats.empty();
  }
}
