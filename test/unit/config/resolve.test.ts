// The one resolver: flag > environment > profile > default, with the source of each value.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import { ENV_FOR_KEY, resolveProfileName, resolveSettings, type SettingSource } from '../../../src/config/resolve.js';
import { DEFAULTS, PROFILE_KEYS, type Profile, type ProfileKey } from '../../../src/config/settings.js';

/** Keys the CLI has a global flag for (see GlobalOptions in src/core/context.ts). */
const FLAG_KEYS: readonly ProfileKey[] = ['baseUrl', 'projectId', 'apiVersion', 'output'];

/** A distinct valid value per key and level, so the winner is visible. */
const SAMPLES: Record<ProfileKey, { flag: string; env: string; profile: string }> = {
  baseUrl: { flag: 'https://flag.example.com', env: 'https://env.example.com', profile: 'http://127.0.0.1:4010' },
  publicKey: { flag: 'flagpub', env: 'envpub', profile: 'profilepub' },
  privateKey: { flag: 'flag-private-1', env: 'env-private-2', profile: 'profile-private-3' },
  clientId: { flag: 'mdb_sa_id_flag', env: 'mdb_sa_id_env', profile: 'mdb_sa_id_profile' },
  clientSecret: { flag: 'flag-secret-1', env: 'env-secret-2', profile: 'profile-secret-3' },
  projectId: { flag: 'aaaaaaaaaaaaaaaaaaaaaaaa', env: 'bbbbbbbbbbbbbbbbbbbbbbbb', profile: 'cccccccccccccccccccccccc' },
  apiVersion: { flag: '2024-08-05', env: 'v1.0', profile: '2023-01-01' },
  output: { flag: 'pretty', env: 'json', profile: 'table' },
  caFile: { flag: '/flag/ca.pem', env: '/env/ca.pem', profile: '/profile/ca.pem' },
  service: { flag: 'flagword', env: 'envword', profile: 'profileword' },
};

const DEFAULT_FOR: Partial<Record<ProfileKey, string>> = DEFAULTS;

type Level = 'flag' | 'env' | 'profile';

interface Row {
  key: ProfileKey;
  given: Level[];
  value: string | undefined;
  source: SettingSource | undefined;
}

/** Every key, with every subset of levels a real invocation can supply. */
function table(): Row[] {
  const rows: Row[] = [];
  for (const key of PROFILE_KEYS) {
    const levels: Level[] = [
      ...(FLAG_KEYS.includes(key) ? (['flag'] as const) : []),
      ...(ENV_FOR_KEY[key] ? (['env'] as const) : []),
      'profile',
    ];
    for (let mask = 0; mask < 1 << levels.length; mask++) {
      const given = levels.filter((_, i) => mask & (1 << i));
      const winner = (['flag', 'env', 'profile'] as const).find((level) => given.includes(level));
      rows.push({
        key,
        given,
        value: winner ? SAMPLES[key][winner] : DEFAULT_FOR[key],
        source: winner ?? (DEFAULT_FOR[key] !== undefined ? 'default' : undefined),
      });
    }
  }
  return rows;
}

function inputFor(key: ProfileKey, given: Level[]) {
  const envName = ENV_FOR_KEY[key];
  return {
    profileName: 'p',
    flags: given.includes('flag') ? { [key]: SAMPLES[key].flag } : {},
    env: given.includes('env') && envName ? { [envName]: SAMPLES[key].env } : {},
    profile: given.includes('profile') ? ({ [key]: SAMPLES[key].profile } as Profile) : {},
  };
}

