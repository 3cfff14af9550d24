// Bodies and seeds shared by the emulator tests.
import type { RunningEmulator, SeedDocument } from '../../../src/emulator/index.js';
import { DigestClient } from '../../helpers/emulator.js';

export const PROJECT_A = '6a799efbc0eb9e7a177d7e0e';
export const PROJECT_B = '6a793f46c0eb9e7a17712842';

/** 2023-02-01 create body: a 3-node M10 replica set on AWS. */
export function modernCreate(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    clusterType: 'REPLICASET',
    mongoDBMajorVersion: '7.0',
    replicationSpecs: [
      {
        regionConfigs: [
          { providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } },
        ],
      },
    ],
    ...overrides,
  };
}

/** Legacy (v1.0 / 2023-01-01) create body of the same cluster. */
export function legacyCreate(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    clusterType: 'REPLICASET',
    mongoDBMajorVersion: '7.0',
    providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' },
    replicationFactor: 3,
    ...overrides,
  };
}

export function tenantCreate(name: string): Record<string, unknown> {
  return {
    name,
    replicationSpecs: [
      {
        regionConfigs: [
          { providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } },
        ],
      },
    ],
  };
}

export function shardedCreate(name: string): Record<string, unknown> {
  return modernCreate(name, {
    clusterType: 'SHARDED',
    mongoDBMajorVersion: '8.0',
    replicationSpecs: [
      {
        numShards: 2,
        regionConfigs: [
          { providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } },
        ],
      },
    ],
  });
}

export const OWNER = { publicKey: 'ownerkey', privateKey: '11111111-1111-4111-8111-111111111111' };
export const READER = { publicKey: 'readerky', privateKey: '22222222-2222-4222-8222-222222222222' };
export const MANAGER = { publicKey: 'managerk', privateKey: '33333333-3333-4333-8333-333333333333' };
export const FENCED = { publicKey: 'fencedky', privateKey: '44444444-4444-4444-8444-444444444444' };
export const LOOPBACK6 = { publicKey: 'loopbk6k', privateKey: '55555555-5555-4555-8555-555555555555' };
export const ACCOUNT = { clientId: 'mdb_sa_id_0123456789abcdef01234567', clientSecret: 'mdb_sa_sk_secret' };

/** Two projects, keys of every role, a key fenced to 10.0.0.0/8, and a service account. */
export function testSeed(extra: Partial<SeedDocument> = {}): SeedDocument {
  return {
    projects: [
      { id: PROJECT_A, name: 'alpha', privateIpMode: false, peering: false, privateEndpoints: [] },
      { id: PROJECT_B, name: 'beta' },
    ],
    apiKeys: [
      {
        ...OWNER,
        accessList: ['127.0.0.1/32', '::1/128'],
        roles: [
          { projectId: PROJECT_A, roleName: 'GROUP_OWNER' },
          { projectId: PROJECT_B, roleName: 'GROUP_OWNER' },
        ],
      },
      { ...READER, roles: [{ projectId: PROJECT_A, roleName: 'GROUP_READ_ONLY' }] },
      { ...MANAGER, roles: [{ projectId: PROJECT_A, roleName: 'GROUP_CLUSTER_MANAGER' }] },
      { ...FENCED, accessList: ['10.0.0.0/8', '2001:db8::/32'], roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' }] },
      { ...LOOPBACK6, accessList: ['::1/128'], roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' }] },
    ],
    serviceAccounts: [{ ...ACCOUNT, roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' }] }],
    ...extra,
  };
}

export function client(emu: RunningEmulator, key: { publicKey: string; privateKey: string } = emu.defaults.owner): DigestClient {
  return new DigestClient(emu.url, key.publicKey, key.privateKey);
}

export const v2 = (version: string, extra: Record<string, string> = {}): Record<string, string> => ({
  Accept: `application/vnd.atlas.${version}+json`,
  ...extra,
});

/** A settable clock for rate-limit windows, nonce expiry and transitions. */
export class TestClock {
  constructor(public now = Date.UTC(2026, 7, 10, 9, 0, 0)) {}
  readonly read = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}

/** A JSON object (not null, not an array). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Field names, nesting and JSON types of a document, as "path:type" (array levels as
 * []): what "reproduces a recorded response in shape" compares.
 */
export function signature(value: unknown, path = ''): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(value)) for (const item of value) for (const s of signature(item, `${path}[]`)) out.add(s);
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) for (const s of signature(v, `${path}.${k}`)) out.add(s);
  else out.add(`${path}:${value === null ? 'null' : typeof value}`);
  return out;
}
