// The emulator's --date as a full ISO 8601 time (issue 38): the service's clock starts
// at that instant and runs on with the emulator's clock, so the Date header, what it
// stamps (a cluster's createDate) and what expires (a user's deleteAfterDate) follow
// it, and an emulator restarted on the same --state hours later sees them expired.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/inProcess.js';
import { OWNER, PROJECT_A, TestClock, client, modernCreate, tenantCreate, testSeed, v2 } from './fixtures.js';

const USERS = `/api/atlas/v2/groups/${PROJECT_A}/databaseUsers`;
const CLUSTERS = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const HOUR = 3_600_000;

const user = (username: string, deleteAfterDate: string) => ({
  username,
  databaseName: 'admin',
  groupId: PROJECT_A,
  password: 'a-long-enough-password',
  roles: [{ databaseName: 'admin', roleName: 'readWriteAnyDatabase' }],
  deleteAfterDate,
});

describe('--date with a time of day', () => {
  it('the Date header starts at the given instant and runs on with the clock; createDate follows it', async () => {
    const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 0));
    const { emu } = await withEmulator({ seed: testSeed(), clock: clock.read, date: '2026-12-01T14:00:00Z', transitionMs: 0 });
    try {
      const c = client(emu, OWNER);
      const first = await c.request('GET', USERS, { headers: v2('2024-08-05') });
      expect(first.headers.get('date')).toBe('Tue, 01 Dec 2026 14:00:00 GMT');
      clock.advance(90 * 60_000);
      const created = await c.request('POST', CLUSTERS, { headers: v2('2023-02-01'), body: tenantCreate('dated') });
      expect(created.status).toBe(201);
      expect(created.headers.get('date')).toBe('Tue, 01 Dec 2026 15:30:00 GMT');
      expect(created.json.createDate).toBe('2026-12-01T15:30:00Z');
    } finally {
      await emu.stop();
    }
  });

  it('a restart on the same --state hours later finds a user past its deleteAfterDate gone, and one within it kept', async () => {
    const statePath = join(tempDir(), 'state.json');
    const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 0));
    const first = (await withEmulator({ seed: testSeed(), statePath, clock: clock.read, date: '2026-12-01T10:00:00Z' })).emu;
    const c = client(first, OWNER);
    expect((await c.request('POST', USERS, { headers: v2('2024-08-05'), body: user('short', '2026-12-01T12:00:00Z') })).status).toBe(201);
    expect((await c.request('POST', USERS, { headers: v2('2024-08-05'), body: user('long', '2026-12-02T10:00:00Z') })).status).toBe(201);
    await first.stop();

    clock.advance(60_000); // the restart itself takes no service time: the new --date says when it is
    const later = (await withEmulator({ seed: testSeed(), statePath, clock: clock.read, date: '2026-12-01T14:00:00Z' })).emu;
    try {
      const list = await client(later, OWNER).request('GET', USERS, { headers: v2('2024-08-05') });
      expect(list.json.results.map((u: { username: string }) => u.username).sort()).toEqual(['long']);
      expect(Date.parse(list.headers.get('date')!) - Date.UTC(2026, 11, 1, 14)).toBeLessThan(HOUR);
    } finally {
      await later.stop();
    }
  });

  it('seeded clusters are made at the service\'s time: createDate, the processes\' lifetimes, and what ran on them since', async () => {
    // The machine's clock a month after the service's day: seeded at the clock, the clusters were made after every ping.
    const clock = new TestClock(Date.UTC(2027, 0, 1, 9, 0, 0));
    const seed = testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }],
      flexClusters: [{ projectId: PROJECT_A, cluster: { name: 'f1', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
      workload: [{ projectId: PROJECT_A, cluster: 'c1', namespace: 'sample.movies', queries: [{ filter: { year: 1999 }, perDay: 48 }] }],
    });
    const { emu } = await withEmulator({ seed, clock: clock.read, date: '2026-12-01T14:00:00Z', transitionMs: 0 });
    try {
      const c = client(emu, OWNER);
      expect((await c.request('GET', `${CLUSTERS}/c1`, { headers: v2('2024-08-05') })).json.createDate).toBe('2026-12-01T14:00:00Z');
      expect((await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters/f1`, { headers: v2('2024-11-13') })).json.createDate).toBe('2026-12-01T14:00:00Z');
      clock.advance(3 * HOUR);
      const processes = (await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/processes`, { headers: v2('2023-01-01') })).json.results as Array<{ id: string; created: string; lastPing: string; typeName: string }>;
      expect(processes).toHaveLength(3);
      for (const p of processes) {
        expect(p.created).toBe('2026-12-01T14:00:00Z');
        expect(Date.parse(p.lastPing)).toBeGreaterThanOrEqual(Date.parse(p.created));
        expect(Date.parse(p.lastPing)).toBeLessThanOrEqual(Date.UTC(2026, 11, 1, 17));
      }
      const primary = processes.find((p) => p.typeName === 'REPLICA_PRIMARY')!;
      const slow = await c.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/processes/${primary.id}/performanceAdvisor/slowQueryLogs`, { headers: v2('2023-01-01') });
      // Three hours of 48 a day.
      expect((slow.json.slowQueries as unknown[]).length).toBeGreaterThanOrEqual(5);
    } finally {
      await emu.stop();
    }
  });

  it('a calendar date alone keeps its meaning: that day at the clock\'s time of day', async () => {
    const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 15, 0));
    const { emu } = await withEmulator({ seed: testSeed(), clock: clock.read, date: '2027-07-01' });
    try {
      const answer = await client(emu, OWNER).request('GET', USERS, { headers: v2('2024-08-05') });
      expect(answer.headers.get('date')).toBe('Thu, 01 Jul 2027 09:15:00 GMT');
    } finally {
      await emu.stop();
    }
  });
});

describe('what is seeded or made under --date is made at the service\'s time, not the machine\'s', () => {
  // The machine's clock two years after the service's: made at the clock, these resources
  // would claim to be younger than "now" as the service tells it.
  const SERVICE = Date.UTC(2025, 2, 1);
  const DATE = '2025-03-01T00:00:00Z';
  const wallClock = (): TestClock => new TestClock(Date.UTC(2027, 0, 1, 9, 0, 0));
  const V1 = v2('2023-01-01');
  const GROUP = `/api/atlas/v2/groups/${PROJECT_A}`;
  /** The time an ObjectId carries (its first 4 bytes: seconds). */
  const idTime = (id: string): number => Number.parseInt(id.slice(0, 8), 16) * 1000;
  const atService = (ms: number): void => {
    expect(ms).toBeGreaterThanOrEqual(SERVICE);
    expect(ms).toBeLessThan(SERVICE + HOUR);
  };

  it('network peering: seeded containers and peers, and a container made through the API', async () => {
    const clock = wallClock();
    const seed = testSeed({
      networkPeering: [
        {
          projectId: PROJECT_A,
          container: { providerName: 'AWS', regionName: 'EU_WEST_1', atlasCidrBlock: '10.1.0.0/21' },
          peers: [{ providerName: 'AWS', accepterRegionName: 'eu-west-1', awsAccountId: '123456789012', routeTableCidrBlock: '10.0.0.0/16', vpcId: 'vpc-0a1b2c3d4e5f60718' }],
        },
      ],
    });
    const { emu } = await withEmulator({ seed, clock: clock.read, date: DATE, transitionMs: 0 });
    try {
      const c = client(emu, OWNER);
      const containers = (await c.request('GET', `${GROUP}/containers?providerName=AWS`, { headers: V1 })).json.results as Array<{ id: string }>;
      expect(containers).toHaveLength(1);
      atService(idTime(containers[0]!.id));
      const peers = (await c.request('GET', `${GROUP}/peers`, { headers: V1 })).json.results as Array<{ id: string; statusName: string }>;
      expect(peers.map((p) => p.statusName)).toEqual(['AVAILABLE']);
      atService(idTime(peers[0]!.id));
      const made = await c.request('POST', `${GROUP}/containers`, { headers: V1, body: { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '192.168.248.0/21' } });
      expect(made.status).toBe(200);
      atService(idTime(made.json.id as string));
    } finally {
      await emu.stop();
    }
  });

  it('private endpoints: a seeded service, and one made through the API that still becomes AVAILABLE on the service\'s clock', async () => {
    const clock = wallClock();
    const seed = testSeed({ privateEndpointServices: [{ projectId: PROJECT_A, providerName: 'AWS', region: 'us-east-1', endpoints: [{ id: 'vpce-0a1b2c3d4e5f60718' }] }] });
    const T = 1000;
    const { emu } = await withEmulator({ seed, clock: clock.read, date: DATE, transitionMs: T });
    try {
      const c = client(emu, OWNER);
      const services = (await c.request('GET', `${GROUP}/privateEndpoint/AWS/endpointService`, { headers: V1 })).json as Array<{ id: string; status: string; interfaceEndpoints: string[] }>;
      expect(services.map((s) => [s.status, s.interfaceEndpoints])).toEqual([['AVAILABLE', ['vpce-0a1b2c3d4e5f60718']]]);
      atService(idTime(services[0]!.id));
      const made = await c.request('POST', `${GROUP}/privateEndpoint/endpointService`, { headers: V1, body: { providerName: 'AWS', region: 'eu-west-1' } });
      expect(made.status).toBe(201);
      atService(idTime(made.json.id as string));
      expect(made.json.status).toBe('INITIATING');
      clock.advance(T);
      expect((await c.request('GET', `${GROUP}/privateEndpoint/AWS/endpointService/${made.json.id as string}`, { headers: V1 })).json.status).toBe('AVAILABLE');
    } finally {
      await emu.stop();
    }
  });

  it('search: a seeded index and sample load, an index changed and a load begun through the API', async () => {
    const clock = wallClock();
    const statePath = join(tempDir(), 'state.json');
    const seed = testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }],
      clusterData: [{ projectId: PROJECT_A, clusterName: 'c1', sampleData: true, collections: ['app.items'] }],
      searchIndexes: [{ projectId: PROJECT_A, clusterName: 'c1', index: { database: 'app', collectionName: 'items', name: 'default', definition: { mappings: { dynamic: true } } } }],
    });
    const { emu } = await withEmulator({ seed, statePath, clock: clock.read, date: DATE, transitionMs: 0 });
    try {
      const c = client(emu, OWNER);
      const indexes = `${CLUSTERS}/c1/search/indexes`;
      const listed = (await c.request('GET', indexes, { headers: v2('2024-05-30') })).json as Array<{ indexID: string; status: string }>;
      expect(listed.map((i) => i.status)).toEqual(['READY']);
      atService(idTime(listed[0]!.indexID));
      // The seeded load's id is in the state file only; the API answers for it.
      const saved = JSON.parse(readFileSync(statePath, 'utf8')) as { world: { search: { sampleLoads: Array<{ _id: string }> } } };
      const seededLoad = (await c.request('GET', `${GROUP}/sampleDatasetLoad/${saved.world.search.sampleLoads[0]!._id}`, { headers: V1 })).json;
      expect(seededLoad).toMatchObject({ createDate: DATE, completeDate: DATE, state: 'COMPLETED' });
      atService(idTime(seededLoad._id as string));

      const changed = await c.request('PATCH', `${indexes}/${listed[0]!.indexID}`, { headers: v2('2024-05-30'), body: { definition: { mappings: { dynamic: false, fields: { title: { type: 'string' } } } } } });
      expect(changed.status).toBe(200);
      atService(Date.parse((await c.request('GET', `${indexes}/${listed[0]!.indexID}`, { headers: v2('2024-05-30') })).json.latestDefinitionVersion.createdAt as string));
      const load = await c.request('POST', `${GROUP}/sampleDatasetLoad/c1`, { headers: V1 });
      expect(load.status).toBe(201);
      atService(Date.parse(load.json.createDate as string));
      atService(idTime(load.json._id as string));
      expect((await c.request('GET', `${GROUP}/sampleDatasetLoad/${load.json._id as string}`, { headers: V1 })).json.state).toBe('COMPLETED');
    } finally {
      await emu.stop();
    }
  });

  it('projects: a seeded project and one made through the API were created that day', async () => {
    const clock = wallClock();
    const { emu } = await withEmulator({ seed: testSeed(), clock: clock.read, date: DATE });
    try {
      const c = client(emu, OWNER);
      const seeded = (await c.request('GET', GROUP, { headers: V1 })).json as { created: string; orgId: string };
      expect(seeded.created).toBe(DATE);
      const made = await c.request('POST', '/api/atlas/v2/groups', { headers: V1, body: { name: 'dated', orgId: seeded.orgId } });
      expect(made.status).toBe(201);
      expect(made.json.created).toBe(DATE);
      atService(idTime(made.json.id as string));
    } finally {
      await emu.stop();
    }
  });

  it('a cluster made through the API: its strings were issued (mongoURIUpdated), and its processes came up, on the service\'s clock when CREATING ended', async () => {
    const clock = wallClock();
    const T = 60_000;
    const { emu } = await withEmulator({ seed: testSeed(), clock: clock.read, date: DATE, transitionMs: T });
    try {
      const c = client(emu, OWNER);
      expect((await c.request('POST', CLUSTERS, { headers: v2('2024-08-05'), body: modernCreate('later') })).status).toBe(201);
      clock.advance(T);
      const cluster = (await c.request('GET', `${CLUSTERS}/later`, { headers: v2('2024-08-05') })).json;
      expect(cluster).toMatchObject({ stateName: 'IDLE', createDate: DATE });
      // The processes came up then (their created is mongoURIUpdated), not at the machine's time.
      const processes = (await c.request('GET', `${GROUP}/processes`, { headers: V1 })).json.results as Array<{ created: string }>;
      expect(processes.length).toBeGreaterThan(0);
      for (const p of processes) expect(p.created).toBe('2025-03-01T00:01:00Z');
    } finally {
      await emu.stop();
    }
  });

  it('the access history reads the users at the service\'s time: a user within its deleteAfterDate is kept', async () => {
    const clock = wallClock();
    const { emu } = await withEmulator({ seed: testSeed({ clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }] }), clock: clock.read, date: DATE, transitionMs: 0 });
    try {
      const c = client(emu, OWNER);
      expect((await c.request('POST', USERS, { headers: v2('2024-08-05'), body: user('temp', '2025-03-03T00:00:00Z') })).status).toBe(201);
      expect((await c.request('GET', `${GROUP}/dbAccessHistory/clusters/c1`, { headers: V1 })).status).toBe(200);
      const list = await c.request('GET', USERS, { headers: v2('2024-08-05') });
      expect(list.json.results.map((u: { username: string }) => u.username)).toContain('temp');
    } finally {
      await emu.stop();
    }
  });
});
