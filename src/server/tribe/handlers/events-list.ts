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

export function listEvents(req: HandlerRequest): Reply {
  const { scope, params: q } = req;
  const pg = paging(q, scope);
  const strict = typeof q.strict_dates === 'string' && toBool(q.strict_dates) === true;
  const dayStart = (w: string) => (strict ? w : `${w.slice(0, 10)} 00:00:00`);
  const dayEnd = (w: string) => (strict ? w : `${w.slice(0, 10)} 23:59:59`);
  const where: string[] = ["p.type = 'tribe_events'", 'p.hidden = 0'];
  const args: unknown[] = [];
  const pairs: [string, string][] = [
    ['page', String(pg.page)],
    ['per_page', String(pg.perPage)],
  ];
  const defaults = defaultWindow(req);
  const include = req.has('include') ? (listOf(q.include) ?? []).map(Number) : null;
  const relative = DATE_PARAMS.some((k) => req.has(k));
  let start: string | null = null;
  let end: string | null = null;
  // (bounds shown in rest_url that filter nothing)
  const shownOnly: [string, string][] = [];
  if (include && relative) {
    // With a relative bound (starts_after …) beside include, the plugin drops the default window too
    // (Archive_Event::get unsets the defaults the request did not name): past and far events come
    // back. A start_date or end_date given is still echoed, with the default's value, filtering
    // nothing (observed on 6.16.5).
    if (req.has('start_date')) shownOnly.push(['start_date', defaults.start]);
    if (req.has('end_date')) shownOnly.push(['end_date', defaults.end]);
  } else if (include) {
    // Explicit dates are dropped with include, but the raw defaults still apply (observed #10).
    start = defaults.start;
    end = defaults.end;
  } else {
    if (req.has('start_date')) start = dayStart(dateFilter(q.start_date, scope, strict));
    else if (!relative) start = dayStart(defaults.start);
    if (req.has('end_date')) end = dayEnd(dateFilter(q.end_date, scope, strict));
    else if (!relative) end = dayEnd(defaults.end);
  }
  if (start) {
    where.push('p.start_local >= ?');
    args.push(start);
    pairs.push(['start_date', start]);
  }
  if (end) {
    where.push('p.end_local <= ?');
    args.push(end);
    pairs.push(['end_date', end]);
  }
  pairs.push(...shownOnly);
  if (req.has('search')) {
    const words = wordsClause(
      ['p.title', 'p.content', 'p.excerpt'],
      String(q.search).split(/\s+/).filter(Boolean),
      'every',
    );
    if (words !== null) {
      where.push(words.sql);
      args.push(words.arg);
    }
    pairs.push(['search', String(q.search)]);
  }
  for (const g of ['geoloc', 'geoloc_lat', 'geoloc_lng'] as const) {
    // Accepted and echoed, but without the premium extension they filter nothing.
    if (req.has(g)) pairs.push([g, g === 'geoloc' ? (toBool(q[g]) ? '1' : '0') : String(q[g])]);
  }
  const editor = canType(scope, postTypeOf(req.resource), 'edit_posts');
  const requested = req.has('status') ? (parseStatusParam(q.status, editor) as string[]) : undefined;
  const statuses = statusesFor(editor, requested);
  where.push(`p.status IN (${statuses.map(() => '?').join(',')})`);
  args.push(...statuses);
  pairs.push(['status', requested ? requested.join(',') : editor ? 'any' : 'publish']);
  if (req.has('post_parent')) {
    where.push('p.parent = ?');
    args.push(Number(q.post_parent));
    pairs.push(['post_parent', String(q.post_parent)]);
  }
  if (include) {
    where.push(`p.id IN (${include.map(() => '?').join(',') || 'NULL'})`);
    args.push(...include);
    pairs.push(['include', include.join(',')]);
  }
  const ops = {
    starts_before: ['start_local', '<'],
    starts_after: ['start_local', '>'],
    ends_before: ['end_local', '<'],
    ends_after: ['end_local', '>'],
  } as const;
  for (const k of DATE_PARAMS) {
    if (!req.has(k)) continue;
    const v = dayEnd(dateFilter(q[k], scope, strict));
    where.push(`p.${ops[k][0]} ${ops[k][1]} ?`);
    args.push(v);
    pairs.push([k, v]);
  }
  for (const tax of ['categories', 'tags'] as const) {
    if (!req.has(tax)) continue;
    const ids = termIdsForFilter(
      q[tax],
      tax === 'categories' ? 'tribe_events_cat' : 'post_tag',
      scope,
      tax === 'categories',
    );
    where.push(
      `p.id IN (SELECT post_id FROM term_relationships WHERE term_id IN (${ids.map(() => '?').join(',') || 'NULL'}))`,
    );
    args.push(...ids);
  }
  if (req.has('venue')) {
    const ids = (listOf(q.venue) ?? []).map(Number);
    where.push(`p.venue_id IN (${ids.map(() => '?').join(',')})`);
    args.push(...ids);
    pairs.push(['venue', ids.join(',')]);
  }
  if (req.has('organizer')) {
    const ids = (listOf(q.organizer) ?? []).map(Number);
    where.push(
      `p.id IN (SELECT event_id FROM event_organizers WHERE organizer_id IN (${ids.map(() => '?').join(',')}))`,
    );
    args.push(...ids);
    pairs.push(['organizer', ids.join(',')]);
  }
  if (req.has('featured')) {
    const featured = toBool(q.featured) === true;
    where.push(`p.featured = ${featured ? 1 : 0}`);
    if (featured) pairs.push(['featured', '1']);
  }
  const order = include ? 'p.date ASC, p.id ASC' : 'p.start_local ASC, p.id ASC';
  // (ids only: the records of most events on the page are kept as text, see event-texts.ts)
  const { ids, total } = scope.stores.posts.query(
    where.join(' AND '),
    args,
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
    pairs,
    pg,
    total,
    'event-archive-page-not-found',
    'event',
  );
}
