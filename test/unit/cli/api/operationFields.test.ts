// The pure parts of `cdba api <operationId>`: flags from parameters, parameter values,
// -f values typed by the schema, the body check, and the version chosen for a pin;
// and a walk of every operation of the shipped description.
import { describe, expect, it } from 'vitest';
import { describedVersionAt, fieldSpecOf, findOperation, loadDescription, operationAt, type DescribedOperation } from '../../../../src/api/description.js';
import { UsageError } from '../../../../src/base/errors.js';
import { bodyOfFields, flagOf, kebab, paramValue, RESERVED_FLAGS, typedValue } from '../../../../src/cli/api/fields.js';
import { chooseVersion, flagParams, knownIn, refuseBody } from '../../../../src/cli/api/operation.js';
import { allProblems } from '../../../../src/model/clusterFields.js';

const description = await loadDescription();
const op = (name: string): DescribedOperation => findOperation(description, name)!;

describe('flags from parameters', () => {
  it('kebab-cases names', () => {
    expect(['clusterName', 'itemsPerPage', 'processIds', 'hostName', 'hostname', 'id', 'm', 'oplogTs'].map(kebab)).toEqual([
      'cluster-name', 'items-per-page', 'process-ids', 'host-name', 'hostname', 'id', 'm', 'oplog-ts',
    ]);
    expect(flagOf({ name: 'output' })).toBe('param-output');
  });

  it('every operation of the description: 540, each flag unique and none a global or own flag, groupId from the configuration', () => {
    expect(description.operations).toHaveLength(540);
    for (const operation of description.operations) {
      const flags = flagParams(operation).map(flagOf);
      expect(new Set(flags).size, operation.id).toBe(flags.length);
      expect(flags.filter((f) => RESERVED_FLAGS.has(f)), operation.id).toEqual([]);
      if (operation.path.includes('{groupId}')) expect(flags, operation.id).not.toContain('group-id');
      // Its path's parameters are all described, so each is a flag or the project.
      for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) expect(operation.params.some((p) => p.in === 'path' && p.name === name), `${operation.id} {${name}}`).toBe(true);
      // Every body schema converts, and an empty object is judged without throwing.
      for (const version of operation.versions) if (version.body) expect(() => allProblems({}, fieldSpecOf(description, version.body!))).not.toThrow();
      // Its own method and a concrete path find it again.
      const concrete = operation.path.replace(/\{[^}]+\}/g, 'x1');
      expect(operationAt(description, operation.method, concrete)?.path, operation.id).toBe(operation.path);
    }
  });

  it('checks parameter values by type and enum', () => {
    const param = { name: 'itemsPerPage', in: 'query' as const, type: 'integer' as const };
    expect(paramValue(param, '50')).toBe('50');
    expect(() => paramValue(param, '5.5')).toThrow('invalid --items-per-page "5.5": expected an integer');
    expect(() => paramValue({ name: 'x', in: 'query', type: 'boolean' }, 'yes')).toThrow(UsageError);
    expect(() => paramValue({ name: 'cloudProvider', in: 'path', type: 'string', enum: ['AWS'] }, 'GCP')).toThrow('expected one of AWS');
    expect(() => paramValue({ name: 'clusterName', in: 'path', type: 'string' }, '..')).toThrow(UsageError);
  });
});

