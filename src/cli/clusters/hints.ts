// What to do next when the service refuses a cluster change: one table of hints
// by the service's errorCode, so every clusters verb says the same thing.
// Each name in a command goes through shellWord, as every hint's values do.
import { ApiError } from '../../base/errors.js';
import { shellWord } from '../../base/shellWord.js';

export const CLUSTER_HINTS: Readonly<Record<string, (name: string) => string>> = {
  CANNOT_UPDATE_PAUSED_CLUSTER: (name) => `resume it first: cdba clusters resume ${shellWord(name)} --watch`,
  CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED: (name) =>
    `turn protection off first: cdba clusters patch ${shellWord(name)} --no-termination-protection`,
  CLUSTER_ALREADY_PAUSED: (name) => `it is paused already; cdba clusters resume ${shellWord(name)} starts it`,
  TENANT_CLUSTER_UPDATE_UNSUPPORTED: () => 'shared-tier clusters (M0, M2, M5) cannot be paused or changed through the API',
  CANNOT_PAUSE_CLUSTER_WITH_PENDING_CHANGES: (name) => `wait until it is IDLE (cdba clusters watch ${shellWord(name)}), then pause it`,
  CANNOT_UPDATE_AND_PAUSE_CLUSTER: (name) => `pause alone (cdba clusters pause ${shellWord(name)}), and change the rest after resuming`,
};

/** Runs a cluster request; a refusal the table knows gets its hint (unless it has one). */
export async function withClusterHints<T>(name: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.hint === undefined && error.errorCode !== undefined) {
      const hint = CLUSTER_HINTS[error.errorCode];
      if (hint) error.hint = hint(name);
    }
    throw error;
  }
}
