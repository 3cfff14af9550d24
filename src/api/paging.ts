// Paging over the network: pages (follow `next` links), streamAll (page 1,
// then the rest through a bounded in-order window) and fetchAll (streamAll
// gathered). The pure pieces (list types, loop guard, window) are in pagination.ts.
import { capText } from '../base/sanitize.js';
import { InvalidResponseError, PaginationError } from './errors.js';
import { inOrderWindow, linkHref, MAX_PAGES, PageGuard, type ListAll, type ListPage, type ListTail } from './pagination.js';
import type { Target } from './request.js';
import type { FetchAllOptions, Query, ResourceSpec } from './types.js';
import type { VersionSelection } from './versions.js';

/** What paging needs of the client: where a list goes, and one checked page. */
export interface PageSource {
  origin: string;
  target(resource: ResourceSpec, path: string): Target;
  pathFor(selection: VersionSelection, path: string, query?: Query): string;
  /** `asText`: items may come as JsonText (FetchAllOptions.itemsAsText). */
  getPage<T>(pathAndQuery: string, target: Target, asText?: boolean): Promise<ListPage<T>>;
}

export async function* pages<T>(source: PageSource, path: string, resource: ResourceSpec, query: Query = {}): AsyncGenerator<ListPage<T>, void, undefined> {
  const target = source.target(resource, path);
  const guard = new PageGuard();
  let next: string | undefined = source.pathFor(target.selection, path, query);
  while (next !== undefined) {
    guard.visit(next);
    const page: ListPage<T> = await source.getPage<T>(next, target);
    yield page;
    next = nextOnOrigin(source.origin, page);
  }
}

export async function fetchAll<T>(source: PageSource, path: string, resource: ResourceSpec, query: Query = {}, options: FetchAllOptions = {}): Promise<ListAll<T>> {
  const results: T[] = [];
  const all = streamAll<T>(source, path, resource, query, options);
  for (;;) {
    const step = await all.next();
    if (step.done) return { results, ...step.value };
    for (const item of step.value) results.push(item);
  }
}

export async function* streamAll<T>(
  source: PageSource,
  path: string,
  resource: ResourceSpec,
  query: Query = {},
  options: FetchAllOptions = {},
): AsyncGenerator<T[], ListTail, undefined> {
  const pageSize = options.pageSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  const target = source.target(resource, path);
  const pageQuery = (pageNum: number): Query => ({ ...query, itemsPerPage: pageSize, includeCount: options.count ?? true, pageNum });
  const firstPath = source.pathFor(target.selection, path, pageQuery(1));
  const asText = options.itemsAsText ?? false;
  const first = await source.getPage<T>(firstPath, target, asText);
  const self = { rel: 'self', href: linkHref(first, 'self') ?? source.origin + firstPath };
  // The count is used only where it was asked for: without it some lists still send one
  // (events answer "totalCount":0 with includeCount=false), which counts nothing.
  const totalCount = (options.count ?? true) ? first.totalCount : undefined;
  const firstCount = first.results.length;
  // A service that caps the page size below what was asked sends fewer items: page by what it sends.
  const perPage = firstCount > 0 && firstCount < pageSize ? firstCount : pageSize;
  const pageCount = typeof totalCount !== 'number' || firstCount === 0 ? 1 : Math.ceil(totalCount / perPage);
  if (pageCount > MAX_PAGES) throw new PaginationError(`the list has ${pageCount} pages, more than ${MAX_PAGES}; stopping`);
  let next = nextOnOrigin(source.origin, first);
  yield first.results;

  if (typeof totalCount === 'number') {
    const rest = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
    for await (const page of inOrderWindow(rest, concurrency, (n) => source.getPage<T>(source.pathFor(target.selection, path, pageQuery(n)), target, asText))) {
      yield page.results;
    }
    return { totalCount, links: [self] };
  }

  // No count: follow the next links one by one. A list whose pages carry no next link
  // without the count (events: not even a full page has one) is asked for the next page
  // by number while each page comes back full; a short or empty page is the last.
  let count = firstCount;
  const guard = new PageGuard();
  guard.visit(firstPath);
  let linked = next !== undefined;
  let pageNum = 1;
  let lastCount = firstCount;
  for (;;) {
    let nextPath: string;
    if (next !== undefined) nextPath = next;
    else if (!linked && lastCount >= pageSize) nextPath = source.pathFor(target.selection, path, pageQuery(++pageNum));
    else break;
    guard.visit(nextPath);
    const page: ListPage<T> = await source.getPage<T>(nextPath, target, asText);
    next = nextOnOrigin(source.origin, page);
    linked ||= next !== undefined;
    lastCount = page.results.length;
    count += lastCount;
    if (lastCount > 0) yield page.results;
  }
  return { totalCount: count, links: [self] };
}

/** The next page's path on our own origin: credentials never follow a link to another host. */
// A link to another origin is followed on ours (a proxy or a second name for the
// service gives such links); a link that is not http(s), or not a URL, is damage.
function nextOnOrigin(origin: string, page: ListPage<unknown>): string | undefined {
  const href = linkHref(page, 'next');
  if (href === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(href, origin);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidResponseError(`the list's next link is not an http(s) URL: "${capText(href)}"; stopping`, {
      hint: 'the service returned a damaged page; retry later',
    });
  }
  return url.pathname + url.search;
}
