// `cdba profile add <name>`: prompts on a TTY; otherwise flags plus secrets on stdin.
import type { Command } from '@commander-js/extra-typings';
import { MAX_BYTES } from '../../base/boundedRead.js';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { FLAG_FOR_KEY } from '../../config/resolve.js';
import { profileNamed } from '../../config/store.js';
import type { Profile, ProfileKey } from '../../config/settings.js';
import { VALIDATORS, validateProfileName } from '../../config/validate.js';
import { withExamples, type App } from '../command.js';
import { forgetTokens } from './keys.js';

interface AddOptions {
  publicKey?: string;
  privateKeyStdin?: boolean;
  clientId?: string;
  clientSecretStdin?: boolean;
  caFile?: string;
  service?: string;
  use?: boolean;
  force?: boolean;
}

export function registerProfileAdd(parent: Command, app: App): void {
  const command = parent
    .command('add')
    .description('add a profile (interactive on a terminal)')
    .argument('<name>', 'profile name: letters, digits, ".", "_" and "-", starting with a letter or digit, at most 64')
    .option('--public-key <key>', 'API public key (the digest username)')
    .option('--private-key-stdin', 'read the API private key from stdin')
    .option('--client-id <id>', 'service account client ID')
    .option('--client-secret-stdin', 'read the service account client secret from stdin')
    .option('--ca-file <path>', 'PEM file of a private CA to trust')
    .option('--service <word>', 'API path word (default atlas)')
    .option('--use', 'make it the current profile')
    .option('--force', 'replace an existing profile of that name')
    .action(async (name, options, cmd) => runProfileAdd(app.context(cmd), name, options));
  withExamples(command, [
    ['Interactive, on a terminal; offers to check the credentials at the end', 'cdba profile add prod'],
    ['In CI: the private key comes from stdin, never argv', 'printf %s "$KEY" | cdba profile add ci --public-key abcdefgh --project-id 5f0c8a1e2b3c4d5e6f708192 --private-key-stdin -o json'],
  ]);
}

export async function runProfileAdd(ctx: Context, rawName: string, options: AddOptions): Promise<void> {
  const name = validateProfileName(rawName);
  if (options.privateKeyStdin && options.clientSecretStdin) {
    throw new UsageError('only one secret can come from stdin: use --private-key-stdin or --client-secret-stdin');
  }
  // Before any question is asked or stdin read; checked again under the lock, for a race.
  if (!options.force && profileNamed((await ctx.config()).read(), name)) throw exists(name);
  const profile: Profile = {};
  // `from`: the flag that gave the value, which a refusal names.
  const put = (key: ProfileKey, value: string | undefined, from: string | undefined): void => {
    if (value !== undefined && value !== '') profile[key] = VALIDATORS[key](value, from);
  };
  put('publicKey', options.publicKey, '--public-key');
  put('clientId', options.clientId, '--client-id');
  put('caFile', options.caFile, '--ca-file');
  put('service', options.service, '--service');
  put('baseUrl', ctx.globals.baseUrl, FLAG_FOR_KEY.baseUrl);
  put('projectId', ctx.globals.projectId, FLAG_FOR_KEY.projectId);
  put('apiVersion', ctx.globals.apiVersion, FLAG_FOR_KEY.apiVersion);
  put('output', ctx.globals.output, FLAG_FOR_KEY.output);
  if (options.privateKeyStdin) put('privateKey', await secretFromStdin(ctx, '--private-key-stdin'), '--private-key-stdin');
  if (options.clientSecretStdin) put('clientSecret', await secretFromStdin(ctx, '--client-secret-stdin'), '--client-secret-stdin');

  const interactive = ctx.io.inIsTTY && !options.privateKeyStdin && !options.clientSecretStdin;
  if (interactive) await promptMissing(ctx, profile);
  if (profile.publicKey && !profile.privateKey) throw new UsageError('a public key needs its private key: pass --private-key-stdin');
  if (profile.clientId && !profile.clientSecret) throw new UsageError('a client ID needs its secret: pass --client-secret-stdin');
  if (!profile.publicKey && !profile.clientId) {
    // Without this, a script whose secret variable was empty saved a profile that could never authenticate.
    throw new UsageError('profile add needs credentials: --public-key with --private-key-stdin, or --client-id with --client-secret-stdin', {
      hint: 'for a profile without credentials, use cdba profile set <name> <key> <value>',
    });
  }

  const store = await ctx.config();
  const replaced = await store.update((config) => {
    const old = profileNamed(config, name);
    if (old && !options.force) throw exists(name);
    config.profiles[name] = profile;
    if (options.use || !config.currentProfile) config.currentProfile = name;
    return old;
  });
  await forgetTokens(ctx, name, replaced, profile);
  ctx.io.note(`cdba: profile "${name}" saved in ${store.path}`);
  if (interactive && ctx.io.errIsTTY) await offerCheck(ctx, name);
}

