// Every field a version does not accept, named at once; read-only fields stripped.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/base/errors.js';
import { fieldProblems, isKnownField, missingField, refuseProblems, stripReadOnly } from '../../../../src/cli/clusters/fields.js';

describe('fieldProblems', () => {
  it('names every legacy field sent to 2023-02-01, not only the first', () => {
    const body = { name: 'c', providerSettings: {}, numShards: 2, replicationSpecs: [{ regionsConfig: {} }, { regionsConfig: {} }], paused: false };
    expect(fieldProblems(body, 'modern')).toEqual([
      { code: 'INVALID_ATTRIBUTE', field: 'providerSettings' },
      { code: 'INVALID_ATTRIBUTE', field: 'numShards' },
      { code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.regionsConfig' },
    ]);
    expect(body.replicationSpecs[0]).toEqual({ regionsConfig: {} }); // the input is left alone
  });

  it('read-only fields and bad values, nested ones too', () => {
    const body = { id: 'x', clusterType: 'RING', providerSettings: { providerName: 'AWS', effectiveInstanceSizeName: 'M10' }, replicationSpec: { US_EAST_1: { electableNodez: 3 } } };
    expect(fieldProblems(body, 'legacy')).toEqual([
      { code: 'ATTRIBUTE_READ_ONLY', field: 'id' },
      { code: 'INVALID_ATTRIBUTE', field: 'clusterType' },
      { code: 'ATTRIBUTE_READ_ONLY', field: 'providerSettings.effectiveInstanceSizeName' },
      { code: 'INVALID_ATTRIBUTE', field: 'replicationSpec.electableNodez' },
    ]);
  });

  it('nothing for a good body', () => {
    expect(fieldProblems({ name: 'c', paused: true, tags: [{ key: 'a', value: 'b' }] }, 'modern')).toEqual([]);
  });

  it('missingField: the first required field a create body lacks', () => {
    expect(missingField({ name: 'c' }, 'modern')).toBe('replicationSpecs');
    expect(missingField({ name: 'c', providerSettings: { providerName: 'AWS' } }, 'legacy')).toBe('providerSettings.instanceSizeName');
    expect(missingField({ name: 'c', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' } }, 'legacy')).toBeUndefined();
  });
});

describe('isKnownField', () => {
  it('walks objects, arrays and region maps', () => {
    expect(isKnownField('replicationSpecs.regionConfigs.electableSpecs.nodeCount', 'modern')).toBe(true);
    expect(isKnownField('replicationSpecs.regionsConfig.electableNodes', 'legacy')).toBe(true);
    expect(isKnownField('replicationSpec.electableNodes', 'legacy')).toBe(true);
    expect(isKnownField('replicationSpecs.regionsConfig', 'modern')).toBe(false);
    expect(isKnownField('providerSettings', 'modern')).toBe(false);
    expect(isKnownField('shardingMode', 'legacy')).toBe(false);
  });
});

describe('stripReadOnly', () => {
  it('removes what get returns but a request may not set, including replication spec ids', () => {
    const body = {
      id: 'a',
      name: 'c',
      links: [],
      stateName: 'IDLE',
      replicationSpecs: [{ id: 's', zoneId: 'z', zoneName: 'Zone 1', regionConfigs: [{ electableSpecs: { instanceSize: 'M0', effectiveInstanceSize: 'M0' } }] }],
    };
    expect(stripReadOnly(body, 'modern')).toEqual(['id', 'links', 'stateName', 'replicationSpecs.id', 'replicationSpecs.zoneId', 'replicationSpecs.regionConfigs.electableSpecs.effectiveInstanceSize']);
    expect(body).toEqual({ name: 'c', replicationSpecs: [{ zoneName: 'Zone 1', regionConfigs: [{ electableSpecs: { instanceSize: 'M0' } }] }] });
  });

  it('legacy: the URI fields and effectiveInstanceSizeName', () => {
    const body = { mongoURI: 'x', srvAddress: 'y', providerSettings: { providerName: 'TENANT', effectiveInstanceSizeName: 'M0' }, replicationSpecs: [{ id: 's', zoneName: 'Z' }] };
    expect(stripReadOnly(body, 'legacy')).toEqual(['mongoURI', 'providerSettings.effectiveInstanceSizeName', 'srvAddress', 'replicationSpecs.id']);
    expect(body).toEqual({ providerSettings: { providerName: 'TENANT' }, replicationSpecs: [{ zoneName: 'Z' }] });
  });
});

describe('refuseProblems', () => {
  const message = (fn: () => void): { message: string; hint?: string } => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return { message: (error as UsageError).message, ...((error as UsageError).hint ? { hint: (error as UsageError).hint } : {}) };
    }
    throw new Error('expected a UsageError');
  };

  it('legacy fields to 2023-02-01: the convert hint', () => {
    const body = { providerSettings: {}, numShards: 1 };
    expect(message(() => refuseProblems(fieldProblems(body, 'modern'), 'modern', '2023-02-01', 'in.json'))).toEqual({
      message: 'in.json: fields API version 2023-02-01 does not accept: providerSettings, numShards',
      hint: 'this looks like a legacy (v1.0 / 2023-01-01) body; `cdba clusters convert --to 2023-02-01` turns it into a 2023-02-01 body, or send it with --api-version v1.0',
    });
  });

  it('2023-02-01 fields to a legacy version: the --api-version hint', () => {
    const body = { replicationSpecs: [{ regionConfigs: [] }] };
    expect(message(() => refuseProblems(fieldProblems(body, 'legacy'), 'legacy', 'v1.0', 'stdin')).hint).toBe(
      'this looks like a 2023-02-01 body; `cdba clusters convert --to v1.0` turns it into a v1.0 body, or send it with --api-version 2023-02-01',
    );
  });

  it('unknown, read-only and bad values in one message', () => {
    const body = { shardingMode: 'x', id: 'y', paused: 'yes' };
    expect(message(() => refuseProblems(fieldProblems(body, 'modern'), 'modern', '2023-02-01', 'stdin')).message).toBe(
      'stdin: fields API version 2023-02-01 does not accept: shardingMode; read-only fields: id; invalid values for: paused',
    );
  });

  it('no problems: nothing thrown', () => {
    expect(() => refuseProblems([], 'modern', '2023-02-01', 'x')).not.toThrow();
  });
});
