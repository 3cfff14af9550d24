// The settings one invocation runs with, after flag > env > profile > default.

export const OUTPUT_FORMATS = ['table', 'json', 'pretty'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Keys a profile may hold, in the order `profile show` lists them. */
export const PROFILE_KEYS = [
  'baseUrl',
  'publicKey',
  'privateKey',
  'clientId',
  'clientSecret',
  'projectId',
  'apiVersion',
  'output',
  'caFile',
  'service',
] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type Profile = Partial<Record<ProfileKey, string>>;

export const SECRET_KEYS: ReadonlySet<ProfileKey> = new Set(['privateKey', 'clientSecret']);

/** The keys that authenticate (an API key pair, a service account). */
export const CREDENTIAL_KEYS = ['publicKey', 'privateKey', 'clientId', 'clientSecret'] as const satisfies readonly ProfileKey[];

/** The variable that names the config directory (profiles and cached tokens); read by configDirFor. */
export const CONFIG_DIR_VARIABLE = 'CDBA_CONFIG_DIR';

export const DEFAULTS = {
  baseUrl: 'https://cloud.mongodb.com',
  // The newest version date cdba knows (src/api/operations.ts NEWEST_DATE; a test keeps them equal).
  apiVersion: '2024-11-13',
  service: 'atlas',
} as const;

export interface Settings {
  profileName: string;
  baseUrl: string;
  publicKey?: string;
  privateKey?: string;
  clientId?: string;
  clientSecret?: string;
  projectId?: string;
  /** 'v1.0' or a YYYY-MM-DD date. */
  apiVersion: string;
  output?: OutputFormat;
  caFile?: string;
  /** The path word, `atlas` on the real service. */
  service: string;
}
