// `cdba search-indexes list|get|create|update|delete` in process against an emulator:
// what each sends and prints, definitions checked before any request (one line naming
// the field, no request), --watch until READY and queryable or the service's reason on
// FAILED, and hints that carry the invocation's flags.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, SEEDED_CLUSTER, digestEnv, expectOneErrorLine, knownSeed } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const dir = tempDir('cdba-search-');
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
/** Requests to the search index paths so far. */
const searchRequests = (): number =>
  Object.entries(emu.stats().byPath)
    .filter(([key]) => key.includes('/search/indexes') || key.includes('/fts/'))
    .reduce((sum, [, count]) => sum + count, 0);
const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({ clusterData: [{ projectId: PROJECT_ID, clusterName: SEEDED_CLUSTER, sampleData: true, collections: ['app.items'] }] }),
    transitionMs: 0,
  }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('search-indexes create', () => {
  it('--dynamic --watch returns the index once READY and queryable; stdout is the document in a pipe', async () => {
    const result = await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--db', 'sample_mflix', '--collection', 'movies', '--name', 'default', '--dynamic', '--watch'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(json(result.stdout)).toMatchObject({ name: 'default', status: 'READY', queryable: true, latestDefinition: { mappings: { dynamic: true } } });
    expect(result.stderr).toMatch(/^cdba: search index sample_mflix\.movies\/default is PENDING\n/);
    expect(result.stderr).toMatch(/cdba: search index sample_mflix\.movies\/default is READY \(waited /);
  });

  it('--type vectorSearch with --field, and a vector definition file', async () => {
    const flags = await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--db', 'sample_mflix', '--collection', 'embedded_movies', '--name', 'vectors', '--type', 'vectorSearch', '--field', 'plot_embedding:1536:dotProduct', '--field', 'title_embedding:8:Cosine', '-o', 'json'], { env });
    expect(flags.exitCode, flags.stderr).toBe(0);
    expect(json(flags.stdout)).toMatchObject({ type: 'vectorSearch', latestDefinition: { fields: [{ path: 'plot_embedding', numDimensions: 1536, similarity: 'dotProduct', type: 'vector' }, { similarity: 'cosine' }] } });
    const request = file('vector-request.json', { database: 'sample_mflix', collectionName: 'embedded_movies', name: 'from-file', type: 'vectorSearch', definition: { fields: [{ type: 'vector', path: 'plot_embedding', numDimensions: 1536, similarity: 'euclidean' }, { type: 'filter', path: 'year' }] } });
    const fromFile = await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--file', request, '--watch', '-o', 'json'], { env });
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(json(fromFile.stdout)).toMatchObject({ name: 'from-file', status: 'READY', queryable: true });
  });

  it('checks the definition before any request: one line naming the file and the field', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--file', file('no-dims.json', { fields: [{ type: 'vector', path: 'embedding', similarity: 'cosine' }] }), '--db', 'a', '--collection', 'b', '--name', 'v'], /no-dims\.json: \$\.fields\[0\]\.numDimensions: required: the vector's number of dimensions \(1 to 8192\)$/m],
      [['--file', file('similarity.json', { database: 'a', collectionName: 'b', name: 'v', type: 'vectorSearch', definition: { fields: [{ type: 'vector', path: 'e', numDimensions: 3, similarity: 'cosin' }] } })], /similarity\.json: \$\.definition\.fields\[0\]\.similarity: unknown similarity "cosin"/],
      [['--file', file('no-mappings.json', { analyzer: 'lucene.english' }), '--db', 'a', '--collection', 'b', '--name', 's'], /no-mappings\.json: \$\.mappings: required: mappings/],
      [['--file', file('analyzer.json', { mappings: { dynamic: false, fields: { title: { type: 'string', analyzer: 'myAnalyzer' } } } }), '--db', 'a', '--collection', 'b', '--name', 's'], /analyzer\.json: \$\.mappings\.fields\.title\.analyzer: analyzer "myAnalyzer" is neither built in/],
      [['--field', 'embedding:0:cosine', '--db', 'a', '--collection', 'b', '--name', 'v'], /invalid --field "embedding:0:cosine": dimensions must be a whole number from 1 to 8192/],
      [['--field', 'embedding:12:manhattan', '--db', 'a', '--collection', 'b', '--name', 'v'], /similarity must be one of euclidean, cosine, dotProduct/],
      [['--dynamic', '--db', 'a', '--collection', 'b'], /--name is required with --dynamic/],
      [['--dynamic', '--type', 'vectorSearch', '--db', 'a', '--collection', 'b', '--name', 'n'], /--dynamic makes a search index/],
      [['--db', 'a', '--collection', 'b', '--name', 'n'], /give the definition: --file/],
      [['--dynamic', '--file', file('x.json', { mappings: { dynamic: true } }), '--db', 'a', '--collection', 'b', '--name', 'n'], /--file and --dynamic both give the definition/],
      [['--file', file('stray.json', { database: 'a', collectionName: 'b', name: 'n', definition: { mappings: { dynamic: true } }, mappings: {} })], /stray\.json: \$\.mappings: unknown field of a create request/],
    ];
    const before = searchRequests();
    for (const [args, pattern] of cases) {
      const result = await cdba(['search-indexes', 'create', SEEDED_CLUSTER, ...args], { env });
      expectOneErrorLine(result, 2, pattern);
    }
    expect(searchRequests()).toBe(before);
  });

  it('--watch ends with the service\'s reason when the build FAILS (exit 1)', async () => {
    const result = await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--db', 'app', '--collection', 'missing', '--name', 'nope', '--dynamic', '--watch'], { env });
    expect(result.exitCode).toBe(1);
    // Issue 43, item 6: a missing collection is not the definition's fault; and no stray `.;`.
    expect(result.stderr).toMatch(/\ncdba: search index app\.missing\/nope FAILED: Collection app\.missing does not exist on cluster seeded; app\.missing has no data yet: load it first \(`cdba clusters load-sample-data seeded --watch` for the sample data, or --sample-data with env up\), or index a collection that exists\n$/);
    expect(result.stderr).not.toMatch(/\.;|fix the definition/);
  });

  it('the service\'s refusal of a name taken in the collection is exit 5', async () => {
    await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--db', 'app', '--collection', 'items', '--name', 'twice', '--dynamic'], { env });
    const again = await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--db', 'app', '--collection', 'items', '--name', 'twice', '--dynamic'], { env });
    expectOneErrorLine(again, 5, /ATLAS_FTS_DUPLICATE_INDEX, HTTP 409/);
  });

  it('hints carry the invocation\'s --project-id', async () => {
    const result = await cdba(['--project-id', PROJECT_ID, 'search-indexes', 'create', SEEDED_CLUSTER, '--db', 'app', '--collection', 'items', '--name', 'hinted', '--dynamic', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`\`cdba --project-id ${PROJECT_ID} search-indexes get seeded app.items/hinted\``);
    // Issue 43, item 10: the way to wait is --watch; get shows the state once and does not wait.
    expect(result.stderr).toMatch(/is PENDING; --watch waits until it is READY and queryable \(see its state now with `cdba --project-id \S+ search-indexes get seeded app\.items\/hinted`\)\n$/);
    expect(result.stderr).not.toMatch(/wait for it with/);
  });
});

