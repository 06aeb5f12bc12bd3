import { eventRulesZone, wallToUtc } from '../../../clock/index.js';
import { sanitizeTitle, storedPostContent, storedPostTitle } from '../../../wptext/index.js';
import { phpArrayValues } from '../../http/php-vars.js';
import {
  askedDates,
  dateFloats,
  isFloating,
  scheduled,
  slugFromIdIfNone,
  slugOnUpdate,
  storedGmt,
  uniqueFor,
} from '../../posts/lifecycle.js';
import { atomic, parseDateParam, siteNow } from '../../posts/rules.js';
import { toBool } from '../../rest/args.js';
import type { Reply } from '../../rest/types.js';
import type { RequestScope } from '../../site.js';
import { newPost } from '../../store/posts.js';
import type { EventMeta, Post } from '../../store/types.js';
import { canUnfilteredHtml } from '../../users/caps.js';
import type { HandlerRequest } from '../namespace.js';
import { resolveOrganizers, resolveTerms, resolveVenue } from './event-links.js';
import { renderEvent } from './event-view.js';
import { saveFeaturedImage } from './images.js';
import { scaleBackStatus } from './status.js';

const flag = (req: HandlerRequest, name: string) => req.has(name) && toBool(req.params[name]) === true;
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Title, content and excerpt as the site stores them for this caller (see wptext/store.ts). */
function textFor(req: HandlerRequest) {
  const unfiltered = canUnfilteredHtml(req.scope);
  return {
    title: (v: unknown) => storedPostTitle(text(v), unfiltered),
    html: (v: unknown) => storedPostContent(text(v), unfiltered),
  };
}

/** Start and end in the event zone (all-day events span whole days); end never precedes start. */
function eventTimes(startIn: unknown, endIn: unknown, tz: string, allDay: boolean, scope: RequestScope) {
  let start = parseDateParam(startIn, scope, tz) as string;
  let end = parseDateParam(endIn, scope, tz) as string;
  if (allDay) {
    start = `${start.slice(0, 10)} 00:00:00`;
    end = `${end.slice(0, 10)} 23:59:59`;
  }
  if (end < start) end = start;
  // (a manual offset's times follow the rules of the zone the plugin picks for it: see eventRulesZone)
  const rules = eventRulesZone(tz);
  return { start_local: start, end_local: end, start_utc: wallToUtc(start, rules), end_utc: wallToUtc(end, rules) };
}

/** The cost as stored: a PHP array by its values, whatever its keys (the plugin's `(array) $cost`). */
function costOf(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  return phpArrayValues(v) ?? v;
}

export function createEvent(req: HandlerRequest): Reply {
  const { scope, params: p } = req;
  const { posts, terms, db } = scope.stores;
  const tzGiven = typeof p.timezone === 'string' && p.timezone.trim() !== '' ? p.timezone.trim() : '';
  const tz = tzGiven || scope.site.timezone;
  const allDay = flag(req, 'all_day');
  const id = atomic(db, () => {
    const times = eventTimes(p.start_date, p.end_date, tz, allDay, scope);
    const now = siteNow(scope);
    const asked = askedDates(p, req.has, scope);
    const date = asked?.date ?? now.local;
    const requested = scaleBackStatus(scope, p.status);
    const dateUtc = storedGmt(date, asked?.gmt, requested, scope);
    const status = scheduled(requested, dateUtc, scope);
    const stored = textFor(req);
    const title = stored.title(p.title);
    // The plugin passes the slug asked for (or none): drafts and pending events then have none; a
    // title that gives no slug leaves the id to name it (below).
    const askedSlug = typeof p.slug === 'string' && p.slug !== '' ? sanitizeTitle(p.slug) : '';
    const base = askedSlug || (isFloating(status) ? '' : sanitizeTitle(title));
    const slug = uniqueFor(scope, { type: 'tribe_events', id: 0 }, base, status);
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
        // (post_author: the author asked for, else whoever writes)
        author: req.has('author') ? Number(p.author) : (scope.userId ?? 1),
        title,
        content: stored.html(p.description),
        excerpt: stored.html(p.excerpt),
        slug,
        date,
        date_utc: dateUtc,
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
    slugFromIdIfNone(scope, newId);
    saveFeaturedImage(scope, newId, p.image);
    return newId;
  });
  return { status: 201, body: renderEvent(posts.get(id) as Post, scope, false) };
}

