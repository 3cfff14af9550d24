// One URI (at least) for every row and form of the seed's connection-string table,
// with what parse() must answer. Hosts use the wire domain mongodb.net unless noted.
import type { ParsedConnectionString } from '../../../src/connstring/index.js';

export interface Fixture {
  name: string;
  uri: string;
  expect: Partial<ParsedConnectionString>;
}

const rs = (prefix: string, tail: string, port = 27017) =>
  [0, 1, 2].map((n) => `${prefix}-shard-00-0${n}${tail}:${port}`).join(',');
const RS_OPTIONS = '/?ssl=true&authSource=admin&replicaSet=atlas-ab12cd-shard-0';
const rsMembers = [0, 1, 2].map((node) => ({ role: 'shard' as const, shard: 0, node, port: 27017 }));

export const SHAPE_FIXTURES: Fixture[] = [
  {
    name: 'standard, host list, replica set',
    uri: `mongodb://${rs('cluster0', '.ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: {
      type: 'standard',
      candidates: ['standard'],
      srv: false,
      scheme: 'mongodb',
      cluster: 'cluster0',
      hash: 'ab12c',
      domain: 'mongodb.net',
      port: 27017,
      members: rsMembers,
      options: { ssl: 'true', authSource: 'admin', replicaSet: 'atlas-ab12cd-shard-0' },
      kind: 'standard',
    },
  },
  {
    name: 'standard, host list, sharded (shard index varies)',
    uri: 'mongodb://my-app-shard-00-00.ab12c.mongodb.net:27016,my-app-shard-01-00.ab12c.mongodb.net:27016/?ssl=true&authSource=admin',
    expect: {
      type: 'standard',
      srv: false,
      cluster: 'my-app',
      hash: 'ab12c',
      port: 27016,
      members: [
        { role: 'shard', shard: 0, node: 0, port: 27016 },
        { role: 'shard', shard: 1, node: 0, port: 27016 },
      ],
    },
  },
  {
    name: 'standard, host list, sharded with embedded config server (recorded, dev domain)',
    uri:
      'mongodb://cluster-703-config-00-00.f0a4dl.mongodb-dev.net:27016,cluster-703-config-00-01.f0a4dl.mongodb-dev.net:27016,' +
      'cluster-703-shard-00-00.f0a4dl.mongodb-dev.net:27016/?ssl=true&authSource=admin',
    expect: {
      type: 'standard',
      cluster: 'cluster-703',
      hash: 'f0a4dl',
      domain: 'mongodb-dev.net',
      members: [
        { role: 'config', shard: 0, node: 0, port: 27016 },
        { role: 'config', shard: 0, node: 1, port: 27016 },
        { role: 'shard', shard: 0, node: 0, port: 27016 },
      ],
    },
  },
  {
    name: 'standard, SRV',
    uri: 'mongodb+srv://cluster0.ab12c.mongodb.net',
    expect: { type: 'standard', srv: true, scheme: 'mongodb+srv', cluster: 'cluster0', hash: 'ab12c', domain: 'mongodb.net', options: {} },
  },
  {
    name: 'private IP for peering, host list',
    uri: `mongodb://${rs('cluster0', '-pri.ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: { type: 'privatePeering', srv: false, cluster: 'cluster0', hash: 'ab12c', members: rsMembers, kind: 'private' },
  },
  {
    name: 'private IP for peering, SRV',
    uri: 'mongodb+srv://cluster0-pri.ab12c.mongodb.net',
    expect: { type: 'privatePeering', srv: true, cluster: 'cluster0', hash: 'ab12c', kind: 'private' },
  },
  {
    name: 'private link AWS, host list',
    uri:
      'mongodb://pl-0-us-east-1a.ab12c.mongodb.net:1024,pl-0-us-east-1a.ab12c.mongodb.net:1025,pl-0-us-east-1a.ab12c.mongodb.net:1026' +
      RS_OPTIONS,
    expect: {
      type: 'privateLinkAws',
      candidates: ['privateLinkAws'],
      srv: false,
      provider: 'AWS',
      region: 'us-east-1',
      az: 'a',
      regionalized: false,
      endpointIndex: 0,
      hash: 'ab12c',
      port: 1024,
      ports: [1024, 1025, 1026],
      kind: 'private-endpoint',
    },
  },
  {
    name: 'private link AWS, SRV',
    uri: 'mongodb+srv://pl-0-eu-west-1b.ab12c.mongodb.net',
    expect: { type: 'privateLinkAws', srv: true, provider: 'AWS', region: 'eu-west-1', az: 'b', regionalized: false, hash: 'ab12c' },
  },
  {
    name: 'private link AWS regionalized, host list',
    uri: 'mongodb://pl-0-us-gov-west-1.ab12c.mongodb.net:1024,pl-0-us-gov-west-1.ab12c.mongodb.net:1025',
    expect: {
      type: 'privateLinkAwsRegionalized',
      candidates: ['privateLinkAwsRegionalized'],
      srv: false,
      provider: 'AWS',
      region: 'us-gov-west-1',
      regionalized: true,
      ports: [1024, 1025],
    },
  },
  {
    name: 'private link AWS regionalized, SRV',
    uri: 'mongodb+srv://cluster0-pl-0-ap-southeast-2.ab12c.mongodb.net',
    expect: {
      type: 'privateLinkAwsRegionalized',
      srv: true,
      cluster: 'cluster0',
      provider: 'AWS',
      region: 'ap-southeast-2',
      regionalized: true,
    },
  },
  {
    name: 'private link Azure, host list (same as Azure regionalized host list)',
    uri: 'mongodb://pl-0-eastus2.ab12c.mongodb.net:1024,pl-0-eastus2.ab12c.mongodb.net:1025,pl-0-eastus2.ab12c.mongodb.net:1026',
    expect: {
      type: 'privateLink',
      candidates: ['privateLinkAzure', 'privateLinkAzureRegionalized'],
      srv: false,
      provider: 'AZURE',
      region: 'eastus2',
      ports: [1024, 1025, 1026],
      kind: 'private-endpoint',
    },
  },
  {
    name: 'private link Azure, SRV',
    uri: 'mongodb+srv://pl-0-westeurope.ab12c.mongodb.net',
    expect: { type: 'privateLinkAzure', candidates: ['privateLinkAzure'], srv: true, provider: 'AZURE', region: 'westeurope', regionalized: false },
  },
  {
    name: 'private link Azure regionalized, host list (same as Azure host list)',
    uri: 'mongodb://pl-0-westeurope.ab12c.mongodb.net:1024',
    expect: { type: 'privateLink', candidates: ['privateLinkAzure', 'privateLinkAzureRegionalized'], provider: 'AZURE', region: 'westeurope' },
  },
  {
    name: 'private link Azure regionalized, SRV',
    uri: 'mongodb+srv://cluster0-pl-0-eastus2.ab12c.mongodb.net',
    expect: {
      type: 'privateLinkAzureRegionalized',
      srv: true,
      cluster: 'cluster0',
      provider: 'AZURE',
      region: 'eastus2',
      regionalized: true,
    },
  },
  {
    name: 'optimized SRV (the seed example)',
    uri: 'mongodb+srv://cluster0-pl-0-lb.ab12c.mongodb.net',
    expect: { type: 'privateLinkOptimized', srv: true, cluster: 'cluster0', endpointIndex: 0, regionalized: false, kind: 'private-endpoint' },
  },
  {
    name: 'optimized SRV, regionalized AWS endpoint (-lb after pl-0-<region>)',
    uri: 'mongodb+srv://cluster0-pl-0-us-east-1-lb.ab12c.mongodb.net',
    expect: { type: 'privateLinkOptimized', cluster: 'cluster0', region: 'us-east-1', provider: 'AWS', regionalized: true },
  },
  {
    name: 'optimized SRV, regionalized Azure endpoint',
    uri: 'mongodb+srv://cluster0-pl-1-eastus2-lb.ab12c.mongodb.net',
    expect: { type: 'privateLinkOptimized', cluster: 'cluster0', region: 'eastus2', provider: 'AZURE', endpointIndex: 1 },
  },
  {
    name: 'legacy, host list, AWS (no label)',
    uri: `mongodb://${rs('cluster0', '-ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: {
      type: 'legacy',
      srv: false,
      cluster: 'cluster0',
      hash: 'ab12c',
      provider: 'AWS',
      members: rsMembers,
      kind: 'legacy',
      newForm: `mongodb://${rs('cluster0', '.ab12c.mongodb.net')}${RS_OPTIONS}`,
    },
  },
  {
    name: 'legacy, host list, Azure label',
    uri: `mongodb://${rs('cluster0', '-ab12c.azure.mongodb.net')}`,
    expect: {
      type: 'legacy',
      provider: 'AZURE',
      cluster: 'cluster0',
      hash: 'ab12c',
      newForm: `mongodb://${rs('cluster0', '.ab12c.mongodb.net')}`,
    },
  },
  {
    name: 'legacy, host list, Google Cloud label',
    uri: `mongodb://${rs('my-db', '-xy9z8.gcp.mongodb.net')}`,
    expect: { type: 'legacy', provider: 'GCP', cluster: 'my-db', hash: 'xy9z8' },
  },
  {
    name: 'legacy, SRV, AWS (no label)',
    uri: 'mongodb+srv://cluster0-ab12c.mongodb.net',
    expect: { type: 'legacy', srv: true, provider: 'AWS', cluster: 'cluster0', hash: 'ab12c', newForm: 'mongodb+srv://cluster0.ab12c.mongodb.net' },
  },
  {
    name: 'legacy, SRV, Azure label',
    uri: 'mongodb+srv://my-cluster-ab12c.azure.mongodb.net',
    expect: { type: 'legacy', srv: true, provider: 'AZURE', cluster: 'my-cluster', hash: 'ab12c', newForm: 'mongodb+srv://my-cluster.ab12c.mongodb.net' },
  },
  {
    name: 'legacy, SRV, Google Cloud label',
    uri: 'mongodb+srv://cluster0-ab12c.gcp.mongodb.net',
    expect: { type: 'legacy', srv: true, provider: 'GCP', cluster: 'cluster0', hash: 'ab12c' },
  },
];

