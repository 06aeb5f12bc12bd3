/**
 * Fills a run's match index, asking the site for as little as matching needs. A site's lists give
 * whole records (the plugin's `_fields` does not reach into list items), so bytes are saved by asking
 * for fewer records:
 * - venues, organizers and terms (matched by name, in no window) are listed once, whole;
 * - events matched by title + start, on a calendar of more than a few pages, are listed per row: the
 *   events that start within a day of the row's start (the site compares starts in its own zone, the
 *   row's may be another: a day each side covers every offset), plus the row's id or slug looked up
 *   when the window does not hold it. A window reaches further ahead while the calendar is sparse,
 *   so the next rows' days are often listed already (and the import asks for the next rows' windows
 *   while the rows before them are written). Once those requests cost the site half of what listing
 *   everything would (a large file; a window that finds nothing costs less than a page), the rest of
 *   the calendar is listed once, its pages together, and the index is complete; rows whose windows
 *   are listed already do not wait for it.
 * - a calendar of up to {@link WHOLE_PAGES} pages is listed whole at the start, its pages after the
 *   first together.
 */
import { type ApiClient, ApiError, onePerKey, paginate } from '../api/index.js';
import { everythingQuery, MAX_PER_PAGE, type ResourceSpec } from '../catalog/index.js';
import { type Body, naturalKeyFields } from '../records/index.js';
import { MatchIndex } from './match.js';

type Obj = Record<string, unknown>;

/** Options of {@link buildMatchIndex}. */
export interface MatchIndexOptions {
  api: ApiClient;
  resource: ResourceSpec;
  /** fields of the natural key (default: {@link naturalKeyFields}) */
  keyFields?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Pages of the whole calendar up to which events are listed whole at the start rather than per
   * row (default {@link WHOLE_PAGES}: its pages after the first cost one round trip together, no
   * more than one row's window).
   */
  wholePages?: number | undefined;
}

const DAY_MS = 86_400_000;

/** Windows asked for at once. */
const WINDOWS_IN_FLIGHT = 4;

/** The farthest a row's window reaches past the row's day (days). */
const MAX_REACH = 256;

/**
 * Pages of the whole calendar up to which it is listed whole at the start (the pages after the first
 * asked for together: one round trip) rather than by windows around the rows.
 */
const WHOLE_PAGES = 4;

/**
 * What a request costs the site, in full pages of 50 events, against the whole listing (one per page):
 * a listing that found no event costs about 0.4 of a full page (WordPress's bootstrap and the query;
 * on the reference site an empty window took 264 ms, a full page 588 ms), one that found events about
 * a page. So the windows of a sparse calendar (new events on empty days) are counted as cheap as they
 * are, and the whole calendar is not listed for them.
 */
const REQUEST_COST = 0.4;
const costOf = (requests: number, records: number): number => (records === 0 ? requests * REQUEST_COST : requests);

/** Pages of one listing asked for at once after its first. */
const WINDOW_PREFETCH = 3;

/** The last day a listing "from a day on" reaches. */
const LAST_DAY = '2100-12-31';

/** The `YYYY-MM-DD` day of a date value, if it has one. */
const dayOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;

/** `YYYY-MM-DD` shifted by whole days. */
function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The list query of the events starting on the day before, the day of, or the day after `day`. The
 * site reads `starts_after`/`starts_before` as strict bounds at 23:59:59 of the days given (observed
 * #26), so these two bounds cover the three whole days.
 */
export function eventsAroundQuery(day: string): Obj {
  return {
    per_page: MAX_PER_PAGE,
    starts_after: shiftDay(day, -2),
    starts_before: shiftDay(day, 1),
  };
}

/** Times a listing is read again when its pages say the list shrank while it was read. */
const RELISTS = 2;

/** Pages of a listing whose size is known asked for at once. */
const PAGES_IN_FLIGHT = 4;

/** What a listing known from its first page needs to go on: its total then, and its pages. */
interface Known {
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
 * and the records read.
 */
async function listInto(
  index: MatchIndex,
  opts: MatchIndexOptions,
  query: Obj,
  startPage = 1,
  known?: Known,
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
      }
    }
    if (!shrank || pass >= RELISTS) return { pages, records };
  }
}