/**
 * Status, dates and slug of an updated event, as the plugin's update reaches wp_update_post: the
 * status asked for, else `publish` (an update without one publishes a draft and restores a trashed
 * event); the date asked for, else now (the plugin always sends one); the slug asked for, else the
 * event's own, or the one it had before the trash.
 */
function updatedLifecycle(req: HandlerRequest, post: Post, title: string): Partial<Post> {
  const { scope, params: p } = req;
  const now = siteNow(scope);
  const asked = req.has('date') || req.has('date_utc') ? askedDates(p, req.has, scope) : null;
  const requested = scaleBackStatus(scope, p.status);
  const editDate = requested !== post.status || (requested === 'future' && asked !== null);
  const floats = dateFloats(post, editDate);
  const date = floats ? now.local : (asked?.date ?? now.local);
  const dateUtc = storedGmt(date, floats ? null : asked?.gmt, requested, scope);
  const status = scheduled(requested, dateUtc, scope);
  const askedSlug = req.has('slug') && typeof p.slug === 'string' && p.slug !== '' ? p.slug : undefined;
  const slug = slugOnUpdate(scope, post, { status, title }, askedSlug);
  return { status, date, date_utc: dateUtc, slug, modified: now.local, modified_utc: now.utc };
}

/**
 * Updates an event the way the site does: every request rebuilds the flags, cost, website, time zone
 * and organizer links, so whatever the body omits is reset (facts §5.2, observed #6 and #27).
 */
export function updateEvent(req: HandlerRequest, post: Post): Reply {
  const { scope, params: p } = req;
  const { posts, terms, db } = scope.stores;
  atomic(db, () => {
    const tzGiven =
      req.has('timezone') && typeof p.timezone === 'string' && p.timezone.trim() !== '' ? p.timezone.trim() : '';
    const tz = tzGiven || scope.site.timezone;
    const allDay = flag(req, 'all_day');
    const next: Post = { ...post };
    if (req.has('start_date') && req.has('end_date'))
      Object.assign(next, eventTimes(p.start_date, p.end_date, tz, allDay, scope));
    else if (allDay && post.start_local && post.end_local)
      Object.assign(next, eventTimes(post.start_local, post.end_local, tz, true, scope));
    const stored = textFor(req);
    if (req.has('title') && text(p.title).trim() !== '') next.title = stored.title(p.title);
    if (req.has('description')) next.content = stored.html(p.description);
    if (req.has('excerpt')) next.excerpt = stored.html(p.excerpt);
    if (req.has('author')) next.author = Number(p.author);
    Object.assign(next, updatedLifecycle(req, post, next.title));
    const meta: EventMeta = {
      timezone: tz,
      all_day: allDay,
      cost: costOf(p.cost),
      website: req.has('website') && p.website !== null ? text(p.website) : '',
      show_map: flag(req, 'show_map'),
      show_map_link: flag(req, 'show_map_link'),
      sticky: flag(req, 'sticky'),
    };
    next.meta = meta as unknown as Record<string, unknown>;
    next.featured = flag(req, 'featured') ? 1 : 0;
    next.hidden = flag(req, 'hide_from_listings') ? 1 : 0;
    if (req.has('venue')) {
      const venueId = resolveVenue(p.venue, scope);
      if (venueId) next.venue_id = venueId;
    }
    posts.update(next);
    slugFromIdIfNone(scope, post.id);
    posts.setOrganizers(post.id, req.has('organizer') ? resolveOrganizers(p.organizer, scope) : []);
    if (req.has('categories'))
      terms.setForPost(post.id, 'tribe_events_cat', resolveTerms(p.categories, 'tribe_events_cat', scope));
    if (req.has('tags')) terms.setForPost(post.id, 'post_tag', resolveTerms(p.tags, 'post_tag', scope));
    // (an update without `image` removes the featured image, as the plugin's FeaturedImage does)
    saveFeaturedImage(scope, post.id, p.image);
  });
  return { status: 200, body: renderEvent(posts.get(post.id) as Post, scope, false) };
}
