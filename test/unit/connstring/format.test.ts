import { describe, expect, it } from 'vitest';
import { ConnStringFormatError, format, type ConnStringParts, type Shape } from '../../../src/connstring/index.js';

const members = [{ role: 'shard' as const, shard: 0, node: 0, port: 27017 }];

describe('format: the seed shapes', () => {
  it.each<[Shape, ConnStringParts, string]>([
    [{ type: 'standard', srv: true }, { cluster: 'Cluster0', hash: 'ab12c' }, 'mongodb+srv://cluster0.ab12c.mongodb.net'],
    [{ type: 'standard', srv: false }, { cluster: 'c', hash: 'ab12c', members }, 'mongodb://c-shard-00-00.ab12c.mongodb.net:27017'],
    [
      { type: 'privatePeering', srv: false },
      { cluster: 'c', hash: 'ab12c', members: [{ role: 'shard', shard: 1, node: 2, port: 27016 }], options: { ssl: 'true' } },
      'mongodb://c-shard-01-02-pri.ab12c.mongodb.net:27016/?ssl=true',
    ],
    [{ type: 'privateLinkAws', srv: false }, { hash: 'ab12c', region: 'us-east-1', az: 'a', ports: [1024, 1025] },
      'mongodb://pl-0-us-east-1a.ab12c.mongodb.net:1024,pl-0-us-east-1a.ab12c.mongodb.net:1025'],
    [{ type: 'privateLinkAwsRegionalized', srv: true }, { cluster: 'c', hash: 'ab12c', region: 'us-east-1' },
      'mongodb+srv://c-pl-0-us-east-1.ab12c.mongodb.net'],
    [{ type: 'privateLinkAzure', srv: true }, { hash: 'ab12c', region: 'eastus2', endpointIndex: 2 }, 'mongodb+srv://pl-2-eastus2.ab12c.mongodb.net'],
    [{ type: 'privateLinkAzureRegionalized', srv: false }, { cluster: 'c', hash: 'ab12c', region: 'eastus2', ports: [1024] },
      'mongodb://pl-0-eastus2.ab12c.mongodb.net:1024'],
    [{ type: 'privateLinkOptimized', srv: true }, { cluster: 'c', hash: 'ab12c' }, 'mongodb+srv://c-pl-0-lb.ab12c.mongodb.net'],
    [{ type: 'legacy', srv: true }, { cluster: 'c', hash: 'ab12c', provider: 'GCP' }, 'mongodb+srv://c-ab12c.gcp.mongodb.net'],
    [{ type: 'legacy', srv: false }, { cluster: 'c', hash: 'ab12c', provider: 'AZURE', members, domain: 'mongodb-dev.net' },
      'mongodb://c-shard-00-00-ab12c.azure.mongodb-dev.net:27017'],
  ])('%j', (shape, parts, uri) => {
    expect(format(shape, parts)).toBe(uri);
  });
});

describe('format: refuses parts that cannot make the shape', () => {
  it.each<[string, Shape, ConnStringParts]>([
    ['optimized has no host list', { type: 'privateLinkOptimized', srv: false }, { cluster: 'c', hash: 'ab12c' }],
    ['hash too short', { type: 'standard', srv: true }, { cluster: 'c', hash: 'ab1' }],
    ['hash upper-case', { type: 'standard', srv: true }, { cluster: 'c', hash: 'AB12C' }],
    ['cluster missing', { type: 'standard', srv: true }, { hash: 'ab12c' }],
    ['cluster not a label', { type: 'standard', srv: true }, { cluster: 'my_db', hash: 'ab12c' }],
    ['cluster ends in -', { type: 'standard', srv: true }, { cluster: 'db-', hash: 'ab12c' }],
    ['members missing', { type: 'standard', srv: false }, { cluster: 'c', hash: 'ab12c' }],
    ['members empty', { type: 'legacy', srv: false }, { cluster: 'c', hash: 'ab12c', members: [] }],
    ['port 0', { type: 'standard', srv: false }, { cluster: 'c', hash: 'ab12c', members: [{ role: 'shard', shard: 0, node: 0, port: 0 }] }],
    ['Azure region for AWS', { type: 'privateLinkAws', srv: true }, { hash: 'ab12c', region: 'eastus2', az: 'a' }],
    ['AWS region for Azure', { type: 'privateLinkAzure', srv: true }, { hash: 'ab12c', region: 'us-east-1' }],
    ['API region name', { type: 'privateLinkAzure', srv: true }, { hash: 'ab12c', region: 'US_EAST_2' }],
    ['az missing', { type: 'privateLinkAws', srv: true }, { hash: 'ab12c', region: 'us-east-1' }],
    ['az two letters', { type: 'privateLinkAws', srv: true }, { hash: 'ab12c', region: 'us-east-1', az: 'ab' }],
    ['ports missing', { type: 'privateLinkAzure', srv: false }, { hash: 'ab12c', region: 'eastus2' }],
    ['negative endpoint index', { type: 'privateLinkAzure', srv: true }, { hash: 'ab12c', region: 'eastus2', endpointIndex: -1 }],
    ['unknown domain', { type: 'standard', srv: true }, { cluster: 'c', hash: 'ab12c', domain: 'example.com' as 'mongodb.net' }],
    ['unknown shape', { type: 'nope' as 'standard', srv: true }, { cluster: 'c', hash: 'ab12c' }],
  ])('%s', (_name, shape, parts) => {
    expect(() => format(shape, parts)).toThrow(ConnStringFormatError);
  });
});
