// The API layer against the real emulator, counting requests on the wire
// through GET /_emulator/stats.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, ExitCode, NetworkError } from '../../../src/base/errors.js';
import { buildDefaultSeed, startEmulator, type EmulatorStats, type RunningEmulator } from '../../../src/emulator/index.js';
import type { Settings } from '../../../src/config/settings.js';
import { createCluster, getCluster, listAllClusters, listClusters } from '../../../src/api/resources/clusters.js';
import { getPrivateIpMode, setPrivateIpMode } from '../../../src/api/resources/privateIpMode.js';
import { getRoot } from '../../../src/api/resources/root.js';
import { tempDir } from '../../helpers/cli.js';
import { waitFor } from '../../helpers/waitFor.js';
import { clientFor, settingsFor } from './servers.js';

const CLUSTERS = 2100; // five pages of 500

function createBody(name: string): Record<string, unknown> {
  return {
    name,
    clusterType: 'REPLICASET',
    mongoDBMajorVersion: '7.0',
    replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
  };
}

const clusterName = (i: number): string => `c${String(i).padStart(4, '0')}`;

async function stats(emu: RunningEmulator): Promise<EmulatorStats> {
  return (await (await fetch(`${emu.url}/_emulator/stats`)).json()) as EmulatorStats;
}

function owner(emu: RunningEmulator, extra: Partial<Settings> = {}): Settings {
  return settingsFor(emu.url, { ...emu.defaults.owner, projectId: emu.defaults.projectId, ...extra });
}