describe('resolveSettings precedence (flag > env > profile > default)', () => {
  it.each(table().map((row) => [row.key, row.given.join('+') || 'nothing', row] as const))(
    '%s given %s',
    (_key, _label, row) => {
      const { settings, sources } = resolveSettings(inputFor(row.key, row.given));
      expect((settings as unknown as Record<string, unknown>)[row.key]).toBe(row.value);
      expect(sources[row.key]).toBe(row.source);
    },
  );

  it('covers every key and at least the flag, env, profile and default sources', () => {
    const rows = table();
    expect(new Set(rows.map((r) => r.key))).toEqual(new Set(PROFILE_KEYS));
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['flag', 'env', 'profile', 'default', undefined]));
  });

  it('resolves each key independently when all levels are mixed', () => {
    const { settings, sources } = resolveSettings({
      profileName: 'mixed',
      flags: { projectId: 'AAAAAAAAAAAAAAAAAAAAAAAA' },
      env: { CDBA_API_VERSION: 'v1.0', CDBA_PRIVATE_KEY: 'env-private-2', CDBA_PUBLIC_KEY: 'envpub' },
      profile: { baseUrl: 'http://localhost:4010/', projectId: 'cccccccccccccccccccccccc', output: 'pretty' },
    });
    expect(settings).toEqual({
      profileName: 'mixed',
      baseUrl: 'http://localhost:4010',
      publicKey: 'envpub',
      privateKey: 'env-private-2',
      projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      apiVersion: 'v1.0',
      output: 'pretty',
      service: 'atlas',
    });
    expect(sources).toEqual({
      baseUrl: 'profile',
      publicKey: 'env',
      privateKey: 'env',
      projectId: 'flag',
      apiVersion: 'env',
      output: 'profile',
      service: 'default',
    });
  });

  it('with nothing given, only the defaults are set', () => {
    const { settings, sources } = resolveSettings({ profileName: 'default', flags: {}, env: {}, profile: {} });
    expect(settings).toEqual({ profileName: 'default', baseUrl: 'https://cloud.mongodb.com', apiVersion: '2024-11-13', service: 'atlas' });
    expect(sources).toEqual({ baseUrl: 'default', apiVersion: 'default', service: 'default' });
  });

  it('treats an empty flag or environment value as not given', () => {
    const { settings, sources } = resolveSettings({
      profileName: 'p',
      flags: { output: '', apiVersion: undefined },
      env: { CDBA_OUTPUT: '', CDBA_API_VERSION: '', CDBA_PROJECT_ID: '' },
      profile: { output: 'table', projectId: 'cccccccccccccccccccccccc' },
    });
    expect(settings.output).toBe('table');
    expect(sources.output).toBe('profile');
    expect(settings.apiVersion).toBe('2024-11-13');
    expect(sources.apiVersion).toBe('default');
    expect(sources.projectId).toBe('profile');
  });

  it('ignores environment variables that are not its own', () => {
    const { sources } = resolveSettings({
      profileName: 'p',
      flags: {},
      env: { ATLAS_PUBLIC_KEY: 'x', MONGODB_ATLAS_PROJECT_ID: 'cccccccccccccccccccccccc', CDBA_SERVICE: 'other' },
      profile: {},
    });
    expect(sources).toEqual({ baseUrl: 'default', apiVersion: 'default', service: 'default' });
  });

  it('does not consult a lower level once a higher one answers, even if the lower one is invalid', () => {
    const { settings } = resolveSettings({
      profileName: 'p',
      flags: { apiVersion: '2023-02-01' },
      env: { CDBA_API_VERSION: 'not-a-version' },
      profile: { apiVersion: 'also-bad' },
    });
    expect(settings.apiVersion).toBe('2023-02-01');
  });
});

