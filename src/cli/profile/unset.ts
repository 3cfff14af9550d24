// `cdba profile unset <name> <key>`: removes one key, so the default or env applies again.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { profileNamed } from '../../config/store.js';
import { completedArgument, PROFILES, withExamples, type App } from '../command.js';
import { forgetTokens, profileKey } from './keys.js';

export function registerProfileUnset(parent: Command, app: App): void {
  const command = parent
    .command('unset')
    .description('remove one key from a profile')
    .addArgument(completedArgument('<name>', 'profile name', PROFILES))
    .argument('<key>', 'key to remove')
    .action(async (name, key, _options, cmd) => runProfileUnset(app.context(cmd), name, key));
  withExamples(command, [
    ['Go back to the default API version', 'cdba profile unset prod apiVersion'],
    ['Drop the stored project, then check the source now used', "cdba profile unset prod projectId && cdba profile show prod -o json --query \"settings[?key=='projectId']\""],
  ]);
}

export async function runProfileUnset(ctx: Context, name: string, rawKey: string): Promise<void> {
  const key = profileKey(rawKey);
  const [before, after] = await (await ctx.config()).update((config) => {
    const profile = profileNamed(config, name);
    if (!profile) throw new UsageError(`profile "${name}" does not exist`, { hint: 'see cdba profile list' });
    const old = { ...profile };
    delete profile[key];
    return [old, profile] as const;
  });
  await forgetTokens(ctx, name, before, after);
  ctx.io.note(`cdba: ${name}.${key} removed`);
}
