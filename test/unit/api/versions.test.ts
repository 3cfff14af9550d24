import { describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { ExitCode, UsageError } from '../../../src/base/errors.js';
import {
  isCalendarDate,
  NEWEST_DATE,
  newestVersion,
  OPERATIONS,
  operationFor,
  resourceForPath,
  selectVersion,
  validateApiVersion,
  versionedMediaType,
  versionFromMediaType,
  type OperationName,
} from '../../../src/api/versions.js';

describe('selectVersion, per operation', () => {
  test.each([
    ['clusters.list', '2024-10-23', '2024-08-05'],
    ['clusters.get', '2024-10-23', '2024-08-05'],
    ['clusters.create', '2024-10-23', '2024-10-23'],
    ['clusters.update', '2024-10-23', '2024-10-23'],
    ['clusters.delete', '2024-10-23', '2023-02-01'],
    ['clusters.create', '2024-09-30', '2024-08-05'],
    ['clusters.get', '2024-08-04', '2023-02-01'],
    ['clusters.get', '2023-02-01', '2023-02-01'],
    ['clusters.get', '2023-01-31', '2023-01-01'],
    ['clusters.get', '2099-12-31', '2024-08-05'],
    ['root.get', '2024-10-23', '2023-01-01'],
    ['privateIpMode.update', '2024-10-23', '2023-01-01'],
    ['privateIpMode.get', '2030-06-15', '2023-01-01'],
  ] as const)('%s at %s -> v2 %s', (operation, date, version) => {
    expect(selectVersion(operation, date)).toEqual({ base: 'v2', version });
  });

  test('v1.0 means the legacy API for every operation it has; a versioned-only one (flex clusters) is a usage error', () => {
    for (const operation of Object.keys(OPERATIONS) as OperationName[]) {
      const { resource, versions } = OPERATIONS[operation];
      const refusal = new RegExp(`${resource} exists only in the versioned API \\(from ${versions[0]!.date}\\); this call is at v1.0`);
      if (OPERATIONS[operation].v2Only) expect(() => selectVersion(operation, 'v1.0')).toThrow(refusal);
      else expect(selectVersion(operation, 'v1.0')).toEqual({ base: 'v1.0' });
    }
    // Flex clusters (5), search indexes (14), the sample dataset load (2), cloud backup (9, flex 5), events (4) and the access history (2).
    expect((Object.keys(OPERATIONS) as OperationName[]).filter((name) => OPERATIONS[name].v2Only)).toHaveLength(41);
    expect(() => selectVersion('flexClusters.get', 'v1.0')).toThrow(/flexClusters exists only in the versioned API \(from 2024-11-13\); this call is at v1.0/);
  });

  test('the default version is the newest date in the table, and it reaches every operation', () => {
    expect(NEWEST_DATE).toBe('2024-11-13');
    expect(DEFAULTS.apiVersion).toBe(NEWEST_DATE);
  });

  test('a date before the first version is a usage error naming the earliest', () => {
    const error = (() => {
      try {
        selectVersion('clusters.get', '2022-12-31');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(ExitCode.usage);
    expect((error as UsageError).message).toContain('first version of clusters (2023-01-01)');
  });

  test.each(['2023-02-30', '2023-13-01', '23-02-01', 'v2', 'latest', '', '2023-2-1', 'v1.0 '])('rejects %j', (value) => {
    expect(() => selectVersion('clusters.get', value)).toThrow(UsageError);
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
    expect(newestVersion('clusters.get')).toBe('2024-08-05');
    expect(newestVersion('clusters.update')).toBe('2024-10-23');
    expect(newestVersion('clusters.delete')).toBe('2023-02-01');
    expect(newestVersion('root.get')).toBe('2023-01-01');
  });
  test('operationFor and resourceForPath', () => {
    expect(operationFor('GET', '')).toBe('root.get');
    expect(operationFor('GET', '/groups/abc/clusters?pageNum=2')).toBe('clusters.list');
    expect(operationFor('POST', '/groups/abc/clusters')).toBe('clusters.create');
    expect(operationFor('HEAD', '/groups/abc/clusters/c1')).toBe('clusters.get');
    expect(operationFor('PATCH', '/groups/abc/clusters/c1/')).toBe('clusters.update');
    expect(operationFor('DELETE', '/groups/abc/clusters/c1')).toBe('clusters.delete');
    expect(operationFor('PATCH', '/groups/abc/privateIpMode')).toBe('privateIpMode.update');
    expect(operationFor('PUT', '/groups/abc/privateIpMode')).toBeUndefined();
    expect(resourceForPath('/groups/abc/privateIpMode')).toBe('privateIpMode');
    expect(resourceForPath('/groups/abc/accessList/10.0.0.0%2F8')).toBe('accessList');
    expect(resourceForPath('/orgs/abc/teams')).toBeUndefined();
  });
  test('2023-02-01 is deprecated (with the recorded headers) exactly for the operations that have a newer version', () => {
    for (const name of Object.keys(OPERATIONS) as OperationName[]) {
      const versions = OPERATIONS[name].versions as ReadonlyArray<{ date: string; deprecation?: string; sunset?: string }>;
      const v = versions.find((x) => x.date === '2023-02-01');
      if (!v) continue;
      const superseded = versions.some((x) => x.date > '2023-02-01');
      expect(v.deprecation).toBe(superseded ? 'Mon, 5 Aug 2024 00:00:00 GMT' : undefined);
      expect(v.sunset).toBe(superseded ? 'Thu, 1 Jul 2027 00:00:00 GMT' : undefined);
    }
  });
});
