// The value validators shared by `profile set`, global flags and environment variables.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/base/errors.js';
import {
  VALIDATORS,
  isLoopbackHost,
  validateApiVersion,
  validateBaseUrl,
  validateNonEmpty,
  validateOutput,
  validateProfileName,
  validateProjectId,
  validateService,
} from '../../../src/config/validate.js';
import { PROFILE_KEYS } from '../../../src/config/settings.js';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', 'localhost', 'LOCALHOST'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['example.com', '128.0.0.1', '10.0.0.1', '::2', '[::ffff:10.0.0.1]', '127.0.0.1.example.com', 'localhost.example.com', ''])(
    '%s is not loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('validateBaseUrl', () => {
  it.each([
    ['https://cloud.mongodb.com', 'https://cloud.mongodb.com'],
    ['https://cloud.mongodb.com/', 'https://cloud.mongodb.com'],
    ['https://example.com:8443', 'https://example.com:8443'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1', 'http://127.0.0.1'],
    ['http://[::1]:4010', 'http://[::1]:4010'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['HTTP://LOCALHOST:4010', 'http://localhost:4010'],
  ])('accepts %s as %s', (input, origin) => {
    expect(validateBaseUrl(input)).toBe(origin);
  });

  it.each([
    'http://example.com',
    'http://cloud.mongodb.com:80',
    'http://10.0.0.1:4010',
    'http://127.0.0.1.nip.io',
    'http://localhost.example.com',
  ])('refuses plain http to a non-loopback host: %s', (input) => {
    expect(() => validateBaseUrl(input)).toThrow(UsageError);
    expect(() => validateBaseUrl(input)).toThrow(/use https/);
  });

  it.each(['https://cloud.mongodb.com/api', 'https://cloud.mongodb.com/api/atlas/v2', 'http://127.0.0.1:4010/x'])(
    'refuses a path: %s',
    (input) => {
      expect(() => validateBaseUrl(input)).toThrow(/only scheme, host and port/);
    },
  );

  it.each(['https://cloud.mongodb.com/?a=1', 'https://cloud.mongodb.com?envelope=true', 'https://cloud.mongodb.com/#top'])(
    'refuses a query or fragment: %s',
    (input) => {
      expect(() => validateBaseUrl(input)).toThrow(/only scheme, host and port/);
    },
  );

  it.each(['', 'cloud.mongodb.com', 'not a url', 'https://', '://x', 'http//127.0.0.1'])('refuses garbage: %j', (input) => {
    expect(() => validateBaseUrl(input)).toThrow(UsageError);
  });

  it.each(['ftp://example.com', 'file:///etc/passwd', 'ws://127.0.0.1:4010'])('refuses other schemes: %s', (input) => {
    expect(() => validateBaseUrl(input)).toThrow(/scheme must be https/);
  });
});

describe('validateProjectId', () => {
  it('accepts 24 hex characters and lower-cases them', () => {
    expect(validateProjectId('5f0c8a1e2b3c4d5e6f708192')).toBe('5f0c8a1e2b3c4d5e6f708192');
    expect(validateProjectId('5F0C8A1E2B3C4D5E6F708192')).toBe('5f0c8a1e2b3c4d5e6f708192');
  });

  it.each(['', '5f0c8a1e2b3c4d5e6f70819', '5f0c8a1e2b3c4d5e6f7081923', '5f0c8a1e2b3c4d5e6f70819g', ' 5f0c8a1e2b3c4d5e6f708192', 'my-project'])(
    'refuses %j',
    (input) => {
      expect(() => validateProjectId(input)).toThrow(UsageError);
      expect(() => validateProjectId(input)).toThrow(/24 hexadecimal/);
    },
  );
});

describe('validateApiVersion', () => {
  it.each(['v1.0', '2023-02-01', '2023-01-01', '2024-02-29', '2024-08-05', '2000-02-29', '2023-12-31'])('accepts %s', (input) => {
    expect(validateApiVersion(input)).toBe(input);
  });

  it.each([
    '2023-02-30', // no such day
    '2023-02-29', // not a leap year
    '1900-02-29', // not a leap year either
    '2023-13-01', // no such month
    '2023-00-10',
    '2023-04-31',
    '2023-01-00',
    '23-02-01',
    '2023-2-1',
    '20230201',
    ' 2023-02-01',
    'v1',
    'v2',
    'V1.0',
    'latest',
    '',
  ])('refuses %j', (input) => {
    expect(() => validateApiVersion(input)).toThrow(UsageError);
    expect(() => validateApiVersion(input)).toThrow(/expected v1.0 or a date/);
  });
});

describe('validateOutput', () => {
  it.each(['table', 'json', 'pretty'])('accepts %s', (input) => {
    expect(validateOutput(input)).toBe(input);
  });

  it.each(['yaml', 'JSON', 'Table', '', 'json '])('refuses %j', (input) => {
    expect(() => validateOutput(input)).toThrow(/expected one of table, json, pretty/);
  });
});

describe('validateService', () => {
  it.each(['atlas', 'cdba', 'api-v2'])('accepts %s', (input) => {
    expect(validateService(input)).toBe(input);
  });

  it.each(['', 'Atlas', '1atlas', 'at/las', 'atlas/v2', '../x'])('refuses %j', (input) => {
    expect(() => validateService(input)).toThrow(UsageError);
  });
});

describe('validateNonEmpty', () => {
  it('keeps a single-line value as given', () => {
    expect(validateNonEmpty('publicKey')('abcdefgh')).toBe('abcdefgh');
  });

  it.each(['', '   ', 'a\nb', 'a\r\nb'])('refuses %j and names the key, not the value', (input) => {
    let error: unknown;
    try {
      validateNonEmpty('privateKey')(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/^privateKey must/);
    if (input.trim()) expect((error as Error).message).not.toContain(input);
  });
});

describe('VALIDATORS', () => {
  it('has a validator for every profile key', () => {
    expect(Object.keys(VALIDATORS).sort()).toEqual([...PROFILE_KEYS].sort());
  });
});

describe('validateProfileName', () => {
  it.each(['default', 'prod', 'prod-1', 'a.b_c', 'A1', '9', 'x'.repeat(64)])('accepts %s', (input) => {
    expect(validateProfileName(input)).toBe(input);
  });

  it.each(['', '-x', '.x', '_x', 'a b', 'a/b', '../x', 'a:b', 'naïve', 'x'.repeat(65)])('refuses %j', (input) => {
    expect(() => validateProfileName(input)).toThrow(UsageError);
    expect(() => validateProfileName(input)).toThrow(/invalid profile name/);
  });
});
