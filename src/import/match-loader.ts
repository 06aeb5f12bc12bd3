/**
 * Fills a run's match index, asking the site for as little as matching needs. A site's lists give
 * whole records (the plugin's `_fields` does not reach into list items), so bytes are saved by asking
 * for fewer records:
 * - venues, organizers and terms (matched by name, in no window) are listed once, whole;
 * - events matched by title + start, on a calendar of more than a few pages, are listed per row: the
 *   days around the rows' starts, the rows read ahead together asked for together (match-windows.ts);
 * - a calendar of up to {@link WHOLE_PAGES} pages (`wholePages`) is listed whole, its pages after the
 *   first together.
 * The first page of the calendar says how large it is. By default it is read before the index is
 * returned; with `windowsFirst` (the import) the rows' days are listed from the first row on, and the
 * first page is asked for only once those listings cost enough for its answer to matter.
 */
import { everythingQuery, MAX_PER_PAGE } from '../catalog/index.js';
import { naturalKeyFields } from '../records/index.js';
import { MatchIndex } from './match.js';
import { dayOf } from './match-days.js';
import { listInto, type MatchIndexOptions, WHOLE_PAGES } from './match-listing.js';
import { type CalendarSize, windowLoader } from './match-windows.js';

export { eventsAroundQuery } from './match-budget.js';
export type { MatchIndexOptions } from './match-listing.js';

type Obj = Record<string, unknown>;

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
  const wholePages = opts.wholePages ?? WHOLE_PAGES;
  // The first page of the whole calendar says how large it is. An import listing by windows asks
  // for a page of one event: its total and first day are all it needs (a page of 50 events costs the
  // site as much as one and a half creates, a page of one as much as an empty window).
  const sizeOf = async (perPage: number): Promise<CalendarSize> => {
    const first = await api.get<Obj>(`/${resource.name}`, {
      query: { ...whole, per_page: perPage, page: 1 } as never,
      signal: opts.signal,
    });
    const records = first.body[resource.name];
    const listed = Array.isArray(records) ? (records as Obj[]) : [];
    for (const r of listed) index.add(r, true);
    const total = Number(first.body.total ?? first.headers['x-wp-total'] ?? 0);
    // (the first page holds the calendar's earliest events: a listing from their day on is all of it)
    const days = listed
      .map((r) => dayOf(r.start_date))
      .filter((d): d is string => d !== undefined)
      .sort();
    const known = { total, pages: Math.ceil(total / MAX_PER_PAGE) };
    return { known, firstDay: days[0], listedPages: perPage === MAX_PER_PAGE ? Math.min(1, known.pages) : 0 };
  };
  if (opts.windowsFirst) {
    index.prepare = windowLoader(index, opts, () => sizeOf(1));
    index.windowed = true;
    return index;
  }
  // A small calendar is listed whole.
  const size = await sizeOf(MAX_PER_PAGE);
  if (size.known.pages <= wholePages) {
    if (size.known.pages > 1) await listInto(index, opts, whole, 2, size.known);
    return index;
  }
  index.prepare = windowLoader(index, opts, async () => size);
  index.windowed = true;
  return index;
}
