// `cdba profile remove <name>`: asks first on a terminal; needs --yes elsewhere.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { CHOOSE_PROFILE } from '../../core/hints.js';
import { profileNamed } from '../../config/store.js';
import { completedArgument, PROFILES, withExamples, type App } from '../command.js';
import { forgetTokens } from './keys.js';

export function registerProfileRemove(parent: Command, app: App): void {
  const command = parent
    .command('remove')
    .alias('rm')
    .description('delete a profile, its stored secrets and its cached tokens (the current one: then choose another with profile use)')
    .addArgument(completedArgument('<name>', 'profile name', PROFILES))
    .action(async (name, _options, cmd) => runProfileRemove(app.context(cmd), name));
  withExamples(command, [
    ['Remove, asking first', 'cdba profile remove old'],
    ['Remove every profile that has no project, without asking', "cdba profile list -o json --query '[?!projectId].name' | jq -r '.[]' | xargs -n1 cdba profile remove --yes"],
  ]);
}

export async function runProfileRemove(ctx: Context, name: string): Promise<void> {
  const store = await ctx.config();
  if (!profileNamed(store.read(), name)) throw new UsageError(`profile "${name}" does not exist`, { hint: 'see cdba profile list' });
  await ctx.confirm(`Remove profile "${name}" and its stored keys?`);
  const { removed, noneSelected } = await store.update((config) => {
    const profile = profileNamed(config, name);
    const wasCurrent = config.currentProfile === name;
    delete config.profiles[name];
    if (wasCurrent) delete config.currentProfile;
    // The current one gone, others left and no "default" to fall back on: commands have no settings until one is chosen.
    return { removed: profile, noneSelected: wasCurrent && !profileNamed(config, 'default') && Object.keys(config.profiles).length > 0 };
  });
  await forgetTokens(ctx, name, removed, undefined);
  ctx.io.note(`cdba: profile "${name}" removed${noneSelected ? `; it was the current one, so no profile is selected now: ${CHOOSE_PROFILE}` : ''}`);
}
