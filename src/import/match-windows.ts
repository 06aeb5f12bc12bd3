/**
 * The match index of a large calendar, filled per row (see match-loader.ts): the events that start
 * within a day of each row's start (the site compares starts in its own zone, the row's may be
 * another: a day each side covers every offset), plus the row's id or slug looked up when the listing
 * does not hold it.
 *
 * Rows read ahead together are asked for together: their days, sorted, are grouped into one listing
 * when it costs no more than a window per day would (the days between them are few, or the calendar
 * is sparse there), so a file of new events one a day costs one request, not one per row. A listing
 * reaches further ahead while the calendar is sparse, for the rows not read yet (as far as a listing
 * may once their days are found empty: 200 new events one a day cost two listings). Once the requests
 * cost the site half of what listing everything would, the rest of the calendar is listed once, its
 * pages together, and the index is complete; rows whose days are listed already do not wait for it.
 */
import { ApiError, onePerKey } from '../api/index.js';
import { everythingQuery, MAX_PER_PAGE } from '../catalog/index.js';
import type { Body } from '../records/index.js';
import type { MatchIndex } from './match.js';
import {
  costOf,
  eventsAroundQuery,
  LAST_DAY,
  MAX_REACH,
  MAX_SPAN,
  PAGE_FILL,
  REQUEST_COST,
  SIZE_AFTER,
  UNSIZED_SPAN,
  WINDOWS_IN_FLIGHT,
} from './match-budget.js';
import { dayOf, daysBetween, shiftDay } from './match-days.js';
import { type Group, type Listed, newGroup, readyFor } from './match-groups.js';
import { type Known, listInto, type MatchIndexOptions } from './match-listing.js';
import { listingProgress } from './match-progress.js';

type Obj = Record<string, unknown>;

/** What the first page of the whole calendar says: its size and the day of its earliest event. */
export interface CalendarSize {
  known: Known;
  firstDay: string | undefined;
  /** pages of the whole listing already in the index (its first) */
  listedPages: number;
}

/**
 * The per-row loader of a large calendar (see the file's comment). `sizing` asks for the first page
 * of the whole calendar (once): its size decides when listing everything costs less than more
 * listings of days. It is asked once the listings have cost {@link SIZE_AFTER}, or by a row without a
 * start (which only a whole listing can match by its natural key).
 */
export function windowLoader(
  index: MatchIndex,
  opts: MatchIndexOptions,
  sizing: () => Promise<CalendarSize>,
): (id: number | undefined, body: Body) => Promise<void> {
  const loader = new WindowLoader(index, opts, sizing);
  return (id, body) => loader.load(id, body);
}

/** The state of one import's listings of days, and the steps that plan, start and wait for them. */
class WindowLoader {
  private known: Known | undefined;
  private firstDay: string | undefined;
  private listedPages = 0;
  private spent = 0;
  private complete: Promise<void> | undefined;
  // Days already listed (each listing covers whole days), and how many days past its last row the
  // next listing reaches: after a listing of one page, as far as most of a page of events at the
  // density seen (a sparse calendar: a file of new events one a day then costs a request per few
  // months, not per row); after one of several pages, half as far as before.
  private readonly covered: Listed[] = [];
  private reach = 0;
  // (events a day in what was listed: how many days one more listing may cover)
  private listedDays = 0;
  private listedRecords = 0;
  // (a failed request may be asked again by a later row)
  private readonly once = onePerKey<void>();
  // The size's failure leaves the work to the rows' own listings, which answer for their rows
  // whatever the calendar's size (and fail the same way if the site does): it is not asked again.
  private sizeAsked: Promise<void> | undefined;
  private sizeFailed = false;
  private earliest: string | undefined;
  private onwardFrom: string | undefined;
  // Rows' days waiting for a listing, in the order they are to be asked for, and the group of each day.
  private readonly queued: Group[] = [];
  private readonly groupOf = new Map<string, Group>();
  private inFlight = 0;
  /** Days asked for since the last plan. */
  private readonly asked: string[] = [];
  private planning: Promise<void> | undefined;

  constructor(
    private readonly index: MatchIndex,
    private readonly opts: MatchIndexOptions,
    private readonly sizing: () => Promise<CalendarSize>,
  ) {}

  private lookup(path: string) {
    return async () => {
      this.spent += 1;
      try {
        const res = await this.opts.api.get<Obj>(path, { signal: this.opts.signal });
        this.index.add(res.body, true);
      } catch (err) {
        // Not there (404), or not an id of this resource: the row matches by its other fields.
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
      }
    };
  }

  private coverOf(first: string, last = first): Listed | undefined {
    const from = shiftDay(first, -1);
    const to = shiftDay(last, 1);
    return this.covered.find((c) => c.from <= from && c.to >= to);
  }