describe('search-indexes list, get, update, delete', () => {
  it('list: a table of the cluster\'s indexes, or one collection\'s', async () => {
    const table = await cdba(['search-indexes', 'list', SEEDED_CLUSTER, '-o', 'table'], { env });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^NAME\s+NAMESPACE\s+TYPE\s+STATUS\s+QUERYABLE\s+ID\n/);
    expect(table.stdout).toMatch(/\ndefault\s+sample_mflix\.movies\s+search\s+READY\s+yes\s+[0-9a-f]{24}\n/);
    const one = await cdba(['search-indexes', 'list', SEEDED_CLUSTER, '--db', 'sample_mflix', '--collection', 'embedded_movies', '--query', '[].name'], { env });
    expect(JSON.parse(one.stdout).sort()).toEqual(['from-file', 'vectors']);
    expectOneErrorLine(await cdba(['search-indexes', 'list', SEEDED_CLUSTER, '--db', 'x'], { env }), 2, /--db needs --collection/);
  });

  it('get: by name or by id; an index that is not there is exit 4', async () => {
    const byName = json((await cdba(['search-indexes', 'get', SEEDED_CLUSTER, 'sample_mflix.movies/default', '-o', 'json'], { env })).stdout);
    const byId = await cdba(['search-indexes', 'get', SEEDED_CLUSTER, byName.indexID as string, '--query', 'queryable'], { env });
    expect(byId.stdout.trim()).toBe('true');
    const view = await cdba(['search-indexes', 'get', SEEDED_CLUSTER, 'sample_mflix.movies/default'], { env, tty: true });
    // eslint-disable-next-line no-control-regex -- the view's bold labels, taken off to read it
    const plain = view.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^Name:\s+default\n/);
    expect(plain).toMatch(/\nQueryable:\s+yes\n/);
    expect(plain).toContain('"dynamic": true');
    expectOneErrorLine(await cdba(['search-indexes', 'get', SEEDED_CLUSTER, 'sample_mflix.movies/absent'], { env }), 4);
    expectOneErrorLine(await cdba(['search-indexes', 'get', SEEDED_CLUSTER, 'no-dot'], { env }), 2, /invalid index "no-dot": give its id \(24 hex digits\) or database\.collection\/name/);
  });

  it('an index that is not there: which one, and the list command with the invocation\'s flags, never the service\'s path (issue 43, item 10)', async () => {
    const flags = ['--project-id', PROJECT_ID, '--base-url', emu.url];
    const list = `\`cdba --project-id ${PROJECT_ID} --base-url ${emu.url} search-indexes list seeded\``;
    const definition = file('absent-update.json', { mappings: { dynamic: true } });
    const cases: Array<[string[], string]> = [
      [['get', SEEDED_CLUSTER, 'sample_mflix.movies/nope'], 'sample_mflix.movies/nope'],
      [['get', SEEDED_CLUSTER, 'ffffffffffffffffffffffff'], 'ffffffffffffffffffffffff'],
      [['update', SEEDED_CLUSTER, 'app.items/nope', '--file', definition], 'app.items/nope'],
      [['delete', SEEDED_CLUSTER, 'app.items/nope', '--yes'], 'app.items/nope'],
    ];
    for (const [args, ref] of cases) {
      const result = await cdba([...flags, 'search-indexes', ...args], { env });
      expectOneErrorLine(result, 4, new RegExp(`^cdba: cluster seeded has no search index ${ref.replace(/[./]/g, '\\$&')} \\([A-Z_]+, HTTP 404\\); see its indexes with ${list.replace(/[.$?*+()[\]{}|^\\]/g, '\\$&')}\n$`));
      expect(result.stderr).not.toContain('/api/atlas');
    }
    // A cluster that is not there keeps the service's words: the cluster is what is missing.
    expectOneErrorLine(await cdba(['search-indexes', 'get', 'absent', 'app.items/nope'], { env }), 4, /CLUSTER_NOT_FOUND/);
  });

  it('update --watch: the new definition, version 1, READY and queryable', async () => {
    const definition = file('update.json', { definition: { analyzer: 'lucene.simple', mappings: { dynamic: true } } });
    const result = await cdba(['search-indexes', 'update', SEEDED_CLUSTER, 'sample_mflix.movies/default', '--file', definition, '--watch', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(json(result.stdout)).toMatchObject({ status: 'READY', queryable: true, latestDefinitionVersion: { version: 1 }, latestDefinition: { analyzer: 'lucene.simple' } });
    const before = searchRequests();
    expectOneErrorLine(await cdba(['search-indexes', 'update', SEEDED_CLUSTER, 'sample_mflix.movies/default', '--file', file('bad-update.json', { mappings: { dynamic: 'yes' } })], { env }), 2, /bad-update\.json: \$\.mappings\.dynamic: must be true, false or \{"typeSet": <name>\}/);
    expect(searchRequests()).toBe(before);
  });

  it('delete asks first: without a terminal it needs --yes, and sends nothing', async () => {
    const before = searchRequests();
    expectOneErrorLine(await cdba(['search-indexes', 'delete', SEEDED_CLUSTER, 'app.items/twice'], { env }), 2);
    expect(searchRequests()).toBe(before);
    const deleted = await cdba(['search-indexes', 'delete', SEEDED_CLUSTER, 'app.items/twice', '--yes'], { env });
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stderr).toBe('cdba: search index app.items/twice is being deleted (the service removes it shortly)\n');
    expectOneErrorLine(await cdba(['search-indexes', 'get', SEEDED_CLUSTER, 'app.items/twice'], { env }), 4);
  });

  it('the legacy API has no search indexes: refused before any request', async () => {
    const before = searchRequests();
    expectOneErrorLine(await cdba(['--api-version', 'v1.0', 'search-indexes', 'list', SEEDED_CLUSTER], { env }), 2, /searchIndexes exists only in the versioned API/);
    expect(searchRequests()).toBe(before);
  });
});

