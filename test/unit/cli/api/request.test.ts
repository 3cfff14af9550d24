// The pure rules of `cdba api`: paths, placeholders, headers, -f fields and the method plan.
import { describe, expect, it } from 'vitest';
import {
  checkPath,
  fieldValue,
  fieldsBody,
  fieldsQuery,
  fillPlaceholders,
  parseHeader,
  parseHeaders,
  placeholdersIn,
  planRequest,
  type PlanInput,
} from '../../../../src/cli/api/request.js';
import { UsageError } from '../../../../src/base/errors.js';

describe('checkPath', () => {
  it('keeps paths relative to the version base and adds a leading slash', () => {
    expect(checkPath('/groups/{projectId}/clusters')).toBe('/groups/{projectId}/clusters');
    expect(checkPath('groups/x/clusters?itemsPerPage=1')).toBe('/groups/x/clusters?itemsPerPage=1');
    expect(checkPath('  /  ')).toBe('/');
  });

  it.each([
    ['', /the API path is empty/],
    ['https://cloud.mongodb.com/api/atlas/v2/groups', /is a URL/],
    ['/api/atlas/v2/groups/x/clusters', /includes the version base/],
    ['api/atlas/v1.0', /includes the version base/],
    ['/api/atlas/v2?pretty=true', /includes the version base/],
  ])('refuses %j', (path, message) => {
    expect(() => checkPath(path)).toThrow(UsageError);
    expect(() => checkPath(path)).toThrow(message);
  });

  it('a path that merely starts with "api" is fine', () => {
    expect(checkPath('/apiKeys')).toBe('/apiKeys');
  });
});

describe('placeholders', () => {
  it('lists them and fills projectId and groupId, encoded', () => {
    expect(placeholdersIn('/groups/{groupId}/x/{projectId}')).toEqual(['groupId', 'projectId']);
    expect(placeholdersIn('/groups/abc')).toEqual([]);
    expect(fillPlaceholders('/groups/{groupId}/clusters/{projectId}', 'a/b')).toBe('/groups/a%2Fb/clusters/a%2Fb');
  });

  it('refuses unknown ones, naming the known', () => {
    expect(() => placeholdersIn('/groups/{projectId}/clusters/{clusterName}')).toThrow(
      'unknown placeholder {clusterName} in the path; known: {projectId}, {groupId}',
    );
    expect(() => placeholdersIn('/x/{}')).toThrow('unknown placeholder {}');
  });
});

describe('headers', () => {
  it('parses Name: value, trimming, keeping colons in the value', () => {
    expect(parseHeader('Accept: application/vnd.atlas.2023-01-01+json')).toEqual(['Accept', 'application/vnd.atlas.2023-01-01+json']);
    expect(parseHeader('X-Thing:a:b ')).toEqual(['X-Thing', 'a:b']);
    expect(parseHeader('X-Empty:')).toEqual(['X-Empty', '']);
  });

  it.each(['Authorization: Digest x', 'authorization: x', 'Proxy-Authorization: x', 'Host: h', 'Content-Length: 1', 'Cookie: a=b'])(
    'refuses to override %j',
    (header) => {
      expect(() => parseHeader(header)).toThrow(/cdba sets this header itself/);
    },
  );

  it.each(['no colon', ': value', 'Bad Name: v', 'X-A: line\nbreak'])('refuses malformed %j', (header) => {
    expect(() => parseHeader(header)).toThrow(UsageError);
  });

  it('collects several, lower-cased, and refuses the same one twice', () => {
    expect(parseHeaders(['Accept: a', 'X-Req: 1'])).toEqual({ accept: 'a', 'x-req': '1' });
    expect(() => parseHeaders(['Accept: a', 'accept: b'])).toThrow('-H accept is given twice');
  });
});

