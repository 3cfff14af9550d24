// Tells the user why cdba is waiting before a retry: a spinner on a TTY, one
// stderr line per wait elsewhere (IO.spinner decides). Concurrent waits (pages
// fetched in parallel) share one spinner instead of stacking several.
import type { IO, Spinner } from '../core/io.js';

export class WaitNotifier {
  private active = 0;
  private spinner: Promise<Spinner | undefined> | undefined;

  constructor(private readonly io: IO) {}

  begin(text: string): void {
    this.active++;
    if (this.spinner) {
      void this.spinner.then((s) => s?.update(text));
    } else {
      this.spinner = this.io.spinner(text).catch(() => undefined);
    }
  }

  end(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active > 0 || !this.spinner) return;
    const spinner = this.spinner;
    this.spinner = undefined;
    void spinner.then((s) => s?.stop());
  }
}
