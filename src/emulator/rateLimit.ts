// Request rate (seed: Limits): a fixed window per clock minute. Over the limit: 429
// with Retry-After set to the seconds left in the window. The window length can be
// changed (tests shorten it so a client's Retry-After waits stay short; or lengthen
// it, so a client gives up at once).
//
// Two ways to count, chosen at start:
// - by default, as the live service: each resource of a project has its own counter
//   and the limit its module declares (RateLimit-Limit as recorded in August 2026);
// - with a limit given (--rate-limit, the seed's rateLimit.perMinute), as the seed
//   words it: one counter per project, whoever calls and whatever it calls.

/** The seed's limit: what a resource that declares none gets. */
export const SEED_RATE_LIMIT_PER_MINUTE = 100;
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

  /** `fixedLimit`: one limit for every resource, one counter per project; undefined: each resource's own. */
  constructor(
    private readonly fixedLimit: number | undefined,
    private readonly clock: () => number,
    private readonly windowMs: number = DEFAULT_RATE_WINDOW_MS,
  ) {}

  /**
   * Counts one request in the project (the path's scope) to a resource whose own limit
   * is `resourceLimit`, and says whether it may proceed.
   */
  take(scopeId: string, resource: string, resourceLimit: number | undefined): RateDecision {
    const limit = this.fixedLimit ?? resourceLimit ?? SEED_RATE_LIMIT_PER_MINUTE;
    const key = this.fixedLimit === undefined ? `${scopeId} ${resource}` : scopeId;
    const now = this.clock();
    const window = Math.floor(now / this.windowMs);
    const current = this.windows.get(key);
    const entry = current && current.window === window ? current : { window, count: 0 };
    entry.count += 1;
    this.windows.set(key, entry);
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    return { allowed: entry.count <= limit, limit, remaining: Math.max(0, limit - entry.count), retryAfterSeconds };
  }
}
