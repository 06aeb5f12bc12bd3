import { postTypeOf } from '../../../catalog/index.js';
import { addDays, utcToWall } from '../../../clock/index.js';
import { JsonItems } from '../../http/json-text.js';
import { parseDateParam, parseStatusParam, siteNow, statusesFor } from '../../posts/rules.js';
import { listOf, toBool } from '../../rest/args.js';
import { restBase } from '../../rest/root.js';
import type { Reply } from '../../rest/types.js';
import type { RequestScope } from '../../site.js';
import { wordsClause } from '../../store/page-queries.js';
import { canType } from '../../users/caps.js';
import type { HandlerRequest } from '../namespace.js';
import { eventTexts } from './event-texts.js';
import { paging, postArchive } from './list-common.js';
import { termIdsForFilter } from './terms.js';

const DATE_PARAMS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

/** The default window as the site computes it: from yesterday 23:59 to now + 2 years. */
function defaultWindow(req: HandlerRequest) {
  const now = siteNow(req.scope).local;
  const yesterday = `${addDays(now, -1).slice(0, 10)} 23:59:00`;
  const year = Number(now.slice(0, 4)) + 2;
  let twoYears = `${year}${now.slice(4)}`;
  if (twoYears.slice(5, 10) === '02-29') twoYears = `${year}-02-28${now.slice(10)}`;
  return { start: yesterday, end: twoYears };
}

/**
 * A date filter as the plugin reads it (`Archive_Event::get`). PHP's default zone on a WordPress site is
 * UTC, so a value that names no zone is a UTC time: with `strict_dates` (`Tribe__Timezones::localize_date`)
 * it becomes the site's local time; the whole-day reading (`tribe_beginning_of_day` / `tribe_end_of_day`
 * of the value as sent) keeps the date that reading gives. `2026-12-10 01:00` on a New York site is
 * `2026-12-09 20:00` strictly, and the day 2026-12-10 otherwise.
 */
function dateFilter(value: unknown, scope: RequestScope, strict: boolean): string {
  const utc = parseDateParam(value, scope, 'UTC') as string;
  return strict ? utcToWall(utc, scope.site.timezone) : utc;
}

/** A list's conditions and their arguments, and the query pairs its links repeat, built in the site's order. */
interface Filter {
  where: string[];
  args: unknown[];
  pairs: [string, string][];
  /** the dates as sent (`strict_dates`) or stretched to their whole day */
  strict: boolean;
  /** the ids of `include`, when given */
  include: number[] | null;
}

const dayStart = (f: Filter, w: string) => (f.strict ? w : `${w.slice(0, 10)} 00:00:00`);
const dayEnd = (f: Filter, w: string) => (f.strict ? w : `${w.slice(0, 10)} 23:59:59`);

/** `start_date` and `end_date`, the default window, and how `include` and the relative bounds change them. */
function addWindow(req: HandlerRequest, f: Filter): void {
  const { scope, params: q } = req;
  const defaults = defaultWindow(req);
  const relative = DATE_PARAMS.some((k) => req.has(k));
  let start: string | null = null;
  let end: string | null = null;
  // (bounds shown in rest_url that filter nothing)
  const shownOnly: [string, string][] = [];
  if (f.include && relative) {
    // With a relative bound (starts_after …) beside include, the plugin drops the default window too
    // (Archive_Event::get unsets the defaults the request did not name): past and far events come
    // back. A start_date or end_date given is still echoed, with the default's value, filtering
    // nothing (observed on 6.16.5).
    if (req.has('start_date')) shownOnly.push(['start_date', defaults.start]);
    if (req.has('end_date')) shownOnly.push(['end_date', defaults.end]);
  } else if (f.include) {
    // Explicit dates are dropped with include, but the raw defaults still apply (observed #10).
    start = defaults.start;
    end = defaults.end;
  } else {
    if (req.has('start_date')) start = dayStart(f, dateFilter(q.start_date, scope, f.strict));
    else if (!relative) start = dayStart(f, defaults.start);
    if (req.has('end_date')) end = dayEnd(f, dateFilter(q.end_date, scope, f.strict));
    else if (!relative) end = dayEnd(f, defaults.end);
  }
  if (start) {
    f.where.push('p.start_local >= ?');
    f.args.push(start);
    f.pairs.push(['start_date', start]);
  }
  if (end) {
    f.where.push('p.end_local <= ?');
    f.args.push(end);
    f.pairs.push(['end_date', end]);
  }
  f.pairs.push(...shownOnly);
}

/** `search` (every word), and the geolocation parameters, echoed but filtering nothing without the extension. */
function addSearch(req: HandlerRequest, f: Filter): void {
  const q = req.params;
  if (req.has('search')) {
    const words = wordsClause(
      ['p.title', 'p.content', 'p.excerpt'],
      String(q.search).split(/\s+/).filter(Boolean),
      'every',
    );
    if (words !== null) {
      f.where.push(words.sql);
      f.args.push(words.arg);
    }
    f.pairs.push(['search', String(q.search)]);
  }
  for (const g of ['geoloc', 'geoloc_lat', 'geoloc_lng'] as const) {
    if (req.has(g)) f.pairs.push([g, g === 'geoloc' ? (toBool(q[g]) ? '1' : '0') : String(q[g])]);
  }
}

