// List responses (seed: List response, Query parameters on list responses):
// pageNum from 1, itemsPerPage 1..500 (default 100), includeCount (default true;
// totalCount absent when false), links previous/next/self repeating the query as the
// live service writes it (every recorded list link): includeCount and the request's other
// parameters sorted by name, then `pageNum=…&itemsPerPage=…` in self, `itemsPerPage=…&pageNum=…`
// in next (e.g. `alerts?includeCount=true&status=CLOSED&itemsPerPage=100&pageNum=2`).
import type { Link } from './context.js';
import { failures } from './errors.js';

export interface Page {
  pageNum: number;
  itemsPerPage: number;
  includeCount: boolean;
  /** The request's other query parameters, in its order, which the links repeat. */
  others?: ReadonlyArray<readonly [string, string]>;
}

/** Not repeated as the request's other parameters: the page's own, and how the answer is written (envelope, pretty), which no recording shows echoed. */
const PAGE_KEYS = new Set(['pageNum', 'itemsPerPage', 'includeCount', 'envelope', 'pretty']);

export const MAX_ITEMS_PER_PAGE = 500;
export const DEFAULT_ITEMS_PER_PAGE = 100;

function integer(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const text = query.get(name);
  if (text === null) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw failures.invalidQueryParameter(name, text, `It must be an integer ${range}.`);
  }
  return value;
}

/** A boolean query parameter: absent gives the default; anything but true/false is a 400. */
export function booleanParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const text = query.get(name);
  if (text === null) return fallback;
  if (text === 'true' || text === 'false') return text === 'true';
  throw failures.invalidQueryParameter(name, text, 'It must be true or false.');
}

export function pageParams(query: URLSearchParams): Page {
  return {
    pageNum: integer(query, 'pageNum', 1, 1, Number.MAX_SAFE_INTEGER),
    itemsPerPage: integer(query, 'itemsPerPage', DEFAULT_ITEMS_PER_PAGE, 1, MAX_ITEMS_PER_PAGE),
    includeCount: booleanParam(query, 'includeCount', true),
    others: [...query].filter(([name]) => !PAGE_KEYS.has(name)),
  };
}

/**
 * The query of a list link, as the service writes it: includeCount and the other parameters
 * sorted by name (a repeated one keeps its order), then the page: `self` pageNum first, the
 * links to other pages itemsPerPage first (recorded: self `…&pageNum=1&itemsPerPage=100`,
 * next `…&itemsPerPage=100&pageNum=2`; no previous link is recorded: it is written as next).
 */
export function listLinkQuery(page: Page, pageNum: number, rel: 'self' | 'next' | 'previous'): string {
  const named: Array<readonly [string, string]> = [['includeCount', String(page.includeCount)], ...(page.others ?? [])];
  named.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const paging: Array<[string, string]> = [['pageNum', String(pageNum)], ['itemsPerPage', String(page.itemsPerPage)]];
  return new URLSearchParams([...named, ...(rel === 'self' ? paging : paging.reverse())] as Array<[string, string]>).toString();
}

export interface ListDocument<T> {
  links: Link[];
  results: T[];
  totalCount?: number;
}

/** One page of items with its links; `listUrl` is the list's URL without query. */
export function paginate<T>(items: readonly T[], page: Page, listUrl: string): ListDocument<T> {
  const start = (page.pageNum - 1) * page.itemsPerPage;
  const href = (pageNum: number, rel: 'self' | 'next' | 'previous'): string => `${listUrl}?${listLinkQuery(page, pageNum, rel)}`;
  // self first, then next (every recorded list with a next link: TestAlerts__List_*, TestAlertConfig__List_*); previous, never recorded, after.
  const links: Link[] = [{ href: href(page.pageNum, 'self'), rel: 'self' }];
  if (start + page.itemsPerPage < items.length) links.push({ href: href(page.pageNum + 1, 'next'), rel: 'next' });
  if (page.pageNum > 1) links.push({ href: href(page.pageNum - 1, 'previous'), rel: 'previous' });
  const list: ListDocument<T> = { links, results: items.slice(start, start + page.itemsPerPage) };
  if (page.includeCount) list.totalCount = items.length;
  return list;
}
