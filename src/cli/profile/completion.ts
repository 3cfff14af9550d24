// Profile names for shell completion (`cdba __complete profiles`, the lookup this
// group registers): only names the profile-name rule allows, so a hand-edited
// config's other keys never become shell words.
import type { Context } from '../../core/context.js';

export async function profileNames(ctx: Context): Promise<string[]> {
  const { isProfileName } = await import('../../config/validate.js');
  return Object.keys((await ctx.config()).read().profiles).filter(isProfileName).sort();
}
