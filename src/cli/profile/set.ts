// `cdba profile set <name> <key> <value>`: validated; secrets only through `-` (stdin).
import type { Command } from '@commander-js/extra-typings';
import { MAX_BYTES } from '../../base/boundedRead.js';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { profileNamed } from '../../config/store.js';
import { SECRET_KEYS } from '../../config/settings.js';
import { VALIDATORS, validateProfileName } from '../../config/validate.js';
import { completedArgument, PROFILES, withExamples, type App } from '../command.js';
import { forgetTokens, profileKey } from './keys.js';

export function registerProfileSet(parent: Command, app: App): void {
  const command = parent
    .command('set')
    .description('set one key of a profile (creates the profile if needed); value - reads stdin')
    .addArgument(completedArgument('<name>', 'profile name: letters, digits, ".", "_" and "-", starting with a letter or digit, at most 64', PROFILES))
    .argument('<key>', 'baseUrl, publicKey, privateKey, clientId, clientSecret, projectId, apiVersion, output, caFile, service')
    .argument('<value>', 'the value, or - to read it from stdin (required for secrets)')
    .action(async (name, key, value, _options, cmd) => runProfileSet(app.context(cmd), name, key, value));
  withExamples(command, [
    ['Pin the legacy API for one profile', 'cdba profile set old apiVersion v1.0'],
    ['Rotate a private key without it touching argv', 'pass show atlas/new-key | cdba profile set prod privateKey -'],
  ]);
}

export async function runProfileSet(ctx: Context, rawName: string, rawKey: string, rawValue: string): Promise<void> {
  const name = validateProfileName(rawName);
  const key = profileKey(rawKey);
  if (SECRET_KEYS.has(key) && rawValue !== '-') {
    throw new UsageError(`${key} is a secret and is never taken from the command line; pass - and give it on stdin`);
  }
  if (SECRET_KEYS.has(key) && ctx.io.inIsTTY) {
    // A terminal would echo the secret as it is typed, with no prompt: refused before anything is read.
    const example = `pass show atlas/key | cdba profile set ${name} ${key} -`;
    throw new UsageError(`${key} -: stdin is a terminal, which would show the ${key === 'privateKey' ? 'key' : 'secret'} as it is typed; pipe it in (${example})`);
  }
  const raw = rawValue === '-' ? (await ctx.io.readStdin({ label: `${key} -`, maxBytes: MAX_BYTES.secret, expected: 'one line' })).replace(/\r?\n$/, '') : rawValue;
  const value = VALIDATORS[key](raw);
  const [before, after] = await (await ctx.config()).update((config) => {
    const old = profileNamed(config, name);
    config.profiles[name] = { ...(old ?? {}), [key]: value };
    config.currentProfile ??= name;
    return [old, config.profiles[name]] as const;
  });
  await forgetTokens(ctx, name, before, after);
  ctx.io.note(`cdba: ${name}.${key} set`);
}
