// Seed pieces for the conn-string, private-ip and api e2e tests: fixed project IDs,
// one owner key for all of them, and cluster create bodies (2023-02-01 shape).
import type { SeedDocument } from '../../../src/emulator/index.js';
import type { SeedCluster } from '../../../src/emulator/resources/clusters/index.js';
import type { SeedProject } from '../../../src/emulator/resources/projects/index.js';

export const OWNER = { publicKey: 'ownerkey', privateKey: '6b1d7a40-3c1e-4e55-9d43-0f2a7c9e5b11' };

export type Provider = 'AWS' | 'AZURE' | 'GCP';

const REGION: Record<Provider, string> = { AWS: 'US_EAST_1', AZURE: 'US_EAST_2', GCP: 'CENTRAL_US' };

export function replicaSet(name: string, provider: Provider = 'AWS'): Record<string, unknown> {
  return {
    name,
    clusterType: 'REPLICASET',
    mongoDBMajorVersion: '7.0',
    replicationSpecs: [
      { regionConfigs: [{ providerName: provider, regionName: REGION[provider], priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] },
    ],
  };
}

/** Two shards of three nodes on 7.0 (no embedded config server): hosts <name>-shard-0{0,1}-0{0,1,2}. */
export function sharded(name: string, provider: Provider = 'AWS'): Record<string, unknown> {
  return {
    name,
    clusterType: 'SHARDED',
    mongoDBMajorVersion: '7.0',
    replicationSpecs: [
      {
        numShards: 2,
        regionConfigs: [{ providerName: provider, regionName: REGION[provider], priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } }],
      },
    ],
  };
}

/**
 * A cluster across several regions, maybe several clouds: [provider, API region name, electable nodes],
 * the first region the highest priority. A replica set, or `shards` shards of that layout.
 */
export function spread(name: string, regions: Array<[Provider, string, number]>, shards?: number): Record<string, unknown> {
  const regionConfigs = regions.map(([providerName, regionName, nodeCount], i) => ({
    providerName,
    regionName,
    priority: 7 - i,
    electableSpecs: { instanceSize: shards === undefined ? 'M10' : 'M30', nodeCount },
  }));
  return {
    name,
    clusterType: shards === undefined ? 'REPLICASET' : 'SHARDED',
    mongoDBMajorVersion: '7.0',
    replicationSpecs: [{ ...(shards === undefined ? {} : { numShards: shards }), regionConfigs }],
  };
}

export function tenant(name: string): Record<string, unknown> {
  return {
    name,
    replicationSpecs: [
      { regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] },
    ],
  };
}

/** A seed whose one owner key owns every project; the rate limit is out of the way of many CLI runs. */
export function worldSeed(projects: SeedProject[], clusters: SeedCluster[]): SeedDocument {
  return {
    projects,
    apiKeys: [{ ...OWNER, roles: projects.map((p) => ({ projectId: p.id, roleName: 'GROUP_OWNER' as const })) }],
    clusters,
    rateLimit: { perMinute: 100_000 },
  };
}

/** What a CLI run needs to reach the emulator as the owner, in project `projectId`. */
export function ownerEnv(url: string, projectId: string, extra: Record<string, string> = {}): Record<string, string> {
  return { CDBA_BASE_URL: url, CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey, CDBA_PROJECT_ID: projectId, ...extra };
}
