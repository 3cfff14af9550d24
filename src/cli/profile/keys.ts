// Profile key names, how secrets are shown, and the token-cache cleanup shared by the profile verbs.
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { fsReason } from '../../base/fsError.js';
import { PROFILE_KEYS, SECRET_KEYS, type Profile, type ProfileKey } from '../../config/settings.js';

/** Accepts `projectId`, `project-id` or `project_id`. */
export function profileKey(name: string): ProfileKey {
  const camel = name.replace(/[-_]([a-z])/g, (_, c: string) => c.toUpperCase());
  const key = PROFILE_KEYS.find((k) => k.toLowerCase() === camel.toLowerCase());
  if (!key) throw new UsageError(`unknown profile key "${name}": expected one of ${PROFILE_KEYS.join(', ')}`);
  return key;
}

/** What `profile show` prints for a secret: only that it is set (the SOURCE column says where from). */
export const SECRET_SHOWN = '(set)';

export function displayValue(key: ProfileKey, value: string | undefined): string | undefined {
  return value !== undefined && SECRET_KEYS.has(key) ? SECRET_SHOWN : value;
}

/**
 * Deletes the cached bearer tokens of a profile's service account, once the
 * profile is gone or its clientId/clientSecret changed: a token must not
 * outlive the credentials that obtained it. A failure is a warning; the
 * profile change itself is already saved.
 */
export async function forgetTokens(ctx: Context, name: string, before: Profile | undefined, after: Profile | undefined): Promise<void> {
  if (!before?.clientId || !before.clientSecret) return;
  if (after?.clientId === before.clientId && after.clientSecret === before.clientSecret) return;
  const { removeCachedTokens, tokensDir } = await import('../../auth/serviceAccount.js');
  try {
    removeCachedTokens(ctx.configDir, before.clientId, before.clientSecret);
  } catch (error) {
    ctx.io.warn(`cannot delete the cached tokens of profile "${name}" in ${tokensDir(ctx.configDir)}: ${fsReason(error)}`);
  }
}
