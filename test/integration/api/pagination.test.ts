// Page iteration and fetch-all against a list server that follows the seed's rules.
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiClient } from '../../../src/api/client.js';
import { listAllClusters } from '../../../src/api/resources/clusters.js';
import { clientFor, errorDoc, json, settingsFor, startServer, type TestServer } from './servers.js';

let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

interface ListServerOptions {
  items: number;
  /** Largest page the server hands out, whatever is asked. */
  maxPage?: number;
  /** Leave out totalCount even when asked. */
  noCount?: boolean;
  /** Pages after the first are answered only once two requests have been in flight at once (a timer would race the client). */
  holdForConcurrency?: boolean;
}

async function listServer(options: ListServerOptions) {
  const stats = { inFlight: 0, peak: 0 };
  let releaseConcurrent!: () => void;
  const concurrent = new Promise<void>((resolve) => (releaseConcurrent = resolve));
  server = await startServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const pageNum = Number(url.searchParams.get('pageNum') ?? 1);
    const asked = Number(url.searchParams.get('itemsPerPage') ?? 100);
    if (asked < 1 || asked > 500) {
      json(res, 400, errorDoc(400, 'INVALID_QUERY_PARAMETER', 'itemsPerPage'));
      return;
    }
    const size = Math.min(asked, options.maxPage ?? 500);
    const includeCount = url.searchParams.get('includeCount') !== 'false' && !options.noCount;
    stats.inFlight++;
    stats.peak = Math.max(stats.peak, stats.inFlight);
    if (stats.peak > 1) releaseConcurrent();
    if (options.holdForConcurrency && pageNum > 1) await concurrent;
    stats.inFlight--;
    const start = (pageNum - 1) * size;
    const results = Array.from({ length: Math.max(0, Math.min(size, options.items - start)) }, (_, i) => ({ name: `c${start + i}` }));
    const href = (n: number) => {
      const u = new URL(url.toString());
      u.searchParams.set('pageNum', String(n));
      return `${server!.url}${u.pathname}${u.search}`;
    };
    const links = [{ rel: 'self', href: href(pageNum) }];
    if (pageNum > 1) links.unshift({ rel: 'previous', href: href(pageNum - 1) });
    if (start + size < options.items) links.push({ rel: 'next', href: href(pageNum + 1) });
    json(res, 200, { links, results, ...(includeCount ? { totalCount: options.items } : {}) });
  });
  ({ client } = clientFor(settingsFor(server.url)));
  return stats;
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

describe('fetchAll', () => {
  test('12 pages: page 1 first, then the rest concurrently (at most 4), in order', async () => {
    const stats = await listServer({ items: 58, holdForConcurrency: true });
    const all = await client!.fetchAll<{ name: string }>('/groups/p/clusters', 'clusters.list', {}, { pageSize: 5 });
    expect(all.results.map((r) => r.name)).toEqual(names(58));
    expect(all.totalCount).toBe(58);
    expect(all.links).toEqual([{ rel: 'self', href: `${server!.url}/api/atlas/v2/groups/p/clusters?itemsPerPage=5&includeCount=true&pageNum=1` }]);
    expect(server!.received).toHaveLength(12);
    expect(server!.received[0]!.url).toBe('/api/atlas/v2/groups/p/clusters?itemsPerPage=5&includeCount=true&pageNum=1');
    expect(stats.peak).toBeLessThanOrEqual(4);
    expect(stats.peak).toBeGreaterThan(1);
  });

  test('by default asks for 500 per page with the count', async () => {
    await listServer({ items: 1201 });
    const all = await listAllClusters(client!, 'p');
    expect(all.results).toHaveLength(1201);
    expect(all.results.at(-1)).toEqual({ name: 'c1200' });
    expect(server!.received.map((r) => new URL(r.url, 'http://x').search)).toEqual([
      '?itemsPerPage=500&includeCount=true&pageNum=1',
      '?itemsPerPage=500&includeCount=true&pageNum=2',
      '?itemsPerPage=500&includeCount=true&pageNum=3',
    ]);
  });

  test('a server that hands out smaller pages than asked is paged by what it sends', async () => {
    await listServer({ items: 250, maxPage: 100 });
    const all = await listAllClusters(client!, 'p');
    expect(all.results.map((r) => r.name)).toEqual(names(250));
    expect(server!.received).toHaveLength(3);
  });

  test('without totalCount it follows the next links', async () => {
    await listServer({ items: 23, noCount: true });
    const all = await client!.fetchAll<{ name: string }>('/groups/p/clusters', 'clusters.list', {}, { pageSize: 10 });
    expect(all.results.map((r) => r.name)).toEqual(names(23));
    expect(all.totalCount).toBe(23);
    expect(server!.received).toHaveLength(3);
  });

  test('an empty list is one request', async () => {
    await listServer({ items: 0 });
    expect(await listAllClusters(client!, 'p')).toMatchObject({ results: [], totalCount: 0 });
    expect(server!.received).toHaveLength(1);
  });
});

describe('pages', () => {
  test('follows next links until the last page', async () => {
    await listServer({ items: 7 });
    const seen: string[][] = [];
    for await (const page of client!.pages<{ name: string }>('/groups/p/clusters', 'clusters.list', { itemsPerPage: 3 })) seen.push(page.results.map((r) => r.name));
    expect(seen).toEqual([['c0', 'c1', 'c2'], ['c3', 'c4', 'c5'], ['c6']]);
  });
});