describe('against the emulator: paging', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    const seed = buildDefaultSeed();
    const projectId = seed.projects[0]!.id;
    seed.clusters = Array.from({ length: CLUSTERS }, (_, i) => ({ projectId, cluster: createBody(clusterName(i)) }));
    seed.rateLimit = { perMinute: 10_000 };
    emu = await startEmulator({ seed });
  }, 60_000);
  afterAll(() => emu?.stop());

  test('list all over 5 pages sends exactly 6 HTTP requests: 1 challenge + 5 pages', async () => {
    const { client } = clientFor(owner(emu));
    try {
      emu.resetStats();
      const all = await listAllClusters(client, emu.defaults.projectId);
      expect(all.totalCount).toBe(CLUSTERS);
      expect(all.results.map((c) => c.name)).toEqual(Array.from({ length: CLUSTERS }, (_, i) => clusterName(i)));
      const counted = await stats(emu);
      expect(counted.total).toBe(6);
      expect(counted.challenges).toBe(1);
      expect(counted.byStatus).toEqual({ '200': 5, '401': 1 });
    } finally {
      await client.close();
    }
  });

  test('fetch-all over 12 pages is complete and in the order of a page-by-page walk', async () => {
    const { client } = clientFor(owner(emu));
    try {
      const walked: string[] = [];
      for await (const page of client.pages<{ name: string }>(`/groups/${emu.defaults.projectId}/clusters`, 'clusters.list', { itemsPerPage: 500 })) {
        walked.push(...page.results.map((c) => c.name));
      }
      emu.resetStats();
      const all = await client.fetchAll<{ name: string }>(`/groups/${emu.defaults.projectId}/clusters`, 'clusters.list', {}, { pageSize: 180 });
      expect((await stats(emu)).total).toBe(12);
      expect(all.results.map((c) => c.name)).toEqual(walked);
      expect(new Set(walked).size).toBe(CLUSTERS);
      expect(all.links).toHaveLength(1);
      expect(all.links[0]!.rel).toBe('self');
    } finally {
      await client.close();
    }
  });

  test('one page, with and without the count', async () => {
    const { client } = clientFor(owner(emu));
    try {
      const page = await listClusters(client, emu.defaults.projectId, { pageNum: 3, itemsPerPage: 7 });
      expect(page.body.results.map((c) => c.name)).toEqual([14, 15, 16, 17, 18, 19, 20].map(clusterName));
      expect(page.body.totalCount).toBe(CLUSTERS);
      const uncounted = await listClusters(client, emu.defaults.projectId, { itemsPerPage: 1, includeCount: false });
      expect(uncounted.body.totalCount).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe('against the emulator: auth, retries, versions', () => {
  let emu: RunningEmulator;
  const clock = { offset: 0 };
  beforeAll(async () => {
    emu = await startEmulator({ clock: () => Date.now() + clock.offset, nonceTtlMs: 60_000, transitionMs: 50 });
  });
  afterAll(() => emu?.stop());

  test('a stale nonce recovers without an error', async () => {
    const { client } = clientFor(owner(emu));
    try {
      await getRoot(client);
      clock.offset += 120_000; // past the nonce lifetime
      emu.resetStats();
      expect((await getPrivateIpMode(client, emu.defaults.projectId)).body.enabled).toBe(false);
      const counted = await stats(emu);
      expect(counted.total).toBe(2);
      expect(counted.challenges).toBe(1);
    } finally {
      await client.close();
    }
  });

  test('a bearer token is reused by a second client on the same config dir: one token request', async () => {
    const configDir = tempDir();
    const settings = settingsFor(emu.url, { ...emu.defaults.serviceAccount, projectId: emu.defaults.projectId });
    emu.resetStats();
    for (let i = 0; i < 2; i++) {
      const { client } = clientFor(settings, { configDir });
      try {
        expect(client.authMethod).toBe('bearer');
        await getPrivateIpMode(client, emu.defaults.projectId);
      } finally {
        await client.close();
      }
    }
    const counted = await stats(emu);
    const tokenRequests = Object.entries(counted.byPath).filter(([path]) => path.includes('/api/oauth/token')).reduce((n, [, c]) => n + c, 0);
    expect(tokenRequests).toBe(1);
    expect(counted.total).toBe(3);
    expect(counted.challenges).toBe(0);
  });

  test('503 is retried for GET; POST is not retried', async () => {
    const { client } = clientFor(owner(emu), { retry: { maxAttempts: 3 } });
    try {
      await getRoot(client); // the challenge first, so the count below is only the retried call
      emu.setFaults({ failRate: 1 });
      emu.resetStats();
      const getError = (await getCluster(client, emu.defaults.projectId, 'nope').catch((e: unknown) => e)) as ApiError;
      expect(getError.status).toBe(503);
      expect(getError.exitCode).toBe(ExitCode.server);
      expect((await stats(emu)).byStatus).toEqual({ '503': 3 });
      emu.resetStats();
      const postError = (await createCluster(client, emu.defaults.projectId, createBody('never')).catch((e: unknown) => e)) as ApiError;
      expect(postError.status).toBe(503);
      expect((await stats(emu)).total).toBe(1);
    } finally {
      emu.setFaults({ failRate: 0 });
      await client.close();
    }
  });

  test('429 is retried after Retry-After and the calls succeed', async () => {
    // The emulator's clock stands 1.5 s before a minute boundary, limit 3 per minute,
    // until the burst has been refused; then the test moves it past the boundary,
    // before the retries (Retry-After: 2) come. No race with how fast the machine is.
    const boundary = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
    let now = boundary - 1_500;
    const limited = await startEmulator({ clock: () => now, rateLimitPerMinute: 3 });
    const { client, io } = clientFor(owner(limited));
    try {
      const calls = Promise.all([0, 1, 2, 3, 4].map(async () => (await getPrivateIpMode(client, limited.defaults.projectId)).body.enabled));
      await waitFor('two of five calls refused', () => (limited.stats().byStatus['429'] ?? 0) >= 2);
      now = boundary;
      expect(await calls).toEqual([false, false, false, false, false]);
      expect(io.stderr).toMatch(/^cdba: rate limited \(429\); retrying in 2s$/m);
    } finally {
      await client.close();
      await limited.stop();
    }
  });

  test('a POST whose connection drops after the commit is not repeated: exactly one cluster', async () => {
    const { client } = clientFor(owner(emu));
    try {
      emu.setFaults({ dropAfterCommit: true });
      const error = (await createCluster(client, emu.defaults.projectId, createBody('dropped')).catch((e: unknown) => e)) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.exitCode).toBe(ExitCode.server);
      expect(error.hint).toBe('the cluster may have been created; check that it exists before trying again');
      emu.setFaults({ dropAfterCommit: false });
      expect(emu.state().clusters.filter((c) => c.name === 'dropped')).toHaveLength(1);
      expect((await getCluster(client, emu.defaults.projectId, 'dropped')).body.name).toBe('dropped');
    } finally {
      emu.setFaults({ dropAfterCommit: false });
      await client.close();
    }
  });

  test('versions: the served version, v1.0, and one deprecation warning for 2023-01-01', async () => {
    const modern = clientFor(owner(emu));
    const legacy = clientFor(owner(emu, { apiVersion: '2023-01-01' }));
    const v1 = clientFor(owner(emu, { apiVersion: 'v1.0' }));
    try {
      await createCluster(modern.client, emu.defaults.projectId, createBody('shapes'));
      const got = await getCluster(modern.client, emu.defaults.projectId, 'shapes');
      expect(got.servedVersion).toBe('2023-02-01');
      expect(got.body.replicationSpecs).toBeDefined();
      // 2023-02-01 reads are deprecated since 2024-08-05 (the write warned first: one line per client).
      expect(modern.io.stderr).toBe('cdba: warning: API version 2023-02-01 of clusters is deprecated (since 2024-08-05) and will be removed on 2027-07-01\n');

      const old = await getCluster(legacy.client, emu.defaults.projectId, 'shapes');
      await getCluster(legacy.client, emu.defaults.projectId, 'shapes');
      expect(old.servedVersion).toBe('2023-01-01');
      expect(old.body.providerSettings).toBeDefined();
      expect(legacy.io.stderr).toBe('cdba: warning: API version 2023-01-01 of clusters is deprecated (since 2023-02-01) and will be removed on 2027-07-01\n');

      const root = await getRoot(v1.client);
      expect(root.url).toBe(`${emu.url}/api/atlas/v1.0`);
      expect(root.servedVersion).toBe('v1.0');
      expect(root.body.apiKey?.publicKey).toBe(emu.defaults.owner.publicKey);
      expect((await setPrivateIpMode(v1.client, emu.defaults.projectId, false)).body.enabled).toBe(false);
    } finally {
      await Promise.all([modern.client.close(), legacy.client.close(), v1.client.close()]);
    }
  });

  test('a wrong private key is exit 3 with the hint', async () => {
    const { client } = clientFor(owner(emu, { privateKey: '00000000-0000-4000-8000-000000000000' }));
    try {
      emu.resetStats();
      const error = (await getRoot(client).catch((e: unknown) => e)) as ApiError;
      expect(error.status).toBe(401);
      expect(error.exitCode).toBe(ExitCode.auth);
      expect(error.remedy).toEqual({ setting: 'credentials', kind: 'apiKey' });
      expect((await stats(emu)).total).toBe(2);
    } finally {
      await client.close();
    }
  });
});
