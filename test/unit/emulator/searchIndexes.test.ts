// The emulator's search indexes and sample dataset load (issue 37): each recorded
// response (reference/recorded-search) reproduced in shape by driving the emulator to
// the recorded situation; one store behind the current and deprecated paths; the life
// of an index on the transition time; the refusals; seed and --state.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient, type HttpResult, type RequestOptions } from '../../helpers/emulator.js';
import { readRecorded, type RecordedResponse } from '../../helpers/reference.js';
import { tempDir } from '../../helpers/cli.js';
import { MANAGER, PROJECT_A, READER, TestClock, client, modernCreate, signature, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;
const sorted = (set: Set<string>): string[] => [...set].sort();

const TRANSITION = 60_000;
const CURRENT = '2024-05-30';
const DEPRECATED = '2023-01-01';
const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const search = (cluster: string): string => `${group}/clusters/${cluster}/search/indexes`;
const fts = (cluster: string): string => `${group}/clusters/${cluster}/fts/indexes`;
const sampleLoad = `${group}/sampleDatasetLoad`;
const flexBody = (name: string): Doc => ({ name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });

const dynamicIndex = (name: string, extra: Doc = {}): Doc => ({ collectionName: 'movies', database: 'sample_mflix', name, definition: { mappings: { dynamic: true } }, ...extra });
const vectorIndex = (name: string, field: Doc = {}): Doc => ({
  collectionName: 'embedded_movies',
  database: 'sample_mflix',
  name,
  type: 'vectorSearch',
  definition: { fields: [{ type: 'vector', path: 'plot_embedding', numDimensions: 1536, similarity: 'dotProduct', ...field }] },
});

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;

async function call(method: string, path: string, options: RequestOptions & { version?: string; as?: DigestClient } = {}): Promise<HttpResult> {
  const version = options.version ?? (path.includes('/fts/') || path.includes('sampleDatasetLoad') ? DEPRECATED : CURRENT);
  return (options.as ?? c).request(method, path, { ...options, headers: { ...v2(version), ...options.headers } });
}

beforeAll(async () => {
  const seed = testSeed({
    clusters: [{ projectId: PROJECT_A, cluster: modernCreate('search-476') }, { projectId: PROJECT_A, cluster: modernCreate('sleepy') }],
    flexClusters: [{ projectId: PROJECT_A, cluster: flexBody('flexy') }],
    clusterData: [{ projectId: PROJECT_A, clusterName: 'flexy', collections: ['app.items'] }],
  });
  ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: TRANSITION }));
  c = client(emu);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('the recorded search flow, reproduced in shape', () => {
  const files: RecordedResponse[] = readRecorded('recorded-search');
  const pick = (part: string): RecordedResponse => files.find((f) => f.file.includes(part))!;
  const body = (r: RecordedResponse): unknown => JSON.parse(r.body);
  const sameShape = (got: HttpResult, recorded: RecordedResponse): void => {
    expect(got.status, recorded.file).toBe(recorded.status);
    expect(got.headers.get('content-type'), recorded.file).toBe(recorded.headers['content-type']);
    expect(got.headers.get('ratelimit-limit'), recorded.file).toBe(recorded.headers['ratelimit-limit']);
    for (const header of ['deprecation', 'sunset']) expect(got.headers.get(header) ?? undefined, `${recorded.file} ${header}`).toBe(recorded.headers[header]);
    if (recorded.body.trim() !== '') expect(sorted(signature(got.json)), recorded.file).toEqual(sorted(signature(body(recorded))));
  };
  let loadId = '';
  let indexId = '';

  it('loads the sample dataset: 201 WORKING, then WORKING, then COMPLETED', async () => {
    const started = await call('POST', `${sampleLoad}/search-476`);
    sameShape(started, pick('Load_Sample_data__POST'));
    expect(started.json).toMatchObject({ clusterName: 'search-476', state: 'WORKING', completeDate: null, errorMessage: null });
    loadId = started.json._id;
    clock.advance(3000);
    sameShape(await call('GET', `${sampleLoad}/${loadId}`), pick(`sampleDatasetLoad_6a7944f2c0eb9e7a1772ef8e_1`));
    expect(emu.state().search.find((s) => s.clusterName === 'search-476')?.sampleDatabases).toEqual([]);
    clock.advance(TRANSITION);
    const done = await call('GET', `${sampleLoad}/${loadId}`);
    sameShape(done, pick(`sampleDatasetLoad_6a7944f2c0eb9e7a1772ef8e_2`));
    expect(done.json.state).toBe('COMPLETED');
    // The sample databases are recorded on the cluster, in the emulator's state.
    expect(emu.state().search.find((s) => s.clusterName === 'search-476')?.sampleDatabases).toContain('sample_mflix');
  });

  it('creates from a file on the current path: 201 PENDING, not queryable', async () => {
    const created = await call('POST', search('search-476'), { body: dynamicIndex('index-204') });
    const recorded = pick('Create_via_file__POST');
    sameShape(created, recorded);
    const { indexID: _id, ...rest } = created.json as Doc;
    const { indexID: _recordedId, ...recordedRest } = body(recorded) as Doc;
    expect(rest).toEqual(recordedRest);
    indexId = created.json.indexID;
  });

  it('describes it on the deprecated path while it builds: IN_PROGRESS, "fields": null', async () => {
    clock.advance(TRANSITION * 0.6);
    const described = await call('GET', `${fts('search-476')}/${indexId}`);
    const recorded = pick('Describe__GET');
    sameShape(described, recorded);
    expect({ ...described.json, indexID: 'x' }).toEqual({ ...(body(recorded) as Doc), indexID: 'x' });
  });

  it('updates it from a file: 200 PENDING, version 1 with its date', async () => {
    const updated = await call('PATCH', `${search('search-476')}/${indexId}`, { body: { definition: { analyzer: 'lucene.simple', mappings: { dynamic: true } } } });
    const recorded = pick('Update_via_file__PATCH');
    sameShape(updated, recorded);
    expect(updated.json).toMatchObject({ status: 'PENDING', queryable: false, latestDefinitionVersion: { version: 1 }, latestDefinition: { analyzer: 'lucene.simple' } });
  });

  it('lists the collection\'s indexes on the deprecated path', async () => {
    clock.advance(4000);
    const listed = await call('GET', `${fts('search-476')}/sample_mflix/movies`);
    const recorded = pick('list__GET');
    sameShape(listed, recorded);
    expect(listed.json.map((doc: Doc) => ({ ...doc, indexID: 'x' }))).toEqual((body(recorded) as Doc[]).map((doc) => ({ ...doc, indexID: 'x' })));
  });

  it('deletes it on the current path: 204, no body', async () => {
    const deleted = await call('DELETE', `${search('search-476')}/${indexId}`);
    sameShape(deleted, pick('Delete__DELETE'));
    expect(deleted.text).toBe('');
  });

  it('creates with static mappings and custom analyzers on the deprecated path: 200 IN_PROGRESS', async () => {
    const recorded = pick('Create_staticMapping__POST');
    const { indexID: _id, status: _status, ...request } = body(recorded) as Doc;
    // The request leaves the analyzers' character filters out; the answer fills in [].
    const analyzers = (request.analyzers as Doc[]).map(({ charFilters: _none, ...analyzer }) => analyzer);
    const created = await call('POST', fts('search-476'), { body: { ...request, analyzers } });
    sameShape(created, recorded);
    expect({ ...created.json, indexID: 'x' }).toEqual({ ...(body(recorded) as Doc), indexID: 'x' });
  });
});

