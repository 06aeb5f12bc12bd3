/**
 * What WordPress core does to a post's status, slug and dates as it is written (wp_insert_post,
 * wp_update_post, wp_trash_post, wp_unique_post_slug): shared by every route that writes posts, so
 * the trash, drafts and restored posts read the same whichever route wrote them.
 */

import { utcToWall, wallToUtc } from '../../clock/index.js';
import { sanitizeTitle } from '../../wptext/index.js';
import type { RequestScope } from '../site.js';
import { guidOf } from '../store/post-rows.js';
import type { Post } from '../store/types.js';
import { parseDateParam, siteNow } from './rules.js';

/** How WordPress stores "no GMT date yet". */
export const ZERO_DATE = '0000-00-00 00:00:00';

/** Statuses whose date floats until publication (registered with `date_floating`). */
const FLOATING = new Set(['draft', 'pending', 'auto-draft']);
export const isFloating = (status: string) => FLOATING.has(status);

/** Post meta keys wp_trash_post and wp_insert_post use. */
export const DESIRED_SLUG = '_wp_desired_post_slug';
export const TRASH_STATUS = '_wp_trash_meta_status';
export const TRASH_TIME = '_wp_trash_meta_time';
const TRASHED = '__trashed';

/**
 * The GMT publication date wp_insert_post stores: the one given, else none (zero) while the status
 * floats, else the local date read in the site's zone.
 */
export function storedGmt(date: string, gmt: string | null | undefined, status: string, scope: RequestScope): string {
  if (gmt && gmt !== ZERO_DATE) return gmt;
  return isFloating(status) ? ZERO_DATE : wallToUtc(date, scope.site.timezone);
}

/** The publication dates a request asks for (`date` in the site's zone, `date_utc`); null for neither. */
export function askedDates(
  p: Record<string, unknown>,
  has: (name: string) => boolean,
  scope: RequestScope,
): { date: string; gmt: string | null } | null {
  const given = (name: string) => has(name) && p[name] !== null && p[name] !== '';
  const gmt = given('date_utc') ? parseDateParam(p.date_utc, scope, 'UTC') : null;
  const local = given('date') ? parseDateParam(p.date, scope) : null;
  if (local) return { date: local, gmt };
  return gmt ? { date: utcToWall(gmt, scope.site.timezone), gmt } : null;
}

const seconds = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`) / 1000;

/**
 * wp_insert_post's scheduling: a post published a minute or more ahead becomes `future`, a `future`
 * one whose time is less than a minute ahead is published.
 */
export function scheduled(status: string, gmt: string, scope: RequestScope): string {
  if (gmt === ZERO_DATE || (status !== 'publish' && status !== 'future')) return status;
  const ahead = seconds(gmt) - seconds(siteNow(scope).utc);
  if (status === 'publish' && ahead >= 60) return 'future';
  if (status === 'future' && ahead < 60) return 'publish';
  return status;
}

/**
 * wp_update_post's rule for a post whose date still floats (a draft or pending post never given a
 * GMT date): unless the caller says the date was edited, its date becomes now.
 */
export function dateFloats(post: Post, editDate: boolean): boolean {
  return isFloating(post.status) && post.date_utc === ZERO_DATE && !editDate;
}

/**
 * A GMT date for readers that never show zero (WordPress core's routes): the stored one, else the
 * local date read in the site's zone.
 */
export function shownGmt(local: string, gmt: string, scope: RequestScope): string {
  return gmt === ZERO_DATE || gmt === '' ? wallToUtc(local, scope.site.timezone) : gmt;
}

/**
 * A slug as wp_unique_post_slug leaves it: drafts and pending posts keep theirs as it is (taken or
 * not), every other status gets the first free `-N` among the posts of its type.
 */
export function uniqueFor(scope: RequestScope, post: Pick<Post, 'type' | 'id'>, slug: string, status: string): string {
  if (slug === '' || isFloating(status)) return slug;
  return scope.stores.posts.uniqueSlug(post.type, slug, post.id);
}

/**
 * wp_insert_post's last resort: a post that does not float and whose title gives no slug (`&#8230;`,
 * `<b></b>`, blanks) is named after its id, and its guid follows.
 */
export function slugFromIdIfNone(scope: RequestScope, id: number): void {
  const { posts } = scope.stores;
  const post = posts.get(id);
  if (post?.slug !== '' || isFloating(post.status)) return;
  const slug = uniqueFor(scope, post, String(id), post.status);
  posts.update({ ...post, slug, guid: post.guid === '' ? guidOf({ ...post, slug }) : post.guid });
}

/**
 * The slug an update leaves a post with, in wp_insert_post's order: the one asked for (sanitized; an
 * empty one too, as core's REST update sets `post_name` to it), else the post's own; none and not
 * floating: from the title (a draft asked for '' is left without one); taken out of the trash: the slug
 * it had before (`_wp_desired_post_slug`, then forgotten); put into the trash: `__trashed` added once.
 */
export function slugOnUpdate(scope: RequestScope, post: Post, next: { status: string; title: string }, asked?: string) {
  let slug = asked !== undefined ? sanitizeTitle(asked) : post.slug;
  if (slug === '' && !isFloating(next.status)) slug = sanitizeTitle(next.title);
  const { posts } = scope.stores;
  if (post.status === 'trash' && next.status !== 'trash') {
    const desired = posts.getMeta(post.id, DESIRED_SLUG);
    if (desired) {
      posts.deleteMeta(post.id, DESIRED_SLUG);
      slug = desired;
    }
  }
  // (the suffix goes on the slug stored, not the one worked out above: an empty one stays empty)
  if (next.status === 'trash' && post.status !== 'trash') slug = trashedSlug(scope, post);
  return uniqueFor(scope, post, slug, next.status);
}

/**
 * wp_add_trashed_suffix_to_post_name_for_post: a slug that already ends in `__trashed` stays; any
 * other (the empty one of a draft too) is remembered as the desired slug and gains the suffix.
 */
function trashedSlug(scope: RequestScope, post: Post): string {
  if (post.slug.endsWith(TRASHED)) return post.slug;
  if (scope.stores.posts.getMeta(post.id, DESIRED_SLUG) === undefined) {
    scope.stores.posts.setMeta(post.id, DESIRED_SLUG, post.slug);
  }
  // (WordPress cuts the slug to 191 bytes first; sanitized slugs are ASCII)
  return `${post.slug.slice(0, 191)}${TRASHED}`;
}

/**
 * wp_trash_post: remembers the status and the time, then updates the post to `trash` through
 * wp_update_post (its slug as above; a draft never dated, whatever route trashes it, is dated now as
 * on any first update; a floating GMT date fixed from the local one; modified now). A trashed venue
 * or organizer is unlinked from its events, as the plugin does.
 */
export function trashPost(scope: RequestScope, post: Post): Post {
  const { posts } = scope.stores;
  const now = siteNow(scope);
  posts.setMeta(post.id, TRASH_STATUS, post.status);
  posts.setMeta(post.id, TRASH_TIME, String(Math.floor(scope.site.now().getTime() / 1000)));
  const floats = dateFloats(post, false);
  const trashed: Post = {
    ...post,
    status: 'trash',
    slug: slugOnUpdate(scope, post, { status: 'trash', title: post.title }),
    date: floats ? now.local : post.date,
    date_utc: floats ? now.utc : storedGmt(post.date, post.date_utc, 'trash', scope),
    modified: now.local,
    modified_utc: now.utc,
  };
  posts.update(trashed);
  if (post.type !== 'tribe_events') posts.unlinkEverywhere(trashed);
  return trashed;
}
