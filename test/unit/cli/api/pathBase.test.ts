// `cdba api <path>` stays under the version base: no dot segments (raw or
// percent-encoded), backslashes, encoded slashes, spaces or control characters.
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { checkPath } from '../../../../src/cli/api/request.js';

describe('checkPath keeps the path under the version base', () => {
  test.each([
    ['/../..', /leaves the version base/],
    ['/groups/..', /leaves the version base/],
    ['../x', /leaves the version base/],
    ['/groups/./x', /leaves the version base/],
    ['/groups/%2e%2e/%2E%2e/x', /leaves the version base/],
    ['/groups/.%2E/x', /leaves the version base/],
    ['/groups\\..\\x', /leaves the version base/],
    ['/groups/%5c..', /leaves the version base/],
    ['/groups/a%2f..%2f..', /leaves the version base/],
    ['/groups/%00', /leaves the version base/],
    ['/groups/%zz', /malformed percent-escape/],
    ['/groups/a b', /space, control character or '#'/],
    ['/groups/a\tb', /space, control character or '#'/],
    ['/groups/a\u0001b', 'the API path "/groups/a\u0001b" has a space, control character'],
    ['/groups/a\u007f', /space, control character/],
    ['/groups/x?name=a b', /space, control character/],
    ['/groups/x#frag', /space, control character or '#'/],
  ])('%j is refused', (path, message) => {
    expect(() => checkPath(path)).toThrow(UsageError);
    expect(() => checkPath(path)).toThrow(message);
  });

  test.each([
    '/groups/{projectId}/clusters',
    '/groups/{projectId}/clusters/my%20cluster',
    '/groups/x/clusters?name=..&pageNum=2',
    '/groups/x/clusters/a..b',
    '/groups/x/clusters/...',
    '/',
  ])('%j is accepted as it is', (path) => {
    expect(checkPath(path)).toBe(path);
  });
});
