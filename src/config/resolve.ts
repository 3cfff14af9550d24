// One resolver for every setting: flag > environment > profile > default.
import { CONFIG_DIR_VARIABLE, CREDENTIAL_KEYS, DEFAULTS, PROFILE_KEYS, type OutputFormat, type Profile, type ProfileKey, type Settings } from './settings.js';
import { VALIDATORS, validateProfileName } from './validate.js';

export type SettingSource = 'flag' | 'env' | 'profile' | 'default';

/** Environment variable for each key that has one. */
export const ENV_FOR_KEY: Partial<Record<ProfileKey, string>> = {
  baseUrl: 'CDBA_BASE_URL',
  publicKey: 'CDBA_PUBLIC_KEY',
  privateKey: 'CDBA_PRIVATE_KEY',
  clientId: 'CDBA_CLIENT_ID',
  clientSecret: 'CDBA_CLIENT_SECRET',
  projectId: 'CDBA_PROJECT_ID',
  apiVersion: 'CDBA_API_VERSION',
  output: 'CDBA_OUTPUT',
};

/** The global flag for each key that has one (src/cli/program.ts). */
export const FLAG_FOR_KEY: Partial<Record<ProfileKey, string>> = {
  baseUrl: '--base-url',
  projectId: '--project-id',
  apiVersion: '--api-version',
  output: '-o/--output',
};

/**
 * Where a key's value came from, in the words of an error message: the flag
 * (`--project-id`), the variable (`CDBA_PROJECT_ID`) or the profile's key
 * (`profile "p" projectId`), so the user knows which of them to fix.
 */
export function settingOrigin(key: ProfileKey, source: SettingSource, profileName: string): string | undefined {
  switch (source) {
    case 'flag':
      return FLAG_FOR_KEY[key] ?? `--${key}`;
    case 'env':
      return ENV_FOR_KEY[key];
    case 'profile':
      return `profile "${profileName}" ${key}`;
    default:
      return undefined;
  }
}

/** The variable that names the profile (resolveProfileName). */
export const PROFILE_VARIABLE = 'CDBA_PROFILE';

/**
 * Every variable through which cdba finds credentials: those that hold them, and
 * those that choose the profile or the config dir (profiles, cached tokens) that
 * hold them. `run` holds these back from CMD (src/cli/env/run.ts).
 */
export const CREDENTIAL_VARIABLES: readonly string[] = [...CREDENTIAL_KEYS.map((key) => ENV_FOR_KEY[key]!), PROFILE_VARIABLE, CONFIG_DIR_VARIABLE];

export interface ResolveInput {
  profileName: string;
  /** Values given as global flags (only non-secret keys have flags). */
  flags: Partial<Record<ProfileKey, string | undefined>>;
  env: NodeJS.ProcessEnv;
  profile: Profile;
}

export interface Resolved {
  settings: Settings;
  sources: Partial<Record<ProfileKey, SettingSource>>;
}

/**
 * Resolves every key. Values from flags and environment are validated here
 * (profile values were validated on `profile set`, but are checked again so a
 * hand-edited file cannot smuggle in an http URL); a refusal names the source.
 */
export function resolveSettings(input: ResolveInput): Resolved {
  const values: Partial<Record<ProfileKey, string>> = {};
  const sources: Partial<Record<ProfileKey, SettingSource>> = {};
  for (const key of PROFILE_KEYS) {
    const found = resolveKey(key, input);
    if (!found) continue;
    values[key] = found.value;
    sources[key] = found.source;
  }
  const settings: Settings = {
    profileName: input.profileName,
    baseUrl: values.baseUrl ?? DEFAULTS.baseUrl,
    apiVersion: values.apiVersion ?? DEFAULTS.apiVersion,
    service: values.service ?? DEFAULTS.service,
  };
  for (const key of ['publicKey', 'privateKey', 'clientId', 'clientSecret', 'projectId', 'caFile'] as const) {
    if (values[key] !== undefined) settings[key] = values[key];
  }
  if (values.output !== undefined) settings.output = values.output as OutputFormat;
  return { settings, sources };
}

/** One key, flag > environment > profile > default, validated; undefined when nothing sets it. */
function resolveKey(key: ProfileKey, input: ResolveInput): { value: string; source: SettingSource } | undefined {
  const envName = ENV_FOR_KEY[key];
  const candidates: Array<[SettingSource, string | undefined]> = [
    ['flag', input.flags[key]],
    ['env', envName ? input.env[envName] : undefined],
    ['profile', input.profile[key]],
    ['default', (DEFAULTS as Partial<Record<ProfileKey, string>>)[key]],
  ];
  const found = candidates.find(([, value]) => value !== undefined && value !== '');
  if (!found) return undefined;
  const [source, raw] = found;
  // The message names the flag, variable or profile key the value came from.
  return { value: VALIDATORS[key](raw!, settingOrigin(key, source, input.profileName)), source };
}

/**
 * Only the output format, as resolveSettings would resolve it (the same order,
 * validation and messages): what a command that makes no request needs to print,
 * so a bad setting it never uses (a project ID, a base URL) does not stop it.
 */
export function resolveOutput(input: ResolveInput): OutputFormat | undefined {
  return resolveKey('output', input)?.value as OutputFormat | undefined;
}

/** Which profile: -P flag > CDBA_PROFILE > the config's current profile > "default". */
export function resolveProfileName(flag: string | undefined, env: NodeJS.ProcessEnv, current: string | undefined): {
  name: string;
  source: SettingSource;
} {
  if (flag) return { name: validateProfileName(flag, '-P/--profile'), source: 'flag' };
  const named = env[PROFILE_VARIABLE];
  if (named) return { name: validateProfileName(named, PROFILE_VARIABLE), source: 'env' };
  if (current) return { name: current, source: 'profile' };
  return { name: 'default', source: 'default' };
}