/** Private-link strings whose region tells no provider: every row the form allows stays a candidate. */
export const AMBIGUOUS_FIXTURES: Fixture[] = [
  {
    name: 'host list, region of neither spelling',
    uri: 'mongodb://pl-0-foo-bar.ab12c.mongodb.net:1024',
    expect: {
      type: 'privateLink',
      candidates: ['privateLinkAws', 'privateLinkAwsRegionalized', 'privateLinkAzure', 'privateLinkAzureRegionalized'],
      region: 'foo-bar',
      kind: 'private-endpoint',
    },
  },
  {
    name: 'SRV pl-0-<region>, region of neither spelling',
    uri: 'mongodb+srv://pl-0-foo-bar.ab12c.mongodb.net',
    expect: { type: 'privateLink', candidates: ['privateLinkAws', 'privateLinkAzure'], region: 'foo-bar' },
  },
  {
    name: 'SRV <cluster>-pl-0-<region>, region of neither spelling',
    uri: 'mongodb+srv://app-pl-0-us-east-1a.ab12c.mongodb.net',
    expect: {
      type: 'privateLink',
      candidates: ['privateLinkAwsRegionalized', 'privateLinkAzureRegionalized'],
      cluster: 'app',
      region: 'us-east-1a',
    },
  },
];

