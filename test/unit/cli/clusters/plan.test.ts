import { describe, expect, it } from 'vitest';
import { planChanges, planValue, sameJson, type IsWritable } from '../../../../src/cli/clusters/plan.js';

// Writable: everything but ids, stateName and connectionStrings, at any depth.
const READ_ONLY = new Set(['id', 'stateName', 'connectionStrings', 'zoneId']);
const writable: IsWritable = (path) => !READ_ONLY.has(path.at(-1)!);

const current = {
  id: 'abc',
  name: 'c1',
  stateName: 'IDLE',
  diskSizeGB: 10,
  paused: false,
  terminationProtectionEnabled: false,
  tags: [{ key: 'env', value: 'dev' }],
  biConnector: { enabled: false, readPreference: 'secondary' },
  replicationSpecs: [
    {
      id: 's1',
      zoneId: 'z1',
      zoneName: 'Zone 1',
      regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3, diskIOPS: 3000 } }],
    },
  ],
};

describe('planChanges', () => {
  it('the same document (read-only and server-filled fields included) plans nothing', () => {
    expect(planChanges(structuredClone(current), current, writable)).toEqual({ changes: [], patch: {} });
  });

  it('fields the desired document leaves out, and read-only ones that differ, are not drift', () => {
    const desired = { name: 'c1', id: 'other', stateName: 'UPDATING', replicationSpecs: [{ regionConfigs: [{ electableSpecs: { instanceSize: 'M10' } }] }] };
    expect(planChanges(desired, current, writable).changes).toEqual([]);
  });

  it('a nested change: one line with the full path; the PATCH carries the whole list, current values kept, read-only ones left out', () => {
    const desired = { name: 'c1', replicationSpecs: [{ regionConfigs: [{ electableSpecs: { instanceSize: 'M20' } }] }] };
    const plan = planChanges(desired, current, writable);
    expect(plan.changes).toEqual([{ path: 'replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize', from: 'M10', to: 'M20' }]);
    expect(plan.patch).toEqual({
      replicationSpecs: [
        {
          zoneName: 'Zone 1',
          regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M20', nodeCount: 3, diskIOPS: 3000 } }],
        },
      ],
    });
  });

  it('scalars, items of a list, new fields; only changed top-level fields in the PATCH, lists whole', () => {
    const desired = { name: 'c1', diskSizeGB: 20, tags: [{ key: 'env', value: 'prod' }], terminationProtectionEnabled: false, pitEnabled: true };
    const plan = planChanges(desired, current, writable);
    expect(plan.changes).toEqual([
      { path: 'diskSizeGB', from: 10, to: 20 },
      { path: 'tags[0].value', from: 'dev', to: 'prod' },
      { path: 'pitEnabled', from: null, to: true },
    ]);
    expect(plan.patch).toEqual({ diskSizeGB: 20, tags: [{ key: 'env', value: 'prod' }], pitEnabled: true });
  });

  it('a list of scalars is one value', () => {
    const plan = planChanges({ labels: ['a', 'b'] }, { labels: ['a'] }, writable);
    expect(plan).toEqual({ changes: [{ path: 'labels', from: ['a'], to: ['a', 'b'] }], patch: { labels: ['a', 'b'] } });
  });

  it('a list of a different length replaces the whole list', () => {
    const two = { regionConfigs: [{ regionName: 'US_EAST_1' }, { regionName: 'US_WEST_2' }] };
    const plan = planChanges({ replicationSpecs: [two] }, current, writable);
    expect(plan.changes).toEqual([{ path: 'replicationSpecs[0].regionConfigs', from: current.replicationSpecs[0]!.regionConfigs, to: two.regionConfigs }]);
  });

  it('null in the desired document means "not given"', () => {
    expect(planChanges({ diskSizeGB: null, biConnector: { enabled: null } }, current, writable).changes).toEqual([]);
  });
});

describe('sameJson and planValue', () => {
  it('key order does not matter; list order does', () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
  it('strings bare, other values as JSON, absent as (none)', () => {
    expect([planValue('M10'), planValue(10), planValue([{ key: 'a' }]), planValue(undefined)]).toEqual(['M10', '10', '[{"key":"a"}]', '(none)']);
  });
});
