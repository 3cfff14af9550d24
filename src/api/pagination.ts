// List documents (seed: List response) and the pieces of paging that do not
// need the network: link handling, the loop guard, bounded in-order fan-out.
import { JsonText } from '../base/jsonText.js';
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

const DAMAGED_HINT = 'the service returned a damaged list; retry later, and if it persists, check the base URL';

/** What an item that is not a document is, for the error line: `null`, `a number`, `a string`, `an array`. */
function kindOfItem(item: unknown): string {
  if (item === null) return 'null';
  if (Array.isArray(item)) return 'an array';
  return `a ${typeof item}`;
}

/**
 * The first item of a list that is not a document (an object; or, read as text, an
 * object's text), with its place: every list the service sends holds documents, so
 * anything else is a damaged answer (exit 7), not an item to read fields of.
 */
function damagedItem(items: readonly unknown[]): string | undefined {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item instanceof JsonText) {
      if (item.text.startsWith('{')) continue;
      return `item ${i + 1} is ${kindOfItem(JSON.parse(item.text))}`;
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return `item ${i + 1} is ${kindOfItem(item)}`;
  }
  return undefined;
}

/**
 * Checks that a body is a list page whose items are documents. The one check of every
 * list page cdba reads (every page of callAll, callStream and pages, and the single pages
 * of clusters, flex clusters and database users): a damaged answer (`null`, no results
 * array, an item that is null, a number or a string) is exit 7 naming the answer.
 */
export function asListPage<T>(body: unknown, url: string): ListPage<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as { results?: unknown }).results)) {
    const got = body === null ? 'null' : typeof body !== 'object' ? kindOfItem(body) : Array.isArray(body) ? 'an array' : 'no results array';
    throw new InvalidResponseError(`expected a list with a results array from ${url}, got ${got}`, { hint: DAMAGED_HINT });
  }
  const damaged = damagedItem((body as { results: unknown[] }).results);
  if (damaged) throw new InvalidResponseError(`the list from ${url} is damaged: ${damaged}, not a document`, { hint: DAMAGED_HINT });
  return body as ListPage<T>;
}

/**
 * Checks that a body is a bare array of documents: the lists the service sends unpaged
 * (a provider's private endpoint services, a cluster's search indexes). The same
 * refusal as asListPage's.
 */
export function asItemList<T>(body: unknown, url: string, what: string): T[] {
  if (!Array.isArray(body)) {
    throw new InvalidResponseError(`expected a list of ${what} (an array) from ${url}, got ${body === null ? 'null' : typeof body === 'object' ? 'an object' : kindOfItem(body)}`, { hint: DAMAGED_HINT });
  }
  const damaged = damagedItem(body);
  if (damaged) throw new InvalidResponseError(`the list of ${what} from ${url} is damaged: ${damaged}, not a document`, { hint: DAMAGED_HINT });
  return body as T[];
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
