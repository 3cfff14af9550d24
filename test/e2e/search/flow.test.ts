// The flow as a user runs it, the built binary in a pipe and on a real terminal
// (a pty): load-sample-data --watch, search-indexes create --file --watch (returns only
// when queryable), update --watch, delete (asked first on a terminal). Transitions of
// 0 ms: no step waits on a clock.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/cli.js';
import { withEmulator } from '../../helpers/emulator.js';
import { digestEnv, knownSeed, modernBody, PROJECT_ID } from '../../reliability/support.js';
import { inTerminal, scriptAvailable } from '../terminal/pty.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const dir = tempDir('cdba-search-flow-');
const indexFile = join(dir, 'index.json');
const updateFile = join(dir, 'update.json');

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({ clusters: [{ projectId: PROJECT_ID, cluster: modernBody('piped') }, { projectId: PROJECT_ID, cluster: modernBody('tty') }] }),
    transitionMs: 0,
  }));
  env = digestEnv(emu.url);
  writeFileSync(indexFile, JSON.stringify({ database: 'sample_mflix', collectionName: 'embedded_movies', name: 'vectors', type: 'vectorSearch', definition: { fields: [{ type: 'vector', path: 'plot_embedding', numDimensions: 1536, similarity: 'dotProduct' }] } }));
  writeFileSync(updateFile, JSON.stringify({ fields: [{ type: 'vector', path: 'plot_embedding', numDimensions: 1536, similarity: 'cosine' }, { type: 'filter', path: 'year' }] }));
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

const indexes = (cluster: string) => emu.state().search.find((s) => s.clusterName === cluster)?.indexes ?? [];

describe('in a pipe', () => {
  it('load, create --file --watch, update --watch, delete --yes', async () => {
    const load = await cdba(['clusters', 'load-sample-data', 'piped', '--watch', '-o', 'json'], { env });
    expect(load.exitCode, load.stderr).toBe(0);
    expect(JSON.parse(load.stdout).state).toBe('COMPLETED');

    const created = await cdba(['search-indexes', 'create', 'piped', '--file', indexFile, '--watch', '-o', 'json'], { env });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'vectors', status: 'READY', queryable: true });

    const updated = await cdba(['search-indexes', 'update', 'piped', 'sample_mflix.embedded_movies/vectors', '--file', updateFile, '--watch', '-o', 'json'], { env });
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ status: 'READY', queryable: true, latestDefinitionVersion: { version: 1 } });
    expect(indexes('piped')[0]?.definition).toMatchObject({ fields: [{ similarity: 'cosine' }, { type: 'filter' }] });

    const deleted = await cdba(['search-indexes', 'delete', 'piped', 'sample_mflix.embedded_movies/vectors', '--yes'], { env });
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(indexes('piped')).toEqual([]);
  });
});

describe.skipIf(!scriptAvailable)('on a terminal', () => {
  it('load, create --file --watch, update --watch; delete asks first', async () => {
    const load = inTerminal(['clusters', 'load-sample-data', 'tty', '--watch'], { columns: 100, env });
    const loaded = await load.done();
    expect(loaded.exitCode, loaded.text).toBe(0);
    expect(loaded.text).toMatch(/cdba: the sample data load into tty is COMPLETED \(waited /);
    expect(loaded.text).toMatch(/ID\s+CLUSTER\s+STATE\s+STARTED\s+COMPLETED\n[0-9a-f]{24}\s+tty\s+COMPLETED\s/);

    const create = inTerminal(['search-indexes', 'create', 'tty', '--file', indexFile, '--watch'], { columns: 100, env });
    const created = await create.done();
    expect(created.exitCode, created.text).toBe(0);
    // The readable view of the index, READY and queryable.
    expect(created.text).toMatch(/Status:\s+READY\n/);
    expect(created.text).toMatch(/Queryable:\s+yes\n/);

    const update = inTerminal(['search-indexes', 'update', 'tty', 'sample_mflix.embedded_movies/vectors', '--file', updateFile, '--watch'], { columns: 100, env });
    const updated = await update.done();
    expect(updated.exitCode, updated.text).toBe(0);
    expect(updated.text).toMatch(/Definition version:\s+1\n/);

    const remove = inTerminal(['search-indexes', 'delete', 'tty', 'sample_mflix.embedded_movies/vectors'], { columns: 120, env });
    await remove.seen(new RegExp(`Delete search index sample_mflix\\.embedded_movies/vectors of cluster tty in project ${PROJECT_ID} \\(profile "default"\\)\\? Queries that use it fail\\. \\[y/N\\] $`));
    remove.type('y\r');
    const removed = await remove.done();
    expect(removed.exitCode, removed.text).toBe(0);
    expect(removed.text).toContain('cdba: search index sample_mflix.embedded_movies/vectors is being deleted');
    expect(indexes('tty')).toEqual([]);
  });
});
