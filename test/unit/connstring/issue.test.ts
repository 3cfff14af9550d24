import { describe, expect, it } from 'vitest';
import {
  ConnStringFormatError,
  issueConnectionStrings,
  parse,
  replicaSetId,
  tenantHostPrefix,
  type IssueInput,
} from '../../../src/connstring/index.js';

const base: IssueInput = {
  cluster: 'cluster0',
  hash: 'ab12c',
  clusterType: 'REPLICASET',
  nodeCount: 3,
  shardCount: 1,
  provider: 'AWS',
  peering: false,
  privateEndpoints: [],
  legacy: false,
  privateIpMode: false,
};
const RS = `${replicaSetId('ab12c/cluster0')}-shard-0`;
const rsHosts = (tail: string) => [0, 1, 2].map((n) => `cluster0-shard-00-0${n}${tail}:27017`).join(',');

describe('issueConnectionStrings: replica sets', () => {
  it('issues standard and standardSrv only, as recorded', () => {
    expect(issueConnectionStrings(base)).toEqual({
      standard: `mongodb://${rsHosts('.ab12c.mongodb.net')}/?ssl=true&authSource=admin&replicaSet=${RS}`,
      standardSrv: 'mongodb+srv://cluster0.ab12c.mongodb.net',
    });
    expect(RS).toMatch(/^atlas-[a-z0-9]{6}-shard-0$/);
  });

  it('takes the replica set ID from replicaSetSeed (rule 1: not the cluster name)', () => {
    const cs = issueConnectionStrings({ ...base, replicaSetSeed: '6a799f06c0eb9e7a177d81e7' });
    expect(parse(cs.standard as string).options.replicaSet).toBe(`${replicaSetId('6a799f06c0eb9e7a177d81e7')}-shard-0`);
  });

  it('has no strings while the hosts do not exist', () => {
    expect(issueConnectionStrings({ ...base, ready: false })).toEqual({});
  });

  it('shared tier: host prefix ac-…, and standardSrv alone before the hosts exist', () => {
    const prefix = tenantHostPrefix('ab12c/cluster0');
    expect(prefix).toMatch(/^ac-[a-z0-9]{7}$/);
    expect(issueConnectionStrings({ ...base, provider: 'TENANT', ready: false })).toEqual({
      standardSrv: 'mongodb+srv://cluster0.ab12c.mongodb.net',
    });
    const ready = issueConnectionStrings({ ...base, provider: 'TENANT', peering: true, privateIpMode: true });
    expect(Object.keys(ready)).toEqual(['standard', 'standardSrv']);
    expect(ready.standard).toContain(`mongodb://${prefix}-shard-00-00.ab12c.mongodb.net:27017,`);
    expect(issueConnectionStrings({ ...base, provider: 'TENANT', hostPrefix: 'ac-kept123' }).standard).toContain('//ac-kept123-shard-00-00.');
  });
});

describe('issueConnectionStrings: private IP for peering', () => {
  it('Azure and Google Cloud peering offer -pri strings', () => {
    for (const provider of ['AZURE', 'GCP'] as const) {
      const cs = issueConnectionStrings({ ...base, provider, peering: true });
      expect(cs.private).toBe(`mongodb://${rsHosts('-pri.ab12c.mongodb.net')}/?ssl=true&authSource=admin&replicaSet=${RS}`);
      expect(cs.privateSrv).toBe('mongodb+srv://cluster0-pri.ab12c.mongodb.net');
      expect(Object.keys(cs)).toEqual(['private', 'privateSrv', 'standard', 'standardSrv']);
    }
  });

  it('AWS peering offers them only with the custom DNS setting (rule 3)', () => {
    expect(issueConnectionStrings({ ...base, peering: true }).private).toBeUndefined();
    expect(issueConnectionStrings({ ...base, peering: true, awsCustomDns: true }).privateSrv).toBe(
      'mongodb+srv://cluster0-pri.ab12c.mongodb.net',
    );
  });

  it('peering-only mode offers them, so applications can move before it is disabled', () => {
    expect(issueConnectionStrings({ ...base, privateIpMode: true }).privateSrv).toBe('mongodb+srv://cluster0-pri.ab12c.mongodb.net');
  });
});

describe('issueConnectionStrings: legacy', () => {
  it('keeps the legacy form in standard/standardSrv, with the provider label', () => {
    const cs = issueConnectionStrings({ ...base, provider: 'AZURE', legacy: true, peering: true });
    expect(cs.standardSrv).toBe('mongodb+srv://cluster0-ab12c.azure.mongodb.net');
    expect(cs.standard).toBe(`mongodb://${rsHosts('-ab12c.azure.mongodb.net')}/?ssl=true&authSource=admin&replicaSet=${RS}`);
    expect(parse(cs.standard as string).newForm).toBe(issueConnectionStrings(base).standard);
    expect(cs.privateSrv).toBe('mongodb+srv://cluster0-pri.ab12c.mongodb.net');
    expect(issueConnectionStrings({ ...base, provider: 'GCP', legacy: true }).standardSrv).toBe(
      'mongodb+srv://cluster0-ab12c.gcp.mongodb.net',
    );
    expect(issueConnectionStrings({ ...base, legacy: true }).standardSrv).toBe('mongodb+srv://cluster0-ab12c.mongodb.net');
  });
});

