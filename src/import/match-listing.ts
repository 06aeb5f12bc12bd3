/**
 * Listing a query's every page into a run's match index (the whole calendar, or the events of some
 * days), read again when its pages say a record was deleted meanwhile: the one listing of the match
 * index (match-loader.ts) and its date windows (match-windows.ts).
 */
import { type ApiClient, ApiError, paginate } from '../api/index.js';
import { MAX_PER_PAGE, type ResourceSpec } from '../catalog/index.js';
import type { MatchIndex } from './match.js';

type Obj = Record<string, unknown>;

/** Options of {@link buildMatchIndex} (match-loader.ts). */
export interface MatchIndexOptions {
  api: ApiClient;
  resource: ResourceSpec;
  /** fields of the natural key (default: the resource's natural key) */
  keyFields?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Pages of the whole calendar up to which events are listed whole at the start rather than per
   * row (default {@link WHOLE_PAGES}: its pages after the first cost one round trip together, no
   * more than one row's window).
   */
  wholePages?: number | undefined;
  /**
   * Events are listed by the rows' days from the first row on, whatever the calendar's size, and the
   * index is returned before any request: the import writes the first rows as soon as their days are
   * listed. The calendar's first page (its size) is asked for only once the listings cost enough for
   * listing everything to be cheaper (default false: the first page is read first, a calendar of up
   * to `wholePages` pages is listed whole, and the index is returned ready).
   */
  windowsFirst?: boolean | undefined;
}

/**
 * Pages of the whole calendar up to which it is listed whole at the start (the pages after the first
 * asked for together: one round trip) rather than by windows around the rows.
 */
export const WHOLE_PAGES = 4;

/** Pages of one listing asked for at once after its first. */
const WINDOW_PREFETCH = 3;

/** Times a listing is read again when its pages say the list shrank while it was read. */
const RELISTS = 2;

/** Pages of a listing whose size is known asked for at once. */
const PAGES_IN_FLIGHT = 4;

/** What a listing known from its first page needs to go on: its total then, and its pages. */
export interface Known {
  total: number;
  pages: number;
}

/**
 * Pages `from`…`known.pages` of a listing whose first page was read already, asked for together
 * (a few at a time): they take one round trip where one after another would take several. Resolves
 * with the totals the pages reported in the order they were answered (undefined: a page past the end,
 * which the list shrank to) and the number of records read.
 */
async function pagesAtOnce(
  index: MatchIndex,
  opts: MatchIndexOptions,
  query: Obj,
  from: number,
  known: Known,
): Promise<{ totals: (number | undefined)[]; records: number }> {
  const { resource } = opts;
  const numbers = Array.from({ length: Math.max(0, known.pages - from + 1) }, (_, i) => from + i);
  const totals: (number | undefined)[] = [];
  let read = 0;
  let next = 0;
  const worker = async () => {
    while (next < numbers.length) {
      const i = next++;
      try {
        const res = await opts.api.get<Obj>(`/${resource.name}`, {
          query: { ...query, page: numbers[i] } as never,
          signal: opts.signal,
        });
        const records = res.body[resource.name];
        for (const r of Array.isArray(records) ? (records as Obj[]) : []) index.add(r, true);
        read += Array.isArray(records) ? records.length : 0;
        totals.push(Number(res.body.total ?? res.headers['x-wp-total'] ?? known.total));
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404 && /-page-not-found$/.test(err.code))) throw err;
        totals.push(undefined);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, numbers.length) }, worker));
  return { totals, records: read };
}

/**
 * Lists a query's every page into the index; resolves with the number of pages asked for. Pages are
 * read by offset, so a record someone else deletes (or trashes, or moves out of the window) meanwhile
 * shifts the later pages back and one record would never be seen: the import would then create it
 * again. When a page reports a smaller total than one before it (`known`: what the listing's first
 * page, read before, reported), the listing is read again from its first page. A larger total (a
 * record added, as this import's own creates do) only repeats a record: nothing is missed. With
 * `known`, the pages from `startPage` on are asked for together. Resolves with the pages asked for
 * and the records read; `seen` is told of each record read one page after another, in the listing's
 * order, until a page says the list shrank (see match-progress.ts).
 */
export async function listInto(
  index: MatchIndex,
  opts: MatchIndexOptions,
  query: Obj,
  startPage = 1,
  known?: Known,
  seen?: (record: Obj) => void,
): Promise<{ pages: number; records: number }> {
  const { resource } = opts;
  let pages = 0;
  let records = 0;
  for (let pass = 0; ; pass++) {
    let before = pass === 0 ? known?.total : undefined;
    let shrank = false;
    let from = pass === 0 ? startPage : 1;
    if (pass === 0 && known !== undefined && startPage <= known.pages) {
      const read = await pagesAtOnce(index, opts, query, startPage, known);
      pages += read.totals.length;
      records += read.records;
      // (in the order the pages were answered: a total below one answered before it is a deletion)
      for (const total of read.totals) {
        if (total === undefined || (before !== undefined && total < before)) shrank = true;
        if (total !== undefined) before = Math.max(before ?? total, total);
      }
      // (pages past those known: the list grew meanwhile, and they are read one after another)
      from = Math.ceil((before ?? 0) / MAX_PER_PAGE) > known.pages && !shrank ? known.pages + 1 : 0;
    }
    if (from > 0) {
      for await (const r of paginate<Obj>(opts.api, `/${resource.name}`, query as never, resource.name, {
        signal: opts.signal,
        startPage: from,
        // A window's later pages are asked for together once the first says how many there are.
        prefetch: WINDOW_PREFETCH,
        onPage: ({ total }) => {
          pages++;
          if (total !== undefined && before !== undefined && total < before) shrank = true;
          if (total !== undefined) before = total;
        },
      })) {
        index.add(r, true);
        records++;
        // (only while no page has said the list shrank: a deletion shifts an unread event onto a
        // page read before, and the events after it no longer vouch for what lies behind them)
        if (pass === 0 && !shrank) seen?.(r);
      }
    }
    if (!shrank || pass >= RELISTS) return { pages, records };
  }
}
