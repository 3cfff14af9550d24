// What to do next when the service refuses a cluster change: one table of hints
// by the service's errorCode, so every clusters verb says the same thing.
import { ApiError } from '../../base/errors.js';

const HINTS: Record<string, (name: string) => string> = {
  CANNOT_UPDATE_PAUSED_CLUSTER: (name) => `resume it first: cdba clusters resume ${name} --watch`,
  CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED: (name) =>
    `turn protection off first: cdba clusters patch ${name} --no-termination-protection`,
  CLUSTER_ALREADY_PAUSED: (name) => `it is paused already; cdba clusters resume ${name} starts it`,
  TENANT_CLUSTER_UPDATE_UNSUPPORTED: () => 'shared-tier clusters (M0, M2, M5) cannot be paused or changed through the API',
  CANNOT_PAUSE_CLUSTER_WITH_PENDING_CHANGES: (name) => `wait until it is IDLE (cdba clusters watch ${name}), then pause it`,
  CANNOT_UPDATE_AND_PAUSE_CLUSTER: (name) => `pause alone (cdba clusters pause ${name}), and change the rest after resuming`,
};

/** Runs a cluster request; a refusal the table knows gets its hint (unless it has one). */
export async function withClusterHints<T>(name: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.hint === undefined && error.errorCode !== undefined) {
      const hint = HINTS[error.errorCode];
      if (hint) error.hint = hint(name);
    }
    throw error;
  }
}