  private forget(entry: Listed): void {
    const at = this.covered.indexOf(entry);
    if (at >= 0) this.covered.splice(at, 1);
  }

  /**
   * Listing everything costs less than more listings of days (known once the size has answered; asked
   * for once the listings cost enough for that to be possible).
   */
  private costly(more = 0): boolean | 'asking' {
    if (this.known === undefined && !this.sizeFailed && this.spent + more >= SIZE_AFTER) {
      // (the next listing waits for the answer: it decides between listing days and everything)
      this.learnSize().then(
        () => this.startNext(),
        () => this.startNext(),
      );
      return 'asking';
    }
    return this.known !== undefined && (this.spent + more) * 2 >= this.known.pages;
  }

  /**
   * The whole calendar, listed once windows would cost more (then the index is complete): the pages
   * not in the index yet, asked for together.
   */
  private listEverything(): Promise<void> {
    const { known, listedPages } = this;
    this.complete ??=
      known === undefined || known.pages <= listedPages
        ? Promise.resolve()
        : listInto(this.index, this.opts, everythingQuery(this.opts.resource), listedPages + 1, known).then(() => {});
    return this.complete;
  }

  private learnSize(): Promise<void> {
    this.sizeAsked ??= this.sizing().then(
      (size) => {
        this.known = size.known;
        this.firstDay = size.firstDay;
        this.listedPages = size.listedPages;
      },
      () => {
        this.sizeFailed = true;
      },
    );
    return this.sizeAsked;
  }

  /** Lists the events that start from day `from` to day `to` (both whole days) as one listing. */
  private listDays(from: string, to: string): Promise<void> {
    const entry: Listed = { from, to, done: Promise.resolve() };
    const query = { per_page: MAX_PER_PAGE, starts_after: shiftDay(from, -1), starts_before: to };
    entry.done = listInto(this.index, this.opts, query).then(() => {});
    entry.done.catch(() => this.forget(entry));
    this.covered.push(entry);
    return entry.done;
  }

  /**
   * Once windows would cost more than listing: the calendar from the earliest row seen on, in one
   * listing. Imports mostly bring the coming events, and a site's past can be most of its calendar:
   * listed from its first event, that would be rendered for nothing. A row earlier than that, later
   * on, lists the days in between. When the rows reach back to the calendar's first event, this is
   * the whole listing (its first page read already).
   */
  private listBeyond(day: string, last: string): Promise<void> {
    const { earliest } = this;
    const from = shiftDay(earliest !== undefined && earliest < day ? earliest : day, -1);
    if (this.onwardFrom === undefined) {
      this.onwardFrom = from;
      if (this.firstDay === undefined || from <= this.firstDay) {
        const whole = this.listEverything();
        this.covered.push({ from: '0000-01-01', to: LAST_DAY, done: whole });
        return whole;
      }
      return this.listDays(from, LAST_DAY);
    }
    if (from < this.onwardFrom) {
      const to = this.onwardFrom;
      this.onwardFrom = from;
      return this.listDays(from, to);
    }
    return this.listDays(shiftDay(day, -1), shiftDay(last, 1));
  }

  /** Whether a group's listing may take in `day` too (the group's days and `day` sorted). */
  private fits(group: Group, day: string): boolean {
    const { listedDays, listedRecords } = this;
    const span = daysBetween(group.first, day) + 3;
    if (span > (listedDays === 0 ? UNSIZED_SPAN : MAX_SPAN)) return false;
    // (no more than a window per day would cost, or one page)
    return (
      span <= 3 * (group.days.length + 1) || (listedDays > 0 && (span * listedRecords) / listedDays <= MAX_PER_PAGE)
    );
  }

  /** Starts the listings of the groups first in line, as many as may be under way at once. */
  private startNext(): void {
    // (one at a time until a listing has answered: what the first costs sizes the next)
    while (this.inFlight < (this.listedDays === 0 ? 1 : WINDOWS_IN_FLIGHT) && this.queued.length > 0) {
      const group = this.queued.shift() as Group;
      // (a listing that answered meanwhile may hold the group's days already)
      const hit = this.coverOf(group.first, group.last);
      if (hit) {
        group.settle(hit.done, hit);
        continue;
      }
      const span = daysBetween(group.first, group.last) + 3;
      const pages = this.listedDays === 0 ? 0 : (span * this.listedRecords) / this.listedDays / MAX_PER_PAGE;
      const decision = this.costly(pages);
      if (decision === 'asking') {
        this.queued.unshift(group);
        return;
      }
      if (decision) group.settle(this.listBeyond(group.first, group.last));
      else this.listGroup(group, span);
    }
  }

