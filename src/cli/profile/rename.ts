// `cdba profile rename <old> <new>`: keeps the current-profile marker with it.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { validateProfileName } from '../../config/validate.js';
import { profileNamed } from '../../config/store.js';
import { completedArgument, PROFILES, withExamples, type App } from '../command.js';

export function registerProfileRename(parent: Command, app: App): void {
  const command = parent
    .command('rename')
    .description('rename a profile')
    .addArgument(completedArgument('<old>', 'current name', PROFILES))
    .argument('<new>', 'new name: letters, digits, ".", "_" and "-", starting with a letter or digit, at most 64')
    .action(async (oldName, newName, _options, cmd) => runProfileRename(app.context(cmd), oldName, newName));
  withExamples(command, [
    ['Rename default to prod', 'cdba profile rename default prod'],
    ['Rename, then list names', "cdba profile rename default prod && cdba profile list -o json --query '[].name'"],
  ]);
}

export async function runProfileRename(ctx: Context, oldName: string, rawNew: string): Promise<void> {
  const newName = validateProfileName(rawNew);
  await (await ctx.config()).update((config) => {
    const profile = profileNamed(config, oldName);
    if (!profile) throw new UsageError(`profile "${oldName}" does not exist`, { hint: 'see cdba profile list' });
    if (profileNamed(config, newName)) throw new UsageError(`profile "${newName}" already exists`);
    config.profiles[newName] = profile;
    delete config.profiles[oldName];
    if (config.currentProfile === oldName) config.currentProfile = newName;
  });
  ctx.io.note(`cdba: profile "${oldName}" renamed to "${newName}"`);
}