describe('-f fields typed by the schema', () => {
  const spec = fieldSpecOf(description, op('createDatabaseUser').versions[0]!.body!);

  it('keeps text for strings, parses numbers and booleans, JSON for objects and arrays, and indexes arrays', () => {
    const body = bodyOfFields(
      [['username', '007'], ['roles.0.roleName', 'read'], ['roles.0.databaseName', 'app'], ['roles.1.roleName', 'readWrite'], ['labels', '[{"key":"a","value":"b"}]']],
      spec,
    );
    expect(body).toEqual({ username: '007', roles: [{ roleName: 'read', databaseName: 'app' }, { roleName: 'readWrite' }], labels: [{ key: 'a', value: 'b' }] });
    expect(typedValue('12', { kind: 'integer' }, 'n')).toBe(12);
    expect(typedValue('true', { kind: 'boolean' }, 'b')).toBe(true);
    expect(typedValue('{"a":1}', undefined, 'x')).toEqual({ a: 1 });
    expect(typedValue('plain', undefined, 'x')).toBe('plain');
    expect(() => typedValue('1.5', { kind: 'integer' }, 'n')).toThrow('expected an integer');
    expect(() => typedValue('nope', { kind: 'array' }, 'labels')).toThrow('expected a JSON array');
    expect(() => bodyOfFields([['roles.2.roleName', 'read']], spec)).toThrow('give them in order from 0');
    expect(() => bodyOfFields([['username', 'a'], ['username', 'b']], spec)).toThrow('given twice');
    expect(() => bodyOfFields([['username', 'a'], ['username.x', 'b']], spec)).toThrow('already a value');
  });

  it('a field the schema marks read-only is never required of a request (it is the answer\'s)', () => {
    // DataFederationLimit requires name and value, and name is read-only; CloudAppUser requires its read-only emailAddress.
    const limit = fieldSpecOf(description, op('setGroupLimit').versions.at(-1)!.body!);
    expect(limit.required).toEqual(['value']);
    expect(allProblems({ value: 3 }, limit)).toEqual([]);
    expect(allProblems({}, limit)).toEqual([{ code: 'MISSING_ATTRIBUTE', field: 'value' }]);
    const user = fieldSpecOf(description, op('createUser').versions.at(-1)!.body!);
    expect(user.required).not.toContain('emailAddress');
  });

  it('an enum with a placeholder value is open: a custom role name is a role name', () => {
    expect(allProblems({ groupId: 'g', username: 'u', databaseName: 'admin', roles: [{ roleName: 'myCustomRole', databaseName: 'admin' }] }, spec)).toEqual([]);
  });

  it('refuses a body naming each JSON path: missing, unknown, read-only, bad values', async () => {
    const cluster = fieldSpecOf(description, op('createCluster').versions.at(-1)!.body!);
    const problems = allProblems({ name: 'c', clusterType: 'RING', bogus: 1, stateName: 'IDLE', replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', electableSpecs: { instanceSize: 'M10', nodes: 3 } }] }] }, cluster);
    expect(problems).toEqual(
      expect.arrayContaining([
        { code: 'INVALID_ATTRIBUTE', field: 'bogus' },
        { code: 'INVALID_ATTRIBUTE', field: 'clusterType' },
        { code: 'ATTRIBUTE_READ_ONLY', field: 'stateName' },
        { code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.regionConfigs.electableSpecs.nodes' },
      ]),
    );
    expect(knownIn(cluster, 'clusterType')).toBe(true);
    expect(knownIn(cluster, 'bogus')).toBe(false);
    await expect(refuseBody({ bogus: 1 }, cluster, op('createCluster'), '2024-10-23', 'c.json')).rejects.toThrow(/^c\.json: fields createGroupCluster at API version 2024-10-23 does not accept: bogus$/);
    await expect(refuseBody({ name: 'c', clusterType: 'REPLICASET', replicationSpecs: [] }, cluster, op('createCluster'), '2024-10-23', 'c.json')).resolves.toBeUndefined();
  });
});

describe('the version of an operation', () => {
  it('is its newest not after the pin; older than its first is refused with the first', async () => {
    const create = op('createCluster');
    expect(describedVersionAt(create, '2026-08-21')?.date).toBe('2024-10-23');
    expect(describedVersionAt(create, '2024-09-01')?.date).toBe('2024-08-05');
    expect(await chooseVersion(create, '2023-02-01')).toBe('2023-02-01');
    expect(await chooseVersion(create, 'v1.0')).toBe('v1.0');
    await expect(chooseVersion(op('listFlexClusters'), '2023-01-01')).rejects.toThrow('API version 2023-01-01 is older than the first version of listGroupFlexClusters (2024-11-13)');
    const preview = description.operations.find((o) => o.versions.every((v) => v.date === 'preview'))!;
    expect(describedVersionAt(preview, '2023-01-01')?.date).toBe('preview');
  });

  it('names are case-sensitive; the override and the operationId find the same operation', () => {
    expect(findOperation(description, 'listClusters')).toBe(findOperation(description, 'listGroupClusters'));
    expect(findOperation(description, 'listclusters')).toBeUndefined();
  });
});