describe('-f fields', () => {
  it('values are JSON when they parse, else text', () => {
    expect(fieldValue('true')).toBe(true);
    expect(fieldValue('false')).toBe(false);
    expect(fieldValue('40')).toBe(40);
    expect(fieldValue('null')).toBe(null);
    expect(fieldValue('[1,"a"]')).toEqual([1, 'a']);
    expect(fieldValue('{"k":"v"}')).toEqual({ k: 'v' });
    expect(fieldValue('"123"')).toBe('123');
    expect(fieldValue('M10')).toBe('M10');
    expect(fieldValue('')).toBe('');
    expect(fieldValue('{not json')).toBe('{not json');
  });

  it('a body object, with dotted keys nesting', () => {
    expect(fieldsBody([['enabled', 'false'], ['name', 'c1'], ['autoScaling.diskGBEnabled', 'true'], ['autoScaling.compute.enabled', 'false']])).toEqual({
      enabled: false,
      name: 'c1',
      autoScaling: { diskGBEnabled: true, compute: { enabled: false } },
    });
  });

  it('refuses a key twice, a key inside a value, and empty key parts', () => {
    expect(() => fieldsBody([['a', '1'], ['a', '2']])).toThrow('-f a is given twice');
    expect(() => fieldsBody([['a', '1'], ['a.b', '2']])).toThrow('-f a.b: "a" is already a value');
    expect(() => fieldsBody([['a.b', '1'], ['a', '2']])).toThrow('-f a is given twice, or inside another -f field');
    expect(() => fieldsBody([['a..b', '1']])).toThrow('invalid -f key "a..b"');
  });

  it('a field named like an inherited member (toString, hasOwnProperty) is a field of its own, not "given twice"', () => {
    expect(fieldsBody([['toString', '1'], ['valueOf.x', '2']])).toEqual({ toString: 1, valueOf: { x: 2 } });
    expect(fieldsQuery([['hasOwnProperty', 'x']])).toEqual({ hasOwnProperty: 'x' });
  });

  it('query parameters are sent as written', () => {
    expect(fieldsQuery([['itemsPerPage', '2'], ['includeCount', 'false']])).toEqual({ itemsPerPage: '2', includeCount: 'false' });
    expect(() => fieldsQuery([['a', '1'], ['a', '2']])).toThrow('-f a is given twice');
  });
});

describe('planRequest', () => {
  const plan = (input: Partial<PlanInput>) => planRequest({ hasInput: false, fields: [], paginate: false, include: false, ...input });
  const field: Array<[string, string]> = [['k', 'v']];

  it.each<[string, Partial<PlanInput>, { method: string; fieldsAs: string }]>([
    ['nothing: GET', {}, { method: 'GET', fieldsAs: 'query' }],
    ['fields without -X: POST with a body', { fields: field }, { method: 'POST', fieldsAs: 'body' }],
    ['--input without -X: POST, fields in the query', { hasInput: true, fields: field }, { method: 'POST', fieldsAs: 'query' }],
    ['-X GET with fields: query', { method: 'GET', fields: field }, { method: 'GET', fieldsAs: 'query' }],
    ['-X HEAD with fields: query', { method: 'HEAD', fields: field }, { method: 'HEAD', fieldsAs: 'query' }],
    ['-X DELETE with fields: query', { method: 'DELETE', fields: field }, { method: 'DELETE', fieldsAs: 'query' }],
    ['-X PATCH with fields: body', { method: 'PATCH', fields: field }, { method: 'PATCH', fieldsAs: 'body' }],
    ['-X PUT with --input: query', { method: 'PUT', hasInput: true, fields: field }, { method: 'PUT', fieldsAs: 'query' }],
    ['--paginate with fields: GET and query', { paginate: true, fields: field }, { method: 'GET', fieldsAs: 'query' }],
  ])('%s', (_label, input, expected) => {
    expect(plan(input)).toEqual(expected);
  });

  it('refuses a body on GET/HEAD, --paginate on other methods, and --paginate with --include', () => {
    expect(() => plan({ method: 'GET', hasInput: true })).toThrow('--input gives a body, which GET does not take');
    expect(() => plan({ method: 'HEAD', hasInput: true })).toThrow('which HEAD does not take');
    expect(() => plan({ method: 'DELETE', paginate: true })).toThrow('--paginate follows list pages, so it needs GET, not DELETE');
    expect(() => plan({ hasInput: true, paginate: true })).toThrow('needs GET, not POST');
    expect(() => plan({ paginate: true, include: true })).toThrow('--paginate and --include cannot be combined');
  });
});
