// List documents (seed: List response) and the pieces of paging that do not
// need the network: link handling, the loop guard, bounded in-order fan-out.
import { InvalidResponseError, PaginationError } from './errors.js';

export interface Link {
  rel: string;
  href: string;
}

/** One page of a list, as the service sends it. */
export interface ListPage<T> {
  results: T[];
  totalCount?: number;
  links?: Link[];
  [field: string]: unknown;
}

/** What fetch-all returns: every item, the total, and one self link. */
export interface ListAll<T> {
  results: T[];
  totalCount: number;
  links: Link[];
}

/** What a streamed fetch-all ends with: the members of ListAll after `results`. */
export type ListTail = Omit<ListAll<never>, 'results'>;

/** The most pages one listing may span (500 items each: five million items). */
export const MAX_PAGES = 10_000;

/** Checks that a body is a list page. */
export function asListPage<T>(body: unknown, url: string): ListPage<T> {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { results?: unknown }).results)) {
    throw new InvalidResponseError(`expected a list with a results array from ${url}`);
  }
  return body as ListPage<T>;
}

export function linkHref(page: { links?: unknown }, rel: string): string | undefined {
  if (!Array.isArray(page.links)) return undefined;
  const link = page.links.find((l): l is Link => typeof l === 'object' && l !== null && (l as Link).rel === rel);
  return typeof link?.href === 'string' ? link.href : undefined;
}

/** Stops a listing whose next links repeat or never end. */
export class PageGuard {
  private readonly seen = new Set<string>();

  visit(key: string): void {
    if (this.seen.has(key)) {
      throw new PaginationError(`the list's next link leads back to a page already read (${key}); stopping`, {
        hint: 'the service returned inconsistent pagination links; retry',
        remedy: { setting: 'page' },
      });
    }
    if (this.seen.size >= MAX_PAGES) {
      throw new PaginationError(`the list has more than ${MAX_PAGES} pages; stopping`);
    }
    this.seen.add(key);
  }
}

/**
 * Runs `task` over `items` with at most `concurrency` at once and returns the
 * results in the order of `items`. After a failure no new task starts.
 */
export async function mapInOrder<I, R>(items: readonly I[], concurrency: number, task: (item: I) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

/**
 * Like mapInOrder, but yields each result as soon as it and those before it are
 * done. At most `concurrency` tasks run or wait to be yielded besides the result
 * the consumer holds: memory is bounded by that window, not by the list. After
 * a failure no new task starts; the failure is thrown when its turn comes.
 */
export async function* inOrderWindow<I, R>(items: readonly I[], concurrency: number, task: (item: I) => Promise<R>): AsyncGenerator<R, void, undefined> {
  type Outcome = { ok: true; value: R } | { ok: false; error: unknown };
  const window: Array<Promise<Outcome>> = [];
  let next = 0;
  let failed = false;
  const start = (): void => {
    const item = items[next++]!;
    window.push(
      task(item).then(
        (value): Outcome => ({ ok: true, value }),
        (error: unknown): Outcome => {
          failed = true;
          return { ok: false, error };
        },
      ),
    );
  };
  const fill = (): void => {
    while (!failed && next < items.length && window.length < Math.max(1, concurrency)) start();
  };
  fill();
  while (window.length > 0) {
    const outcome = await window.shift()!;
    if (!outcome.ok) throw outcome.error;
    fill();
    yield outcome.value;
  }
}
