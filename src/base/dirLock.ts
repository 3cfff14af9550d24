// A lock between cdba processes for work that is synchronous once the lock is
// held (a few file operations): a directory, because mkdir either creates it
// or fails with EEXIST, atomically on every local file system, and never
// follows a link planted at its name. Same layout as proper-lockfile's
// (`<file>.lock`), so this and an older cdba exclude each other.
//
// Held only across synchronous code, so no signal handler or timer can run
// while it is held: no refresh timer, no exit or signal hooks (which
// proper-lockfile, graceful-fs and signal-exit install, and which cost a call
// 3-4 ms to load). A process killed inside those microseconds leaves the
// directory behind; it counts as stale after `staleMs` and is taken over.
import { lstatSync, mkdirSync, rmdirSync } from 'node:fs';

export interface DirLockOptions {
  /** A lock directory older than this was left by a killed process. */
  staleMs: number;
  /** How often to try again while another process holds it, and the first wait. */
  retries: number;
  minWaitMs: number;
  maxWaitMs: number;
}

/**
 * Runs `critical` holding the lock directory `lockPath`, then removes it.
 * Returns `{ value }`, or undefined when another process held the lock through
 * every retry. Throws the fs error when the lock cannot be created at all (an
 * unwritable directory), and whatever `critical` throws (after releasing).
 */
export async function withDirLock<T>(lockPath: string, options: DirLockOptions, critical: () => T): Promise<{ value: T } | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    if (tryLock(lockPath, options.staleMs)) {
      try {
        return { value: critical() };
      } finally {
        try {
          rmdirSync(lockPath);
        } catch {
          // Taken over as stale by another process: nothing left to release.
        }
      }
    }
    if (attempt >= options.retries) return undefined;
    // Growing, randomised waits, so that 20 processes at once do not retry in step.
    const wait = Math.min(options.maxWaitMs, options.minWaitMs * 1.3 ** attempt) * (1 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** True when this process now holds the lock; a stale lock is removed and taken. */
function tryLock(lockPath: string, staleMs: number): boolean {
  try {
    mkdirSync(lockPath, { mode: 0o700 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let age: number;
  try {
    age = Date.now() - lstatSync(lockPath).mtimeMs;
  } catch {
    return false; // released meanwhile: the next try may get it
  }
  if (age < staleMs) return false;
  try {
    rmdirSync(lockPath);
    mkdirSync(lockPath, { mode: 0o700 });
    return true;
  } catch {
    return false; // another process took it over first
  }
}
