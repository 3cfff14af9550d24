// The emulator's processes (GET /groups/{groupId}/processes[/{processId}], 2023-01-01):
// derived from the project's clusters, with the recorded fields, links, key order and
// RateLimit-Limit (reference/recorded-diagnostics/TestProcesses__*), each answer valid
// against the diagnostics cut of the 2026-08 description; hosts as the connection strings
// name them; gone while a cluster is paused or deleting; none for shared-tier clusters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { OpenApiValidator } from './openapiValidator.js';
import { PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, shardedCreate, signature, tenantCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;
const V = v2('2023-01-01');
const groupA = `/api/atlas/v2/groups/${PROJECT_A}`;
const groupB = `/api/atlas/v2/groups/${PROJECT_B}`;
const recorded = readRecorded('recorded-diagnostics');
const recordedBody = (prefix: string): Doc => JSON.parse(recorded.find((r) => r.file.startsWith(prefix))!.body) as Doc;

describe('emulator: processes', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  const validator = new OpenApiValidator({ v2: 'v2-2026-08-diagnostics' });

  beforeAll(async () => {
    const seed = testSeed({
      clusters: [
        { projectId: PROJECT_A, cluster: modernCreate('Processes-719', { mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_A, cluster: tenantCreate('free') },
        { projectId: PROJECT_B, cluster: shardedCreate('sh') },
      ],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000 }));
    c = client(emu);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function get(path: string): Promise<{ status: number; json: Doc; headers: Headers }> {
    const response = await c.request('GET', path, { headers: V });
    const openApiPath = validator.pathOf(path)!;
    expect(validator.validate({ method: 'GET', path: openApiPath, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json })).toEqual([]);
    return { status: response.status, json: response.json as Doc, headers: response.headers };
  }

  it('lists a 3-node replica set as 3 processes shaped as recorded, with RateLimit-Limit 300', async () => {
    const listed = await get(`${groupA}/processes?includeCount=true&pageNum=1&itemsPerPage=100`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('ratelimit-limit')).toBe('300');
    expect(listed.headers.get('content-type')).toBe('application/vnd.atlas.2023-01-01+json;charset=utf-8');
    const results = listed.json.results as Doc[];
    expect(results).toHaveLength(3);
    expect(listed.json.totalCount).toBe(3);
    const live = recordedBody('TestProcesses__list__');
    expect([...signature(listed.json)].sort()).toEqual([...signature(live)].sort());
    for (const [i, process] of results.entries()) {
      expect(Object.keys(process)).toEqual(Object.keys((live.results as Doc[])[0]!));
      expect(process.hostname).toMatch(new RegExp(`^atlas-[a-z0-9]{6}-shard-00-0${i}\\.[a-z0-9]+\\.mongodb\\.net$`));
      expect(process.id).toBe(`${String(process.hostname)}:27017`);
      expect(process.port).toBe(27017);
      expect(process.replicaSetName).toBe(`${String(process.hostname).split('-shard-')[0]}-shard-0`);
      expect(process.userAlias).toBe(`processes-719-shard-00-0${i}.${String(process.hostname).split('.')[1]}.mongodb.net`);
      expect(process.version).toBe('8.0.29');
      expect((process.links as Doc[]).map((l) => l.rel)).toEqual(['self']);
    }
    expect(results.filter((p) => p.typeName === 'REPLICA_PRIMARY')).toHaveLength(1);
    expect(results.filter((p) => p.typeName === 'REPLICA_SECONDARY')).toHaveLength(2);
  });

  it("agrees with the cluster's connection strings: the hosts are the userAliases, the replica set the processes'", async () => {
    const cluster = (await c.request('GET', `${groupA}/clusters/Processes-719`, { headers: v2('2024-08-05') })).json as Doc;
    const standard = String((cluster.connectionStrings as Doc).standard);
    const processes = (await get(`${groupA}/processes`)).json.results as Doc[];
    const hosts = standard.replace('mongodb://', '').split('/')[0]!.split(',');
    expect(hosts).toEqual(processes.map((p) => `${String(p.userAlias)}:27017`));
    expect(standard).toContain(`replicaSet=${String(processes[0]!.replicaSetName)}`);
  });

  it('describes one process with the group and measurements links; 404 HOST_NOT_FOUND for another', async () => {
    const [first] = (await get(`${groupA}/processes`)).json.results as Doc[];
    const one = await get(`${groupA}/processes/${String(first!.id)}`);
    const live = recordedBody('TestProcesses__describe__');
    expect(Object.keys(one.json)).toEqual(Object.keys(live));
    const links = one.json.links as Doc[];
    expect(links.map((l) => l.rel)).toEqual(['self', 'https://cloud.mongodb.com/group', 'https://cloud.mongodb.com/measurements']);
    expect(links[0]!.href).toBe(`${emu.url}${groupA}/processes/${String(first!.id)}`);
    expect(links[2]!.href).toBe(`${emu.url}${groupA}/processes/${String(first!.id)}/measurements?granularity=PT5M&period=PT24H`);
    // The id percent-encoded, as a client's path builder may send it.
    expect((await get(`${groupA}/processes/${encodeURIComponent(String(first!.id))}`)).json.id).toBe(first!.id);
    const missing = await get(`${groupA}/processes/nohost.example.net:27017`);
    expect([missing.status, missing.json.errorCode]).toEqual([404, 'HOST_NOT_FOUND']);
    // Another project's process is not this one's.
    const other = await get(`${groupB}/processes/${String(first!.id)}`);
    expect(other.status).toBe(404);
  });

  it('a read-only key may list them', async () => {
    const response = await client(emu, READER).request('GET', `${groupA}/processes`, { headers: V });
    expect(response.status).toBe(200);
  });

  it('a sharded cluster: a mongod and a mongos on each host, config servers embedded (8.0)', async () => {
    const results = (await get(`${groupB}/processes`)).json.results as Doc[];
    const mongos = results.filter((p) => p.typeName === 'SHARD_MONGOS');
    const mongod = results.filter((p) => p.port === 27017);
    expect(mongos).toHaveLength(6);
    expect(mongod).toHaveLength(6);
    expect(mongos.every((p) => p.port === 27016 && p.replicaSetName === undefined)).toBe(true);
    expect(mongod.filter((p) => p.typeName === 'SHARD_CONFIG')).toHaveLength(3);
    expect(mongod.filter((p) => p.typeName === 'SHARD_PRIMARY')).toHaveLength(1);
    expect(mongod.every((p) => p.shardName === p.replicaSetName)).toBe(true);
  });

  it('none for a shared-tier cluster; gone while paused, back when resumed; gone once the delete starts', async () => {
    const names = async (): Promise<string[]> => ((await get(`${groupA}/processes`)).json.results as Doc[]).map((p) => String(p.userAlias));
    expect((await names()).some((n) => n.startsWith('free'))).toBe(false);
    clock.advance(2 * 3600_000);
    const paused = await c.request('PATCH', `${groupA}/clusters/Processes-719`, { headers: v2('2024-08-05'), body: { paused: true } });
    expect(paused.status).toBe(200);
    clock.advance(5000);
    expect(await names()).toEqual([]);
    const resumed = await c.request('PATCH', `${groupA}/clusters/Processes-719`, { headers: v2('2024-08-05'), body: { paused: false } });
    expect(resumed.status).toBe(200);
    clock.advance(5000);
    expect(await names()).toHaveLength(3);
    const deleted = await c.request('DELETE', `${groupA}/clusters/Processes-719`, { headers: v2('2024-08-05') });
    expect(deleted.status).toBe(202);
    expect(await names()).toEqual([]);
  });
});
