// env up --sample-data --search-index FILE (and run, which passes them through): the
// database with its indexes ready to query. The connection is printed only once every
// index is READY and queryable; a re-run creates nothing twice and updates an index whose
// definition changed; a file is checked before any request. `run -- CMD`: CMD (a node
// script) asks the service for the index and finds it READY.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { CDBA_BIN, cdba, tempDir } from '../../helpers/cli.js';
import { cdba as cdbaInProcess } from '../../helpers/inProcess.js';
import { expectOneErrorLine } from '../../reliability/support.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';
import { inTerminal, scriptAvailable } from '../terminal/pty.js';

const PROJECT = 'c0000000000000000000005e';
let emu: RunningEmulator;
const env = (extra: Record<string, string> = {}) => ownerEnv(emu.url, PROJECT, extra);
const dir = tempDir('cdba-env-search-');
/** This runner's config directory: env up's state file, which proves to env down (and to a re-run) that the env is its own. */
const runner = tempDir('cdba-env-search-runner-');
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};
const movies = (definition: Record<string, unknown>) => ({ database: 'sample_mflix', collectionName: 'movies', name: 'default', type: 'search', definition });
const vectors = { database: 'sample_mflix', collectionName: 'embedded_movies', name: 'vectors', type: 'vectorSearch', definition: { fields: [{ type: 'vector', path: 'plot_embedding', numDimensions: 1536, similarity: 'dotProduct' }] } };
/** Requests of one method to the current search index paths so far. */
const indexRequests = (method: string): number =>
  Object.entries(emu.stats().byPath)
    .filter(([key]) => key.startsWith(`${method} `) && key.includes('/search/indexes'))
    .reduce((sum, [, count]) => sum + count, 0);

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 0,
    seed: { projects: [{ id: PROJECT, name: 'search' }], apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }], rateLimit: { perMinute: 100_000 } },
  });
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('env up --sample-data --search-index', () => {
  it('loads the sample data, makes each index, and prints the connection once they are READY and queryable', async () => {
    const up = await cdbaInProcess(['env', 'up', 'ci-s1', '--sample-data', '--search-index', file('movies.json', movies({ mappings: { dynamic: true } })), '--search-index', file('vectors.json', vectors), '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runner });
    expect(up.exitCode, up.stderr).toBe(0);
    expect(JSON.parse(up.stdout).MONGODB_CLUSTER).toBe('ci-s1');
    const lines = up.stderr.split('\n');
    const loaded = lines.findIndex((l) => /the sample data load into ci-s1 is COMPLETED/.test(l));
    const ready = lines.findIndex((l) => /search index sample_mflix\.embedded_movies\/vectors is READY/.test(l));
    const printed = lines.findIndex((l) => /env ci-s1 is ready/.test(l));
    expect(loaded).toBeGreaterThan(-1);
    expect(ready).toBeGreaterThan(loaded);
    expect(printed).toBeGreaterThan(ready);
    expect(up.stderr).toMatch(/search index sample_mflix\.movies\/default is READY/);
    const state = emu.state().search.find((s) => s.clusterName === 'ci-s1')!;
    expect(state.sampleDatabases).toContain('sample_mflix');
    expect(state.indexes.map((i) => i.name).sort()).toEqual(['default', 'vectors']);
    const got = JSON.parse((await cdbaInProcess(['search-indexes', 'get', 'ci-s1', 'sample_mflix.movies/default', '-o', 'json'], { env: env() })).stdout);
    expect(got).toMatchObject({ status: 'READY', queryable: true });
  });

  it('a re-run creates nothing twice; an index whose definition changed is updated', async () => {
    const creates = indexRequests('POST');
    const patches = indexRequests('PATCH');
    const same = await cdbaInProcess(['env', 'up', 'ci-s1', '--search-index', join(dir, 'movies.json'), '--search-index', join(dir, 'vectors.json'), '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runner });
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.stderr).toContain('cdba: search index sample_mflix.movies/default is there with the definition of');
    expect(indexRequests('POST')).toBe(creates);
    expect(indexRequests('PATCH')).toBe(patches);
    // The service fills in defaults (analyzer lucene.standard): the same definition said in full is no change either.
    const spelled = await cdbaInProcess(['env', 'up', 'ci-s1', '--search-index', file('movies-full.json', movies({ mappings: { dynamic: true }, analyzer: 'lucene.standard', numPartitions: 1 })), '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runner });
    expect(spelled.exitCode, spelled.stderr).toBe(0);
    expect(indexRequests('PATCH')).toBe(patches);
    const changed = await cdbaInProcess(['env', 'up', 'ci-s1', '--search-index', file('movies-2.json', movies({ mappings: { dynamic: false, fields: { title: { type: 'string' } } } })), '--ip', '10.1.2.3', '-o', 'json'], { env: env(), configDir: runner });
    expect(changed.exitCode, changed.stderr).toBe(0);
    expect(changed.stderr).toMatch(/search index sample_mflix\.movies\/default had another definition; updated it to .*movies-2\.json's/);
    expect(indexRequests('POST')).toBe(creates);
    expect(indexRequests('PATCH')).toBe(patches + 1);
    const got = JSON.parse((await cdbaInProcess(['search-indexes', 'get', 'ci-s1', 'sample_mflix.movies/default', '-o', 'json'], { env: env() })).stdout);
    expect(got).toMatchObject({ status: 'READY', queryable: true, latestDefinitionVersion: { version: 1 }, latestDefinition: { mappings: { dynamic: false } } });
  });

  it('checks every file before any request: one line naming the file and the field', async () => {
    const before = emu.stats().total;
    const cases: Array<[string, RegExp]> = [
      [file('bare.json', { mappings: { dynamic: true } }), /bare\.json: a --search-index file names what it indexes: .* \(this one holds a bare definition\)/],
      [file('no-name.json', { database: 'a', collectionName: 'b', definition: { mappings: { dynamic: true } } }), /no-name\.json: .*; it lacks name/],
      [file('bad.json', { ...vectors, definition: { fields: [{ type: 'vector', path: 'e', numDimensions: 99999, similarity: 'cosine' }] } }), /bad\.json: \$\.definition\.fields\[0\]\.numDimensions: must be a whole number from 1 to 8192/],
    ];
    for (const [path, pattern] of cases) expectOneErrorLine(await cdbaInProcess(['env', 'up', 'ci-s2', '--search-index', path, '--ip', '10.1.2.3'], { env: env(), configDir: runner }), 2, pattern);
    expectOneErrorLine(await cdbaInProcess(['env', 'up', 'ci-s2', '--search-index', join(dir, 'movies.json'), '--search-index', join(dir, 'movies-2.json'), '--ip', '10.1.2.3'], { env: env(), configDir: runner }), 2, /both make sample_mflix\.movies\/default/);
    expect(emu.stats().total).toBe(before);
  });

  it('an index whose build FAILS ends env up with the service\'s reason; nothing is printed on stdout', async () => {
    const up = await cdbaInProcess(['env', 'up', 'ci-s3', '--search-index', file('absent.json', { ...movies({ mappings: { dynamic: true } }), database: 'app' }), '--ip', '10.1.2.3', '-o', 'env'], { env: env(), configDir: runner });
    expect(up.exitCode).toBe(1);
    expect(up.stdout).toBe('');
    expect(up.stderr).toMatch(/search index app\.movies\/default FAILED: Collection app\.movies does not exist on cluster ci-s3; app\.movies has no data yet: load it first \(`cdba clusters load-sample-data ci-s3 --watch` for the sample data, or --sample-data with env up\), or index a collection that exists/);
    expect(up.stderr).not.toMatch(/\.;|fix the definition/);
    expect((await cdba(['env', 'down', 'ci-s3'], { env: env(), configDir: runner })).exitCode).toBe(0);
  });

  it('env down removes the cluster it made, its indexes with it', async () => {
    const down = await cdba(['env', 'down', 'ci-s1', '--watch'], { env: env(), configDir: runner });
    expect(down.exitCode, down.stderr).toBe(0);
    expect(emu.state().search.find((s) => s.clusterName === 'ci-s1')).toBeUndefined();
  });
});

// CMD: asks the service (through cdba, with credentials the test hands it under its own
// names, as run keeps cdba's from CMD) for the index of $MONGODB_CLUSTER, and writes what it saw.
const CHECK_INDEX = `
const fs = require('fs');
const { execFileSync } = require('child_process');
const env = { PATH: process.env.PATH, HOME: process.env.HOME, CDBA_CONFIG_DIR: process.env.T_CONFIG, CDBA_BASE_URL: process.env.T_URL, CDBA_PUBLIC_KEY: process.env.T_PUB, CDBA_PRIVATE_KEY: process.env.T_PRIV, CDBA_PROJECT_ID: process.env.T_PROJECT };
const out = execFileSync('node', [process.env.T_BIN, 'search-indexes', 'get', process.env.MONGODB_CLUSTER, 'sample_mflix.movies/default', '-o', 'json'], { env, encoding: 'utf8' });
const index = JSON.parse(out);
fs.writeFileSync(process.env.MARK, JSON.stringify({ status: index.status, queryable: index.queryable, cluster: process.env.MONGODB_CLUSTER }));
`;

describe('run --sample-data --search-index -- CMD', () => {
  const cmdEnv = (mark: string): Record<string, string> =>
    env({ MARK: mark, T_BIN: CDBA_BIN, T_CONFIG: tempDir(), T_URL: emu.url, T_PUB: OWNER.publicKey, T_PRIV: OWNER.privateKey, T_PROJECT: PROJECT });

  it('in a pipe: CMD finds the index READY and queryable; the env is removed after', async () => {
    const mark = join(tempDir(), 'mark');
    const result = await cdba(['run', '--name', 'run-s1', '--sample-data', '--search-index', join(dir, 'movies.json'), '--ip', '10.1.2.3', '--', 'node', '-e', CHECK_INDEX], { env: cmdEnv(mark) });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(mark, 'utf8'))).toEqual({ status: 'READY', queryable: true, cluster: 'run-s1' });
    expect(result.stderr).toContain('cdba: env run-s1: removed');
  });

  it.skipIf(!scriptAvailable)('on a terminal: the same', async () => {
    const mark = join(tempDir(), 'mark');
    const terminal = inTerminal(['run', '--name', 'run-s2', '--sample-data', '--search-index', join(dir, 'movies.json'), '--ip', '10.1.2.3', '--', 'node', '-e', CHECK_INDEX], { columns: 100, env: cmdEnv(mark) });
    const { exitCode, text } = await terminal.done();
    expect(exitCode, text).toBe(0);
    expect(existsSync(mark)).toBe(true);
    expect(JSON.parse(readFileSync(mark, 'utf8'))).toMatchObject({ status: 'READY', queryable: true });
    expect(text).toMatch(/search index sample_mflix\.movies\/default is READY/);
    expect(text).toContain('cdba: env run-s2: removed');
  });
});
