// The database access history module against the description cut to diagnostics: a
// cluster's history derived from its users and the project's access list (and the seed
// key's attempts), by cluster name and by hostname, filtered as the service filters
// (start/end in epoch milliseconds, both or neither; ipAddress; authResult; nLogs), and
// the 404s for a cluster or a hostname the project does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { OpenApiValidator } from './openapiValidator.js';
import { OWNER, PROJECT_A, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const V = v2('2023-01-01');

describe('access logs: a cluster\'s authentication attempts, derived and seeded', () => {
  const clock = new TestClock(Date.UTC(2026, 7, 10, 12, 0, 0));
  let emu: RunningEmulator;
  let owner: DigestClient;
  let validator: OpenApiValidator;
  const answers: Array<{ method: string; path: string; status: number; contentType: string; body: unknown }> = [];

  beforeAll(async () => {
    validator = new OpenApiValidator({ v2: 'v2-2026-08-diagnostics' });
    const base = testSeed();
    const seed = testSeed({
      projects: [{ ...base.projects[0]!, ipAccessList: [{ ipAddress: '203.0.113.7' }, { cidrBlock: '198.51.100.0/24' }] }, base.projects[1]!],
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }, { projectId: PROJECT_A, cluster: modernCreate('c2') }],
      databaseUsers: [
        { projectId: PROJECT_A, user: { databaseName: 'admin', username: 'app', roles: [{ roleName: 'readWrite', databaseName: 'app' }] } },
        { projectId: PROJECT_A, user: { databaseName: 'admin', username: 'only-c2', roles: [{ roleName: 'read', databaseName: 'app' }], scopes: [{ name: 'c2', type: 'CLUSTER' }] } },
      ],
      accessLogs: [{ groupId: PROJECT_A, clusterName: 'c1', username: 'intruder', ipAddress: '192.0.2.9', timestamp: '2026-08-10T11:30:00Z', authResult: false, failureReason: 'UserNotFound' }],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read }));
    owner = client(emu, OWNER);
    // The logins happen once the hosts exist: three hours after the seeded clusters were made.
    clock.advance(3 * 3_600_000);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function get(path: string): Promise<{ status: number; body: Doc }> {
    const response = await owner.request('GET', path, { headers: V });
    const openApiPath = validator.pathOf(path.split('?')[0]!);
    expect(openApiPath, path).toBeDefined();
    answers.push({ method: 'GET', path: openApiPath!, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json });
    return { status: response.status, body: response.json as Doc };
  }

  it('by cluster: every user who may use it logs in from each address of the access list; the seeded failure is there; newest first', async () => {
    const { status, body } = await get(`${group}/dbAccessHistory/clusters/c1`);
    expect(status).toBe(200);
    const logs = body.accessLogs as Doc[];
    expect(new Set(logs.map((l) => l.username))).toEqual(new Set(['app', 'intruder']));
    expect(new Set(logs.filter((l) => l.authResult).map((l) => l.ipAddress))).toEqual(new Set(['203.0.113.7', '198.51.100.0']));
    const failure = logs.find((l) => !l.authResult)!;
    expect(failure).toMatchObject({ username: 'intruder', ipAddress: '192.0.2.9', failureReason: 'UserNotFound', timestamp: '2026-08-10T11:30:00Z', groupId: PROJECT_A });
    expect(logs.find((l) => l.authResult)!.failureReason).toBeUndefined();
    const times = logs.map((l) => l.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    // Deterministic: the same world and clock answer the same history.
    expect((await get(`${group}/dbAccessHistory/clusters/c1`)).body).toEqual(body);
    const c2 = (await get(`${group}/dbAccessHistory/clusters/c2`)).body.accessLogs as Doc[];
    expect(new Set(c2.map((l) => l.username))).toEqual(new Set(['app', 'only-c2']));
  });

  it('filters: authResult, ipAddress, start and end (epoch ms), nLogs', async () => {
    const path = `${group}/dbAccessHistory/clusters/c1`;
    expect(((await get(`${path}?authResult=false`)).body.accessLogs as Doc[]).map((l) => l.username)).toEqual(['intruder']);
    expect(((await get(`${path}?authResult=true`)).body.accessLogs as Doc[]).every((l) => l.authResult)).toBe(true);
    expect(((await get(`${path}?ipAddress=203.0.113.7`)).body.accessLogs as Doc[]).every((l) => l.ipAddress === '203.0.113.7')).toBe(true);
    const start = Date.UTC(2026, 7, 10, 11, 29, 0);
    const window = (await get(`${path}?start=${start}&end=${start + 120_000}`)).body.accessLogs as Doc[];
    expect(window.some((l) => l.username === 'intruder')).toBe(true);
    expect(window.every((l) => Date.parse(l.timestamp) >= start && Date.parse(l.timestamp) <= start + 120_000)).toBe(true);
    expect((await get(`${path}?nLogs=2`)).body.accessLogs).toHaveLength(2);
    expect((await get(`${path}?start=${start}`)).body.errorCode).toBe('INVALID_QUERY_PARAMETER');
    expect((await get(`${path}?nLogs=20001`)).status).toBe(400);
  });

  it("ipAddress: the description's pattern, and a refusal that says what it wants (an IPv6 address written out in full)", async () => {
    const path = `${group}/dbAccessHistory/clusters/c1`;
    for (const ip of ['::1', '2001:DB8:0:0:0:0:0:7', 'fe80:0:0:0:0:0:0:1%eth0', '300.1.1.1']) {
      const refused = await get(`${path}?ipAddress=${encodeURIComponent(ip)}`);
      expect([refused.status, refused.body.errorCode], ip).toEqual([400, 'INVALID_QUERY_PARAMETER']);
      expect(refused.body.detail, ip).toMatch(/an IPv4 address, or an IPv6 address written out in full: eight groups of lower-case hexadecimal digits, without ::/);
    }
    for (const ip of ['0:0:0:0:0:0:0:1', '2001:0db8:0:0:0:0:0:7', '192.0.2.9']) expect((await get(`${path}?ipAddress=${ip}`)).status, ip).toBe(200);
  });

  it('by hostname: the cluster\'s host\'s attempts only; an unknown cluster or host is 404', async () => {
    const all = (await get(`${group}/dbAccessHistory/clusters/c1`)).body.accessLogs as Doc[];
    const host = all[0]!.hostname as string;
    expect(host).toMatch(/^atlas-[a-z0-9]{6}-shard-00-0\d\.[a-z0-9]+\.mongodb\.net$/);
    const byHost = (await get(`${group}/dbAccessHistory/processes/${host}`)).body.accessLogs as Doc[];
    expect(byHost.length).toBeGreaterThan(0);
    expect(byHost).toEqual(all.filter((l) => l.hostname === host));
    const missing = await get(`${group}/dbAccessHistory/clusters/nope`);
    expect([missing.status, missing.body.errorCode]).toEqual([404, 'CLUSTER_NOT_FOUND']);
    const noHost = await get(`${group}/dbAccessHistory/processes/nope.example.net`);
    expect([noHost.status, noHost.body.errorCode]).toEqual([404, 'HOST_NOT_FOUND']);
  });

  it('every answer validates against the description cut to diagnostics', () => {
    expect(answers.length).toBeGreaterThan(8);
    for (const answer of answers) expect(validator.validate(answer), `${answer.path} ${answer.status}`).toEqual([]);
  });
});
