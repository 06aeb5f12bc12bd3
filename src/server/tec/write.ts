/**
 * Writes of `tec/v1` (Create_Entity_Response::create, Update_Entity_Response::update,
 * Delete_Entity_Response::delete over the plugin's ORM), on the store `tribe/events/v1` uses: a
 * record written through one namespace reads the same through the other. Updates are partial, unlike
 * the older namespace's; the body's `status` defaults to `publish`, so an update re-publishes a draft.
 */

import { eventRulesZone, isValidTimeZone, utcToWall, wallToUtc } from '../../clock/index.js';
import { sanitizeTitle } from '../../wptext/index.js';
import { trashPost as wpTrashPost } from '../posts/lifecycle.js';
import { siteNow } from '../posts/rules.js';
import type { RequestScope } from '../site.js';
import { newPost } from '../store/posts.js';
import type { EventMeta, Post } from '../store/types.js';
import { type TecResource, tecPostType } from './params.js';
import { TEC_META_KEYS } from './records.js';

type Params = Record<string, unknown>;
const has = (p: Params, k: string) => p[k] !== undefined && p[k] !== null;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** RFC 3339 publication dates (`date` local, `date_gmt` UTC) as the store keeps them. */
function publication(p: Params, scope: RequestScope): { date: string; date_utc: string } | null {
  const wall = (v: string) => v.replace(/[Tt]/, ' ').slice(0, 19);
  if (has(p, 'date')) {
    const date = wall(str(p.date));
    return { date, date_utc: has(p, 'date_gmt') ? wall(str(p.date_gmt)) : wallToUtc(date, scope.site.timezone) };
  }
  if (has(p, 'date_gmt')) {
    const utc = wall(str(p.date_gmt));
    return { date: utcToWall(utc, scope.site.timezone), date_utc: utc };
  }
  return null;
}

/** Ids of existing posts of a type, in the given order, unknown ones skipped (the ORM's linking). */
function existing(scope: RequestScope, ids: unknown, type: Post['type']): number[] {
  if (!Array.isArray(ids)) return [];
  const found = scope.stores.posts.getMany(ids.map(Number));
  return [...new Set(ids.map(Number))].filter((id) => found.get(id)?.type === type);
}

const existingTerms = (scope: RequestScope, ids: unknown, tax: 'tribe_events_cat' | 'post_tag') =>
  Array.isArray(ids) ? [...new Set(ids.map(Number))].filter((id) => scope.stores.terms.getOf(tax, id)) : [];

