import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterNames } from '../../../src/cli/clusters/completion.js';
import { CACHE_TTL_MS } from '../../../src/cli/shared/completionCache.js';
import { Context } from '../../../src/core/context.js';
import { IO } from '../../../src/base/io.js';
import { tempDir } from '../../helpers/cli.js';
import { digestEnv, knownSeed, modernBody, PROJECT_ID, testServer, type TestServer } from '../../reliability/support.js';
import { withEmulator } from '../../helpers/emulator.js';

const PROJECT = 'ab'.repeat(12);
let server: TestServer;
beforeAll(async () => {
  server = await testServer((req, res) => {
    const accept = String(req.headers.accept ?? '');
    res.writeHead(200, { 'content-type': accept.startsWith('application/vnd.atlas.') ? accept : 'application/json' });
    // Names the service would never issue (server text) are not offered to a shell.
    res.end(JSON.stringify({ results: [{ name: 'c1' }, { name: 'c-2' }, { name: 'x; rm -rf ~' }, { name: '$(id)' }, { id: 'no name' }], totalCount: 5 }));
  });
});
afterAll(async () => {
  await server?.close();
});

function context(configDir: string, projectId = PROJECT): Context {
  const env = { CDBA_CONFIG_DIR: configDir, CDBA_BASE_URL: server.url, CDBA_PUBLIC_KEY: 'pubkey01', CDBA_PRIVATE_KEY: 'private-key-0001', CDBA_PROJECT_ID: projectId };
  return new Context(IO.test(), env, '0.0.0', {});
}

async function names(configDir: string, at: number, projectId?: string): Promise<string[]> {
  const ctx = context(configDir, projectId);
  try {
    return await clusterNames(ctx, () => at);
  } finally {
    await ctx.close();
  }
}

describe('cluster names for completion', () => {
  it('asks once, then answers from the cache until it is a few seconds old; per project', async () => {
    const dir = tempDir();
    const before = server.requests.length;
    expect(await names(dir, 1_000_000)).toEqual(['c1', 'c-2']);
    const asked = server.requests.length - before;
    expect(asked).toBeGreaterThan(0);
    expect(await names(dir, 1_000_000 + CACHE_TTL_MS - 1)).toEqual(['c1', 'c-2']);
    expect(server.requests.length - before).toBe(asked);
    expect(await names(dir, 1_000_000 + CACHE_TTL_MS)).toEqual(['c1', 'c-2']);
    expect(server.requests.length - before).toBe(2 * asked);
    expect(await names(dir, 1_000_000 + CACHE_TTL_MS, 'cd'.repeat(12))).toEqual(['c1', 'c-2']);
    expect(server.requests.length - before).toBe(3 * asked);
    const files = readdirSync(join(dir, 'cache'));
    expect(files).toHaveLength(2);
    expect(statSync(join(dir, 'cache', files[0]!)).mode & 0o777).toBe(0o600);
  });

  it('writes no cache where it may not: a config directory that does not exist, or a read-only one', async () => {
    const missing = join(tempDir(), 'absent');
    expect(await names(missing, 5)).toEqual(['c1', 'c-2']);
    expect(existsSync(missing)).toBe(false);
    const readOnly = tempDir();
    mkdirSync(join(readOnly, 'sub'));
    chmodSync(readOnly, 0o500);
    try {
      expect(await names(readOnly, 5)).toEqual(['c1', 'c-2']);
      if (process.getuid?.() !== 0) expect(existsSync(join(readOnly, 'cache'))).toBe(false);
    } finally {
      chmodSync(readOnly, 0o700);
    }
  });

  it('pages past the first 500: every name of a project of 1,050 clusters, in order', async () => {
    const expected = Array.from({ length: 1_050 }, (_, i) => `c${String(i).padStart(4, '0')}`);
    const { emu } = await withEmulator({ seed: knownSeed({ clusters: expected.map((name) => ({ projectId: PROJECT_ID, cluster: modernBody(name) })) }) });
    const ctx = new Context(IO.test(), { ...digestEnv(emu.url), CDBA_CONFIG_DIR: tempDir() }, '0.0.0', {});
    try {
      expect(await clusterNames(ctx)).toEqual(expected);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('flex clusters too (their own API), where the profile\'s version reaches it; under v1.0 the clusters API\'s alone', async () => {
    const { emu } = await withEmulator({
      seed: knownSeed({
        flexClusters: ['flex-1', 'flex-2'].map((name) => ({ projectId: PROJECT_ID, cluster: { name, providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } })),
      }),
    });
    const flexAsked = (): number => Object.entries(emu.stats().byPath).filter(([path]) => path.includes('flexClusters')).reduce((n, [, count]) => n + count, 0);
    const lookUp = async (extra: Record<string, string> = {}): Promise<string[]> => {
      const ctx = new Context(IO.test(), { ...digestEnv(emu.url), CDBA_CONFIG_DIR: tempDir(), ...extra }, '0.0.0', {});
      try {
        return await clusterNames(ctx);
      } finally {
        await ctx.close();
      }
    };
    expect(await lookUp()).toEqual(['seeded', 'flex-1', 'flex-2']);
    const before = flexAsked();
    expect(before).toBeGreaterThan(0);
    expect(await lookUp({ CDBA_API_VERSION: 'v1.0' })).toEqual(['seeded']);
    expect(await lookUp({ CDBA_API_VERSION: '2024-08-05' })).toEqual(['seeded']);
    expect(flexAsked()).toBe(before);
  });

  it('one list failing leaves the other\'s names, and nothing cached (the next TAB asks again)', async () => {
    const half = await testServer((req, res) => {
      if (String(req.url).includes('/flexClusters')) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 403, errorCode: 'USER_CANNOT_ACCESS_ORGANIZATION_OR_GROUP', detail: 'no' }));
        return;
      }
      res.writeHead(200, { 'content-type': String(req.headers.accept) });
      res.end(JSON.stringify({ results: [{ name: 'c1' }], totalCount: 1 }));
    });
    const dir = tempDir();
    const env = { CDBA_CONFIG_DIR: dir, CDBA_BASE_URL: half.url, CDBA_PUBLIC_KEY: 'pubkey01', CDBA_PRIVATE_KEY: 'private-key-0001', CDBA_PROJECT_ID: PROJECT };
    const ctx = new Context(IO.test(), env, '0.0.0', {});
    try {
      expect(await clusterNames(ctx)).toEqual(['c1']);
      expect(existsSync(join(dir, 'cache'))).toBe(false);
    } finally {
      await ctx.close();
      await half.close();
    }
  });

  it('no project, no credentials: nothing, and no request', async () => {
    const before = server.requests.length;
    const ctx = new Context(IO.test(), { CDBA_CONFIG_DIR: tempDir(), CDBA_BASE_URL: server.url }, '0.0.0', {});
    expect(await clusterNames(ctx)).toEqual([]);
    expect(server.requests.length).toBe(before);
  });
});
