/**
 * The addresses WordPress gives a post (get_permalink, the guid wp_insert_post keeps): shown by every
 * namespace's records. Both permalink styles: `<home>/event/slug/` with pretty permalinks, the post
 * type's query variable `<home>/?tribe_events=slug` with plain ones (get_post_permalink).
 */
import type { Where } from '../rest/root.js';
import { PERMALINK_BASE, UNPUBLISHED } from '../store/post-rows.js';
import type { Post } from '../store/types.js';

const DRAFTLIKE = new Set([...UNPUBLISHED, 'trash']);
const URI_SAFE = /^[A-Za-z0-9_.!~*'()-]*$/;
const uriPart = (part: string) => (URI_SAFE.test(part) ? part : encodeURIComponent(part));

/** Public URL of a post: by its slug when published, `/?post_type=…&p=ID` for drafts, scheduled and trashed. */
export function permalink(post: Post, where: Where): string {
  const { origin } = where;
  if (DRAFTLIKE.has(post.status) || post.slug === '') return `${origin}/?post_type=${post.type}&p=${post.id}`;
  // (slugs are nearly always made of characters encodeURIComponent leaves alone)
  const slug = uriPart(post.slug);
  if (where.site.permalinks === 'plain') return `${origin}/?${post.type}=${slug}`;
  return `${origin}/${PERMALINK_BASE[post.type]}/${slug}/`;
}

/**
 * WordPress's guid of a post: the address it had when it was created (see Post.guid), kept as its
 * pretty path; a site served with plain permalinks shows that address in its plain form, as a post
 * created there has it.
 */
export function guid(post: Post, where: Where): string {
  const { origin } = where;
  if (post.guid === '') return `${origin}/?post_type=${post.type}&p=${post.id}`;
  const pretty = new RegExp(`^/${PERMALINK_BASE[post.type]}/([^/]+)/$`).exec(post.guid);
  if (pretty && where.site.permalinks === 'plain') return `${origin}/?${post.type}=${uriPart(pretty[1] as string)}`;
  return `${origin}${post.guid.split('/').map(uriPart).join('/')}`;
}

/** The edit form's `permalink_template`: the slug's place in a pretty address, the address itself when plain. */
export function permalinkTemplate(post: Post, where: Where): string {
  if (where.site.permalinks === 'plain') return permalink(post, where);
  return `${where.origin}/${PERMALINK_BASE[post.type]}/%pagename%/`;
}
