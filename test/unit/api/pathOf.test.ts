// The one function that builds every path (issue 33: paths only in the operations
// table; issue 34 item 3: dot segments). Its types are tested by `npm run typecheck`:
// each @ts-expect-error below is a call that must not compile.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, UsageError } from '../../../src/base/errors.js';
import { OPERATION_NAMES, OPERATIONS, pathOf, type OperationName, type PathParams, type ResourceName } from '../../../src/api/operations.js';
import { REPO_ROOT } from '../../helpers/cli.js';

const paramsOf = (name: OperationName): string[] => [...OPERATIONS[name].path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
const fill = (name: OperationName, value: (param: string) => string): PathParams<OperationName> =>
  Object.fromEntries(paramsOf(name).map((param) => [param, value(param)])) as PathParams<OperationName>;

describe('pathOf: the table fills and percent-encodes every path', () => {
  it('fills each parameter where the template names it', () => {
    expect(pathOf('clusters.get', { groupId: 'p1', clusterName: 'c1' })).toBe('/groups/p1/clusters/c1');
    expect(pathOf('databaseUsers.delete', { groupId: 'p1', databaseName: '$external', username: 'CN=ci,O=example' })).toBe(
      '/groups/p1/databaseUsers/%24external/CN%3Dci%2CO%3Dexample',
    );
    expect(pathOf('accessList.status', { groupId: 'p1', entryValue: '10.0.0.0/16' })).toBe('/groups/p1/accessList/10.0.0.0%2F16/status');
    expect(pathOf('projects.getByName', { groupName: "a b'c" })).toBe("/groups/byName/a%20b'c");
    expect(pathOf('projects.list', {})).toBe('/groups');
    expect(pathOf('root.get', {})).toBe('');
  });

  it('every operation\'s path is its template with each value encoded: a value can never add or remove a segment', () => {
    const awkward = ['a/b', '..a', 'a..', '...', '%2E%2E', '?x=1', '#f', 'ü', ' '];
    for (const name of OPERATION_NAMES) {
      for (const value of awkward) {
        const path = pathOf(name, fill(name, () => value));
        expect(path.split('/').length, `${name} ${value}`).toBe(OPERATIONS[name].path.split('/').length);
        expect(decodeURIComponent(path), `${name} ${value}`).toBe(OPERATIONS[name].path.replace(/\{[^}]+\}/g, value));
      }
    }
  });

  it('refuses an empty, "." or ".." value of any parameter of any operation, as a usage error (exit 2)', () => {
    let checked = 0;
    for (const name of OPERATION_NAMES) {
      for (const param of paramsOf(name)) {
        for (const bad of ['', '.', '..']) {
          const call = (): string => pathOf(name, fill(name, (p) => (p === param ? bad : 'ok')));
          expect(call, `${name} {${param}} = "${bad}"`).toThrow(UsageError);
          expect(call).toThrow(`invalid ${param} "${bad}": a name in a URL path cannot be empty, "." or ".."`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3 * 30);
    expect(new UsageError('x').exitCode).toBe(ExitCode.usage);
  });

  it('parameter names come from the template: a wrong or missing one does not compile (and throws if forced)', () => {
    // @ts-expect-error: clusters.get names {clusterName}, not {name}
    expect(() => pathOf('clusters.get', { groupId: 'p1', name: 'c1' })).toThrow('operation clusters.get: no value for {clusterName}');
    // @ts-expect-error: {username} is missing
    expect(() => pathOf('databaseUsers.get', { groupId: 'p1', databaseName: 'admin' })).toThrow('no value for {username}');
    // @ts-expect-error: projects.list has no parameters
    expect(pathOf('projects.list', { groupId: 'p1' })).toBe('/groups');
    // @ts-expect-error: not an operation of the table
    expect(() => pathOf('clusters.fetch', {})).toThrow();
    const resource: ResourceName = 'databaseUsers';
    // @ts-expect-error: the resource names come from the table's operation names
    const unknown: ResourceName = 'gadgets';
    expect([resource, unknown]).toHaveLength(2);
  });
});

describe('paths only in the operations table', () => {
  const dir = join(REPO_ROOT, 'src/api');
  const sources = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));

  it('src/api defines no *Path( builder: pathOf is the one function that builds a path', () => {
    const definitions = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/(?:function\s*\*?\s*(\w+Path)\s*[(<]|(?:const|let|var)\s+(\w+Path)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:function|\([^)]*\)\s*(?::[^=]+)?=>|\w+\s*=>))/g)].map((m) => `${file}: ${m[1] ?? m[2]}`),
    );
    // resourceForPath reads a path (which resource it addresses); it builds none.
    expect(definitions).toEqual(['operations.ts: resourceForPath']);
  });

  it('no module but the table encodes a value into a path', () => {
    const encoding = sources.filter(({ file, text }) => file !== 'operations.ts' && /`[^`]*\$\{encodeURIComponent\(/.test(text)).map(({ file }) => file);
    expect(encoding).toEqual([]);
  });
});