/**
 * Builds the index of one run. Events hidden from listings never appear in lists (observed #11): rows
 * for them are matched by slug lookups instead (see apply).
 */
export async function buildMatchIndex(opts: MatchIndexOptions): Promise<MatchIndex> {
  const { resource, api } = opts;
  const index = new MatchIndex(resource, opts.keyFields ?? naturalKeyFields(resource));
  const whole = everythingQuery(resource);
  const windowed = resource.name === 'events' && index.keyFields.includes('start_date');
  if (!windowed) {
    await listInto(index, opts, whole);
    return index;
  }
  // The first page of the whole calendar says how large it is; a small one is listed whole.
  const first = await api.get<Obj>(`/${resource.name}`, { query: { ...whole, page: 1 } as never, signal: opts.signal });
  const records = first.body[resource.name];
  for (const r of Array.isArray(records) ? (records as Obj[]) : []) index.add(r, true);
  const total = Number(first.body.total ?? first.headers['x-wp-total'] ?? 0);
  const totalPages = Math.ceil(total / MAX_PER_PAGE);
  if (totalPages <= (opts.wholePages ?? WHOLE_PAGES)) {
    if (totalPages > 1) await listInto(index, opts, whole, 2, { total, pages: totalPages });
    return index;
  }
  // (the first page holds the calendar's earliest events: a listing from their day on is all of it)
  const days = (Array.isArray(records) ? (records as Obj[]) : [])
    .map((r) => dayOf(r.start_date))
    .filter((d): d is string => d !== undefined)
    .sort();
  index.prepare = windowLoader(index, opts, { total, pages: totalPages }, days[0]);
  index.windowed = true;
  return index;
}