/** Valid URIs that fit no row. */
export const UNKNOWN_FIXTURES: Fixture[] = [
  { name: 'localhost', uri: 'mongodb://localhost:27017', expect: { type: 'unknown', hosts: ['localhost:27017'], port: 27017 } },
  { name: 'another domain', uri: 'mongodb+srv://cluster0.example.com/?retryWrites=true', expect: { type: 'unknown', options: { retryWrites: 'true' } } },
  {
    name: 'SRV-style host in a host list',
    uri: 'mongodb://cluster0.ab12c.mongodb.net:27017',
    expect: { type: 'unknown', domain: 'mongodb.net' },
  },
  {
    name: 'hosts of two rows mixed',
    uri: 'mongodb://cluster0-shard-00-00.ab12c.mongodb.net:27017,cluster0-shard-00-01-pri.ab12c.mongodb.net:27017',
    expect: { type: 'unknown', domain: 'mongodb.net' },
  },
  {
    name: 'hosts of two clusters',
    uri: 'mongodb://a-shard-00-00.ab12c.mongodb.net:27017,b-shard-00-00.ab12c.mongodb.net:27017',
    expect: { type: 'unknown' },
  },
  { name: 'IPv6 literal', uri: 'mongodb://[::1]:27017/admin', expect: { type: 'unknown', hosts: ['[::1]:27017'], database: 'admin' } },
  { name: 'unix socket', uri: 'mongodb://%2Ftmp%2Fmongodb-27017.sock', expect: { type: 'unknown' } },
  { name: 'hash too short', uri: 'mongodb+srv://cluster0.ab1.mongodb.net', expect: { type: 'unknown', domain: 'mongodb.net' } },
  { name: 'cluster label with underscore', uri: 'mongodb+srv://my_db.ab12c.mongodb.net', expect: { type: 'unknown' } },
];

/** Not connection strings at all. */
export const INVALID_INPUTS: string[] = [
  '',
  '   ',
  'http://cluster0.ab12c.mongodb.net',
  'MONGODB://cluster0.ab12c.mongodb.net',
  'cluster0.ab12c.mongodb.net',
  'mongodb://',
  'mongodb+srv://cluster0.ab12c.mongodb.net:27017',
  'mongodb+srv://a.ab12c.mongodb.net,b.ab12c.mongodb.net',
  'mongodb://h:99999',
  'mongodb://h:0',
  'mongodb://h:12a',
  'mongodb://h:',
  'mongodb://ho st',
  'mongodb://h..x',
  'mongodb://[::1',
];