describe('issueConnectionStrings: sharded clusters', () => {
  const sharded: IssueInput = { ...base, cluster: 'cluster-703', hash: 'f0a4dl', domain: 'mongodb-dev.net', clusterType: 'SHARDED', shardCount: 2 };

  it('matches the recorded sharded cluster exactly', () => {
    expect(issueConnectionStrings(sharded)).toEqual({
      awsPrivateLinkSrv: {},
      privateEndpoint: [],
      standard:
        'mongodb://cluster-703-config-00-00.f0a4dl.mongodb-dev.net:27016,cluster-703-config-00-01.f0a4dl.mongodb-dev.net:27016,cluster-703-config-00-02.f0a4dl.mongodb-dev.net:27016,cluster-703-shard-00-00.f0a4dl.mongodb-dev.net:27016,cluster-703-shard-00-01.f0a4dl.mongodb-dev.net:27016,cluster-703-shard-00-02.f0a4dl.mongodb-dev.net:27016/?ssl=true&authSource=admin',
      standardSrv: 'mongodb+srv://cluster-703.f0a4dl.mongodb-dev.net',
    });
  });

  it('before the hosts exist: the empty private-endpoint fields only, as recorded', () => {
    expect(issueConnectionStrings({ ...sharded, clusterType: 'GEOSHARDED', ready: false })).toEqual({
      awsPrivateLinkSrv: {},
      privateEndpoint: [],
    });
  });

  it('dedicated config servers: every shard is shard-NN', () => {
    const p = parse(issueConnectionStrings({ ...sharded, shardCount: 3, nodeCount: 1, embeddedConfigServer: false }).standard as string);
    expect(p.members).toEqual([0, 1, 2].map((shard) => ({ role: 'shard', shard, node: 0, port: 27016 })));
  });
});