describe('index names the service refuses, and references that name one index (issue 42, item 8)', () => {
  it('--db, --collection and --name that MongoDB (or the reference form) refuses: one line, exit 2, no request', async () => {
    const base = ['search-indexes', 'create', SEEDED_CLUSTER, '--dynamic'];
    const cases: Array<[string[], RegExp]> = [
      ...['/', '\\', '.', ' ', '"', '$', '\0'].map((c): [string[], RegExp] => [['--db', `a${c}b`, '--collection', 'c', '--name', 'n'], /^cdba: invalid --db "a.*b": a database name cannot contain /]),
      [['--db', 'd'.repeat(64), '--collection', 'c', '--name', 'n'], /invalid --db "d+": a database name is at most 63 bytes \(this one is 64\)$/m],
      [['--db', 'app', '--collection', 'a$b', '--name', 'n'], /invalid --collection "a\$b": a collection name cannot contain "\$"$/m],
      [['--db', 'app', '--collection', '.hidden', '--name', 'n'], /invalid --collection "\.hidden": a collection name cannot start with "\."$/m],
      [['--db', 'app', '--collection', 'c'.repeat(252), '--name', 'n'], /database\.collection is at most 255 bytes \(this one is 256\)$/m],
      [['--db', 'app', '--collection', 'items', '--name', 'x/y'], /invalid --name "x\/y": an index name cannot contain "\/"/],
      [['--db', 'app', '--collection', 'items', '--name', '..'], /invalid --name "\.\.": an index name cannot be "\.\."/],
    ];
    const before = searchRequests();
    for (const [args, pattern] of cases) expectOneErrorLine(await cdba([...base, ...args], { env }), 2, pattern);
    // From a file, the line names the file's field; a flag over it names the flag.
    const request = file('dotted.json', { database: 'a.b', collectionName: 'c', name: 'd', definition: { mappings: { dynamic: true } } });
    expectOneErrorLine(await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--file', request], { env }), 2, / [^ ]*dotted\.json: \$\.database "a\.b": a database name cannot contain "\."$/m);
    expectOneErrorLine(await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--file', request, '--db', 'a', '--name', 'x/y'], { env }), 2, /invalid --name "x\/y"/);
    // list's --db and --collection, and the reference of get, update and delete.
    expectOneErrorLine(await cdba(['search-indexes', 'list', SEEDED_CLUSTER, '--db', 'a b', '--collection', 'c'], { env }), 2, /invalid --db "a b": a database name cannot contain a space/);
    expectOneErrorLine(await cdba(['search-indexes', 'get', SEEDED_CLUSTER, 'a$.c/d'], { env }), 2, /invalid index "a\$\.c\/d": a database name cannot contain "\$"/);
    expectOneErrorLine(await cdba(['search-indexes', 'delete', SEEDED_CLUSTER, 'app.c$/d', '--yes'], { env }), 2, /invalid index "app\.c\$\/d": a collection name cannot contain "\$"/);
    expect(searchRequests()).toBe(before);
  });

  it('a.b.c/d is database a, collection b.c, index d: delete removes that index, and its printed reference is the one to use', async () => {
    // The emulator holds what any client made: (a, b.c, d) through cdba, (a.b, c, d) through the raw API, which no rule stops.
    const made = await cdba(['search-indexes', 'create', SEEDED_CLUSTER, '--db', 'a', '--collection', 'b.c', '--name', 'd', '--dynamic', '-o', 'json'], { env });
    expect(made.exitCode, made.stderr).toBe(0);
    expect(made.stderr).toContain('search-indexes get seeded a.b.c/d');
    const other = await cdba(['api', `/groups/${PROJECT_ID}/clusters/${SEEDED_CLUSTER}/search/indexes`, '-X', 'POST', '--input', '-'], {
      env,
      input: JSON.stringify({ database: 'a.b', collectionName: 'c', name: 'd', definition: { mappings: { dynamic: true } } }),
    });
    expect(other.exitCode, other.stderr).toBe(0);
    const otherId = json(other.stdout).indexID as string;
    const got = await cdba(['search-indexes', 'get', SEEDED_CLUSTER, 'a.b.c/d', '-o', 'json'], { env });
    expect(json(got.stdout)).toMatchObject({ database: 'a', collectionName: 'b.c', name: 'd' });
    const deleted = await cdba(['search-indexes', 'delete', SEEDED_CLUSTER, 'a.b.c/d', '--yes'], { env });
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    // The other one is still there, and reached by its id.
    const kept = await cdba(['search-indexes', 'get', SEEDED_CLUSTER, otherId, '-o', 'json'], { env });
    expect(kept.exitCode, kept.stderr).toBe(0);
    expect(json(kept.stdout)).toMatchObject({ database: 'a.b', collectionName: 'c', name: 'd', status: expect.not.stringMatching(/DELETING/) });
  });
});

describe('clusters load-sample-data', () => {
  it('--watch waits until COMPLETED and prints the load; the sample databases are then on the cluster', async () => {
    const result = await cdba(['clusters', 'load-sample-data', SEEDED_CLUSTER, '--watch', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(json(result.stdout)).toMatchObject({ clusterName: SEEDED_CLUSTER, state: 'COMPLETED', errorMessage: null });
    expect(result.stderr).toMatch(/^cdba: the sample data load into seeded is WORKING\ncdba: the sample data load into seeded is COMPLETED \(waited /);
    expect(emu.state().search.find((s) => s.clusterName === SEEDED_CLUSTER)?.sampleDatabases).toContain('sample_mflix');
  });

  it('without --watch: the load as it started, and how to follow it, with the invocation\'s flags', async () => {
    const result = await cdba(['--project-id', PROJECT_ID, 'clusters', 'load-sample-data', SEEDED_CLUSTER, '-o', 'table'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    // In a pipe a table is tab-separated, every column kept.
    expect(result.stdout).toMatch(/^ID\tCLUSTER\tSTATE\tSTARTED\tCOMPLETED\n[0-9a-f]{24}\tseeded\tWORKING\t[0-9T:-]+Z\t\n$/);
    expect(result.stderr).toMatch(new RegExp(`follow it with \`cdba --project-id ${PROJECT_ID} api /groups/${PROJECT_ID}/sampleDatasetLoad/[0-9a-f]{24}\``));
  });

  it('a cluster that is not there is exit 4', async () => {
    expectOneErrorLine(await cdba(['clusters', 'load-sample-data', 'absent', '--watch'], { env }), 4, /CLUSTER_NOT_FOUND/);
  });
});

