/**
 * How far a listing of events has shown every event there is, while its later pages are still on
 * their way: the site lists events by start date (observed #19), so once a page ends with an event
 * starting on day L, no event still unseen starts before it. A row only needs the events that start
 * the day before, the day of and the day after its own (match-windows.ts), so a row whose days end
 * well before L is written without waiting for the rest of the listing: on a calendar that holds
 * events on the rows' days, the first writes start after the listing's first page, not its last.
 *
 * The margin: the site orders by a start that is either the event's own local time or UTC, and a row's
 * day is in the site's zone; any two of these differ by at most 26 hours (UTC−12 to UTC+14). So an
 * unseen event starts, in the site's zone, no earlier than two days before L, and a row on day D is
 * safe once D + 1 < L − 2, i.e. D ≤ L − 4. The last event's day is taken as the earlier of its local
 * and UTC days, and nothing is released once the events read stop coming in start order by both
 * (a site ordering otherwise: every row waits for the whole listing, as before), nor from a page that
 * says the list shrank (match-listing.ts: a deletion shifts an unread event back onto a page read
 * before, so the pages after it no longer vouch for the days behind them; test/csv/match-shift.test.ts).
 */
import { dayOf, shiftDay } from './match-days.js';

type Obj = Record<string, unknown>;

/** Days between an event's ordering day and the last row day it lets through (see the margin above). */
const MARGIN_DAYS = 4;

/** What a listing tells its waiting rows as its events come in. */
export interface ListingProgress {
  /** one event read, in the listing's order */
  seen(record: Obj): void;
  /** resolves once every event a row on `day` could match has been read; never, if that does not happen */
  reached(day: string): Promise<void>;
}

/** A progress tracker for one listing. */
export function listingProgress(): ListingProgress {
  // The last row day released so far ('' none), the last local and UTC starts read, and whether the
  // events read so far came in order of each.
  let through = '';
  let lastLocal = '';
  let lastUtc = '';
  let localOrdered = true;
  let utcOrdered = true;
  const waiting: { day: string; resolve: () => void }[] = [];
  return {
    seen(record) {
      if (!localOrdered && !utcOrdered) return;
      const local = typeof record.start_date === 'string' ? record.start_date : '';
      const utc = typeof record.utc_start_date === 'string' ? record.utc_start_date : '';
      const localDay = dayOf(local);
      const utcDay = dayOf(utc);
      if (localDay === undefined || utcDay === undefined) {
        localOrdered = utcOrdered = false;
        return;
      }
      if (local < lastLocal) localOrdered = false;
      if (utc < lastUtc) utcOrdered = false;
      lastLocal = local;
      lastUtc = utc;
      if (!localOrdered && !utcOrdered) return;
      // (the earlier of the two days: `YYYY-MM-DD` strings sort as days)
      const day = shiftDay([localDay, utcDay].sort()[0] as string, -MARGIN_DAYS);
      if (day <= through) return;
      through = day;
      for (let i = waiting.length - 1; i >= 0; i--) {
        const w = waiting[i] as (typeof waiting)[number];
        if (w.day <= through) {
          waiting.splice(i, 1);
          w.resolve();
        }
      }
    },
    reached(day) {
      if (through !== '' && day <= through) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.push({ day, resolve }));
    },
  };
}
