import { getResource, metaKeys } from '../../catalog/index.js';
import { kses } from '../format/html.js';
import { sanitizeTitle } from '../format/slug.js';
import { looseBool } from '../routes/args.js';
import type { RequestScope } from '../site.js';
import { newPost as postRow } from '../store/posts.js';
import type { OrganizerMeta, Post, PostType, VenueMeta } from '../store/types.js';
import { publicationDates, siteNow } from './common.js';

const VENUE_TEXT = metaKeys(getResource('venues'));
const ORGANIZER_TEXT = metaKeys(getResource('organizers'));

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function applyText(meta: Record<string, unknown>, data: Record<string, unknown>, keys: readonly string[]) {
  for (const k of keys) {
    if (!(k in data) || data[k] === null || data[k] === undefined) continue;
    const v = str(data[k]);
    // An empty value removes the key, so it disappears from the representation.
    if (v === '') delete meta[k];
    else meta[k] = kses(v);
  }
}

function newPost(
  scope: RequestScope,
  type: PostType,
  title: string,
  data: Record<string, unknown>,
  meta: Record<string, unknown>,
): number {
  const { posts } = scope.stores;
  const has = (n: string) => n in data && data[n] !== undefined;
  const dates =
    publicationDates(data, has, scope) ??
    (() => {
      const now = siteNow(scope);
      return { date: now.local, date_utc: now.utc };
    })();
  let status = typeof data.status === 'string' && data.status !== '' ? data.status : 'publish';
  if (status === 'publish' && dates.date_utc > siteNow(scope).utc) status = 'future';
  const base = sanitizeTitle(typeof data.slug === 'string' && data.slug ? data.slug : title);
  const slug = status === 'draft' || status === 'pending' ? '' : posts.uniqueSlug(type, base || 'untitled');
  return posts.insert(
    postRow({
      type,
      status,
      author: scope.userId ?? 1,
      title: kses(title),
      content: kses(str(data.description)),
      slug,
      date: dates.date,
      date_utc: dates.date_utc,
      meta,
    }),
  );
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
  const title = str(type === 'tribe_venue' ? data.venue : data.organizer);
  const description = str(data.description);
  const existing = posts
    .findByTitle(type, title)
    .find((p) => description === '' || p.content.toLowerCase() === kses(description).toLowerCase());
  if (existing) {
    // The match keeps its own name (a differently-cased duplicate leaves it unchanged).
    const { venue: _v, organizer: _o, ...rest } = data;
    updateLinkedFields(scope, existing, rest, false);
    return existing.id;
  }
  const meta: Record<string, unknown> = {};
  if (type === 'tribe_venue') {
    applyText(meta, data, VENUE_TEXT);
    meta.show_map = 'show_map' in data && data.show_map !== null ? looseBool(data.show_map) : true;
    meta.show_map_link = 'show_map_link' in data && data.show_map_link !== null ? looseBool(data.show_map_link) : true;
  } else {
    applyText(meta, data, ORGANIZER_TEXT);
  }
  return newPost(scope, type, title, data, meta);
}

/**
 * Applies an update to a venue or organizer. As on the real site: omitted text fields stay, empty
 * ones are removed, an omitted status re-publishes, a venue's `stateprovince` is rebuilt from the
 * request and its `show_map_link` falls back to true.
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
  if (typeof name === 'string' && name.trim() !== '') next.title = kses(name.trim());
  if ('description' in data && data.description !== null && data.description !== undefined) {
    next.content = kses(str(data.description));
  }
  if (post.type === 'tribe_venue') {
    if (isUpdate && !('stateprovince' in data)) delete meta.stateprovince;
    applyText(meta, data, VENUE_TEXT);
    if ('show_map' in data && data.show_map !== null) meta.show_map = looseBool(data.show_map);
    meta.show_map_link =
      'show_map_link' in data && data.show_map_link !== null
        ? looseBool(data.show_map_link)
        : isUpdate
          ? true
          : meta.show_map_link;
  } else {
    applyText(meta, data, ORGANIZER_TEXT);
  }
  if (isUpdate) {
    next.status = typeof data.status === 'string' && data.status !== '' ? data.status : 'publish';
    if (typeof data.date === 'string' && data.date !== '') {
      const has = (n: string) => n === 'date';
      const dates = publicationDates(data, has, scope);
      // A new date changes the local publication date only (the UTC copy stays), as observed.
      if (dates) next.date = dates.date;
    }
    if (typeof data.slug === 'string' && data.slug !== '' && post.status !== 'trash') {
      const slug = sanitizeTitle(data.slug);
      if (slug && slug !== post.slug) next.slug = scope.stores.posts.uniqueSlug(post.type, slug, post.id);
    }
    if (post.slug === '' && next.status !== 'draft' && next.status !== 'pending') {
      next.slug = scope.stores.posts.uniqueSlug(post.type, sanitizeTitle(next.title) || 'untitled', post.id);
    }
  }
  const now = siteNow(scope);
  next.modified = now.local;
  next.modified_utc = now.utc;
  scope.stores.posts.update(next);
  return next;
}

export type { OrganizerMeta, VenueMeta };
