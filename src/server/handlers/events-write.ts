import { kses } from '../format/html.js';
import { sanitizeTitle } from '../format/slug.js';
import { toBool } from '../routes/args.js';
import type { RequestScope } from '../site.js';
import { newPost } from '../store/posts.js';
import type { EventMeta, Post } from '../store/types.js';
import { wallToUtc } from '../time/zone.js';
import {
  atomic,
  type HandlerRequest,
  type HandlerResult,
  parseDateParam,
  publicationDates,
  siteNow,
} from './common.js';
import { resolveOrganizers, resolveTerms, resolveVenue } from './event-links.js';
import { renderEvent } from './event-view.js';

const flag = (req: HandlerRequest, name: string) => req.has(name) && toBool(req.params[name]) === true;
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Start and end in the event zone (all-day events span whole days); end never precedes start. */
function eventTimes(startIn: unknown, endIn: unknown, tz: string, allDay: boolean, scope: RequestScope) {
  let start = parseDateParam(startIn, scope, tz) as string;
  let end = parseDateParam(endIn, scope, tz) as string;
  if (allDay) {
    start = `${start.slice(0, 10)} 00:00:00`;
    end = `${end.slice(0, 10)} 23:59:59`;
  }
  if (end < start) end = start;
  return { start_local: start, end_local: end, start_utc: wallToUtc(start, tz), end_utc: wallToUtc(end, tz) };
}

function costOf(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  return v;
}

export function createEvent(req: HandlerRequest): HandlerResult {
  const { scope, params: p } = req;
  const { posts, terms, db } = scope.stores;
  const tzGiven = typeof p.timezone === 'string' && p.timezone.trim() !== '' ? p.timezone.trim() : '';
  const tz = tzGiven || scope.site.timezone;
  const allDay = flag(req, 'all_day');
  const id = atomic(db, () => {
    const times = eventTimes(p.start_date, p.end_date, tz, allDay, scope);
    const now = siteNow(scope);
    const dates = publicationDates(p, req.has, scope) ?? { date: now.local, date_utc: now.utc };
    let status = typeof p.status === 'string' && p.status !== '' ? p.status : 'publish';
    if (status === 'publish' && dates.date_utc > now.utc) status = 'future';
    const title = kses(text(p.title).trim());
    const slugBase = sanitizeTitle(typeof p.slug === 'string' && p.slug !== '' ? p.slug : title);
    const slug =
      (status === 'draft' || status === 'pending') && !(typeof p.slug === 'string' && p.slug !== '')
        ? ''
        : posts.uniqueSlug('tribe_events', slugBase || 'event');
    const meta: EventMeta = {
      timezone: tz,
      all_day: allDay,
      cost: costOf(p.cost),
      website: req.has('website') && p.website !== null ? text(p.website) : null,
      show_map: flag(req, 'show_map'),
      show_map_link: flag(req, 'show_map_link'),
      sticky: flag(req, 'sticky'),
    };
    const venueId = req.has('venue') ? resolveVenue(p.venue, scope) : null;
    const newId = posts.insert(
      newPost({
        type: 'tribe_events',
        status,
        author: scope.userId ?? 1,
        title,
        content: kses(text(p.description)),
        excerpt: kses(text(p.excerpt)),
        slug,
        date: dates.date,
        date_utc: dates.date_utc,
        meta: meta as unknown as Record<string, unknown>,
        ...times,
        featured: flag(req, 'featured') ? 1 : 0,
        hidden: flag(req, 'hide_from_listings') ? 1 : 0,
        venue_id: venueId,
      }),
    );
    // A new event has no links yet: nothing to remove before linking.
    if (req.has('organizer')) posts.setOrganizers(newId, resolveOrganizers(p.organizer, scope), true);
    if (req.has('categories'))
      terms.setForPost(newId, 'tribe_events_cat', resolveTerms(p.categories, 'tribe_events_cat', scope), true);
    if (req.has('tags')) terms.setForPost(newId, 'post_tag', resolveTerms(p.tags, 'post_tag', scope), true);
    return newId;
  });
  return { status: 201, body: renderEvent(posts.get(id) as Post, scope, false) };
}

/**
 * Updates an event the way the site does: every request rebuilds the flags, cost, website, time zone
 * and organizer links, so whatever the body omits is reset (facts §5.2, observed #6 and #27).
 */
export function updateEvent(req: HandlerRequest, post: Post): HandlerResult {
  const { scope, params: p } = req;
  const { posts, terms, db } = scope.stores;
  atomic(db, () => {
    const old = post.meta as unknown as EventMeta;
    const tzGiven =
      req.has('timezone') && typeof p.timezone === 'string' && p.timezone.trim() !== '' ? p.timezone.trim() : '';
    const tz = tzGiven || scope.site.timezone;
    const allDay = flag(req, 'all_day');
    const next: Post = { ...post };
    if (req.has('start_date') && req.has('end_date'))
      Object.assign(next, eventTimes(p.start_date, p.end_date, tz, allDay, scope));
    else if (allDay && post.start_local && post.end_local)
      Object.assign(next, eventTimes(post.start_local, post.end_local, tz, true, scope));
    if (req.has('title') && text(p.title).trim() !== '') next.title = kses(text(p.title).trim());
    if (req.has('description')) next.content = kses(text(p.description));
    if (req.has('excerpt')) next.excerpt = kses(text(p.excerpt));
    if (req.has('status') && typeof p.status === 'string' && p.status !== '') next.status = p.status;
    const dates = req.has('date') || req.has('date_utc') ? publicationDates(p, req.has, scope) : null;
    if (dates) Object.assign(next, dates);
    if (next.status === 'publish' && dates && dates.date_utc > siteNow(scope).utc) next.status = 'future';
    if (req.has('slug') && typeof p.slug === 'string' && p.slug !== '') {
      const slug = sanitizeTitle(p.slug);
      if (slug && slug !== post.slug) next.slug = posts.uniqueSlug('tribe_events', slug, post.id);
    } else if (next.slug === '' && next.status !== 'draft' && next.status !== 'pending') {
      next.slug = posts.uniqueSlug('tribe_events', sanitizeTitle(next.title) || 'event', post.id);
    }
    const meta: EventMeta = {
      timezone: tz,
      all_day: allDay,
      cost: costOf(p.cost),
      website: req.has('website') && p.website !== null ? text(p.website) : '',
      show_map: flag(req, 'show_map'),
      show_map_link: flag(req, 'show_map_link'),
      sticky: flag(req, 'sticky'),
    };
    void old;
    next.meta = meta as unknown as Record<string, unknown>;
    next.featured = flag(req, 'featured') ? 1 : 0;
    next.hidden = flag(req, 'hide_from_listings') ? 1 : 0;
    if (req.has('venue')) {
      const venueId = resolveVenue(p.venue, scope);
      if (venueId) next.venue_id = venueId;
    }
    const now = siteNow(scope);
    next.modified = now.local;
    next.modified_utc = now.utc;
    posts.update(next);
    posts.setOrganizers(post.id, req.has('organizer') ? resolveOrganizers(p.organizer, scope) : []);
    if (req.has('categories'))
      terms.setForPost(post.id, 'tribe_events_cat', resolveTerms(p.categories, 'tribe_events_cat', scope));
    if (req.has('tags')) terms.setForPost(post.id, 'post_tag', resolveTerms(p.tags, 'post_tag', scope));
  });
  return { status: 200, body: renderEvent(posts.get(post.id) as Post, scope, false) };
}
