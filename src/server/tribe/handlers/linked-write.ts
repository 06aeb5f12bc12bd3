import { getResource, metaKeys } from '../../../catalog/index.js';
import { sanitizeTitle, storedMetaLine, storedPostContent, storedPostTitle } from '../../../wptext/index.js';
import {
  askedDates,
  dateFloats,
  scheduled,
  slugFromIdIfNone,
  slugOnUpdate,
  storedGmt,
  uniqueFor,
} from '../../posts/lifecycle.js';
import { siteNow } from '../../posts/rules.js';
import { tribeIsTruthy } from '../../rest/args.js';
import type { RequestScope } from '../../site.js';
import { newPost as postRow } from '../../store/posts.js';
import type { OrganizerMeta, Post, PostType, VenueMeta } from '../../store/types.js';
import { canUnfilteredHtml } from '../../users/caps.js';
import { saveFeaturedImage } from './images.js';
import { scaleBackStatus } from './status.js';

const VENUE_TEXT = metaKeys(getResource('venues'));
const ORGANIZER_TEXT = metaKeys(getResource('organizers'));

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
/** A value as sent, untrimmed (the site keeps the blanks of descriptions). */
const raw = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const unfiltered = (scope: RequestScope) => canUnfilteredHtml(scope);

/** Address, city, phone …: cleaned as the plugin saves them (`sanitize_text_field`). */
function applyText(meta: Record<string, unknown>, data: Record<string, unknown>, keys: readonly string[]) {
  for (const k of keys) {
    if (!(k in data) || data[k] === null || data[k] === undefined) continue;
    const v = storedMetaLine(raw(data[k]));
    // An empty value removes the key, so it disappears from the representation.
    if (v === '') delete meta[k];
    else meta[k] = v;
  }
}

const filled = (data: Record<string, unknown>, k: string) => k in data && data[k] != null && str(data[k]) !== '';
/**
 * A venue's map flag as Single_Venue stores it: sent (isset: any value but null, `''` and `false` too)
 * means tribe_is_truthy of it (`'abc'` is false); not sent means on.
 */
const flagOr = (data: Record<string, unknown>, k: string) =>
  k in data && data[k] !== null && data[k] !== undefined ? tribeIsTruthy(data[k]) : true;

/**
 * Writes a venue's address and map flags as the venue repository's save_meta does, on create and on
 * update alike: a `stateprovince` not sent (or empty) is taken from `state` when the request names
 * no country or the United States, else from `province`, else cleared; the map flags sent are kept,
 * and those not sent are switched on.
 */
function writeVenueMeta(meta: Record<string, unknown>, data: Record<string, unknown>): void {
  const address = { ...data };
  if (!filled(data, 'stateprovince')) {
    const country = str(data.country);
    const us = country === '' || country === 'US' || country === 'United States';
    address.stateprovince = filled(data, 'state') && us ? data.state : filled(data, 'province') ? data.province : '';
  }
  applyText(meta, address, VENUE_TEXT);
  meta.show_map = flagOr(data, 'show_map');
  meta.show_map_link = flagOr(data, 'show_map_link');
}

/**
 * Inserts a venue or organizer as the plugin's repositories do: the slug is always made from the
 * name (drafts and pending ones too, which WordPress then leaves as it is, taken or not).
 */
function newPost(
  scope: RequestScope,
  type: PostType,
  title: string,
  data: Record<string, unknown>,
  meta: Record<string, unknown>,
): number {
  const { posts } = scope.stores;
  const has = (n: string) => n in data && data[n] !== undefined;
  const asked = askedDates(data, has, scope);
  const date = asked?.date ?? siteNow(scope).local;
  const requested = scaleBackStatus(scope, data.status);
  const dateUtc = storedGmt(date, asked?.gmt, requested, scope);
  const status = scheduled(requested, dateUtc, scope);
  const storedTitle = storedPostTitle(title, unfiltered(scope));
  // (a name that gives no slug leaves the id to name the post, below)
  const slug = uniqueFor(scope, { type, id: 0 }, sanitizeTitle(storedTitle), status);
  const id = posts.insert(
    postRow({
      type,
      status,
      author: has('author') ? Number(data.author) : (scope.userId ?? 1),
      title: storedTitle,
      content: storedPostContent(raw(data.description), unfiltered(scope)),
      slug,
      date,
      date_utc: dateUtc,
      meta,
    }),
  );
  slugFromIdIfNone(scope, id);
  return id;
}

