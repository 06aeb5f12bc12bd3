/**
 * What the listings of a large calendar's days may cost the site and how far they reach: the budget
 * the per-row window loader (match-windows.ts) plans its listings by, and the query of one row's days.
 */
import { MAX_PER_PAGE } from '../catalog/index.js';
import { shiftDay } from './match-days.js';

type Obj = Record<string, unknown>;

/**
 * Spending (in full pages, see {@link REQUEST_COST}) after which the calendar's size is asked for, when
 * it was not given: below it listing everything could not cost less (a calendar of one page costs
 * one), so a small file of new events never asks.
 */
export const SIZE_AFTER = 1;

/** Listings of days asked for at once. */
export const WINDOWS_IN_FLIGHT = 4;

/**
 * The share of a page the next listing is sized to hold, at the density listed so far: most of one,
 * with room for a denser stretch before a second page is needed.
 */
export const PAGE_FILL = 0.8;

/** The farthest a listing reaches past its last row's day (days). */
export const MAX_REACH = 256;

/** The most days one listing of rows' days covers. */
export const MAX_SPAN = 256;

/**
 * The most days one listing covers before the calendar's density is known (no listing answered yet):
 * two months of rows, one a day, in one request; on a calendar of many events a day, at most a few
 * pages more than their own windows would have cost.
 */
export const UNSIZED_SPAN = 64;

/**
 * What a request costs the site, in full pages of 50 events, against the whole listing (one per page):
 * a listing that found no event costs about 0.4 of a full page (WordPress's bootstrap and the query;
 * on the reference site an empty window took 264 ms, a full page 588 ms), and each event it renders
 * the rest of a page's cost over 50. So the windows of a sparse calendar (new events on empty days,
 * or a few events near them) are counted as cheap as they are, and the whole calendar is not listed
 * (nor its size asked for) for them.
 */
export const REQUEST_COST = 0.4;
export const costOf = (requests: number, records: number): number =>
  requests * REQUEST_COST + ((1 - REQUEST_COST) * records) / MAX_PER_PAGE;

/** The last day a listing "from a day on" reaches. */
export const LAST_DAY = '2100-12-31';

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
