// writeJsonList streams `list --all` page by page; its bytes must be exactly
// what render() writes for the whole document, for json and pretty.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { JsonText } from '../../../src/base/jsonText.js';
import { collectionWeight, HOLD_ITEMS, writeJsonList } from '../../../src/output/jsonList.js';
import { render } from '../../../src/output/render.js';
import type { ListTail } from '../../../src/api/pagination.js';

async function* pagesOf(pages: unknown[][], tail: ListTail): AsyncGenerator<unknown[], ListTail, undefined> {
  for (const page of pages) yield page;
  return tail;
}

/** `asText[i]`: item i reaches writeJsonList as its JSON text (a JsonText, as src/api/pageText.ts reads it). */
async function both(pages: unknown[][], tail: ListTail, format: 'json' | 'pretty', asText: boolean[] = []): Promise<[string, string]> {
  const whole = IO.test();
  await render(whole, { results: pages.flat(), ...tail }, { format });
  const streamed = IO.test();
  let n = 0;
  const given = pages.map((page) => page.map((item) => (asText[n++ % Math.max(1, asText.length)] ? new JsonText(JSON.stringify(item)) : item)));
  await writeJsonList(streamed, pagesOf(given, tail), format === 'pretty' ? 2 : 0);
  return [streamed.stdout, whole.stdout];
}

const tail = (totalCount: number): ListTail => ({ totalCount, links: [{ rel: 'self', href: 'http://127.0.0.1:1/api/atlas/v2/groups/p/clusters?pageNum=1' }] });

describe('writeJsonList', () => {
  for (const format of ['json', 'pretty'] as const) {
    test(`${format}: the same bytes as rendering the whole document, for any pages`, async () => {
      const item = fc.oneof(
        fc.jsonValue(),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.record({ name: fc.string(), nested: fc.array(fc.dictionary(fc.string(), fc.jsonValue())) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(fc.array(item, { maxLength: 5 }), { maxLength: 5 }), fc.nat(), async (pages, total) => {
          const [streamed, whole] = await both(pages, tail(total), format);
          expect(streamed).toBe(whole);
        }),
        { numRuns: 200 },
      );
    });

    test(`${format}: the same bytes when items come as their JSON text`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.array(fc.jsonValue(), { maxLength: 5 }), { maxLength: 5 }), fc.array(fc.boolean(), { minLength: 1 }), fc.nat(), async (pages, asText, total) => {
          const [streamed, whole] = await both(pages, tail(total), format, asText);
          expect(streamed).toBe(whole);
        }),
        { numRuns: 200 },
      );
    });

    test(`${format}: the same bytes when the pages stream past HOLD_ITEMS`, async () => {
      const pages = [1, 2, 3].map((p) => Array.from({ length: 600 }, (_, i) => ({ name: `c${p}-${i}`, tags: [{ key: 'k', value: 'a\nb' }], n: i })));
      const [streamed, whole] = await both(pages, tail(1800), format);
      expect(streamed).toBe(whole);
    });

    test(`${format}: no pages with items gives an empty results array`, async () => {
      const [streamed, whole] = await both([[], []], tail(0), format);
      expect(streamed).toBe(whole);
      expect(JSON.parse(streamed)).toEqual({ results: [], ...tail(0) });
    });
  }

  test('past the first HOLD_ITEMS, each page is written before the next is asked for', async () => {
    const io = IO.test();
    const seen: number[] = [];
    const page = (n: number) => Array.from({ length: HOLD_ITEMS / 2 }, (_, i) => ({ n, i }));
    async function* pages(): AsyncGenerator<unknown[], ListTail, undefined> {
      yield page(1);
      seen.push(io.stdout.length);
      yield page(2);
      seen.push(io.stdout.length);
      yield page(3);
      seen.push(io.stdout.length);
      return tail(3 * page(1).length);
    }
    await writeJsonList(io, pages(), 0);
    expect(seen[0]).toBe(0);
    expect(seen[1]).toBeGreaterThan(0);
    expect(seen[2]).toBeGreaterThan(seen[1]!);
  });

  test('parsed items count one each toward the next full collection; items read as text by their length', () => {
    expect(collectionWeight([{ a: 1 }, 2, null])).toBe(3);
    const cluster = new JsonText(`{"name":"${'x'.repeat(2_989)}"}`); // 3,000 characters, a cluster's size
    expect(collectionWeight(Array.from({ length: 500 }, () => cluster))).toBeCloseTo(500 / 3, 9);
    expect(collectionWeight([cluster, { a: 1 }])).toBeCloseTo(4 / 3, 9);
  });

  test('a listing that fails within the first HOLD_ITEMS writes nothing', async () => {
    const io = IO.test();
    async function* pages(): AsyncGenerator<unknown[], ListTail, undefined> {
      yield [{ n: 1 }];
      throw new Error('page 2 failed');
    }
    await expect(writeJsonList(io, pages(), 0)).rejects.toThrow('page 2 failed');
    expect(io.stdout).toBe('');
  });
});
