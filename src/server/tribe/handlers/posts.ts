import { postTypeOf, type ResourceSpec } from '../../../catalog/index.js';
import { RestError } from '../../http/errors.js';
import { trashPost } from '../../posts/lifecycle.js';
import { atomic, notAccessible } from '../../posts/rules.js';
import type { Reply } from '../../rest/types.js';
import type { RequestScope } from '../../site.js';
import type { Post } from '../../store/types.js';
import { canPost } from '../../users/caps.js';
import type { HandlerRequest } from '../namespace.js';
import { serializeOrganizer, serializeVenue } from '../records/linked.js';
import { renderEvent } from './event-view.js';
import { createEvent, updateEvent } from './events-write.js';
import { createLinked, updateLinkedFields } from './linked-write.js';

/** Renders any post-like record in its resource's shape. */
export function renderPost(post: Post, scope: RequestScope, single: boolean): Record<string, unknown> {
  if (post.type === 'tribe_events') return renderEvent(post, scope, single);
  if (post.type === 'tribe_venue') return serializeVenue(post, scope, single);
  return serializeOrganizer(post, scope, single);
}

/**
 * The record an item route addresses: by `id` on the ID routes, by `slug` on the by-slug routes (a body
 * value replaces the path one, in WordPress's parameter order). An `id` sent to a by-slug route is not
 * an argument of that route and is ignored, as on the site.
 */
export function lookupPost(req: HandlerRequest): Post | undefined {
  const type = postTypeOf(req.resource);
  const { posts } = req.scope.stores;
  if (req.declares('id')) {
    const post = posts.get(Number(req.params.id));
    return post && post.type === type ? post : undefined;
  }
  const slug = req.params.slug;
  return typeof slug === 'string' && slug !== '' ? posts.getBySlug(type, slug) : undefined;
}

export function getPost(req: HandlerRequest): Reply {
  const post = lookupPost(req) as Post;
  // A record not published is shown to whoever may read it (Single_Event::get: read_post).
  if (post.status !== 'publish' && !canPost(req.scope, 'read_post', post)) {
    throw notAccessible(req.resource.codes.notAccessible as string, req.resource.singular);
  }
  if (post.type === 'tribe_events') {
    // Single_Event::get refuses a password-protected event to every caller, signed in or not, unless
    // the request gives its password (`post_password_required`, which reads no capability).
    const password = req.scope.stores.posts.passwordOf(post.id);
    const unlocked = password !== '' && req.params.password === password;
    if (password !== '' && !unlocked)
      throw new RestError(403, 'event-password-protected', 'This event cannot be read without its password.');
    return { status: 200, body: renderEvent(post, req.scope, true, unlocked) };
  }
  return { status: 200, body: renderPost(post, req.scope, true) };
}

/** Moves a post to the trash as wp_trash_post does (never a permanent delete) and returns it. */
export function deletePost(req: HandlerRequest): Reply {
  const post = lookupPost(req) as Post;
  const { scope, resource } = req;
  if (post.status === 'trash')
    throw new RestError(410, resource.codes.inTrash as string, `The ${resource.singular} is already in the trash.`);
  const { posts, db } = scope.stores;
  atomic(db, () => trashPost(scope, post));
  return { status: 200, body: renderPost(posts.get(post.id) as Post, scope, false) };
}

export function createPost(req: HandlerRequest): Reply {
  if (req.resource.name === 'events') return createEvent(req);
  const type = postTypeOf(req.resource) as 'tribe_venue' | 'tribe_organizer';
  const { db, posts } = req.scope.stores;
  const id = atomic(db, () => createLinked(req.scope, type, req.params));
  return { status: 201, body: renderPost(posts.get(id) as Post, req.scope, false) };
}

/** A write to an unknown slug answers 200 with a serialized WordPress error, as the site does. */
function unknownSlugAnswer(resource: ResourceSpec): Reply {
  const code = `${resource.singular}-not-found`;
  return { status: 200, body: { errors: { [code]: [`No ${resource.singular} has this slug.`] }, error_data: [] } };
}

export function updatePost(req: HandlerRequest): Reply {
  const post = lookupPost(req);
  if (!post) return unknownSlugAnswer(req.resource);
  if (req.resource.name === 'events') return updateEvent(req, post);
  const { db, posts } = req.scope.stores;
  atomic(db, () => updateLinkedFields(req.scope, post, req.params, true));
  return { status: 200, body: renderPost(posts.get(post.id) as Post, req.scope, false) };
}
