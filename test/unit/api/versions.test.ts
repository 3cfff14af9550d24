import { describe, expect, test } from 'vitest';
import { ExitCode, UsageError } from '../../../src/core/errors.js';
import {
  isCalendarDate,
  KNOWN_VERSIONS,
  newestVersion,
  resourceForPath,
  selectVersion,
  validateApiVersion,
  versionedMediaType,
  versionFromMediaType,
} from '../../../src/api/versions.js';

describe('selectVersion', () => {
  test.each([
    ['clusters', '2023-02-01', '2023-02-01'],
    ['clusters', '2023-01-31', '2023-01-01'],
    ['clusters', '2023-01-01', '2023-01-01'],
    ['clusters', '2099-12-31', '2023-02-01'],
    ['clusters', '2024-08-05', '2023-02-01'],
    ['root', '2023-02-01', '2023-01-01'],
    ['root', '2023-01-01', '2023-01-01'],
    ['privateIpMode', '2030-06-15', '2023-01-01'],
  ] as const)('%s at %s -> v2 %s', (resource, date, version) => {
    expect(selectVersion(resource, date)).toEqual({ base: 'v2', version });
  });

  test('v1.0 means the legacy API for every resource', () => {
    for (const resource of Object.keys(KNOWN_VERSIONS) as Array<keyof typeof KNOWN_VERSIONS>) {
      expect(selectVersion(resource, 'v1.0')).toEqual({ base: 'v1.0' });
    }
  });

  test('a date before the first version is a usage error naming the earliest', () => {
    const error = (() => {
      try {
        selectVersion('clusters', '2022-12-31');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(ExitCode.usage);
    expect((error as UsageError).message).toContain('2023-01-01');
  });

  test.each(['2023-02-30', '2023-13-01', '23-02-01', 'v2', 'latest', '', '2023-2-1', 'v1.0 '])('rejects %j', (value) => {
    expect(() => selectVersion('clusters', value)).toThrow(UsageError);
    expect(() => validateApiVersion(value)).toThrow(/invalid API version/);
  });
});

describe('helpers', () => {
  test('isCalendarDate knows leap years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });
  test('media types', () => {
    expect(versionedMediaType('atlas', '2023-02-01')).toBe('application/vnd.atlas.2023-02-01+json');
    expect(versionFromMediaType('application/vnd.atlas.2023-02-01+json;charset=utf-8')).toBe('2023-02-01');
    expect(versionFromMediaType('application/json')).toBeUndefined();
    expect(versionFromMediaType(undefined)).toBeUndefined();
  });
  test('newestVersion', () => {
    expect(newestVersion('clusters')).toBe('2023-02-01');
    expect(newestVersion('root')).toBe('2023-01-01');
  });
  test('resourceForPath', () => {
    expect(resourceForPath('')).toBe('root');
    expect(resourceForPath('/groups/abc/clusters?pageNum=2')).toBe('clusters');
    expect(resourceForPath('/groups/abc/clusters/c1')).toBe('clusters');
    expect(resourceForPath('/groups/abc/privateIpMode')).toBe('privateIpMode');
    expect(resourceForPath('/orgs')).toBeUndefined();
  });
});