/**
 * Creates a venue or organizer, or returns an existing one with the same name (and description when
 * one is given), merging the new fields into it — the site's duplicate avoidance.
 */
export function createLinked(
  scope: RequestScope,
  type: 'tribe_venue' | 'tribe_organizer',
  data: Record<string, unknown>,
): number {
  const { posts } = scope.stores;
  const title = raw(type === 'tribe_venue' ? data.venue : data.organizer);
  const description = str(data.description);
  const content = storedPostContent(raw(data.description), unfiltered(scope));
  const existing = posts
    .findByTitle(type, storedPostTitle(title, unfiltered(scope)))
    .find((p) => description === '' || p.content.toLowerCase() === content.toLowerCase());
  if (existing) {
    // The match keeps its own name (a differently-cased duplicate leaves it unchanged).
    const { venue: _v, organizer: _o, ...rest } = data;
    updateLinkedFields(scope, existing, rest, false);
    return existing.id;
  }
  const meta: Record<string, unknown> = {};
  if (type === 'tribe_venue') writeVenueMeta(meta, data);
  else applyText(meta, data, ORGANIZER_TEXT);
  const id = newPost(scope, type, title, data, meta);
  saveFeaturedImage(scope, id, data.image);
  return id;
}

/**
 * Status, dates and slug of an updated venue or organizer, as the repositories reach wp_update_post:
 * the status asked for, else `publish`; the date asked for, else the post's own (a draft's floating
 * date becomes now), its GMT date kept unless it had none; the slug the post had before the trash
 * when it leaves it. A venue or organizer is never renamed by an update.
 */
function updatedLifecycle(scope: RequestScope, post: Post, data: Record<string, unknown>, title: string) {
  const now = siteNow(scope);
  const has = (n: string) => n in data && data[n] !== undefined;
  const asked = askedDates(data, has, scope);
  const status = scaleBackStatus(scope, data.status);
  const floats = dateFloats(post, false);
  const date = floats ? now.local : (asked?.date ?? post.date);
  const keptGmt = floats ? null : (asked?.gmt ?? post.date_utc);
  const dateUtc = storedGmt(date, keptGmt, status, scope);
  return {
    status: scheduled(status, dateUtc, scope),
    date,
    date_utc: dateUtc,
    slug: slugOnUpdate(scope, post, { status, title }),
    modified: now.local,
    modified_utc: now.utc,
  };
}

/**
 * Applies an update to a venue or organizer (or a create's fields to the duplicate it found). As on
 * the real site: omitted text fields stay, empty ones are removed, an omitted status re-publishes, a
 * venue's `stateprovince` is rebuilt from the request and its map flags fall back to true.
 */
export function updateLinkedFields(
  scope: RequestScope,
  post: Post,
  data: Record<string, unknown>,
  isUpdate = true,
): Post {
  const meta = { ...post.meta };
  const next: Post = { ...post, meta };
  const name = post.type === 'tribe_venue' ? data.venue : data.organizer;
  if (typeof name === 'string' && name.trim() !== '') next.title = storedPostTitle(name, unfiltered(scope));
  if (isUpdate && data.description !== null && data.description !== undefined) {
    next.content = storedPostContent(raw(data.description), unfiltered(scope));
  }
  if (post.type === 'tribe_venue') writeVenueMeta(meta, data);
  else applyText(meta, data, ORGANIZER_TEXT);
  // (a create that finds a duplicate writes its meta only: the post row, its dates included, stays)
  if (isUpdate && data.author !== undefined && data.author !== null) next.author = Number(data.author);
  if (isUpdate) Object.assign(next, updatedLifecycle(scope, post, data, next.title));
  scope.stores.posts.update(next);
  if (isUpdate) slugFromIdIfNone(scope, next.id);
  saveFeaturedImage(scope, post.id, data.image);
  return scope.stores.posts.get(next.id) ?? next;
}

export type { OrganizerMeta, VenueMeta };
