/**
 * Whether the caller may do something: WordPress's current_user_can, with the meta capabilities the
 * plugin's routes and core's ask mapped to primitive ones as map_meta_cap (wp-includes/capabilities.php)
 * maps them for post types registered with `map_meta_cap` (the plugin's three are), then looked up in
 * the caller's roles (roles.ts). Anonymous callers hold no capability.
 */

import type { RequestScope } from '../site.js';
import type { Post } from '../store/types.js';
import type { User } from '../store/users.js';
import { type CAPABILITY_TYPES, isRole, roleCaps, typeCap } from './roles.js';

export type PostTypeName = keyof typeof CAPABILITY_TYPES;

/** Every capability a user holds (its roles' and the role names, as WP_User::$allcaps). */
export function capsOf(user: Pick<User, 'roles'>): Set<string> {
  const caps = new Set<string>();
  for (const role of user.roles) {
    if (!isRole(role)) continue;
    for (const cap of roleCaps(role)) caps.add(cap);
    caps.add(role);
  }
  return caps;
}

const held = new WeakMap<RequestScope, Set<string>>();

/** The caller's capabilities, read once per request. */
function callerCaps(scope: RequestScope): Set<string> {
  let caps = held.get(scope);
  if (!caps) {
    if (scope.userId === null) caps = new Set();
    else {
      const user = scope.stores.users.get(scope.userId);
      // (a data dir that never had its admin row — only the in-process calendar reaches one — is the admin's)
      caps = user ? capsOf(user) : scope.userId === 1 ? capsOf({ roles: ['administrator'] }) : new Set();
    }
    held.set(scope, caps);
  }
  return caps;
}

const PUBLISHED = new Set(['publish', 'future']);

/**
 * map_meta_cap for `edit_post` and `delete_post` (`verb`), on a post of the plugin's types: the
 * primitive capabilities the caller needs, by whether it wrote the post and the post's status (a trashed
 * post counts with the status it had before the trash).
 */
function postMetaCaps(verb: 'edit' | 'delete', post: Post, userId: number, trashedFrom: () => string | undefined) {
  const type = post.type as PostTypeName;
  const cap = (generic: string) => typeCap(type, `${verb}_${generic}`);
  if (post.author && post.author === userId) {
    if (PUBLISHED.has(post.status)) return [cap('published_posts')];
    if (post.status === 'trash') return [PUBLISHED.has(trashedFrom() ?? '') ? cap('published_posts') : cap('posts')];
    return [cap('posts')];
  }
  const caps = [cap('others_posts')];
  if (PUBLISHED.has(post.status)) caps.push(cap('published_posts'));
  else if (post.status === 'private') caps.push(cap('private_posts'));
  return caps;
}

/** map_meta_cap for `read_post`: a public status or one's own post needs `read`; a private one read_private; else editing. */
function readMetaCaps(post: Post, userId: number, trashedFrom: () => string | undefined): string[] {
  const type = post.type as PostTypeName;
  if (post.status === 'publish' || (post.author && post.author === userId)) return ['read'];
  if (post.status === 'private') return [typeCap(type, 'read_private_posts')];
  // (any other status: whoever may edit the post may read it)
  return postMetaCaps('edit', post, userId, trashedFrom);
}

/** A meta capability of a post, as the plugin's and core's permission callbacks ask it. */
export type PostMetaCap = 'edit_post' | 'delete_post' | 'read_post';

/** current_user_can( $cap ) for a primitive capability (`edit_tribe_events`, `list_users`, …). */
export function can(scope: RequestScope, cap: string): boolean {
  return callerCaps(scope).has(cap);
}

/** current_user_can( $meta_cap, $post_id ) on one of the plugin's posts. */
export function canPost(scope: RequestScope, cap: PostMetaCap, post: Post): boolean {
  if (scope.userId === null) return false;
  const trashedFrom = () => scope.stores.posts.getMeta(post.id, '_wp_trash_meta_status');
  const needed =
    cap === 'read_post'
      ? readMetaCaps(post, scope.userId, trashedFrom)
      : postMetaCaps(cap === 'edit_post' ? 'edit' : 'delete', post, scope.userId, trashedFrom);
  const caps = callerCaps(scope);
  return needed.every((c) => caps.has(c));
}

/** current_user_can( $post_type->cap->{generic} ): `edit_posts` of events is `edit_tribe_events`. */
export function canType(scope: RequestScope, type: PostTypeName, generic: string): boolean {
  return can(scope, typeCap(type, generic));
}

/**
 * map_meta_cap for the user meta capabilities core's users controller asks: `edit_user` (oneself
 * always), `delete_user`, `promote_user`, `list_users`, `create_users`.
 */
export function canUser(
  scope: RequestScope,
  cap: 'edit_user' | 'delete_user' | 'promote_user',
  userId: number,
): boolean {
  if (scope.userId === null) return false;
  if (cap === 'edit_user') return scope.userId === userId || can(scope, 'edit_users');
  if (cap === 'delete_user') return can(scope, 'delete_users');
  return can(scope, 'promote_users');
}

/** current_user_can( $taxonomy->cap->manage_terms ): the plugin gives its categories `publish_tribe_events`; tags map to `manage_categories`. */
export function canManageTerms(scope: RequestScope, taxonomy: string): boolean {
  return taxonomy === 'tribe_events_cat' ? can(scope, 'publish_tribe_events') : can(scope, 'manage_categories');
}

/**
 * The plugin's permission callbacks of its post writes (Single_Event::can_create, can_edit, can_delete
 * and the venue's and organizer's): a type-level capability without a post id (a create, or a by-slug
 * route, which carries no `id`), the post's meta capability with one. A post that does not exist is
 * left to the route's own 404 or 400.
 */
export function canWritePost(
  scope: RequestScope,
  type: PostTypeName,
  verb: 'edit' | 'delete',
  post: Post | undefined,
): boolean {
  if (!post) return canType(scope, type, `${verb}_posts`);
  return canPost(scope, verb === 'edit' ? 'edit_post' : 'delete_post', post);
}

/** Term_Single_Base::can_create (and can_edit, can_delete): edit events and manage the taxonomy's terms. */
export function canWriteTerms(scope: RequestScope, taxonomy: string): boolean {
  return canType(scope, 'tribe_events', 'edit_posts') && canManageTerms(scope, taxonomy);
}

/**
 * map_meta_cap for `edit_post` and `delete_post` on an attachment (core's post type with the `post`
 * capability type and the status `inherit`): one's own upload needs `edit_posts` (`delete_posts`),
 * another's `edit_others_posts` (`delete_others_posts`).
 */
export function canAttachment(scope: RequestScope, verb: 'edit' | 'delete', post: Post): boolean {
  if (scope.userId === null) return false;
  return can(scope, post.author === scope.userId ? `${verb}_posts` : `${verb}_others_posts`);
}

/**
 * current_user_can('unfiltered_html'): administrators and editors of a single site hold it (roles.ts).
 * With it, post titles, contents and excerpts are stored as sent, `<script>` included; without it, kses
 * filters them (kses_init). Term names and descriptions are filtered for everyone.
 */
export const canUnfilteredHtml = (scope: RequestScope): boolean => can(scope, 'unfiltered_html');
