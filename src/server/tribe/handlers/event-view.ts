import type { RequestScope } from '../../site.js';
import { POST_PASSWORD } from '../../store/posts.js';
import type { Post, Taxonomy, Term } from '../../store/types.js';
import { canPost } from '../../users/caps.js';
import { type EventLinks, newRenderShare, serializeEvent } from '../records/event.js';

/** Linked venue/organizers visible to the caller: an unpublished one only to whoever may read it (read_post). */
function visible(post: Post | undefined, scope: RequestScope): post is Post {
  if (!post || post.status === 'trash') return false;
  return post.status === 'publish' || canPost(scope, 'read_post', post);
}

/** An event's terms of one taxonomy, with the counts their rows carry (kept by triggers). */
function termsIn(own: readonly (Term & { count: number })[], taxonomy: Taxonomy): EventLinks['categories'] {
  return own.filter((t) => t.taxonomy === taxonomy).map((term) => ({ term, count: term.count }));
}

/** Loads what an event representation embeds. */
export function loadEventLinks(post: Post, scope: RequestScope, unlocked = false): EventLinks {
  const { posts, terms } = scope.stores;
  const venue = post.venue_id ? posts.get(post.venue_id) : undefined;
  const orgIds = posts.organizerIds(post.id);
  const orgs = posts.getMany(orgIds);
  // Both taxonomies in one query.
  const own = terms.ofPosts([post.id]).get(post.id) ?? [];
  return {
    venue: visible(venue, scope) ? venue : undefined,
    organizers: orgIds.map((id) => orgs.get(id)).filter((o): o is Post => visible(o, scope)),
    categories: termsIn(own, 'tribe_events_cat'),
    tags: termsIn(own, 'post_tag'),
    locked: !unlocked && posts.passwordOf(post.id) !== '',
  };
}

/** An event's record; `unlocked`: the request gave the event's password (its texts are shown). */
export function renderEvent(post: Post, scope: RequestScope, single: boolean, unlocked = false) {
  return serializeEvent(post, loadEventLinks(post, scope, unlocked), scope, single);
}

/**
 * The links of a whole page of events in five queries (venues, organizer links, organizers, terms,
 * featured images)
 * instead of several per event: what lists and exports need.
 */
export function renderEvents(events: readonly Post[], scope: RequestScope): Record<string, unknown>[] {
  const { posts, terms } = scope.stores;
  const ids = events.map((e) => e.id);
  const venues = posts.getMany([...new Set(events.flatMap((e) => (e.venue_id ? [e.venue_id] : [])))]);
  const orgLinks = posts.organizerIdsOf(ids);
  const orgs = posts.getMany([...new Set([...orgLinks.values()].flat())]);
  const termsOf = terms.ofPosts(ids);
  const thumbnails = scope.stores.media.thumbnailsOf(ids);
  const passwords = posts.metaOfMany(ids, POST_PASSWORD);
  const share = newRenderShare();
  return events.map((post) => {
    const venue = post.venue_id ? venues.get(post.venue_id) : undefined;
    const own = termsOf.get(post.id) ?? [];
    const links: EventLinks = {
      venue: visible(venue, scope) ? venue : undefined,
      organizers: (orgLinks.get(post.id) ?? []).map((id) => orgs.get(id)).filter((o): o is Post => visible(o, scope)),
      categories: termsIn(own, 'tribe_events_cat'),
      tags: termsIn(own, 'post_tag'),
      thumbnail: thumbnails.get(post.id) ?? 0,
      locked: (passwords.get(post.id) ?? '') !== '',
    };
    return serializeEvent(post, links, scope, false, share);
  });
}
