import { describe, expect, test } from 'vitest';
import { asListPage, linkHref, mapInOrder, MAX_PAGES, PageGuard } from '../../../src/api/pagination.js';
import { InvalidResponseError, PaginationError } from '../../../src/api/errors.js';
import { fetchAll, type PageSource } from '../../../src/api/paging.js';
import type { ListPage } from '../../../src/api/pagination.js';
import type { Query } from '../../../src/api/types.js';

describe('mapInOrder', () => {
  test('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const items = Array.from({ length: 12 }, (_, i) => i);
    const out = await mapInOrder(items, 4, async (i) => {
      running++;
      peak = Math.max(peak, running);
      // Later items finish first, to prove the order comes from the index.
      await new Promise((r) => setTimeout(r, (12 - i) * 2));
      running--;
      return i * 10;
    });
    expect(out).toEqual(items.map((i) => i * 10));
    expect(peak).toBe(4);
  });

  test('after a failure no new task starts', async () => {
    const started: number[] = [];
    await expect(
      mapInOrder([1, 2, 3, 4, 5, 6], 2, async (i) => {
        started.push(i);
        if (i === 2) throw new Error('boom');
        await new Promise((r) => setTimeout(r, 5));
        return i;
      }),
    ).rejects.toThrow('boom');
    await new Promise((r) => setTimeout(r, 20));
    // Task 2 fails while task 1 still runs; task 1's worker then stops instead of taking 3.
    expect(started).toEqual([1, 2]);
  });

  test('empty input', async () => {
    expect(await mapInOrder([], 4, async () => 1)).toEqual([]);
  });
});

describe('pages', () => {
  test('PageGuard stops a repeated link', () => {
    const guard = new PageGuard();
    guard.visit('/a?pageNum=1');
    guard.visit('/a?pageNum=2');
    expect(() => guard.visit('/a?pageNum=1')).toThrow(PaginationError);
  });

  test('PageGuard stops after MAX_PAGES', () => {
    const guard = new PageGuard();
    for (let i = 0; i < MAX_PAGES; i++) guard.visit(String(i));
    expect(() => guard.visit('more')).toThrow(`more than ${MAX_PAGES} pages`);
  });

  test('linkHref and asListPage', () => {
    const page = { results: [], links: [{ rel: 'self', href: 's' }, { rel: 'next', href: 'n' }] };
    expect(linkHref(page, 'next')).toBe('n');
    expect(linkHref(page, 'previous')).toBeUndefined();
    expect(linkHref({ links: 'x' }, 'next')).toBeUndefined();
    expect(asListPage(page, 'u')).toBe(page);
    expect(() => asListPage({ items: [] }, 'u')).toThrow(InvalidResponseError);
  });
});

/**
 * A list of `items` numbers as a source of pages. `links`: 'always' gives a next link where
 * more follow; 'counted' only with includeCount=true (events: without the count, no next link
 * and "totalCount":0).
 */
function listSource(items: number, links: 'always' | 'counted') {
  const asked: string[] = [];
  const source: PageSource = {
    origin: 'http://svc',
    target: () => ({ selection: { base: 'v2', version: '2023-01-01' }, resourceName: undefined, operation: undefined }),
    pathFor: (_selection, path, query?: Query) => `${path}?${new URLSearchParams(Object.entries(query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
    getPage: async <T>(pathAndQuery: string): Promise<ListPage<T>> => {
      asked.push(pathAndQuery);
      const url = new URL(pathAndQuery, 'http://svc');
      const pageNum = Number(url.searchParams.get('pageNum'));
      const size = Number(url.searchParams.get('itemsPerPage'));
      const counted = url.searchParams.get('includeCount') !== 'false';
      const start = (pageNum - 1) * size;
      const results = Array.from({ length: Math.max(0, Math.min(size, items - start)) }, (_, i) => start + i) as T[];
      const pageLinks = [{ rel: 'self', href: `http://svc${pathAndQuery}` }];
      if ((links === 'always' || counted) && start + size < items) {
        url.searchParams.set('pageNum', String(pageNum + 1));
        pageLinks.push({ rel: 'next', href: `http://svc${url.pathname}${url.search}` });
      }
      // Without the count, events still send totalCount 0; other lists leave it out.
      return { links: pageLinks, results, ...(counted ? { totalCount: items } : links === 'counted' ? { totalCount: 0 } : {}) };
    },
  };
  return { source, asked };
}

const pageNums = (asked: string[]): number[] => asked.map((p) => Number(new URL(p, 'http://svc').searchParams.get('pageNum')));

describe('fetchAll without the count', () => {
  test('a list that answers totalCount 0 and no next link without the count (events) is asked page by page until a short one', async () => {
    const { source, asked } = listSource(7, 'counted');
    const all = await fetchAll<number>(source, '/groups/p/events', 'events.list', {}, { count: false, pageSize: 3 });
    expect(all.results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(all.totalCount).toBe(7);
    expect(pageNums(asked)).toEqual([1, 2, 3]);
    expect(asked.every((p) => p.includes('includeCount=false'))).toBe(true);
  });

  test('...until an empty one, when the last page is full; one page short of the size is one request', async () => {
    const full = listSource(4, 'counted');
    expect((await fetchAll<number>(full.source, '/e', 'events.list', {}, { count: false, pageSize: 1 })).results).toEqual([0, 1, 2, 3]);
    expect(pageNums(full.asked)).toEqual([1, 2, 3, 4, 5]);
    const short = listSource(2, 'counted');
    expect((await fetchAll<number>(short.source, '/e', 'events.list', {}, { count: false, pageSize: 3 })).results).toEqual([0, 1]);
    expect(short.asked).toHaveLength(1);
    const none = listSource(0, 'counted');
    expect(await fetchAll<number>(none.source, '/e', 'events.list', {}, { count: false, pageSize: 3 })).toMatchObject({ results: [], totalCount: 0 });
    expect(none.asked).toHaveLength(1);
  });

  test('a list that gives next links without the count is followed by them, and not asked past its last page', async () => {
    const { source, asked } = listSource(6, 'always');
    const all = await fetchAll<number>(source, '/groups/p/clusters', 'clusters.list', {}, { count: false, pageSize: 3 });
    expect(all.results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageNums(asked)).toEqual([1, 2]);
  });

  test('with the count, the count decides the pages', async () => {
    const { source, asked } = listSource(7, 'counted');
    const all = await fetchAll<number>(source, '/e', 'events.list', {}, { pageSize: 3 });
    expect(all).toMatchObject({ results: [0, 1, 2, 3, 4, 5, 6], totalCount: 7 });
    expect(pageNums(asked)).toEqual([1, 2, 3]);
  });
});
