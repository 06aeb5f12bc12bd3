import type { ApiClient, ApiResponse } from './client.js';
import { ApiError } from './errors.js';
import type { ParamObject } from './params.js';
import { parseBody, type RawAnswer } from './response.js';

/** Options of paginate. */
export interface PaginateOptions {
  /** stop after this many records */
  limit?: number | undefined;
  /** first page to fetch (default 1) */
  startPage?: number | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Pages asked for ahead of the one being consumed (default 0): with N, up to N+1 pages
   * are in memory and N requests in flight, so the server renders the next pages while the caller
   * writes this one out. Never past the last page the site reported, nor past `limit`.
   */
  prefetch?: number | undefined;
  /** called after each page with its number and the totals the server reported */
  onPage?: ((info: PageInfo) => void) | undefined;
}

/** What one page reported. */
export interface PageInfo {
  page: number;
  count: number;
  total: number | undefined;
  totalPages: number | undefined;
}

function numberFrom(body: unknown, key: string, header: string | undefined): number | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  const n = Number(value ?? header);
  return value === undefined && header === undefined ? undefined : Number.isFinite(n) ? n : undefined;
}

/**
 * Yields the records of a list route page by page, holding one page in memory. Follows the
 * `total_pages` each page reports rather than counting on the requested `per_page`, which the site
 * silently caps at 50. Past the end, post-like routes answer 404 `*-archive-page-not-found` and term
 * routes 200 with an empty list: both end the iteration.
 *
 * @param listKey the key holding the records (`events`, `venues`, `categories`, …)
 */
export async function* paginate<T>(
  client: ApiClient,
  path: string,
  query: ParamObject,
  listKey: string,
  opts: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  let yielded = 0;
  if (opts.limit !== undefined && opts.limit <= 0) return;
  // Pages are kept as received until their turn: a page asked for ahead is then bytes outside the JS
  // heap, not thousands of objects that the collector would copy (and promote) again and again while
  // this page is used.
  type Fetched = { ok: true; res: ApiResponse<RawAnswer['body']> } | { ok: false; err: unknown };
  const fetchPage = (page: number): Promise<Fetched> =>
    client.get<RawAnswer['body']>(path, { query: { ...query, page }, signal: opts.signal, unparsed: true }).then(
      (res) => ({ ok: true, res }),
      (err: unknown) => ({ ok: false, err }),
    );
  const first = opts.startPage ?? 1;
  const depth = Math.max(0, opts.prefetch ?? 0);
  // Requests already sent, by page, in page order; `asked` is the highest page asked for.
  const ahead = new Map<number, Promise<Fetched>>([[first, fetchPage(first)]]);
  let asked = first;
  for (let page = first; ; page++) {
    const fetched = (await ahead.get(page)) as Fetched;
    ahead.delete(page);
    if (!fetched.ok) {
      const { err } = fetched;
      // The total can shrink between pages (another client deletes): a missing later page is the end.
      if (page > first && err instanceof ApiError && err.status === 404 && /-page-not-found$/.test(err.code)) {
        return;
      }
      throw err;
    }
    const { res } = fetched;
    const { headers } = res;
    const body = parseBody({ status: res.status, headers, body: res.body }, 'GET', res.url);
    const records = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[listKey] : undefined;
    if (!Array.isArray(records)) {
      throw new ApiError({
        status: 200,
        code: 'unexpected_response',
        message: `expected a list under "${listKey}" in the answer to ${path}`,
        method: 'GET',
        url: path,
      });
    }
    // The body is authoritative; the site sends X-TEC-* headers (core routes send X-WP-*).
    const totalPages = numberFrom(body, 'total_pages', headers['x-tec-totalpages'] ?? headers['x-wp-totalpages']);
    const total = numberFrom(body, 'total', headers['x-tec-total'] ?? headers['x-wp-total']);
    opts.onPage?.({ page, count: records.length, total, totalPages });
    // An empty page ends the list even when total_pages says more: terms past the end answer 200 []
    // and a venue search without matches reports the totals of all venues.
    const more = records.length > 0 && totalPages !== undefined && page < totalPages;
    const ask = (upTo: number) => {
      while (asked < upTo) {
        asked += 1;
        ahead.set(asked, fetchPage(asked));
      }
    };
    if (more && depth > 0) {
      // Pages the limit can still use, counting this one's records as consumed.
      const left = opts.limit === undefined ? Number.POSITIVE_INFINITY : opts.limit - yielded - records.length;
      if (left > 0) {
        const before = asked;
        ask(Math.min(totalPages, page + depth, page + Math.ceil(left / records.length)));
        // Let the requests go out before this page is consumed: the consumer's work runs in
        // microtasks, and the connection writes a request only once the event loop turns.
        if (asked > before) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    for (const record of records as T[]) {
      yield record;
      yielded += 1;
      if (opts.limit !== undefined && yielded >= opts.limit) return;
    }
    if (!more) return;
    ask(page + 1);
  }
}

/** Collects a paginated list into an array (for small lists; prefer the iterator for exports). */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
