// Search index names for completion (src/cli/search-indexes/completion.ts): `db.collection/name`
// words, only those safe on a command line, cached per cluster, nothing on any error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexNames } from '../../../src/cli/search-indexes/completion.js';
import { CACHE_TTL_MS } from '../../../src/cli/shared/completionCache.js';
import { Context } from '../../../src/core/context.js';
import { IO } from '../../../src/base/io.js';
import { tempDir } from '../../helpers/cli.js';
import { testServer, type TestServer } from '../../reliability/support.js';

const PROJECT = 'ab'.repeat(12);
let server: TestServer;
beforeAll(async () => {
  server = await testServer((req, res) => {
    const accept = String(req.headers.accept ?? '');
    if (!String(req.url).includes('/clusters/c1/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 404, errorCode: 'CLUSTER_NOT_FOUND', detail: 'no' }));
      return;
    }
    res.writeHead(200, { 'content-type': accept });
    res.end(JSON.stringify([
      { database: 'sample_mflix', collectionName: 'movies', name: 'default' },
      { database: 'app', collectionName: 'items.v2', name: 'vec-1' },
      { database: 'app', collectionName: 'items', name: '$(id)' },
      { database: 'app', collectionName: 'with space', name: 'x' },
    ]));
  });
});
afterAll(async () => {
  await server?.close();
});

async function words(configDir: string, cluster: string, at: number): Promise<string[]> {
  const env = { CDBA_CONFIG_DIR: configDir, CDBA_BASE_URL: server.url, CDBA_PUBLIC_KEY: 'pubkey01', CDBA_PRIVATE_KEY: 'private-key-0001', CDBA_PROJECT_ID: PROJECT };
  const ctx = new Context(IO.test(), env, '0.0.0', {});
  try {
    return await indexNames(ctx, cluster, () => at);
  } finally {
    await ctx.close();
  }
}

describe('search index names for completion', () => {
  it('offers db.collection/name of the cluster\'s indexes, only the words safe on a command line; cached a few seconds', async () => {
    const dir = tempDir();
    const before = server.requests.length;
    expect(await words(dir, 'c1', 1000)).toEqual(['sample_mflix.movies/default', 'app.items.v2/vec-1']);
    const asked = server.requests.length - before;
    expect(await words(dir, 'c1', 1000 + CACHE_TTL_MS - 1)).toEqual(['sample_mflix.movies/default', 'app.items.v2/vec-1']);
    expect(server.requests.length - before).toBe(asked);
  });

  it('nothing for a cluster that is not there, or a word that is no cluster name', async () => {
    const dir = tempDir();
    expect(await words(dir, 'c2', 1000)).toEqual([]);
    const before = server.requests.length;
    expect(await words(dir, '$(id)', 1000)).toEqual([]);
    expect(server.requests.length).toBe(before);
  });
});
