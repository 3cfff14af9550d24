// List responses (seed: List response, Query parameters on list responses):
// pageNum from 1, itemsPerPage 1..500 (default 100), includeCount (default true;
// totalCount absent when false), links previous/next/self repeating the query.
import type { Link } from './context.js';
import { failures } from './errors.js';

export interface Page {
  pageNum: number;
  itemsPerPage: number;
  includeCount: boolean;
}

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
  };
}

export interface ListDocument<T> {
  links: Link[];
  results: T[];
  totalCount?: number;
}

/** One page of items with its links; `listUrl` is the list's URL without query. */
export function paginate<T>(items: readonly T[], page: Page, listUrl: string): ListDocument<T> {
  const start = (page.pageNum - 1) * page.itemsPerPage;
  const href = (pageNum: number): string =>
    `${listUrl}?includeCount=${page.includeCount}&itemsPerPage=${page.itemsPerPage}&pageNum=${pageNum}`;
  const links: Link[] = [];
  if (page.pageNum > 1) links.push({ href: href(page.pageNum - 1), rel: 'previous' });
  if (start + page.itemsPerPage < items.length) links.push({ href: href(page.pageNum + 1), rel: 'next' });
  links.push({ href: href(page.pageNum), rel: 'self' });
  const list: ListDocument<T> = { links, results: items.slice(start, start + page.itemsPerPage) };
  if (page.includeCount) list.totalCount = items.length;
  return list;
}
