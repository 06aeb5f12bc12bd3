import { MAX_PER_PAGE } from '../../../catalog/index.js';
import { RestError } from '../../http/errors.js';
import type { JsonItems } from '../../http/json-text.js';
import { positiveInt } from '../../posts/rules.js';
import { withQuery } from '../../rest/root.js';
import type { RequestScope } from '../../site.js';

export interface Paging {
  page: number;
  perPage: number;
}

export function paging(params: Record<string, unknown>, scope: RequestScope): Paging {
  const page = params.page === undefined ? 1 : (positiveInt(params.page) as number);
  const requested = params.per_page === undefined ? scope.site.perPage : (positiveInt(params.per_page) as number);
  // The site silently caps the page size.
  return { page, perPage: Math.min(requested, MAX_PER_PAGE) };
}

/** Builds `?a=b&c=d` without encoding values, as the site writes its rest_url. */
export function rawQuery(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/** next/previous links are rebuilt with encoded values, page moved to the end. */
export function pageLink(base: string, pairs: [string, string][], page: number | null): string {
  const rest = pairs.filter(([k]) => k !== 'page');
  if (page !== null) rest.push(['page', String(page)]);
  const qs = rest.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`).join('&');
  return withQuery(base, qs);
}

/** The list body of post-like archives, in the site's key order, with the total headers. */
export function postArchive(
  key: string,
  /** the records, or their JSON text (the events list) */
  items: readonly unknown[] | JsonItems,
  base: string,
  pairs: [string, string][],
  p: Paging,
  total: number,
  pageNotFound: string,
  what: string,
) {
  const totalPages = total === 0 ? 0 : Math.ceil(total / p.perPage);
  if (items.length === 0 && p.page > 1) {
    throw new RestError(404, pageNotFound, `Page ${p.page} of the ${what} list does not exist.`);
  }
  const body: Record<string, unknown> = { [key]: items, rest_url: withQuery(base, rawQuery(pairs).slice(1)) };
  if (p.page < totalPages) body.next_rest_url = pageLink(base, pairs, p.page + 1);
  if (p.page > 1) body.previous_rest_url = pageLink(base, pairs, p.page - 1 === 1 ? null : p.page - 1);
  body.total = total;
  body.total_pages = totalPages;
  return {
    status: 200,
    body,
    headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) },
  };
}

/** Splits a search string into words at every character other than letters, digits and `-`. */
export function searchWords(s: string): string[] {
  return s.split(/[^\p{L}\p{N}-]+/u).filter((w) => w !== '');
}
