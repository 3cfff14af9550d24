// What must be undone when the process is told to stop (SIGTERM) while it holds
// something others wait for: the config lock. Node's default for SIGTERM ends
// the process at once, leaving such things behind; the launcher's handler
// (IO.fromProcess) runs these first, synchronously, then exits 143.
const cleanups = new Set<() => void>();

/** Registers a synchronous cleanup; the returned function unregisters it. */
export function onTerminate(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

let takenOver = false;

/**
 * A command that ends cleanly on SIGTERM itself (the emulator closes its server
 * and says so) takes it over: the cleanups still run, the immediate exit does not.
 */
export function takeOverTerminate(): void {
  takenOver = true;
}

export function isTerminateTakenOver(): boolean {
  return takenOver;
}

/** Runs every registered cleanup once; one that throws does not stop the others. */
export function runTerminateCleanups(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // Best effort: the process is ending.
    }
  }
}

/** What a stop on SIGTERM says: the one error line (or JSON document) of the run. */
export interface StopReport {
  message: string;
  hint?: string;
}

const reports: Array<() => StopReport> = [];

/**
 * Registers what a SIGTERM now says (`terminated during env up`, `terminated while
 * waiting for cluster c1`); the returned function unregisters it. The outermost
 * registration wins: the command knows better than the wait inside it.
 */
export function onTerminateReport(report: () => StopReport): () => void {
  reports.push(report);
  return () => {
    const at = reports.indexOf(report);
    if (at >= 0) reports.splice(at, 1);
  };
}

/** What a SIGTERM says now: the outermost registration's report, or `terminated`. */
export function terminateReport(): StopReport {
  const first = reports[0];
  if (!first) return { message: 'terminated' };
  try {
    return first();
  } catch {
    return { message: 'terminated' };
  }
}