describe('search indexes in the emulator', () => {
  beforeAll(async () => {
    const loaded = await call('POST', `${sampleLoad}/sleepy`);
    expect(loaded.status).toBe(201);
    clock.advance(TRANSITION);
  });

  it('keeps one store: made on one path, seen and changed on the other', async () => {
    const made = await call('POST', fts('sleepy'), { body: { collectionName: 'posts', database: 'sample_training', name: 'flat', mappings: { dynamic: true } } });
    expect(made.status).toBe(200);
    const byName = await call('GET', `${search('sleepy')}/sample_training/posts/flat`);
    expect(byName.json).toMatchObject({ indexID: made.json.indexID, type: 'search', latestDefinition: { mappings: { dynamic: true } } });
    const current = await call('POST', search('sleepy'), { body: vectorIndex('vectors') });
    const flat = await call('GET', `${fts('sleepy')}/${current.json.indexID}`);
    expect(flat.json).toMatchObject({ type: 'vectorSearch', name: 'vectors', fields: [{ path: 'plot_embedding', numDimensions: 1536 }], status: 'IN_PROGRESS' });
    const all = await call('GET', search('sleepy'));
    expect(all.json.map((doc: Doc) => doc.name).sort()).toEqual(['flat', 'vectors']);
    // What a GET gave, sent back with a change (its read-only indexID and status echoed unchanged).
    const got = (await call('GET', `${fts('sleepy')}/${made.json.indexID}`)).json as Doc;
    const fixed = await call('PATCH', `${fts('sleepy')}/${made.json.indexID}`, { body: { ...got, mappings: { dynamic: false, fields: { title: { type: 'string' } } } } });
    expect(fixed.status, fixed.text).toBe(200);
    const vectorsInSearch = await call('PATCH', `${fts('sleepy')}/${made.json.indexID}`, { body: { ...got, fields: [{ type: 'vector', path: 'v', numDimensions: 3, similarity: 'cosine' }] } });
    expect(vectorsInSearch.json).toMatchObject({ error: 400, errorCode: 'INVALID_ATTRIBUTE', parameters: ['fields'] });
    expect((await call('GET', `${search('sleepy')}/${made.json.indexID}`)).json.latestDefinitionVersion.version).toBe(1);
  });

  it('goes PENDING, IN_PROGRESS, READY on the transition time; queryable at READY; an update keeps it queryable', async () => {
    const made = await call('POST', search('sleepy'), { body: dynamicIndex('life') });
    const at = (): Promise<HttpResult> => call('GET', `${search('sleepy')}/${made.json.indexID}`);
    expect((await at()).json).toMatchObject({ status: 'PENDING', queryable: false });
    clock.advance(TRANSITION / 2);
    expect((await at()).json).toMatchObject({ status: 'IN_PROGRESS', queryable: false });
    clock.advance(TRANSITION / 2);
    const ready = (await at()).json;
    expect(ready).toMatchObject({ status: 'READY', queryable: true });
    expect(ready.statusDetail).toHaveLength(3);
    expect(ready.statusDetail[0]).toMatchObject({ status: 'READY', queryable: true, mainIndex: { status: 'READY', queryable: true } });
    const updated = await call('PATCH', `${search('sleepy')}/sample_mflix/movies/life`, { body: { definition: { mappings: { dynamic: true }, storedSource: true } } });
    expect(updated.json).toMatchObject({ status: 'PENDING', queryable: true, latestDefinitionVersion: { version: 1 } });
    clock.advance(TRANSITION);
    expect((await at()).json).toMatchObject({ status: 'READY', queryable: true, latestDefinition: { storedSource: true } });
  });

  it('a definition whose build cannot succeed is taken and goes FAILED with the message', async () => {
    const made = await call('POST', search('sleepy'), { body: vectorIndex('manhattan', { similarity: 'manhattan' }) });
    expect(made.status).toBe(201);
    clock.advance(TRANSITION);
    const failed = (await call('GET', `${search('sleepy')}/${made.json.indexID}`)).json;
    expect(failed).toMatchObject({ status: 'FAILED', queryable: false });
    expect(failed.statusDetail[0].mainIndex.message).toBe('definition.fields[0].similarity: unknown similarity "manhattan" (one of "euclidean", "cosine", "dotProduct")');
    expect((await call('GET', `${fts('sleepy')}/${made.json.indexID}`)).json.status).toBe('FAILED');
  });

  it('an index on a collection the cluster does not hold goes FAILED (DOCS-15216)', async () => {
    const made = await call('POST', search('sleepy'), { body: dynamicIndex('nowhere', { database: 'app', collectionName: 'items' }) });
    expect(made.status).toBe(201);
    clock.advance(TRANSITION);
    const failed = (await call('GET', `${search('sleepy')}/${made.json.indexID}`)).json;
    expect(failed.status).toBe('FAILED');
    expect(failed.statusDetail[0].mainIndex.message).toBe('Collection app.items does not exist on cluster sleepy.');
  });

  it('refuses at once what the description refuses, naming the field', async () => {
    const cases: Array<[Doc, number, string, string]> = [
      [{ collectionName: 'movies', database: 'sample_mflix', name: 'x', definition: {} }, 400, 'MISSING_ATTRIBUTE', 'definition.mappings'],
      [{ collectionName: 'movies', database: 'sample_mflix', name: 'x', definition: { mappings: { dynamic: true }, colour: 'red' } }, 400, 'INVALID_ATTRIBUTE', 'definition.colour'],
      [{ collectionName: 'movies', database: 'sample_mflix', name: 'x', type: 'vectorSearch', definition: { mappings: { dynamic: true } } }, 400, 'INVALID_ATTRIBUTE', 'definition.mappings'],
      [{ collectionName: 'movies', database: 'sample_mflix', definition: { mappings: { dynamic: true } } }, 400, 'MISSING_ATTRIBUTE', 'name'],
      [
        { collectionName: 'movies', database: 'sample_mflix', name: 'x', definition: { mappings: { dynamic: true }, analyzers: [{ name: 'a', tokenizer: { type: 'standard' } }, { name: 'a', tokenizer: { type: 'keyword' } }] } },
        400,
        'ATLAS_FTS_ANALYZER_NAME_NOT_UNIQUE',
        'definition.analyzers[1].name',
      ],
    ];
    for (const [request, status, code, field] of cases) {
      const refused = await call('POST', search('sleepy'), { body: request });
      expect(refused.status, JSON.stringify(request)).toBe(status);
      expect(refused.json).toMatchObject({ errorCode: code, parameters: [field] });
    }
    const flat = await call('POST', fts('sleepy'), { body: { database: 'sample_mflix', name: 'x', mappings: { dynamic: true } } });
    expect(flat.json).toMatchObject({ error: 400, errorCode: 'MISSING_ATTRIBUTE', parameters: ['collectionName'] });
  });

  it('refuses a name taken in the namespace (409) on either path, and allows it in another collection', async () => {
    await call('POST', search('sleepy'), { body: dynamicIndex('twice') });
    const again = await call('POST', search('sleepy'), { body: dynamicIndex('twice') });
    expect(again.status).toBe(409);
    expect(again.json.errorCode).toBe('ATLAS_FTS_DUPLICATE_INDEX');
    const flat = await call('POST', fts('sleepy'), { body: { collectionName: 'movies', database: 'sample_mflix', name: 'twice', mappings: { dynamic: true } } });
    expect(flat.status).toBe(409);
    const elsewhere = await call('POST', search('sleepy'), { body: dynamicIndex('twice', { collectionName: 'comments' }) });
    expect(elsewhere.status).toBe(201);
  });

  it('a flex cluster takes ten indexes, not eleven', async () => {
    for (let i = 0; i < 10; i += 1) {
      const made = await call('POST', search('flexy'), { body: { collectionName: 'items', database: 'app', name: `i${i}`, definition: { mappings: { dynamic: true } } } });
      expect(made.status, made.text).toBe(201);
    }
    const eleventh = await call('POST', search('flexy'), { body: { collectionName: 'items', database: 'app', name: 'i10', definition: { mappings: { dynamic: true } } } });
    expect(eleventh.status).toBe(400);
    expect(eleventh.json.errorCode).toBe('ATLAS_GENERAL_ERROR');
    expect(eleventh.json.detail).toContain('10 search indexes');
    clock.advance(TRANSITION);
    // The seed's collection: READY there.
    expect((await call('GET', `${search('flexy')}/app/items/i0`)).json.status).toBe('READY');
  });

  it('refuses a paused cluster: index create and update, sample load', async () => {
    const made = await call('POST', search('sleepy'), { body: dynamicIndex('before-pause', { collectionName: 'users' }) });
    clock.advance(TRANSITION);
    expect((await call('PATCH', `${group}/clusters/sleepy`, { version: '2024-10-23', body: { paused: true } })).status).toBe(200);
    clock.advance(TRANSITION);
    for (const refused of [
      await call('POST', search('sleepy'), { body: dynamicIndex('paused') }),
      await call('PATCH', `${search('sleepy')}/${made.json.indexID}`, { body: { definition: { mappings: { dynamic: true } } } }),
      await call('POST', `${sampleLoad}/sleepy`),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.json.errorCode).toBe('CANNOT_UPDATE_PAUSED_CLUSTER');
    }
    expect((await call('GET', `${fts('sleepy')}/${made.json.indexID}`)).json.status).toBe('PAUSED');
    expect((await call('PATCH', `${group}/clusters/sleepy`, { version: '2024-10-23', body: { paused: false } })).status).toBe(200);
    clock.advance(TRANSITION);
  });

  it('deletes by name: DELETING for the transition time, then gone', async () => {
    const made = await call('POST', search('sleepy'), { body: dynamicIndex('brief', { collectionName: 'theaters' }) });
    expect((await call('DELETE', `${search('sleepy')}/sample_mflix/theaters/brief`)).status).toBe(204);
    expect((await call('GET', `${search('sleepy')}/${made.json.indexID}`)).json.status).toBe('DELETING');
    expect((await call('PATCH', `${search('sleepy')}/${made.json.indexID}`, { body: { definition: { mappings: { dynamic: true } } } })).status).toBe(404);
    clock.advance(TRANSITION);
    const gone = await call('GET', `${search('sleepy')}/${made.json.indexID}`);
    expect(gone.status).toBe(404);
    expect(gone.json.errorCode).toBe('RESOURCE_NOT_FOUND');
    expect((await call('DELETE', `${fts('sleepy')}/${made.json.indexID}`)).status).toBe(404);
  });

  it('answers 404 for a cluster that does not exist, and in the legacy API', async () => {
    const missing = await call('GET', search('nope'));
    expect(missing.json).toMatchObject({ error: 404, errorCode: 'CLUSTER_NOT_FOUND' });
    expect((await call('POST', `${sampleLoad}/nope`)).json.errorCode).toBe('CLUSTER_NOT_FOUND');
    expect((await call('GET', `${sampleLoad}/${'0'.repeat(24)}`)).status).toBe(404);
    const legacy = await c.request('GET', `/api/atlas/v1.0/groups/${PROJECT_A}/clusters/sleepy/search/indexes`);
    expect(legacy.status).toBe(404);
  });

  it('reads are everyone\'s; index changes the owner\'s; the sample load a cluster manager\'s too', async () => {
    const reader = client(emu, READER);
    const manager = client(emu, MANAGER);
    expect((await call('GET', search('sleepy'), { as: reader })).status).toBe(200);
    expect((await call('POST', search('sleepy'), { as: reader, body: dynamicIndex('r') })).status).toBe(401);
    expect((await call('POST', search('sleepy'), { as: manager, body: dynamicIndex('m') })).status).toBe(401);
    expect((await call('POST', `${sampleLoad}/sleepy`, { as: manager })).status).toBe(201);
  });

  it('a cluster deleted and made again under its name has none of the old one\'s indexes', async () => {
    await call('POST', `${group}/clusters`, { version: '2024-10-23', body: modernCreate('phoenix') });
    clock.advance(TRANSITION);
    await call('POST', `${sampleLoad}/phoenix`);
    expect((await call('POST', search('phoenix'), { body: dynamicIndex('old') })).status).toBe(201);
    await call('DELETE', `${group}/clusters/phoenix`, { version: '2023-02-01' });
    clock.advance(TRANSITION);
    await call('POST', `${group}/clusters`, { version: '2024-10-23', body: modernCreate('phoenix') });
    expect((await call('GET', search('phoenix'))).json).toEqual([]);
    expect(emu.state().search.find((s) => s.clusterName === 'phoenix')).toBeUndefined();
  });
});

