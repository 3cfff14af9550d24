import { describe, expect, it } from 'vitest';
import {
  issueConnectionStrings,
  listConnectionStrings,
  selectConnectionString,
  type IssueInput,
} from '../../../src/connstring/index.js';

const base: IssueInput = {
  cluster: 'cluster0',
  hash: 'ab12c',
  clusterType: 'SHARDED',
  nodeCount: 3,
  shardCount: 2,
  provider: 'AZURE',
  peering: true,
  privateEndpoints: [{ provider: 'AWS', region: 'US_EAST_1', endpointId: 'vpce-1', regionalized: false }],
  legacy: false,
  privateIpMode: false,
};

describe('listConnectionStrings', () => {
  it('lists every string once, with its kind, and merges the awsPrivateLink repeats', () => {
    const entries = listConnectionStrings({ name: 'cluster0', connectionStrings: issueConnectionStrings(base) });
    expect(entries.map((e) => [e.field, e.kind, e.srv, e.optimized])).toEqual([
      ['standard', 'standard', false, false],
      ['standardSrv', 'standard', true, false],
      ['private', 'private', false, false],
      ['privateSrv', 'private', true, false],
      ['privateEndpoint[0].connectionString', 'private-endpoint', false, false],
      ['privateEndpoint[0].srvConnectionString', 'private-endpoint', true, false],
      ['privateEndpoint[0].srvShardOptimizedConnectionString', 'private-endpoint', true, true],
    ]);
    expect(entries[4]?.fields).toEqual(['privateEndpoint[0].connectionString', 'awsPrivateLink.vpce-1']);
    expect(entries[6]?.fields).toEqual(['privateEndpoint[0].srvShardOptimizedConnectionString', 'awsPrivateLinkSrv.vpce-1']);
    expect(entries.every((e) => e.endpointIds.length === (e.kind === 'private-endpoint' ? 1 : 0))).toBe(true);
    expect(entries.every((e) => e.parsed !== undefined)).toBe(true);
  });

  it('reads the legacy API fields and marks legacy strings', () => {
    const entries = listConnectionStrings({
      mongoURI: 'mongodb://cluster0-shard-00-00-ab12c.mongodb.net:27017',
      mongoURIWithOptions: 'mongodb://cluster0-shard-00-00-ab12c.mongodb.net:27017/?ssl=true',
      srvAddress: 'mongodb+srv://cluster0-ab12c.mongodb.net',
      name: 'cluster0',
    });
    expect(entries.map((e) => [e.field, e.kind, e.srv])).toEqual([
      ['mongoURI', 'legacy', false],
      ['mongoURIWithOptions', 'legacy', false],
      ['srvAddress', 'legacy', true],
    ]);
  });

  it('keeps strings that do not parse, and ignores what is not a string', () => {
    const entries = listConnectionStrings({ standard: 'not a uri', standardSrv: 42, privateEndpoint: [null, {}] });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ field: 'standard', kind: 'standard', srv: false, parsed: undefined });
    expect(listConnectionStrings(null)).toEqual([]);
    expect(listConnectionStrings({ connectionStrings: {} })).toEqual([]);
  });
});

describe('selectConnectionString', () => {
  const entries = listConnectionStrings(issueConnectionStrings(base));

  it('defaults to the standard SRV string', () => {
    expect(selectConnectionString(entries)?.uri).toBe('mongodb+srv://cluster0.ab12c.mongodb.net');
    expect(selectConnectionString(entries, { srv: false })?.field).toBe('standard');
    expect(selectConnectionString(entries, { type: 'private' })?.uri).toBe('mongodb+srv://cluster0-pri.ab12c.mongodb.net');
    expect(selectConnectionString(entries, { type: 'legacy' })).toBeUndefined();
  });

  it('private endpoint: the optimized SRV string by default (rule 4), the other on request', () => {
    expect(selectConnectionString(entries, { type: 'private-endpoint' })?.uri).toBe('mongodb+srv://cluster0-pl-0-lb.ab12c.mongodb.net');
    expect(selectConnectionString(entries, { type: 'private-endpoint', optimized: false })?.uri).toBe(
      'mongodb+srv://pl-0-us-east-1a.ab12c.mongodb.net',
    );
    expect(selectConnectionString(entries, { type: 'private-endpoint', endpoint: 'vpce-1', srv: false })?.field).toBe(
      'privateEndpoint[0].connectionString',
    );
    expect(selectConnectionString(entries, { type: 'private-endpoint', endpoint: 'vpce-9' })).toBeUndefined();
    const replicaSet = listConnectionStrings(issueConnectionStrings({ ...base, clusterType: 'REPLICASET', shardCount: 1 }));
    expect(selectConnectionString(replicaSet, { type: 'private-endpoint', optimized: true })).toBeUndefined();
    expect(selectConnectionString(replicaSet, { type: 'private-endpoint' })?.uri).toBe('mongodb+srv://pl-0-us-east-1a.ab12c.mongodb.net');
  });

  it('a cluster with legacy strings keeps the non-optimized SRV string by default (rule 4)', () => {
    const legacy = listConnectionStrings(issueConnectionStrings({ ...base, legacy: true }));
    expect(selectConnectionString(legacy, { type: 'legacy' })?.uri).toBe('mongodb+srv://cluster0-ab12c.azure.mongodb.net');
    expect(selectConnectionString(legacy, { type: 'private-endpoint' })?.uri).toBe('mongodb+srv://pl-0-us-east-1a.ab12c.mongodb.net');
    expect(selectConnectionString(legacy, { type: 'private-endpoint', optimized: true })?.uri).toBe(
      'mongodb+srv://cluster0-pl-0-lb.ab12c.mongodb.net',
    );
  });
});
