// Request rate per project (seed: Limits): a fixed window per clock minute,
// counted per project whoever calls. Over the limit: 429 with Retry-After set
// to the seconds left in the window. The window length can be changed (tests
// shorten it so a client's Retry-After waits stay short; or lengthen it, so a
// client gives up at once).
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 100;
export const DEFAULT_RATE_WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { window: number; count: number }>();

  constructor(
    public limit: number,
    private readonly clock: () => number,
    private readonly windowMs: number = DEFAULT_RATE_WINDOW_MS,
  ) {}

  /** Counts one request against the project and says whether it may proceed. */
  take(projectId: string): RateDecision {
    const now = this.clock();
    const window = Math.floor(now / this.windowMs);
    const current = this.windows.get(projectId);
    const entry = current && current.window === window ? current : { window, count: 0 };
    entry.count += 1;
    this.windows.set(projectId, entry);
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    return {
      allowed: entry.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - entry.count),
      retryAfterSeconds,
    };
  }
}
