// One URI (at least) for every row and form of the seed's connection-string table, as
// `cdba conn-string parse -o json` must read it, plus valid URIs that fit no row and
// texts that are not connection strings. Hash "ab12c", domain mongodb.net (wire facts).
export interface ParseFixture {
  /** Row of the seed's table, and its variant. */
  row: string;
  uri: string;
  expect: Record<string, unknown>;
  /** Seed notes this string must carry. */
  notes?: RegExp[];
}

const rs = (prefix: string, tail: string, port = 27017): string =>
  [0, 1, 2].map((n) => `${prefix}-shard-00-0${n}${tail}:${port}`).join(',');
const RS_OPTIONS = '/?ssl=true&authSource=admin&replicaSet=atlas-ab12cd-shard-0';
const pl = (host: string, count = 3): string => Array.from({ length: count }, (_, i) => `${host}:${1024 + i}`).join(',');

const LEGACY_NOTES = [/^Legacy string: it is kept indefinitely\. The current form is: mongodb/];

export const ROW_FIXTURES: ParseFixture[] = [
  {
    row: 'Standard, host list (replica set)',
    uri: `mongodb://${rs('c0', '.ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: {
      type: 'standard', title: 'Standard', kind: 'standard', scheme: 'mongodb', srv: false, cluster: 'c0', hash: 'ab12c', domain: 'mongodb.net', port: 27017,
      hosts: [0, 1, 2].map((n) => `c0-shard-00-0${n}.ab12c.mongodb.net:27017`),
      options: { ssl: 'true', authSource: 'admin', replicaSet: 'atlas-ab12cd-shard-0' },
    },
    notes: [/resolves to private IPs/],
  },
  {
    row: 'Standard, host list (sharded, query routers on 27016)',
    uri: 'mongodb://shop-shard-00-00.ab12c.mongodb.net:27016,shop-shard-01-00.ab12c.mongodb.net:27016/?ssl=true&authSource=admin',
    expect: { type: 'standard', srv: false, cluster: 'shop', port: 27016, options: { ssl: 'true', authSource: 'admin' } },
  },
  {
    row: 'Standard, SRV',
    uri: 'mongodb+srv://c0.ab12c.mongodb.net/?retryWrites=true&w=majority',
    expect: { type: 'standard', scheme: 'mongodb+srv', srv: true, cluster: 'c0', hash: 'ab12c', domain: 'mongodb.net', hosts: ['c0.ab12c.mongodb.net'], options: { retryWrites: 'true', w: 'majority' } },
  },
  {
    row: 'Private IP for Peering, host list',
    uri: `mongodb://${rs('c0', '-pri.ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: { type: 'privatePeering', title: 'Private IP for Peering', kind: 'private', srv: false, cluster: 'c0', hash: 'ab12c', port: 27017 },
    notes: [/^On AWS the -pri string is optional/],
  },
  {
    row: 'Private IP for Peering, SRV',
    uri: 'mongodb+srv://c0-pri.ab12c.mongodb.net',
    expect: { type: 'privatePeering', kind: 'private', srv: true, cluster: 'c0', hash: 'ab12c' },
    notes: [/^On AWS the -pri string is optional/],
  },
  {
    row: 'Private link AWS, host list',
    uri: `mongodb://${pl('pl-0-us-east-1a.ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: { type: 'privateLinkAws', kind: 'private-endpoint', provider: 'AWS', regionalized: false, region: 'us-east-1', az: 'a', endpointIndex: 0, port: 1024, srv: false },
  },
  {
    row: 'Private link AWS, SRV',
    uri: 'mongodb+srv://pl-0-eu-west-1b.ab12c.mongodb.net',
    expect: { type: 'privateLinkAws', provider: 'AWS', regionalized: false, region: 'eu-west-1', az: 'b', srv: true },
  },
  {
    row: 'Private link AWS regionalized, host list',
    uri: `mongodb://${pl('pl-0-us-west-2.ab12c.mongodb.net', 2)}`,
    expect: { type: 'privateLinkAwsRegionalized', provider: 'AWS', regionalized: true, region: 'us-west-2', srv: false, port: 1024 },
  },
  {
    row: 'Private link AWS regionalized, SRV',
    uri: 'mongodb+srv://c0-pl-0-us-west-2.ab12c.mongodb.net',
    expect: { type: 'privateLinkAwsRegionalized', provider: 'AWS', regionalized: true, region: 'us-west-2', cluster: 'c0', srv: true },
  },
  {
    // Identical to the regionalized Azure host list: both rows are candidates.
    row: 'Private link Azure, host list',
    uri: `mongodb://${pl('pl-0-eastus2.ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: { type: 'privateLink', candidates: ['privateLinkAzure', 'privateLinkAzureRegionalized'], kind: 'private-endpoint', provider: 'AZURE', region: 'eastus2', srv: false },
    notes: [/^Several rows fit: Private link, Azure; Private link, Azure, regionalized setting on\.$/, /same whether the regionalized setting is on or off/],
  },
  {
    row: 'Private link Azure, SRV',
    uri: 'mongodb+srv://pl-0-eastus2.ab12c.mongodb.net',
    expect: { type: 'privateLinkAzure', title: 'Private link, Azure', provider: 'AZURE', regionalized: false, region: 'eastus2', srv: true },
  },
  {
    row: 'Private link Azure regionalized, host list',
    uri: `mongodb://${pl('pl-0-westeurope.ab12c.mongodb.net', 1)}`,
    expect: { type: 'privateLink', candidates: ['privateLinkAzure', 'privateLinkAzureRegionalized'], provider: 'AZURE', region: 'westeurope' },
  },
  {
    row: 'Private link Azure regionalized, SRV',
    uri: 'mongodb+srv://c0-pl-0-westeurope.ab12c.mongodb.net',
    expect: { type: 'privateLinkAzureRegionalized', provider: 'AZURE', regionalized: true, region: 'westeurope', cluster: 'c0', srv: true },
  },
  {
    row: 'Optimized SRV',
    uri: 'mongodb+srv://c0-pl-0-lb.ab12c.mongodb.net',
    expect: { type: 'privateLinkOptimized', kind: 'private-endpoint', cluster: 'c0', endpointIndex: 0, regionalized: false, srv: true },
    notes: [/limits the connections per query router/, /switch to the Legacy SRV string before converting/],
  },
  {
    row: 'Optimized SRV, regionalized endpoint',
    uri: 'mongodb+srv://c0-pl-0-us-east-1-lb.ab12c.mongodb.net',
    expect: { type: 'privateLinkOptimized', cluster: 'c0', region: 'us-east-1', provider: 'AWS', regionalized: true },
    notes: [/switch to the Legacy SRV string before converting/],
  },
  {
    row: 'Legacy, host list, AWS (no label)',
    uri: `mongodb://${rs('c0', '-ab12c.mongodb.net')}${RS_OPTIONS}`,
    expect: { type: 'legacy', title: 'Legacy', kind: 'legacy', provider: 'AWS', cluster: 'c0', hash: 'ab12c', srv: false, newForm: `mongodb://${rs('c0', '.ab12c.mongodb.net')}${RS_OPTIONS}` },
    notes: [...LEGACY_NOTES, /^No provider label \(AWS\)/],
  },
  {
    row: 'Legacy, host list, Azure label',
    uri: `mongodb://${rs('c0', '-ab12c.azure.mongodb.net')}`,
    expect: { type: 'legacy', provider: 'AZURE', cluster: 'c0', newForm: `mongodb://${rs('c0', '.ab12c.mongodb.net')}` },
    notes: [...LEGACY_NOTES, /carries the \.azure label, so it changes when the cluster moves to or from Azure/],
  },
  {
    row: 'Legacy, host list, Google Cloud label',
    uri: `mongodb://${rs('my-db', '-xy9z8.gcp.mongodb.net')}`,
    expect: { type: 'legacy', provider: 'GCP', cluster: 'my-db', hash: 'xy9z8' },
    notes: [...LEGACY_NOTES, /carries the \.gcp label, so it changes when the cluster moves to or from Google Cloud/],
  },
  {
    row: 'Legacy, SRV, AWS (no label)',
    uri: 'mongodb+srv://c0-ab12c.mongodb.net',
    expect: { type: 'legacy', provider: 'AWS', srv: true, cluster: 'c0', newForm: 'mongodb+srv://c0.ab12c.mongodb.net' },
    notes: LEGACY_NOTES,
  },
  {
    row: 'Legacy, SRV, Azure label',
    uri: 'mongodb+srv://my-cluster-ab12c.azure.mongodb.net',
    expect: { type: 'legacy', provider: 'AZURE', srv: true, cluster: 'my-cluster', newForm: 'mongodb+srv://my-cluster.ab12c.mongodb.net' },
    notes: [/\.azure label/],
  },
  {
    row: 'Legacy, SRV, Google Cloud label',
    uri: 'mongodb+srv://c0-ab12c.gcp.mongodb.net',
    expect: { type: 'legacy', provider: 'GCP', srv: true, cluster: 'c0', newForm: 'mongodb+srv://c0.ab12c.mongodb.net' },
    notes: [/\.gcp label/],
  },
];

