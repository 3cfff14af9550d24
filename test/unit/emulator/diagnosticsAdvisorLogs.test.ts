// The emulator's log download and Performance Advisor: shaped as recorded
// (reference/recorded-diagnostics/TestLogs__Download_*, TestPerformanceAdvisor__*), every
// JSON answer valid against the diagnostics cut of the 2026-08 description, and derived
// from the seeded workload consistently: the slow query lines the advisor answers are
// lines of the host's log download, and its suggested indexes serve those queries.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import type { WorkloadEntry } from '../../../src/emulator/resources/performanceAdvisor/index.js';
import { OpenApiValidator } from './openapiValidator.js';
import { PROJECT_A, PROJECT_B, READER, TestClock, client, modernCreate, shardedCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;
const groupA = `/api/atlas/v2/groups/${PROJECT_A}`;
const recorded = readRecorded('recorded-diagnostics');
const recordedFile = (prefix: string) => recorded.find((r) => r.file.startsWith(prefix))!;
const GZIP = { Accept: 'application/vnd.atlas.2023-02-01+gzip' };

const WORKLOAD: WorkloadEntry[] = [
  {
    projectId: PROJECT_A,
    cluster: 'Busy',
    namespace: 'sample.movies',
    queries: [
      { filter: { year: 1999, title: 'The Matrix' }, sort: { released: -1 as const }, perDay: 48, millis: 320, docsExamined: 21_349, nReturned: 3 },
      { filter: { genres: 'Drama', runtime: { $gt: 120 } }, perDay: 24, millis: 180 },
      { filter: { title: { $regex: '^the', $options: 'i' } }, perDay: 12, millis: 900 },
    ],
    indexes: [
      { name: 'cast_1', key: { cast: 1 as const } },
      { name: 'genres_1', key: { genres: 1 as const } },
      { name: 'genres_1_runtime_1', key: { genres: 1 as const, runtime: 1 as const } },
      { name: 'plot_1', key: { plot: 1 as const }, hidden: true },
    ],
  },
  { projectId: PROJECT_A, cluster: 'Busy', namespace: 'sample.comments', queries: [{ filter: { movie_id: 7 }, perDay: 24, lookup: 'users' }], avgObjSize: 3 * 1024 * 1024 },
];

describe('emulator: log download and Performance Advisor', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  const validator = new OpenApiValidator({ v2: 'v2-2026-08-diagnostics' });
  let primary: Doc;
  let secondary: Doc;

  beforeAll(async () => {
    const seed = testSeed({
      clusters: [
        { projectId: PROJECT_A, cluster: modernCreate('Busy', { mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_A, cluster: modernCreate('Quiet', { mongoDBMajorVersion: '8.0' }) },
        { projectId: PROJECT_B, cluster: shardedCreate('sh') },
      ],
      workload: WORKLOAD,
      // The log's connections are the database users' (accessLogs module's connectionsOf).
      databaseUsers: [{ projectId: PROJECT_A, user: { databaseName: 'admin', username: 'app', roles: [{ roleName: 'readWrite', databaseName: 'sample' }] } }],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000 }));
    // A day and an hour on: the hosts came up when the emulator started, and have run the workload since.
    clock.advance(25 * 3_600_000);
    c = client(emu);
    const listed = await c.request('GET', `${groupA}/processes`, { headers: v2('2023-01-01') });
    const busy = (listed.json.results as Doc[]).filter((p) => String(p.userAlias).startsWith('busy-'));
    primary = busy.find((p) => p.typeName === 'REPLICA_PRIMARY')!;
    secondary = busy.find((p) => p.typeName === 'REPLICA_SECONDARY')!;
    expect(primary && secondary).toBeTruthy();
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function get(path: string, version = '2023-01-01'): Promise<{ status: number; json: Doc; headers: Headers }> {
    const response = await c.request('GET', path, { headers: v2(version) });
    const openApiPath = validator.pathOf(path.split('?')[0]!)!;
    expect(openApiPath, path).toBeDefined();
    expect(validator.validate({ method: 'GET', path: openApiPath, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json })).toEqual([]);
    return { status: response.status, json: response.json as Doc, headers: response.headers };
  }

  const pa = (process: Doc, what: string, query = ''): string => `${groupA}/processes/${String(process.id)}/performanceAdvisor/${what}${query}`;

  it('a cluster with no workload answers as the recorded new cluster, RateLimit-Limit 1200', async () => {
    const quiet = (await c.request('GET', `${groupA}/processes`, { headers: v2('2023-01-01') })).json.results.find((p: Doc) => String(p.userAlias).startsWith('quiet-') && p.typeName === 'REPLICA_PRIMARY') as Doc;
    for (const [what, prefix] of [['namespaces', 'TestPerformanceAdvisor__List_namespaces'], ['slowQueryLogs', 'TestPerformanceAdvisor__List_slow_query'], ['suggestedIndexes', 'TestPerformanceAdvisor__List_suggested']] as const) {
      const answer = await get(pa(quiet, what));
      const live = recordedFile(prefix);
      expect(answer.status).toBe(live.status);
      expect(answer.json).toEqual(JSON.parse(live.body));
      expect(answer.headers.get('ratelimit-limit')).toBe(live.headers['ratelimit-limit']);
      expect(answer.headers.get('content-type')).toBe(live.headers['content-type']);
    }
  });

  it('the primary of a busy cluster: its namespaces, slow query lines and the indexes that serve them', async () => {
    const namespaces = (await get(pa(primary, 'namespaces'))).json.namespaces as Doc[];
    expect(namespaces.map((n) => n.namespace).sort()).toEqual(['sample.comments', 'sample.movies']);
    expect(namespaces.every((n) => n.type === 'collection')).toBe(true);

    const slow = (await get(pa(primary, 'slowQueryLogs', '?includeMetrics=true&includeOpType=true&includeReplicaState=true&namespaces=sample.movies'))).json.slowQueries as Doc[];
    // Last 24 hours: 48 + 24 + 12 runs on movies.
    expect(slow).toHaveLength(84);
    for (const query of slow) {
      const line = JSON.parse(String(query.line)) as Doc;
      expect(line).toMatchObject({ s: 'I', c: 'COMMAND', id: 51803, msg: 'Slow query' });
      expect((line.attr as Doc).ns).toBe('sample.movies');
      expect(query).toMatchObject({ namespace: 'sample.movies', opType: 'read', replicaState: 'PRIMARY' });
    }
    const limited = (await get(pa(primary, 'slowQueryLogs', '?nLogs=5'))).json.slowQueries as Doc[];
    expect(limited).toHaveLength(5);
    expect(Object.keys(limited[0]!).sort()).toEqual(['line', 'namespace']);

    const advice = (await get(pa(primary, 'suggestedIndexes'))).json;
    const indexes = advice.suggestedIndexes as Doc[];
    // year+title equality, then the sort; the regex title query; movie_id. genres+runtime is served by an index it has.
    expect(indexes.map((i) => i.index)).toEqual(expect.arrayContaining([[{ year: 1 }, { title: 1 }, { released: -1 }], [{ title: 1 }], [{ movie_id: 1 }]]));
    expect(indexes).toHaveLength(3);
    const shapes = advice.shapes as Doc[];
    for (const index of indexes) for (const id of index.impact as string[]) expect(shapes.some((s) => s.id === id)).toBe(true);
    const matrix = shapes.find((s) => JSON.stringify(s.operations).includes('The Matrix'))!;
    expect(matrix).toMatchObject({ count: 48, avgMs: 320, namespace: 'sample.movies', inefficiencyScore: 7116 });
    expect((matrix.operations as Doc[]).length).toBe(5);
  });

  it('namespaces and processIds are read repeated, as the description says to pass them; a comma is part of one value', async () => {
    const slow = async (query: string): Promise<Doc[]> => (await get(pa(primary, 'slowQueryLogs', query))).json.slowQueries as Doc[];
    const movies = await slow('?namespaces=sample.movies');
    const comments = await slow('?namespaces=sample.comments');
    expect(movies.length && comments.length).toBeGreaterThan(0);
    const both = await slow('?namespaces=sample.movies&namespaces=sample.comments');
    expect(both).toHaveLength(movies.length + comments.length);
    expect(new Set(both.map((q) => q.namespace))).toEqual(new Set(['sample.movies', 'sample.comments']));
    // One value with a comma names one namespace, which ran nothing.
    expect(await slow('?namespaces=sample.movies%2Csample.comments')).toEqual([]);
    expect((await get(pa(primary, 'suggestedIndexes', '?namespaces=sample.movies,sample.comments'))).json.suggestedIndexes).toEqual([]);

    const suggested = async (query: string): Promise<Doc[]> => ((await get(`${groupA}/clusters/Busy/performanceAdvisor/suggestedIndexes${query}`, '2024-08-05')).json.content as Doc).suggestedIndexes as Doc[];
    expect(await suggested(`?processIds=${String(secondary.id)}&processIds=${String(primary.id)}`)).toHaveLength(3);
    expect(await suggested(`?processIds=${String(secondary.id)},${String(primary.id)}`)).toEqual([]);
  });

  it('a secondary ran none of it; a window before the workload finds nothing', async () => {
    expect((await get(pa(secondary, 'namespaces'))).json).toEqual({ namespaces: [] });
    expect((await get(pa(secondary, 'slowQueryLogs'))).json).toEqual({ slowQueries: [] });
    const hour = (await get(pa(primary, 'slowQueryLogs', `?since=${clock.now - 3_600_000}&duration=3600000`))).json.slowQueries as Doc[];
    expect(hour.length).toBeGreaterThan(0);
    expect(hour.length).toBeLessThan(10);
  });

  it('a bad since, nLogs or flag is 400 INVALID_QUERY_PARAMETER; an unknown process is 404 HOST_NOT_FOUND', async () => {
    for (const query of ['?since=12', '?nLogs=20001', '?includeMetrics=yes']) {
      const answer = await get(pa(primary, 'slowQueryLogs', query));
      expect(answer.status, query).toBe(400);
    }
    const missing = await get(`${groupA}/processes/nohost.example.net:27017/performanceAdvisor/namespaces`);
    expect(missing.status).toBe(404);
    expect(missing.json.errorCode).toBe('HOST_NOT_FOUND');
  });

  it('cluster-level suggested indexes, schema advice and drop-index suggestions: enveloped by default, 2024-08-05', async () => {
    const suggested = await get(`${groupA}/clusters/Busy/performanceAdvisor/suggestedIndexes`, '2024-08-05');
    expect(suggested.status).toBe(200);
    expect(suggested.headers.get('content-type')).toBe('application/vnd.atlas.2024-08-05+json;charset=utf-8');
    expect(suggested.json.status).toBe(200);
    expect(((suggested.json.content as Doc).suggestedIndexes as Doc[]).length).toBe(3);
    const plain = await c.request('GET', `${groupA}/clusters/Busy/performanceAdvisor/suggestedIndexes?envelope=false`, { headers: v2('2024-08-05') });
    expect(Object.keys(plain.json as Doc).sort()).toEqual(['shapes', 'suggestedIndexes']);

    const schema = ((await get(`${groupA}/clusters/Busy/performanceAdvisor/schemaAdvice`, '2024-08-05')).json.content as Doc).recommendations as Doc[];
    expect(schema.map((r) => r.recommendation).sort()).toEqual(['OPTIMIZE_CASE_INSENSITIVE_REGEX_QUERIES', 'REDUCE_DOCUMENT_SIZE', 'REDUCE_LOOKUP_OPS']);
    const drop = (await get(`${groupA}/clusters/Busy/performanceAdvisor/dropIndexSuggestions`, '2024-08-05')).json.content as Doc;
    const names = (list: unknown): unknown[] => (list as Doc[]).map((i) => i.name);
    expect({ hidden: names(drop.hiddenIndexes), redundant: names(drop.redundantIndexes), unused: names(drop.unusedIndexes) }).toEqual({ hidden: ['plot_1'], redundant: ['genres_1'], unused: ['cast_1'] });

    const quiet = await get(`${groupA}/clusters/Quiet/performanceAdvisor/schemaAdvice`, '2024-08-05');
    expect(quiet.json).toEqual({ content: { recommendations: [] }, status: 200 });
    const missing = await get(`${groupA}/clusters/Nope/performanceAdvisor/dropIndexSuggestions`, '2024-08-05');
    expect(missing.json.errorCode).toBe('CLUSTER_NOT_FOUND');
  });

  it('managed slow ms: POST enable and DELETE disable answer 204 without a body, as recorded; GET follows; a reader may not change it', async () => {
    expect((await get(`${groupA}/managedSlowMs`)).json).toBe(true);
    for (const [method, path, prefix] of [['DELETE', 'disable', 'TestPerformanceAdvisor__Disable'], ['POST', 'enable', 'TestPerformanceAdvisor__Enable']] as const) {
      const answer = await c.request(method, `${groupA}/managedSlowMs/${path}`, { headers: v2('2023-01-01') });
      const live = recordedFile(prefix);
      expect(answer.status).toBe(live.status);
      expect(answer.text).toBe('');
      expect(answer.headers.get('ratelimit-limit')).toBe('1200');
      expect(answer.headers.get('content-type')).toBe(live.headers['content-type']);
      expect((await get(`${groupA}/managedSlowMs`)).json).toBe(method === 'POST');
    }
    const reader = await client(emu, READER).request('DELETE', `${groupA}/managedSlowMs/disable`, { headers: v2('2023-01-01') });
    // The service's answer to a role that does not permit the action.
    expect(reader.status).toBe(401);
    expect(reader.json.errorCode).toBe('USER_UNAUTHORIZED');
  });

  it('a host\'s log: the recorded headers, a gzip of mongod JSON lines holding the slow queries the advisor lists', async () => {
    const host = String(primary.hostname);
    const answer = await c.request('GET', `${groupA}/clusters/${host}/logs/mongodb.gz`, { headers: GZIP });
    const live = recordedFile('TestLogs__Download_mongodb.gz__');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(live.headers['content-type']);
    expect(answer.headers.get('ratelimit-limit')).toBe(live.headers['ratelimit-limit']);
    const start = new Date(clock.now - 86_400_000).toISOString().slice(0, 19);
    const end = new Date(clock.now).toISOString().slice(0, 19);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${host}_${start}_${end}_MONGODB.log.gz"`);
    expect(answer.headers.get('content-encoding')).toBeNull();
    const text = gunzipSync(answer.bytes).toString('utf8');
    expect(answer.headers.get('x-uncompressed-content-length')).toBe(String(Buffer.byteLength(text)));
    const lines = text.trimEnd().split('\n');
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('t.$date');
    const ids = new Set(lines.map((line) => (JSON.parse(line) as Doc).id));
    for (const id of [22943, 5286306, 22944, 51803]) expect(ids.has(id), String(id)).toBe(true);
    const slow = (await get(pa(primary, 'slowQueryLogs'))).json.slowQueries as Doc[];
    expect(slow.length).toBeGreaterThan(0);
    for (const query of slow) expect(lines).toContain(query.line);
    // The same host and window give the same bytes.
    const again = await c.request('GET', `${groupA}/clusters/${host}/logs/mongodb.gz`, { headers: GZIP });
    expect(again.bytes.equals(answer.bytes)).toBe(true);
  });

  it('audit logs hold audit events; mongos on a replica set is an empty file; a window in the past starts with the process', async () => {
    const host = String(primary.hostname);
    const audit = await c.request('GET', `${groupA}/clusters/${host}/logs/mongodb-audit-log.gz`, { headers: GZIP });
    expect(audit.headers.get('content-disposition')).toMatch(/_MONGODB_AUDIT_LOG\.log\.gz"$/);
    const events = gunzipSync(audit.bytes).toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Doc);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.atype === 'authenticate' && e.result === 0)).toBe(true);
    const mongos = await c.request('GET', `${groupA}/clusters/${host}/logs/mongos.gz`, { headers: GZIP });
    const emptyLive = recordedFile('TestLogs__Download_mongos.gz__');
    expect(mongos.status).toBe(200);
    expect(mongos.bytes.length).toBe(0);
    expect(mongos.headers.get('content-length')).toBe(emptyLive.headers['content-length']);
    expect(mongos.headers.get('x-uncompressed-content-length')).toBe(emptyLive.headers['x-uncompressed-content-length']);
    const created = Math.floor(Date.parse(String(primary.created)) / 1000);
    const early = await c.request('GET', `${groupA}/clusters/${host}/logs/mongodb.gz?startDate=${created - 60}&endDate=${created + 600}`, { headers: GZIP });
    const first = JSON.parse(gunzipSync(early.bytes).toString('utf8').split('\n')[0]!) as Doc;
    expect(first.msg).toBe('***** SERVER RESTARTED *****');
  });

  it('refusals: an unknown host 404, a bad window 400, a JSON Accept 406; only the end given means the 24 hours before it', async () => {
    const host = String(primary.hostname);
    const unknown = await c.request('GET', `${groupA}/clusters/nohost.example.net/logs/mongodb.gz`, { headers: GZIP });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errorCode).toBe('HOST_NOT_FOUND');
    const now = Math.floor(clock.now / 1000);
    for (const query of [`?startDate=${now}&endDate=${now - 10}`, '?startDate=12', `?startDate=${now - 40 * 86_400}&endDate=${now}`, '?endDate=abc']) {
      const bad = await c.request('GET', `${groupA}/clusters/${host}/logs/mongodb.gz${query}`, { headers: GZIP });
      expect(bad.status, query).toBe(400);
    }
    const json = await c.request('GET', `${groupA}/clusters/${host}/logs/mongodb.gz`, { headers: v2('2023-02-01') });
    expect(json.status).toBe(406);
    const endOnly = await c.request('GET', `${groupA}/clusters/${host}/logs/mongodb.gz?endDate=${now - 3600}`, { headers: GZIP });
    expect(endOnly.headers.get('content-disposition')).toContain(`_${new Date((now - 3600 - 86_400) * 1000).toISOString().slice(0, 19)}_${new Date((now - 3600) * 1000).toISOString().slice(0, 19)}_`);
  });

  it('a sharded cluster: mongos logs on its hosts, its workload-free advisor empty', async () => {
    const listed = await c.request('GET', `/api/atlas/v2/groups/${PROJECT_B}/processes`, { headers: v2('2023-01-01') });
    const mongos = (listed.json.results as Doc[]).find((p) => p.typeName === 'SHARD_MONGOS')!;
    // A window from when it came up: the mongos's startup.
    const created = Math.floor(Date.parse(String(mongos.created)) / 1000);
    const answer = await c.request('GET', `/api/atlas/v2/groups/${PROJECT_B}/clusters/${String(mongos.hostname)}/logs/mongos.gz?startDate=${created - 60}&endDate=${created + 600}`, { headers: GZIP });
    const first = JSON.parse(gunzipSync(answer.bytes).toString('utf8').split('\n')[0]!) as Doc;
    expect(first.msg).toBe('***** SERVER RESTARTED *****');
    expect(JSON.stringify(first)).not.toContain('"ctx":"conn');
    expect(answer.headers.get('content-disposition')).toMatch(/_MONGOS\.log\.gz"$/);
  });
});