const exists = (name: string): UsageError => new UsageError(`profile "${name}" already exists; pass --force to replace it`);

/** On a terminal: offers `cdba auth status` with the new profile (Enter means yes). */
async function offerCheck(ctx: Context, name: string): Promise<void> {
  let answer: string;
  try {
    answer = (await ctx.io.prompt('Check these credentials against the service now? [Y/n] ')).trim();
  } catch {
    return; // stdin ended: nobody to ask
  }
  if (!/^(y(es)?)?$/i.test(answer)) return;
  const [{ Context: CheckContext }, { runAuthStatus }] = await Promise.all([import('../../core/context.js'), import('../auth/public.js')]);
  const check = new CheckContext(ctx.io, ctx.env, ctx.version, { ...ctx.globals, profile: name });
  try {
    await runAuthStatus(check);
  } finally {
    await check.close();
  }
}

async function secretFromStdin(ctx: Context, flag: string): Promise<string> {
  // A terminal would echo the secret as it is typed, with no prompt: refused before anything is read.
  if (ctx.io.inIsTTY) {
    const what = flag === '--private-key-stdin' ? 'key' : 'secret';
    throw new UsageError(`${flag}: stdin is a terminal; pipe the ${what} in, or leave the flag out to be asked with the ${what} hidden`);
  }
  const text = (await ctx.io.readStdin({ label: flag, maxBytes: MAX_BYTES.secret, expected: 'one line' })).replace(/\r?\n$/, '');
  if (text.trim() === '') throw new UsageError(`${flag}: stdin was empty`);
  if (/[\r\n]/.test(text)) throw new UsageError(`${flag}: expected one line on stdin`);
  return text;
}

/** After a bad answer the question is asked again, this many times, with the reason. */
export const PROMPT_RETRIES = 3;

async function promptMissing(ctx: Context, profile: Profile): Promise<void> {
  const ask = async (key: ProfileKey, question: string, secret = false): Promise<void> => {
    if (profile[key] !== undefined) return;
    for (let retries = PROMPT_RETRIES; ; retries--) {
      const answer = (await ctx.io.prompt(question, { secret })).trim();
      if (!answer) return;
      try {
        profile[key] = VALIDATORS[key](answer);
        return;
      } catch (error) {
        // A typo in the project ID must not throw away the secret typed before it.
        if (!(error instanceof UsageError) || retries === 0) throw error;
        ctx.io.note(`cdba: ${error.message}; try again (${retries} ${retries === 1 ? 'try' : 'tries'} left)`);
      }
    }
  };
  await ask('publicKey', 'Public key (blank for a service account): ');
  if (profile.publicKey) {
    await ask('privateKey', 'Private key (hidden): ', true);
  } else {
    await ask('clientId', 'Service account client ID: ');
    if (profile.clientId) await ask('clientSecret', 'Client secret (hidden): ', true);
  }
  await ask('projectId', 'Project ID (24 hex, blank to skip): ');
  await ask('baseUrl', 'Base URL (blank for https://cloud.mongodb.com): ');
}