  /** Lists a group's days and as far past its last as is cheap, as one listing. */
  private listGroup(group: Group, span: number): void {
    const query = eventsAroundQuery(group.first);
    // (past its last row: as far as the listings so far say is cheap; the first listings, before
    // anything is known, as far as their own rows span, within the most an unsized listing covers:
    // rows read later tend to go on as these began)
    const ahead = this.listedDays === 0 ? Math.max(this.reach, Math.min(span - 2, UNSIZED_SPAN - span)) : this.reach;
    query.starts_before = shiftDay(group.last, 1 + ahead);
    const entry: Listed = {
      from: shiftDay(group.first, -1),
      to: query.starts_before as string,
      done: Promise.resolve(),
      progress: listingProgress(),
    };
    // (counted at once, so that listings asked for together count each other)
    this.spent += REQUEST_COST;
    this.inFlight++;
    entry.done = listInto(this.index, this.opts, query, 1, undefined, entry.progress?.seen).then(({ pages, records }) =>
      this.listed(entry, span, pages, records),
    );
    // (a failed listing may be asked again by a later row)
    entry.done.catch(() => this.forget(entry));
    entry.done
      .catch(() => {})
      .finally(() => {
        this.inFlight--;
        this.startNext();
      });
    this.covered.push(entry);
    group.settle(entry.done, entry);
  }

  /** What a listing of days cost and found, and how far the next one reaches. */
  private listed(entry: Listed, span: number, pages: number, records: number): void {
    this.spent += costOf(pages, records) - REQUEST_COST;
    this.listedDays += daysBetween(entry.from, entry.to) + 1;
    this.listedRecords += records;
    // (one page: the next listing, a group of rows as long as this one's plus its reach, holds
    // most of a page at the density listed so far: a calendar of a few events a week lists 200
    // new events one a day in two listings, not in one per doubling; found empty, as far as a
    // listing reaches; several pages: half as far)
    if (pages > 1) this.reach = Math.floor(this.reach / 2);
    else if (this.listedRecords === 0) this.reach = MAX_REACH;
    else {
      const daysPerPage = Math.floor((PAGE_FILL * MAX_PER_PAGE * this.listedDays) / this.listedRecords);
      this.reach = Math.min(MAX_REACH, Math.max(1, daysPerPage - span));
    }
  }

  /** Groups the days asked for since the last plan into listings, in day order, and starts them. */
  private plan(): void {
    const { queued, groupOf } = this;
    const days = [...new Set(this.asked.splice(0))].sort();
    let group: Group | undefined;
    for (const day of days) {
      if (groupOf.has(day) || this.coverOf(day)) continue;
      const inside = queued.find((g) => g.first <= day && day <= g.last);
      if (inside) {
        inside.days.push(day);
        groupOf.set(day, inside);
        continue;
      }
      if (group && this.fits(group, day)) {
        group.last = day;
        group.days.push(day);
      } else {
        const made = newGroup(day);
        // (its rows wait for its listing; later rows find the days listed)
        void made.done
          .catch(() => {})
          .finally(() => {
            for (const d of made.days) if (groupOf.get(d) === made) groupOf.delete(d);
          });
        group = made;
        queued.push(group);
      }
      groupOf.set(day, group);
    }
    this.startNext();
  }

  /**
   * Waits until `day` is listed: the days asked for in one turn of the event loop (the rows read
   * ahead together) are planned together.
   */
  private async listAround(day: string): Promise<void> {
    for (;;) {
      const group = this.groupOf.get(day);
      if (group) return group.ready(day);
      const hit = this.coverOf(day);
      if (hit) return readyFor(hit, day);
      this.asked.push(day);
      this.planning ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.planning = undefined;
        this.plan();
      });
      await this.planning;
    }
  }

  /** Makes the index hold what a row (its id and body) can match: its days, else its id or slug. */
  async load(id: number | undefined, body: Body): Promise<void> {
    const { index, opts } = this;
    const day = dayOf(body.start_date);
    if (day !== undefined && (this.earliest === undefined || day < this.earliest)) this.earliest = day;
    // A row whose days a listing holds needs nothing more, whatever is being listed meanwhile.
    const hit = day === undefined ? undefined : this.coverOf(day);
    if (hit) await readyFor(hit, day as string);
    else if (day === undefined) {
      // (a row without a start matches by its id or slug, or by the whole calendar once it is listed)
      await this.learnSize();
      if (this.complete) return this.complete;
      if (this.costly() === true) return this.listEverything();
    } else await this.listAround(day);
    const needsId = id !== undefined && id > 0 && !index.hasId(id);
    const slug = typeof body.slug === 'string' ? body.slug : '';
    const needsSlug = slug !== '' && !index.hasSlug(slug);
    if ((needsId || needsSlug) && this.complete) return this.complete;
    const name = opts.resource.name;
    if (needsId) await this.once(`id:${id}`, this.lookup(`/${name}/${id}`));
    if (needsSlug) {
      await this.once(`slug:${slug.toLowerCase()}`, this.lookup(`/${name}/by-slug/${encodeURIComponent(slug)}`));
    }
  }
}
