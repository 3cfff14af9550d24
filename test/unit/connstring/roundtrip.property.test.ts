// Property tests: for every row and form, parse(format(shape, parts)) gives back the
// shape and the parts; and parse() answers any text with a result or ConnStringParseError.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_SHAPES,
  AZURE_REGIONS,
  CLUSTER_DOMAINS,
  ConnStringParseError,
  format,
  parse,
  type ConnStringParts,
  type HostMember,
  type Shape,
} from '../../../src/connstring/index.js';

const RUNS = { numRuns: 100 };

// Cluster names the service could issue, minus the ones the ambiguity rules read as another
// row (a name ending in "-pri" or containing "pl-<n>-"; see classify.ts and parse.test.ts).
const cluster = fc
  .stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/)
  .filter((c) => !c.endsWith('-pri') && !/(?:^|-)pl-\d/.test(c));
const hash = fc.stringMatching(/^[a-z0-9]{4,10}$/).filter((h) => h !== 'azure');
const domain = fc.constantFrom(...CLUSTER_DOMAINS);
const awsRegion = fc.oneof(
  fc.constantFrom('us-east-1', 'us-gov-west-1', 'ap-southeast-2', 'eu-central-2', 'me-central-1', 'ca-west-1'),
  fc.stringMatching(/^[a-z]{2}-[a-z]{3,9}-[1-9]$/),
);
const azureRegion = fc.oneof(fc.constantFrom(...Object.values(AZURE_REGIONS)), fc.stringMatching(/^[a-z]{3,14}[0-9]?$/));
const az = fc.stringMatching(/^[a-f]$/);
const endpointIndex = fc.nat({ max: 3 });
const port = fc.oneof(fc.constantFrom(27016, 27017), fc.integer({ min: 1, max: 65535 }));
const member: fc.Arbitrary<HostMember> = fc.record({
  role: fc.constantFrom('shard' as const, 'config' as const),
  shard: fc.nat({ max: 120 }),
  node: fc.nat({ max: 11 }),
  port,
});
const members = fc.array(member, { minLength: 1, maxLength: 6 });
const ports = fc.array(fc.integer({ min: 1024, max: 65535 }), { minLength: 1, maxLength: 6 });
const optionKey = fc.constantFrom('ssl', 'authSource', 'replicaSet', 'retryWrites', 'w', 'appName', 'readPreferenceTags');
const optionValue = fc.stringMatching(/^[A-Za-z0-9 :,._~!*'()&=%+/?#-]{0,12}$/);
const options = fc.option(fc.dictionary(optionKey, optionValue, { minKeys: 1, maxKeys: 4 }), { nil: undefined });

function partsFor(shape: Shape): fc.Arbitrary<ConnStringParts> {
  const list = !shape.srv;
  const common = { hash, domain, options };
  switch (shape.type) {
    case 'standard':
    case 'privatePeering':
      return list ? fc.record({ ...common, cluster, members }) : fc.record({ ...common, cluster });
    case 'privateLinkAws':
      return fc.record({ ...common, region: awsRegion, az, endpointIndex, ...(list ? { ports } : {}) });
    case 'privateLinkAwsRegionalized':
      return list
        ? fc.record({ ...common, region: awsRegion, endpointIndex, ports })
        : fc.record({ ...common, region: awsRegion, endpointIndex, cluster });
    case 'privateLinkAzure':
    case 'privateLinkAzureRegionalized': {
      const regionalizedSrv = shape.srv && shape.type === 'privateLinkAzureRegionalized';
      return list
        ? fc.record({ ...common, region: azureRegion, endpointIndex, ports })
        : fc.record({ ...common, region: azureRegion, endpointIndex, ...(regionalizedSrv ? { cluster } : {}) });
    }
    case 'privateLinkOptimized':
      return fc.record(
        { ...common, cluster, endpointIndex, region: fc.oneof(awsRegion, azureRegion) },
        { requiredKeys: ['hash', 'domain', 'cluster', 'endpointIndex'] },
      );
    case 'legacy':
      return fc.record({
        ...common,
        cluster,
        provider: fc.constantFrom('AWS' as const, 'AZURE' as const, 'GCP' as const),
        ...(list ? { members } : {}),
      });
  }
}

/** The parts parse() must give back: the ones the shape carries, with their defaults filled in. */
function expectedParts(shape: Shape, parts: ConnStringParts) {
  const out: Record<string, unknown> = {
    srv: shape.srv,
    hash: parts.hash,
    domain: parts.domain ?? 'mongodb.net',
    options: parts.options ?? {},
  };
  for (const key of ['cluster', 'region', 'az', 'endpointIndex', 'members', 'ports'] as const) {
    if (parts[key] !== undefined) out[key] = parts[key];
  }
  if (shape.type === 'legacy') out.provider = parts.provider ?? 'AWS';
  return out;
}

describe('parse(format(shape, parts)) gives back shape and parts', () => {
  it.each(ALL_SHAPES.map((s) => ({ ...s, label: `${s.type} ${s.srv ? 'SRV' : 'host list'}` })))('$label', (shape) => {
    fc.assert(
      fc.property(partsFor(shape), (parts) => {
        const uri = format(shape, parts);
        const parsed = parse(uri);
        expect(parsed.candidates).toContain(shape.type);
        if (parsed.candidates.length === 1) expect(parsed.type).toBe(shape.type);
        else expect(parsed.type).toBe('privateLink');
        expect(parsed).toMatchObject(expectedParts(shape, parts));
        // The issued forms are canonical: formatting the parsed parts gives the same text.
        expect(format(shape, { ...parsed, hash: parsed.hash as string })).toBe(uri);
      }),
      RUNS,
    );
  });
});

// Text built from the pieces connection strings are made of, so that runs reach the classifier.
const piece = fc.constantFrom(
  'mongodb://', 'mongodb+srv://', 'pl-0-', 'pl-1-', '-pl-0-', 'us-east-1', 'a', 'eastus2', '-lb', '-pri',
  'cluster0', '-shard-00-00', '-config-00-01', '-ab12c', '.ab12c', '.azure', '.gcp', '.mongodb.net',
  '.mongodb-dev.net', ':1024', ':27017', ':0', ':99999', ',', '@', ':', '/', '?', '&', '=', '%', '%2F',
  '[', ']', '::1', ' ', '.', '-', 'user:pw@', '.sock',
);
const textish = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string().map((s) => `mongodb://${s}`),
  fc.string().map((s) => `mongodb+srv://${s}`),
  fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
  fc.array(piece, { maxLength: 12 }).map((p) => `mongodb://${p.join('')}`),
  fc.array(piece, { maxLength: 12 }).map((p) => `mongodb+srv://${p.join('')}`),
);

describe('parse(any text)', () => {
  it('answers or throws ConnStringParseError, nothing else', () => {
    fc.assert(
      fc.property(textish, (text) => {
        try {
          const p = parse(text);
          expect(p.candidates.length === 0).toBe(p.type === 'unknown');
        } catch (error) {
          if (!(error instanceof ConnStringParseError)) throw error;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
