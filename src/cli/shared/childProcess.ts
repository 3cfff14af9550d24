// What the commands that start another program share (`run` starts CMD, `clusters
// connect` starts mongosh): the environment it gets, without the variables that lead
// to cdba's credentials, and what counts as a program to start.
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import { CREDENTIAL_VARIABLES } from '../../config/resolve.js';

/**
 * `env` without the variables through which cdba finds its credentials
 * (CREDENTIAL_VARIABLES: the keys themselves, the profile and the config dir),
 * except those `keep` names: a program cdba starts never holds a key that can delete clusters.
 */
export function withoutCredentials(env: NodeJS.ProcessEnv, keep: readonly string[] = []): NodeJS.ProcessEnv {
  const held = new Set(CREDENTIAL_VARIABLES.filter((name) => !keep.includes(name)));
  return Object.fromEntries(Object.entries(env).filter(([name]) => !held.has(name)));
}

/** Whether `path` is a file this process may execute (a directory is not, whatever its mode). */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}