describe('seed and --state', () => {
  it('a seed declares what clusters hold and their READY indexes; the state file keeps what was made', async () => {
    const statePath = join(tempDir(), 'state.json');
    const seed = testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }],
      clusterData: [{ projectId: PROJECT_A, clusterName: 'c1', sampleData: true, collections: ['app.items'] }],
      searchIndexes: [{ projectId: PROJECT_A, clusterName: 'c1', index: { database: 'app', collectionName: 'items', name: 'default', definition: { mappings: { dynamic: true } } } }],
    });
    const first = await startEmulator({ seed, statePath, clock: clock.read, transitionMs: 0 });
    const c1 = client(first);
    const listed = await c1.request('GET', search('c1'), { headers: v2(CURRENT) });
    expect(listed.json).toMatchObject([{ name: 'default', status: 'READY', queryable: true }]);
    expect(first.state().search[0]!.sampleDatabases).toContain('sample_mflix');
    const made = await c1.request('POST', search('c1'), { headers: v2(CURRENT), body: vectorIndex('added') });
    expect(made.status).toBe(201);
    await first.stop();

    const second = await startEmulator({ seed, statePath, clock: clock.read, transitionMs: 0 });
    const again = await client(second).request('GET', search('c1'), { headers: v2(CURRENT) });
    expect(again.json.map((doc: Doc) => [doc.name, doc.status])).toEqual([['default', 'READY'], ['added', 'READY']]);
    await second.stop();
  });

  it('refuses a seed whose index breaks a rule, names a collection the cluster lacks, or a cluster it lacks', async () => {
    const base = { clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }], clusterData: [{ projectId: PROJECT_A, clusterName: 'c1', collections: ['app.items'] }] };
    const index = (definition: Doc, extra: Doc = {}): Doc => ({ database: 'app', collectionName: 'items', name: 'v', type: 'vectorSearch', definition, ...extra });
    await expect(startEmulator({ seed: testSeed({ ...base, searchIndexes: [{ projectId: PROJECT_A, clusterName: 'c1', index: index({ fields: [{ type: 'vector', path: 'e', similarity: 'cosine' }] }) }] }) })).rejects.toThrow(
      /searchIndexes\[0\]\.index\.definition\.fields\[0\]\.numDimensions: required/,
    );
    await expect(startEmulator({ seed: testSeed({ ...base, searchIndexes: [{ projectId: PROJECT_A, clusterName: 'c1', index: index({ fields: [{ type: 'vector', path: 'e', numDimensions: 3, similarity: 'cosine' }] }, { collectionName: 'other' }) }] }) })).rejects.toThrow(
      /collection app\.other is not on cluster c1; declare it in clusterData/,
    );
    await expect(startEmulator({ seed: testSeed({ ...base, clusterData: [{ projectId: PROJECT_A, clusterName: 'c2', collections: ['a.b'] }] }) })).rejects.toThrow(/clusterData\[0\]\.clusterName: "c2" is not a cluster/);
  });
});
