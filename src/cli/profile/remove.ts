// `cdba profile remove <name>`: asks first on a terminal; needs --yes elsewhere.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { profileNamed } from '../../config/store.js';
import { withExamples, type App } from '../command.js';
import { forgetTokens } from './keys.js';

export function registerProfileRemove(parent: Command, app: App): void {
  const command = parent
    .command('remove')
    .alias('rm')
    .description('delete a profile, its stored secrets and its cached tokens')
    .argument('<name>', 'profile name')
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
  const removed = await store.update((config) => {
    const profile = profileNamed(config, name);
    delete config.profiles[name];
    if (config.currentProfile === name) delete config.currentProfile;
    return profile;
  });
  await forgetTokens(ctx, name, removed, undefined);
  ctx.io.note(`cdba: profile "${name}" removed`);
}
