// What to do next when the service refuses a database-user request: one table of
// hints by errorCode, so every dbusers verb says the same thing.
import { ApiError } from '../../base/errors.js';
import { shellWord } from '../../base/shellWord.js';

const HINTS: Record<string, (username: string, authDb: string) => string> = {
  USERNAME_NOT_FOUND: (_name, authDb) =>
    authDb === 'admin' ? "see the project's users with cdba dbusers list; a user of $external needs --auth-db '$external'" : "see the project's users with cdba dbusers list",
  USER_ALREADY_EXISTS: (name, authDb) =>
    `change it with cdba dbusers update ${shellWord(name)}${authDb === 'admin' ? '' : ` --auth-db ${shellWord(authDb)}`}, or delete it first`,
};

/** Runs a database-user request; a refusal the table knows gets its hint (unless it has one). */
export async function withUserHints<T>(username: string, authDb: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.hint === undefined && error.errorCode !== undefined) {
      const hint = HINTS[error.errorCode];
      if (hint) error.hint = hint(username, authDb);
    }
    throw error;
  }
}
