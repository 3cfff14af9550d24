// The OpenAPI check of openapi.test.ts for search indexes and the sample dataset load:
// every emulator answer of those operations, refusals included, validates against the
// description cut to them (admin-api-v2-2026-08-search-subset.json), and each of its
// operations answered a success at least once. One departure is the live service's and
// kept: an index being built on the current paths reads IN_PROGRESS (LIVE_DEPARTURES).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient, type RequestOptions } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { PROJECT_A, READER, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';
import type { OpenApiValidator } from './openapiValidator.js';
import { LIVE_DEPARTURES, SEARCH_SCHEMA_PATCHES, searchValidator } from './searchOpenApi.js';

type Doc = Record<string, unknown>;

interface Seen {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

const TRANSITION = 10_000;
const group = `/api/atlas/v2/groups/${PROJECT_A}`;

describe('OpenAPI conformance (2026-08 search cut): search indexes and the sample dataset load', () => {
  let validator: OpenApiValidator;
  const clock = new TestClock();
  let emu: RunningEmulator;
  const seen: Seen[] = [];

  beforeAll(async () => {
    validator = searchValidator();
    const seed = testSeed({ clusters: [{ projectId: PROJECT_A, cluster: modernCreate('c1') }] });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: TRANSITION }));
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function call(c: DigestClient, method: string, path: string, options: RequestOptions = {}): Promise<Doc> {
    const version = path.includes('/search/') ? '2024-05-30' : '2023-01-01';
    const response = await c.request(method, path, { ...options, headers: { ...v2(version), ...options.headers } });
    // The load's two paths have one shape ({name} to start, {sampleDatasetId} to read): the method tells them apart.
    const openApiPath = path.includes('/sampleDatasetLoad/')
      ? `/api/atlas/v2/groups/{groupId}/sampleDatasetLoad/${method === 'POST' ? '{name}' : '{sampleDatasetId}'}`
      : validator.pathOf(path);
    expect(openApiPath, path).toBeDefined();
    seen.push({ method, path: openApiPath!, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json ?? response.text });
    return response.json as Doc;
  }

  /** Errors of one answer, the named live departure taken out (each one it takes out is counted). */
  let departures = 0;
  function problems(s: Seen): string[] {
    const errors = validator.validate(s);
    // The subtype by `type`, which the description's discriminator names (the base alone leaves latestDefinition loose).
    const items = Array.isArray(s.body) ? s.body : [s.body];
    if ((s.status === 200 || s.status === 201) && s.path.includes('/search/indexes')) {
      for (const item of items as Doc[]) {
        const type = String(item.type);
        const fn = validator.component('v2', type === 'vectorSearch' ? 'VectorSearchIndexResponse' : 'TextSearchIndexResponse');
        if (!fn(item)) errors.push(...(fn.errors ?? []).map((e) => `${type}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`));
      }
    }
    return errors.filter((error) => {
      const departure = /\/status must be equal to one of the allowed values/.test(error) && items.some((item) => (item as Doc).status === 'IN_PROGRESS') && s.path.includes('/search/indexes');
      if (departure) departures += 1;
      return !departure;
    });
  }

  it('the description, patched as SEARCH_SCHEMA_PATCHES says, accepts the recorded live answers (calibration)', () => {
    expect(SEARCH_SCHEMA_PATCHES.length).toBe(5);
    expect(LIVE_DEPARTURES).toEqual(['SearchIndexResponse.status IN_PROGRESS']);
    const recorded = readRecorded('recorded-search').filter((r) => /indexes|sampleDatasetLoad/.test(r.file) && r.body.trim() !== '');
    expect(recorded.length).toBeGreaterThanOrEqual(7);
    for (const r of recorded) {
      const [, method, rest] = /__(GET|POST|PATCH|DELETE)_api_atlas_v2_(.+)_\d+\.http$/.exec(r.file)!;
      const request = `/api/atlas/v2/${rest!.replace(/_/g, '/').replace('search-476', 'search-476')}`;
      const path = /sampleDatasetLoad/.test(request)
        ? `/api/atlas/v2/groups/{groupId}/sampleDatasetLoad/${method === 'POST' ? '{name}' : '{sampleDatasetId}'}`
        : /fts\/indexes\/sample/.test(request)
          ? '/api/atlas/v2/groups/{groupId}/clusters/{clusterName}/fts/indexes/{databaseName}/{collectionName}'
          : /indexes\/[0-9a-f]{24}$/.test(request)
            ? `/api/atlas/v2/groups/{groupId}/clusters/{clusterName}/${request.includes('/fts/') ? 'fts' : 'search'}/indexes/{indexId}`
            : `/api/atlas/v2/groups/{groupId}/clusters/{clusterName}/${request.includes('/fts/') ? 'fts' : 'search'}/indexes`;
      expect(validator.validate({ method: method!, path, status: r.status, contentType: r.headers['content-type'] ?? '', body: JSON.parse(r.body) }), r.file).toEqual([]);
    }
  });

  it('is not vacuous: it refuses IN_PROGRESS on the current paths and a load without its state', () => {
    const current = '/api/atlas/v2/groups/{groupId}/clusters/{clusterName}/search/indexes/{indexId}';
    expect(validator.validate({ method: 'GET', path: current, status: 200, contentType: 'application/vnd.atlas.2024-05-30+json', body: { indexID: 'a'.repeat(24), status: 'IN_PROGRESS' } })).not.toEqual([]);
    const load = '/api/atlas/v2/groups/{groupId}/sampleDatasetLoad/{sampleDatasetId}';
    expect(validator.validate({ method: 'GET', path: load, status: 200, contentType: 'application/vnd.atlas.2023-01-01+json', body: { state: 'DONE' } })).not.toEqual([]);
  });

  it('exercises every operation, its refusals included', async () => {
    const c = client(emu);
    const reader = client(emu, READER);
    const search = `${group}/clusters/c1/search/indexes`;
    const fts = `${group}/clusters/c1/fts/indexes`;
    const load = await call(c, 'POST', `${group}/sampleDatasetLoad/c1`);
    await call(c, 'GET', `${group}/sampleDatasetLoad/${load._id as string}`); // WORKING
    await call(c, 'POST', `${group}/sampleDatasetLoad/nope`); // 404
    clock.advance(TRANSITION);
    await call(c, 'GET', `${group}/sampleDatasetLoad/${load._id as string}`); // COMPLETED
    const text = await call(c, 'POST', search, { body: { database: 'sample_mflix', collectionName: 'movies', name: 'text', definition: { mappings: { dynamic: false, fields: { title: { type: 'string', analyzer: 'lucene.english' } } }, synonyms: [{ analyzer: 'lucene.standard', name: 's', source: { collection: 'syn' } }] } } });
    const vector = await call(c, 'POST', search, { body: { database: 'sample_mflix', collectionName: 'embedded_movies', name: 'vec', type: 'vectorSearch', definition: { fields: [{ type: 'vector', path: 'plot_embedding', numDimensions: 1536, similarity: 'cosine' }, { type: 'filter', path: 'year' }] } } });
    await call(c, 'POST', search, { body: { database: 'sample_mflix', collectionName: 'movies', name: 'text', definition: { mappings: { dynamic: true } } } }); // 409
    await call(c, 'POST', search, { body: { database: 'sample_mflix', collectionName: 'movies', name: 'bad', definition: {} } }); // 400
    await call(reader, 'POST', search, { body: { database: 'sample_mflix', collectionName: 'movies', name: 'r', definition: { mappings: { dynamic: true } } } }); // 401
    await call(c, 'GET', search); // PENDING
    clock.advance(TRANSITION * 0.6);
    await call(c, 'GET', search); // IN_PROGRESS: the departure
    await call(c, 'GET', `${search}/sample_mflix/movies`);
    await call(c, 'GET', `${search}/${text.indexID as string}`);
    await call(c, 'GET', `${search}/sample_mflix/embedded_movies/vec`);
    clock.advance(TRANSITION);
    await call(c, 'GET', `${search}/${vector.indexID as string}`); // READY, statusDetail
    await call(c, 'GET', `${search}/${'f'.repeat(24)}`); // 404
    await call(c, 'PATCH', `${search}/${text.indexID as string}`, { body: { definition: { mappings: { dynamic: true }, storedSource: { include: ['title'] } } } });
    await call(c, 'PATCH', `${search}/sample_mflix/embedded_movies/vec`, { body: { definition: { fields: [{ type: 'vector', path: 'plot_embedding', numDimensions: 1536, similarity: 'euclidean', quantization: 'scalar' }] } } });
    await call(c, 'PATCH', `${search}/sample_mflix/embedded_movies/vec`, { body: { definition: { fields: 'no' } } }); // 400
    const failing = await call(c, 'POST', search, { body: { database: 'app', collectionName: 'absent', name: 'f', definition: { mappings: { dynamic: true } } } });
    clock.advance(TRANSITION);
    await call(c, 'GET', `${search}/${failing.indexID as string}`); // FAILED with a message
    const flat = await call(c, 'POST', fts, { body: { database: 'sample_training', collectionName: 'posts', name: 'flat', analyzer: 'lucene.standard', mappings: { dynamic: true } } });
    await call(c, 'POST', fts, { body: { database: 'sample_training', collectionName: 'posts', name: 'flat', mappings: { dynamic: true } } }); // 409
    await call(c, 'GET', `${fts}/sample_training/posts`);
    await call(c, 'GET', `${fts}/${flat.indexID as string}`);
    await call(c, 'GET', `${fts}/${vector.indexID as string}`);
    await call(c, 'PATCH', `${fts}/${flat.indexID as string}`, { body: { database: 'sample_training', collectionName: 'posts', name: 'flat', mappings: { dynamic: false, fields: { body: { type: 'string' } } } } });
    clock.advance(TRANSITION);
    await call(c, 'GET', `${fts}/${flat.indexID as string}`); // STEADY
    await call(c, 'DELETE', `${fts}/${flat.indexID as string}`);
    await call(c, 'DELETE', `${search}/${text.indexID as string}`);
    await call(c, 'DELETE', `${search}/sample_mflix/embedded_movies/vec`);
    await call(c, 'DELETE', `${search}/sample_mflix/embedded_movies/vec`); // 404
    const statuses = [...new Set(seen.map((s) => s.status))].sort();
    expect(statuses).toEqual([200, 201, 204, 400, 401, 404, 409]);
  });

  it('validates every answer against the description, IN_PROGRESS on the current paths the one named departure', () => {
    expect(seen.length).toBeGreaterThan(30);
    const found = seen.flatMap((s) => problems(s).map((e) => `${s.method} ${s.path} ${s.status}: ${e}`));
    expect(found).toEqual([]);
    expect(departures).toBeGreaterThan(0);
  });

  it('covered every operation of the cut with a success', () => {
    const covered = new Set(seen.filter((s) => s.status < 300).map((s) => `${s.method} ${s.path}`));
    const expected = validator.operations().filter(({ path }) => path.startsWith('/api/atlas/v2')).map(({ method, path }) => `${method} ${path}`);
    expect(expected.length).toBe(16);
    expect(expected.filter((key) => !covered.has(key))).toEqual([]);
  });
});
