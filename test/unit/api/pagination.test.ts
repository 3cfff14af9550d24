import { describe, expect, test } from 'vitest';
import { asListPage, linkHref, mapInOrder, MAX_PAGES, PageGuard } from '../../../src/api/pagination.js';
import { InvalidResponseError, PaginationError } from '../../../src/api/errors.js';

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
