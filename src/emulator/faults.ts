// Fault injection for tests of client resilience: added latency, a deterministic
// fraction of 503s (seeded PRNG, so a run repeats exactly), a mode that
// commits a create and then drops the connection without answering, and a hold.
export interface FaultSettings {
  failRate?: number;
  latencyMs?: number;
  dropAfterCommit?: boolean;
  /** Every request waits until this is set false again: a test that needs a request in flight. */
  hold?: boolean;
}

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Faults {
  failRate: number;
  latencyMs: number;
  dropAfterCommit: boolean;
  private readonly random: () => number;
  private held: { until: Promise<void>; release: () => void } | undefined;

  constructor(settings: FaultSettings & { faultSeed?: number }) {
    this.failRate = settings.failRate ?? 0;
    this.latencyMs = settings.latencyMs ?? 0;
    this.dropAfterCommit = settings.dropAfterCommit ?? false;
    this.random = mulberry32(settings.faultSeed ?? 1);
  }

  update(settings: FaultSettings): void {
    if (settings.failRate !== undefined) this.failRate = settings.failRate;
    if (settings.latencyMs !== undefined) this.latencyMs = settings.latencyMs;
    if (settings.dropAfterCommit !== undefined) this.dropAfterCommit = settings.dropAfterCommit;
    if (settings.hold === true && !this.held) {
      let release = (): void => {};
      const until = new Promise<void>((resolve) => (release = resolve));
      this.held = { until, release };
    } else if (settings.hold === false && this.held) {
      this.held.release();
      this.held = undefined;
    }
  }

  /** Draws once per request, so the sequence of failures depends only on the seed and request order. */
  shouldFail(): boolean {
    const draw = this.random();
    return this.failRate > 0 && draw < this.failRate;
  }

  async delay(): Promise<void> {
    if (this.held) await this.held.until;
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
  }
}