/** Valid URIs that fit no row: type unknown, their parts, exit 0. */
export const UNKNOWN_FIXTURES: ParseFixture[] = [
  { row: 'localhost', uri: 'mongodb://localhost:27017/admin', expect: { type: 'unknown', candidates: [], srv: false, hosts: ['localhost:27017'], port: 27017, database: 'admin' } },
  { row: 'another domain, SRV', uri: 'mongodb+srv://db.example.com/?tls=true', expect: { type: 'unknown', srv: true, hosts: ['db.example.com'], options: { tls: 'true' } } },
  {
    row: 'the cluster domain, but no row (SRV-style host in a host list)',
    uri: 'mongodb://c0.ab12c.mongodb.net:27017',
    expect: { type: 'unknown', domain: 'mongodb.net' },
    notes: [/in the cluster domain mongodb\.net but matches none/],
  },
];

/** Not connection strings: exit 2, one stderr line. */
export const INVALID_INPUTS: string[] = [
  'http://c0.ab12c.mongodb.net',
  'c0.ab12c.mongodb.net',
  'mongodb://',
  'mongodb+srv://c0.ab12c.mongodb.net:27017',
  'mongodb://h:99999',
  'mongodb+srv://demo.ab12c.mongodb.net/?directConnection=true',
  'mongodb://h/?loadBalanced=true&replicaSet=x',
];
