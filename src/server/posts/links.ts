/**
 * The addresses WordPress gives a post (get_permalink, the guid wp_insert_post keeps): shown by every
 * namespace's records.
 */
import { PERMALINK_BASE, UNPUBLISHED } from '../store/post-rows.js';
import type { Post } from '../store/types.js';

const DRAFTLIKE = new Set([...UNPUBLISHED, 'trash']);
const URI_SAFE = /^[A-Za-z0-9_.!~*'()-]*$/;

/** Public URL of a post: pretty when published, `/?post_type=…&p=ID` for drafts, scheduled and trashed. */
export function permalink(post: Post, origin: string): string {
  if (DRAFTLIKE.has(post.status) || post.slug === '') return `${origin}/?post_type=${post.type}&p=${post.id}`;
  // (slugs are nearly always made of characters encodeURIComponent leaves alone)
  const slug = URI_SAFE.test(post.slug) ? post.slug : encodeURIComponent(post.slug);
  return `${origin}/${PERMALINK_BASE[post.type]}/${slug}/`;
}

/** WordPress's guid of a post: the address it had when it was created (see Post.guid). */
export function guid(post: Post, origin: string): string {
  if (post.guid === '') return `${origin}/?post_type=${post.type}&p=${post.id}`;
  return `${origin}${post.guid
    .split('/')
    .map((part) => (URI_SAFE.test(part) ? part : encodeURIComponent(part)))
    .join('/')}`;
}