/** Start and end of an event from its body, in its zone; all-day events span whole days. */
function eventTimes(p: Params, current: Post | null, tz: string, allDay: boolean) {
  let start = has(p, 'start_date') ? str(p.start_date) : (current?.start_local ?? null);
  let end = has(p, 'end_date') ? str(p.end_date) : (current?.end_local ?? null);
  if (start && !end && has(p, 'duration')) {
    end = new Date(Date.parse(`${start.replace(' ', 'T')}Z`) + Number(p.duration) * 1000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
  }
  if (!start || !end) return null;
  // (the length is taken from the times sent, before an all-day event is widened to whole days)
  const duration = Math.round(
    (Date.parse(`${end.replace(' ', 'T')}Z`) - Date.parse(`${start.replace(' ', 'T')}Z`)) / 1000,
  );
  if (allDay) {
    start = `${start.slice(0, 10)} 00:00:00`;
    end = `${end.slice(0, 10)} 23:59:59`;
  }
  if (end < start) end = start;
  return {
    start_local: start,
    end_local: end,
    start_utc: wallToUtc(start, eventRulesZone(tz)),
    end_utc: wallToUtc(end, eventRulesZone(tz)),
    duration: Math.max(0, duration),
  };
}

const zoneOf = (p: Params, fallback: string) =>
  has(p, 'timezone') && isValidTimeZone(str(p.timezone)) ? str(p.timezone) : fallback;

/** Status, slug and publication dates of a post being created or updated. */
function lifecycle(p: Params, scope: RequestScope, post: Post | null, type: Post['type'], title: string) {
  const now = siteNow(scope);
  const dates = publication(p, scope);
  const status = str(p.status) || 'publish';
  const wasDraft = post !== null && (post.status === 'draft' || post.status === 'pending');
  const date =
    dates ??
    (post && !wasDraft ? { date: post.date, date_utc: post.date_utc } : { date: now.local, date_utc: now.utc });
  const finalStatus = status === 'publish' && date.date_utc > now.utc ? 'future' : status;
  let slug = post?.slug ?? '';
  if (has(p, 'slug') && str(p.slug) !== '')
    slug = scope.stores.posts.uniqueSlug(type, sanitizeTitle(str(p.slug)), post?.id ?? 0);
  else if (finalStatus === 'draft' || finalStatus === 'pending') slug = post?.slug ?? '';
  else if (slug === '') slug = scope.stores.posts.uniqueSlug(type, sanitizeTitle(title) || 'untitled', post?.id ?? 0);
  return { status: finalStatus, slug, date: date.date, date_utc: date.date_utc, now };
}

function textFields(p: Params, post: Post | null) {
  return {
    title: has(p, 'title') ? str(p.title) : (post?.title ?? ''),
    content: has(p, 'content') ? str(p.content) : (post?.content ?? ''),
    excerpt: has(p, 'excerpt') ? str(p.excerpt) : (post?.excerpt ?? ''),
  };
}

/** Creates or updates an event; null when the body lacks what the ORM needs (a 500 on the site). */
export function writeEvent(scope: RequestScope, p: Params, post: Post | null): number | null {
  const { posts, terms } = scope.stores;
  const old = (post?.meta ?? {}) as Partial<EventMeta>;
  const tz = zoneOf(p, post ? (old.timezone ?? scope.site.timezone) : scope.site.timezone);
  const allDay = has(p, 'all_day') ? p.all_day === true : old.all_day === true;
  const timed = eventTimes(p, post, tz, allDay);
  const text = textFields(p, post);
  if (!timed || text.title === '') return null;
  const { duration, ...times } = timed;
  const life = lifecycle(p, scope, post, 'tribe_events', text.title);
  const meta: EventMeta = {
    timezone: tz,
    all_day: allDay,
    cost: has(p, 'cost') ? (str(p.cost) === '' ? null : str(p.cost)) : (old.cost ?? null),
    website: old.website ?? null,
    show_map: old.show_map ?? false,
    show_map_link: old.show_map_link ?? false,
    // (the ORM ignores a false flag: only true sets it)
    sticky: p.sticky === true ? true : (old.sticky ?? false),
  };
  // The stored length of an all-day event (the older namespace computes it from the times).
  const stored = meta as unknown as Record<string, unknown>;
  if (allDay) stored.duration = duration;
  const venues = has(p, 'venues') ? existing(scope, p.venues, 'tribe_venue') : [];
  const fields = {
    ...text,
    status: life.status,
    slug: life.slug,
    date: life.date,
    date_utc: life.date_utc,
    meta: meta as unknown as Record<string, unknown>,
    ...times,
    featured: p.featured === true ? 1 : (post?.featured ?? 0),
    // (an empty `venues` list leaves the venue in place)
    venue_id: venues[0] ?? post?.venue_id ?? null,
    author: has(p, 'author') ? Number(p.author) : (post?.author ?? scope.userId ?? 1),
    parent: post?.parent ?? 0,
  };
  let id: number;
  if (post) {
    posts.update({ ...post, ...fields, modified: life.now.local, modified_utc: life.now.utc });
    id = post.id;
  } else {
    id = posts.insert(newPost({ type: 'tribe_events', hidden: 0, ...fields }));
  }
  if (has(p, 'organizers')) posts.setOrganizers(id, existing(scope, p.organizers, 'tribe_organizer'), !post);
  if (has(p, 'tribe_events_cat'))
    terms.setForPost(id, 'tribe_events_cat', existingTerms(scope, p.tribe_events_cat, 'tribe_events_cat'), !post);
  if (has(p, 'tags')) terms.setForPost(id, 'post_tag', existingTerms(scope, p.tags, 'post_tag'), !post);
  return id;
}

/** Creates or updates a venue or organizer; null without a title (a 500 on the site). */
export function writeLinked(scope: RequestScope, resource: TecResource, p: Params, post: Post | null): number | null {
  const type = tecPostType(resource);
  const text = textFields(p, post);
  if (text.title === '') return null;
  const life = lifecycle(p, scope, post, type, text.title);
  const meta: Record<string, unknown> = { ...(post?.meta ?? {}) };
  for (const [name, key] of TEC_META_KEYS[resource as 'venues' | 'organizers'])
    if (has(p, name)) meta[key] = str(p[name]);
  if (type === 'tribe_venue' && !post) {
    meta.show_map = true;
    meta.show_map_link = true;
  }
  const fields = {
    ...text,
    status: life.status,
    slug: life.slug,
    date: life.date,
    date_utc: life.date_utc,
    meta,
    author: has(p, 'author') ? Number(p.author) : (post?.author ?? scope.userId ?? 1),
  };
  if (post) {
    scope.stores.posts.update({ ...post, ...fields, modified: life.now.local, modified_utc: life.now.utc });
    return post.id;
  }
  return scope.stores.posts.insert(newPost({ type, ...fields }));
}

/** Moves a post to the trash as wp_trash_post does (shared with the plugin's older routes). */
export function trashPost(scope: RequestScope, post: Post): void {
  wpTrashPost(scope, post);
}

/** Deletes a post for good with its links and meta (wp_delete_post with force). */
export function deleteForGood(scope: RequestScope, post: Post): void {
  scope.stores.posts.remove(post);
}
