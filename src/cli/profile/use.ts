// `cdba profile use <name>`: makes a profile the current one.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { validateProfileName } from '../../config/validate.js';
import { profileNamed } from '../../config/store.js';
import { completedArgument, PROFILES, withExamples, type App } from '../command.js';

export function registerProfileUse(parent: Command, app: App): void {
  const command = parent
    .command('use')
    .description('make a profile the current one')
    .addArgument(completedArgument('<name>', 'profile name', PROFILES))
    .action(async (name, _options, cmd) => runProfileUse(app.context(cmd), name));
  withExamples(command, [
    ['Switch to the staging profile', 'cdba profile use staging'],
    ['Switch, then confirm which project is active', "cdba profile use staging && cdba profile show -o json --query 'profile'"],
  ]);
}

export async function runProfileUse(ctx: Context, rawName: string): Promise<void> {
  const name = validateProfileName(rawName);
  await (await ctx.config()).update((config) => {
    if (!profileNamed(config, name)) throw new UsageError(`profile "${name}" does not exist`, { hint: 'see cdba profile list' });
    config.currentProfile = name;
  });
  ctx.io.note(`cdba: now using profile "${name}"`);
}