describe('resolveSettings refuses invalid values from every level', () => {
  // Each message names where the refused value came from: the flag, the variable or the profile's key.
  const cases: Array<[string, Parameters<typeof resolveSettings>[0], RegExp]> = [
    ['flag baseUrl http to a remote host', { profileName: 'p', flags: { baseUrl: 'http://example.com' }, env: {}, profile: {} }, /^refusing http:\/\/ base URL from --base-url for non-loopback host example\.com: use https$/],
    ['flag projectId', { profileName: 'p', flags: { projectId: 'nothex' }, env: {}, profile: {} }, /^invalid project ID "nothex" from --project-id: expected 24 hexadecimal characters$/],
    ['flag apiVersion', { profileName: 'p', flags: { apiVersion: '2023-13-01' }, env: {}, profile: {} }, /^invalid API version "2023-13-01" from --api-version: expected v1\.0 or a date/],
    ['flag output', { profileName: 'p', flags: { output: 'yaml' }, env: {}, profile: {} }, /^invalid output format "yaml" from -o\/--output: expected one of/],
    ['env CDBA_BASE_URL', { profileName: 'p', flags: {}, env: { CDBA_BASE_URL: 'https://x.example.com/api' }, profile: {} }, /^invalid base URL "https:\/\/x\.example\.com\/api" from CDBA_BASE_URL: give only scheme, host and port/],
    ['env CDBA_BASE_URL http to a remote host', { profileName: 'p', flags: {}, env: { CDBA_BASE_URL: 'http://example.com' }, profile: {} }, /^refusing http:\/\/ base URL from CDBA_BASE_URL for non-loopback host example\.com: use https$/],
    ['env CDBA_BASE_URL with credentials', { profileName: 'p', flags: {}, env: { CDBA_BASE_URL: 'https://u:pw@example.com' }, profile: {} }, /^invalid base URL from CDBA_BASE_URL: it must not contain credentials/],
    ['env CDBA_PROJECT_ID', { profileName: 'p', flags: {}, env: { CDBA_PROJECT_ID: '123' }, profile: {} }, /^invalid project ID "123" from CDBA_PROJECT_ID: expected 24 hexadecimal characters$/],
    ['env CDBA_API_VERSION', { profileName: 'p', flags: {}, env: { CDBA_API_VERSION: '2023-02-30' }, profile: {} }, /^invalid API version "2023-02-30" from CDBA_API_VERSION: expected v1\.0 or a date/],
    ['env CDBA_OUTPUT', { profileName: 'p', flags: {}, env: { CDBA_OUTPUT: 'xml' }, profile: {} }, /^invalid output format "xml" from CDBA_OUTPUT: expected one of/],
    ['env CDBA_PRIVATE_KEY on two lines', { profileName: 'p', flags: {}, env: { CDBA_PRIVATE_KEY: 'line1\nline2' }, profile: {} }, /^privateKey from CDBA_PRIVATE_KEY must be a single line$/],
    ['env CDBA_CLIENT_SECRET blank', { profileName: 'p', flags: {}, env: { CDBA_CLIENT_SECRET: '   ' }, profile: {} }, /^clientSecret from CDBA_CLIENT_SECRET must not be empty$/],
    ['profile baseUrl edited by hand', { profileName: 'p', flags: {}, env: {}, profile: { baseUrl: 'http://evil.example.com' } }, /^refusing http:\/\/ base URL from profile "p" baseUrl for non-loopback host evil\.example\.com: use https$/],
    ['profile baseUrl with port 0', { profileName: 'p', flags: {}, env: {}, profile: { baseUrl: 'http://127.0.0.1:0' } }, /^invalid base URL "http:\/\/127\.0\.0\.1:0" from profile "p" baseUrl: port 0/],
    ['profile projectId', { profileName: 'p', flags: {}, env: {}, profile: { projectId: 'zzzzzzzzzzzzzzzzzzzzzzzz' } }, /^invalid project ID "z{24}" from profile "p" projectId: expected 24 hexadecimal characters$/],
    ['profile apiVersion', { profileName: 'p', flags: {}, env: {}, profile: { apiVersion: '23-02-01' } }, /^invalid API version "23-02-01" from profile "p" apiVersion: expected/],
    ['profile output', { profileName: 'p', flags: {}, env: {}, profile: { output: 'csv' } }, /^invalid output format "csv" from profile "p" output: expected one of/],
    ['profile service', { profileName: 'p', flags: {}, env: {}, profile: { service: 'Atlas/v2' } }, /^invalid service path word "Atlas\/v2" from profile "p" service$/],
    ['profile privateKey on two lines', { profileName: 'work', flags: {}, env: {}, profile: { privateKey: 'a\nb' } }, /^privateKey from profile "work" privateKey must be a single line$/],
  ];

  it.each(cases)('%s', (_label, input, message) => {
    expect(() => resolveSettings(input)).toThrow(UsageError);
    expect(() => resolveSettings(input)).toThrow(message);
  });

  it('names the level that won, not a lower one that is also bad', () => {
    // Flag over env over profile: the message names the source whose value was used.
    const bad = { flags: { projectId: 'flagbad' }, env: { CDBA_PROJECT_ID: 'envbad' }, profile: { projectId: 'profilebad' } };
    expect(() => resolveSettings({ profileName: 'p', ...bad })).toThrow(/"flagbad" from --project-id:/);
    expect(() => resolveSettings({ profileName: 'p', ...bad, flags: {} })).toThrow(/"envbad" from CDBA_PROJECT_ID:/);
    expect(() => resolveSettings({ profileName: 'p', ...bad, flags: {}, env: {} })).toThrow(/"profilebad" from profile "p" projectId:/);
  });

  it('never repeats a refused secret in the error', () => {
    const secret = 'top-secret-value\nsecond-line';
    let error: unknown;
    try {
      resolveSettings({ profileName: 'p', flags: {}, env: { CDBA_PRIVATE_KEY: secret }, profile: {} });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).not.toContain('top-secret-value');
  });
});

describe('ENV_FOR_KEY', () => {
  it('names the environment variables of DESIGN.md', () => {
    expect(ENV_FOR_KEY).toEqual({
      baseUrl: 'CDBA_BASE_URL',
      publicKey: 'CDBA_PUBLIC_KEY',
      privateKey: 'CDBA_PRIVATE_KEY',
      clientId: 'CDBA_CLIENT_ID',
      clientSecret: 'CDBA_CLIENT_SECRET',
      projectId: 'CDBA_PROJECT_ID',
      apiVersion: 'CDBA_API_VERSION',
      output: 'CDBA_OUTPUT',
    });
  });
});

describe('resolveProfileName (-P > CDBA_PROFILE > current profile > "default")', () => {
  it.each([
    ['flag wins over everything', 'fromflag', { CDBA_PROFILE: 'fromenv' }, 'current', { name: 'fromflag', source: 'flag' }],
    ['env wins over the current profile', undefined, { CDBA_PROFILE: 'fromenv' }, 'current', { name: 'fromenv', source: 'env' }],
    ['the current profile', undefined, {}, 'current', { name: 'current', source: 'profile' }],
    ['"default" when nothing names one', undefined, {}, undefined, { name: 'default', source: 'default' }],
    ['an empty flag counts as not given', '', { CDBA_PROFILE: 'fromenv' }, undefined, { name: 'fromenv', source: 'env' }],
    ['an empty CDBA_PROFILE counts as not given', undefined, { CDBA_PROFILE: '' }, 'current', { name: 'current', source: 'profile' }],
  ] as const)('%s', (_label, flag, env, current, expected) => {
    expect(resolveProfileName(flag, env, current)).toEqual(expected);
  });
});