/** The statuses this caller reads (`status` as asked, or the site's default for an editor or a visitor). */
function addStatus(req: HandlerRequest, f: Filter): void {
  const editor = canType(req.scope, postTypeOf(req.resource), 'edit_posts');
  const requested = req.has('status') ? (parseStatusParam(req.params.status, editor) as string[]) : undefined;
  const statuses = statusesFor(editor, requested);
  f.where.push(`p.status IN (${statuses.map(() => '?').join(',')})`);
  f.args.push(...statuses);
  f.pairs.push(['status', requested ? requested.join(',') : editor ? 'any' : 'publish']);
}

const RELATIVE_BOUNDS = {
  starts_before: ['start_local', '<'],
  starts_after: ['start_local', '>'],
  ends_before: ['end_local', '<'],
  ends_after: ['end_local', '>'],
} as const;

/** `post_parent`, `include` and the relative bounds (`starts_after` …). */
function addBounds(req: HandlerRequest, f: Filter): void {
  const q = req.params;
  if (req.has('post_parent')) {
    f.where.push('p.parent = ?');
    f.args.push(Number(q.post_parent));
    f.pairs.push(['post_parent', String(q.post_parent)]);
  }
  if (f.include) {
    f.where.push(`p.id IN (${f.include.map(() => '?').join(',') || 'NULL'})`);
    f.args.push(...f.include);
    f.pairs.push(['include', f.include.join(',')]);
  }
  for (const k of DATE_PARAMS) {
    if (!req.has(k)) continue;
    const v = dayEnd(f, dateFilter(q[k], req.scope, f.strict));
    f.where.push(`p.${RELATIVE_BOUNDS[k][0]} ${RELATIVE_BOUNDS[k][1]} ?`);
    f.args.push(v);
    f.pairs.push([k, v]);
  }
}

/** The linked records: categories and tags, venue, organizer, and `featured`. */
function addLinks(req: HandlerRequest, f: Filter): void {
  const q = req.params;
  for (const tax of ['categories', 'tags'] as const) {
    if (!req.has(tax)) continue;
    const ids = termIdsForFilter(
      q[tax],
      tax === 'categories' ? 'tribe_events_cat' : 'post_tag',
      req.scope,
      tax === 'categories',
    );
    f.where.push(
      `p.id IN (SELECT post_id FROM term_relationships WHERE term_id IN (${ids.map(() => '?').join(',') || 'NULL'}))`,
    );
    f.args.push(...ids);
  }
  if (req.has('venue')) {
    const ids = (listOf(q.venue) ?? []).map(Number);
    f.where.push(`p.venue_id IN (${ids.map(() => '?').join(',')})`);
    f.args.push(...ids);
    f.pairs.push(['venue', ids.join(',')]);
  }
  if (req.has('organizer')) {
    const ids = (listOf(q.organizer) ?? []).map(Number);
    f.where.push(
      `p.id IN (SELECT event_id FROM event_organizers WHERE organizer_id IN (${ids.map(() => '?').join(',')}))`,
    );
    f.args.push(...ids);
    f.pairs.push(['organizer', ids.join(',')]);
  }
  if (req.has('featured')) {
    const featured = toBool(q.featured) === true;
    f.where.push(`p.featured = ${featured ? 1 : 0}`);
    if (featured) f.pairs.push(['featured', '1']);
  }
}

/** `GET /events`: a page of the events the filters keep, in the order of their start (of their date with `include`). */
export function listEvents(req: HandlerRequest): Reply {
  const { scope, params: q } = req;
  const pg = paging(q, scope);
  const f: Filter = {
    where: ["p.type = 'tribe_events'", 'p.hidden = 0'],
    args: [],
    pairs: [
      ['page', String(pg.page)],
      ['per_page', String(pg.perPage)],
    ],
    strict: typeof q.strict_dates === 'string' && toBool(q.strict_dates) === true,
    include: req.has('include') ? (listOf(q.include) ?? []).map(Number) : null,
  };
  addWindow(req, f);
  addSearch(req, f);
  addStatus(req, f);
  addBounds(req, f);
  addLinks(req, f);
  const order = f.include ? 'p.date ASC, p.id ASC' : 'p.start_local ASC, p.id ASC';
  // (ids only: the records of most events on the page are kept as text, see event-texts.ts)
  const { ids, total } = scope.stores.posts.query(
    f.where.join(' AND '),
    f.args,
    order,
    pg.perPage,
    (pg.page - 1) * pg.perPage,
    false,
  );
  const items = new JsonItems(eventTexts(ids, scope));
  return postArchive(
    'events',
    items,
    `${restBase(scope)}/events/`,
    f.pairs,
    pg,
    total,
    'event-archive-page-not-found',
    'event',
  );
}