describe('issueConnectionStrings: private endpoints', () => {
  it('replica set, AWS: one entry per endpoint, and the awsPrivateLink maps', () => {
    const cs = issueConnectionStrings({
      ...base,
      privateEndpoints: [{ provider: 'AWS', region: 'US_EAST_1', endpointId: 'vpce-0a1', regionalized: false }],
    });
    const pl = [1024, 1025, 1026].map((p) => `pl-0-us-east-1a.ab12c.mongodb.net:${p}`).join(',');
    const entry = {
      connectionString: `mongodb://${pl}/?ssl=true&authSource=admin&replicaSet=${RS}`,
      endpoints: [{ endpointId: 'vpce-0a1', providerName: 'AWS', region: 'US_EAST_1' }],
      srvConnectionString: 'mongodb+srv://pl-0-us-east-1a.ab12c.mongodb.net',
      type: 'MONGOD',
    };
    expect(cs).toEqual({
      awsPrivateLink: { 'vpce-0a1': entry.connectionString },
      awsPrivateLinkSrv: { 'vpce-0a1': entry.srvConnectionString },
      privateEndpoint: [entry],
      standard: issueConnectionStrings(base).standard,
      standardSrv: 'mongodb+srv://cluster0.ab12c.mongodb.net',
    });
    expect(Object.keys(cs.privateEndpoint?.[0] ?? {})).toEqual(['connectionString', 'endpoints', 'srvConnectionString', 'type']);
  });

  it('regionalized AWS and both Azure settings', () => {
    const cs = issueConnectionStrings({
      ...base,
      privateEndpoints: [
        { provider: 'AWS', region: 'eu-west-1', endpointId: 'vpce-1', regionalized: true },
        { provider: 'AZURE', region: 'US_EAST_2', endpointId: 'azure-pe-1', regionalized: false },
        { provider: 'AZURE', region: 'westeurope', endpointId: 'azure-pe-2', regionalized: true },
      ],
    });
    const [aws, azure, azureRegional] = cs.privateEndpoint ?? [];
    expect(aws?.srvConnectionString).toBe('mongodb+srv://cluster0-pl-0-eu-west-1.ab12c.mongodb.net');
    expect(aws?.connectionString).toMatch(/^mongodb:\/\/pl-0-eu-west-1\.ab12c\.mongodb\.net:1024,/);
    expect(azure?.srvConnectionString).toBe('mongodb+srv://pl-0-eastus2.ab12c.mongodb.net');
    expect(azure?.endpoints).toEqual([{ endpointId: 'azure-pe-1', providerName: 'AZURE', region: 'US_EAST_2' }]);
    expect(azureRegional?.srvConnectionString).toBe('mongodb+srv://cluster0-pl-0-westeurope.ab12c.mongodb.net');
    expect(azureRegional?.endpoints[0]?.region).toBe('EUROPE_WEST');
    expect(Object.keys(cs.awsPrivateLink ?? {})).toEqual(['vpce-1']);
    expect(parse(aws?.srvConnectionString as string).type).toBe('privateLinkAwsRegionalized');
    expect(parse(azure?.srvConnectionString as string).type).toBe('privateLinkAzure');
    expect(parse(azureRegional?.srvConnectionString as string).type).toBe('privateLinkAzureRegionalized');
    expect(parse(azure?.connectionString as string).candidates).toEqual(['privateLinkAzure', 'privateLinkAzureRegionalized']);
  });

  it('sharded: MONGOS, a port per query router, and the optimized SRV string', () => {
    const cs = issueConnectionStrings({
      ...base,
      clusterType: 'SHARDED',
      shardCount: 2,
      privateEndpoints: [
        { provider: 'AWS', region: 'US_EAST_1', endpointId: 'vpce-1', regionalized: false, az: 'c' },
        { provider: 'AWS', region: 'us-east-1', endpointId: 'vpce-2', regionalized: true },
      ],
    });
    const [first, second] = cs.privateEndpoint ?? [];
    expect(first?.type).toBe('MONGOS');
    expect(parse(first?.connectionString as string).ports).toEqual([1024, 1025, 1026, 1027, 1028, 1029]);
    expect(first?.srvConnectionString).toBe('mongodb+srv://pl-0-us-east-1c.ab12c.mongodb.net');
    expect(first?.srvShardOptimizedConnectionString).toBe('mongodb+srv://cluster0-pl-0-lb.ab12c.mongodb.net');
    // A second endpoint in the same region is pl-1.
    expect(second?.srvConnectionString).toBe('mongodb+srv://cluster0-pl-1-us-east-1.ab12c.mongodb.net');
    expect(second?.srvShardOptimizedConnectionString).toBe('mongodb+srv://cluster0-pl-1-us-east-1-lb.ab12c.mongodb.net');
    expect(Object.keys(first ?? {})).toEqual([
      'connectionString',
      'endpoints',
      'srvConnectionString',
      'srvShardOptimizedConnectionString',
      'type',
    ]);
    // The cluster uses the optimized string, so awsPrivateLinkSrv carries it.
    expect(cs.awsPrivateLinkSrv).toEqual({
      'vpce-1': first?.srvShardOptimizedConnectionString,
      'vpce-2': second?.srvShardOptimizedConnectionString,
    });
  });

  it('sharded with legacy strings: awsPrivateLinkSrv keeps the non-optimized string (OpenAPI)', () => {
    const cs = issueConnectionStrings({
      ...base,
      clusterType: 'SHARDED',
      shardCount: 2,
      legacy: true,
      privateEndpoints: [{ provider: 'AWS', region: 'US_EAST_1', endpointId: 'vpce-1', regionalized: false }],
    });
    expect(cs.awsPrivateLinkSrv).toEqual({ 'vpce-1': 'mongodb+srv://pl-0-us-east-1a.ab12c.mongodb.net' });
    expect(cs.privateEndpoint?.[0]?.srvShardOptimizedConnectionString).toBe('mongodb+srv://cluster0-pl-0-lb.ab12c.mongodb.net');
  });

  it('refuses a region of the wrong provider and impossible counts', () => {
    const bad = { provider: 'AZURE' as const, region: 'US_EAST_1', endpointId: 'x', regionalized: false };
    expect(() => issueConnectionStrings({ ...base, privateEndpoints: [bad] })).toThrow(ConnStringFormatError);
    expect(() => issueConnectionStrings({ ...base, nodeCount: 0 })).toThrow(ConnStringFormatError);
    expect(() => issueConnectionStrings({ ...base, clusterType: 'SHARDED', shardCount: 1.5 })).toThrow(ConnStringFormatError);
  });
});

describe('issueConnectionStrings: every string parses back to its row', () => {
  it('for a cluster with every kind of string', () => {
    const cs = issueConnectionStrings({
      ...base,
      clusterType: 'SHARDED',
      shardCount: 3,
      provider: 'AZURE',
      peering: true,
      privateEndpoints: [
        { provider: 'AZURE', region: 'EUROPE_WEST', endpointId: 'pe-1', regionalized: false },
        { provider: 'AWS', region: 'AP_SOUTHEAST_2', endpointId: 'vpce-1', regionalized: false },
      ],
    });
    expect(parse(cs.standard as string).type).toBe('standard');
    expect(parse(cs.standardSrv as string).type).toBe('standard');
    expect(parse(cs.private as string).type).toBe('privatePeering');
    expect(parse(cs.privateSrv as string).type).toBe('privatePeering');
    const kinds = (cs.privateEndpoint ?? []).flatMap((e) => [
      parse(e.connectionString).candidates,
      parse(e.srvConnectionString).type,
      parse(e.srvShardOptimizedConnectionString as string).type,
    ]);
    expect(kinds).toEqual([
      ['privateLinkAzure', 'privateLinkAzureRegionalized'],
      'privateLinkAzure',
      'privateLinkOptimized',
      ['privateLinkAws'],
      'privateLinkAws',
      'privateLinkOptimized',
    ]);
  });
});