/** The per-row loader of a large calendar (see the file's comment). */
function windowLoader(
  index: MatchIndex,
  opts: MatchIndexOptions,
  known: Known,
  firstDay: string | undefined,
): (id: number | undefined, body: Body) => Promise<void> {
  const { api, resource } = opts;
  const totalPages = known.pages;
  let spent = 0;
  let complete: Promise<void> | undefined;
  // Days already listed (each window covers whole days), and how many days past a row the next
  // window reaches: it doubles after a window of one page (a sparse calendar: a file of new events
  // one a day then costs a request per few weeks, not per row) and halves after one of several.
  const covered: { from: string; to: string; done: Promise<void> }[] = [];
  let reach = 0;
  // (a failed request may be asked again by a later row)
  const once = onePerKey<void>();
  const lookup = (path: string) => async () => {
    spent += 1;
    try {
      const res = await api.get<Obj>(path, { signal: opts.signal });
      index.add(res.body, true);
    } catch (err) {
      // Not there (404), or not an id of this resource: the row matches by its other fields.
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
    }
  };
  /**
   * The whole calendar, listed once windows would cost more (then the index is complete): its first
   * page is in the index already, the others are asked for together.
   */
  const listEverything = (): Promise<void> => {
    complete ??= listInto(index, opts, everythingQuery(resource), 2, known).then(() => {});
    return complete;
  };
  /** Lists the events that start from day `from` to day `to` (both whole days) as one window. */
  const listDays = (from: string, to: string): Promise<void> => {
    const entry = { from, to, done: Promise.resolve() };
    const query = { per_page: MAX_PER_PAGE, starts_after: shiftDay(from, -1), starts_before: to };
    entry.done = listInto(index, opts, query).then(() => {});
    entry.done.catch(() => covered.splice(covered.indexOf(entry), 1));
    covered.push(entry);
    return entry.done;
  };
  // Once windows would cost more than listing: the calendar from the earliest row seen on, in one
  // listing. Imports mostly bring the coming events, and a site's past can be most of its calendar:
  // listed from its first event, that would be rendered for nothing. A row earlier than that, later
  // on, lists the days in between. When the rows reach back to the calendar's first event, this is
  // the whole listing (its first page read already).
  let earliest: string | undefined;
  let onwardFrom: string | undefined;
  const listBeyond = (day: string): Promise<void> => {
    const from = shiftDay(earliest !== undefined && earliest < day ? earliest : day, -1);
    if (onwardFrom === undefined) {
      onwardFrom = from;
      if (firstDay === undefined || from <= firstDay) {
        const whole = listEverything();
        covered.push({ from: '0000-01-01', to: LAST_DAY, done: whole });
        return whole;
      }
      return listDays(from, LAST_DAY);
    }
    if (from < onwardFrom) {
      const to = onwardFrom;
      onwardFrom = from;
      return listDays(from, to);
    }
    return listDays(shiftDay(day, -1), shiftDay(day, 1));
  };
  // A few windows at a time: a row past them waits for one to end (it often covers the row), and
  // later windows are sized by what the ones before them cost.
  const inFlight = new Set<Promise<void>>();
  const windowAround = async (day: string): Promise<void> => {
    const from = shiftDay(day, -1);
    const to = shiftDay(day, 1);
    for (;;) {
      const hit = covered.find((c) => c.from <= from && c.to >= to);
      if (hit) return hit.done;
      if (inFlight.size >= WINDOWS_IN_FLIGHT) {
        await Promise.race([...inFlight]).catch(() => {});
        continue;
      }
      if (spent * 2 >= totalPages) return listBeyond(day);
      const query = eventsAroundQuery(day);
      query.starts_before = shiftDay(day, 1 + reach);
      const entry = { from, to: query.starts_before as string, done: Promise.resolve() };
      entry.done = (async () => {
        // (counted at once, so that windows asked for together count each other)
        spent += REQUEST_COST;
        const { pages, records } = await listInto(index, opts, query);
        spent += costOf(pages, records) - REQUEST_COST;
        // (one page: a sparse calendar, the next window reaches twice as far; several: half)
        reach = pages <= 1 ? Math.min(MAX_REACH, Math.max(1, reach * 2)) : Math.floor(reach / 2);
      })();
      // (a failed window may be asked again by a later row)
      entry.done.catch(() => covered.splice(covered.indexOf(entry), 1));
      covered.push(entry);
      const settled: Promise<void> = entry.done.finally(() => inFlight.delete(settled));
      inFlight.add(settled);
      return entry.done;
    }
  };
  return async (id, body) => {
    const day = dayOf(body.start_date);
    if (day !== undefined && (earliest === undefined || day < earliest)) earliest = day;
    // A row whose days a listing holds needs nothing more, whatever is being listed meanwhile.
    const hit =
      day === undefined ? undefined : covered.find((c) => c.from <= shiftDay(day, -1) && c.to >= shiftDay(day, 1));
    if (hit) await hit.done;
    else if (day === undefined) {
      // (a row without a start matches by its id or slug, or by the whole calendar once it is listed)
      if (complete) return complete;
      if (spent * 2 >= totalPages) return listEverything();
    } else if (spent * 2 >= totalPages) await listBeyond(day);
    else await windowAround(day);
    const needsId = id !== undefined && id > 0 && !index.hasId(id);
    const slug = typeof body.slug === 'string' ? body.slug : '';
    const needsSlug = slug !== '' && !index.hasSlug(slug);
    if ((needsId || needsSlug) && complete) return complete;
    if (needsId) await once(`id:${id}`, lookup(`/${resource.name}/${id}`));
    if (needsSlug) {
      await once(`slug:${slug.toLowerCase()}`, lookup(`/${resource.name}/by-slug/${encodeURIComponent(slug)}`));
    }
  };
}
