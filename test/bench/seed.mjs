// The bench's emulator seeds: one project with enough clusters for 20 pages of
// 500 (the page size fetch-all asks for), one small project for single calls,
// credentials for digest and for a service account, and a rate limit high enough
// that the throughput run is never answered 429.
import { randomBytes, randomUUID } from 'node:crypto';

export const LARGE_CLUSTER_COUNT = 10_000;
/** For figure 5's growth check: the peak RSS of --all at 10,000 against 2,000. */
export const MEDIUM_CLUSTER_COUNT = 2_000;
export const SMALL_CLUSTER_COUNT = 3;

const hex = (bytes) => randomBytes(bytes).toString('hex');
const lowerLetters = (count) => [...randomBytes(count)].map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('');

/** A 2023-02-01 create body, the shape a user's CI would create. */
function clusterBody(name) {
  return {
    name,
    clusterType: 'REPLICASET',
    mongoDBMajorVersion: '7.0',
    replicationSpecs: [
      { regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] },
    ],
  };
}

/** Fresh credentials every run, so nothing about the bench is reusable elsewhere. */
export function buildBenchSeed() {
  const large = hex(12);
  const medium = hex(12);
  const small = hex(12);
  const owner = { publicKey: lowerLetters(8), privateKey: randomUUID() };
  const account = { clientId: `mdb_sa_id_${hex(12)}`, clientSecret: `mdb_sa_sk_${hex(20)}` };
  const roles = [large, medium, small].map((projectId) => ({ projectId, roleName: 'GROUP_OWNER' }));
  const pad = String(LARGE_CLUSTER_COUNT).length;
  const seed = {
    projects: [
      { id: large, name: 'bench-large' },
      { id: medium, name: 'bench-medium' },
      { id: small, name: 'bench-small' },
    ],
    apiKeys: [{ ...owner, roles }],
    serviceAccounts: [{ ...account, roles }],
    clusters: [
      ...Array.from({ length: LARGE_CLUSTER_COUNT }, (_, i) => ({ projectId: large, cluster: clusterBody(`bench-${String(i + 1).padStart(pad, '0')}`) })),
      ...Array.from({ length: MEDIUM_CLUSTER_COUNT }, (_, i) => ({ projectId: medium, cluster: clusterBody(`medium-${String(i + 1).padStart(pad, '0')}`) })),
      ...Array.from({ length: SMALL_CLUSTER_COUNT }, (_, i) => ({ projectId: small, cluster: clusterBody(`small-${i + 1}`) })),
    ],
    rateLimit: { perMinute: 100_000_000 },
    transitionMs: 0,
  };
  // The same credentials and small project without the large one: the emulator a
  // typical CI job runs, for throughput without the 10,000-cluster world.
  const smallSeed = {
    ...seed,
    projects: seed.projects.filter((p) => p.id === small),
    apiKeys: [{ ...owner, roles: roles.filter((r) => r.projectId === small) }],
    serviceAccounts: [{ ...account, roles: roles.filter((r) => r.projectId === small) }],
    clusters: seed.clusters.filter((c) => c.projectId === small),
  };
  return { seed, smallSeed, projects: { large, medium, small }, owner, account, smallClusterName: 'small-1' };
}
