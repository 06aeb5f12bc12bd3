/**
 * Events, venues and organizers as WordPress core's own routes show them (`/wp-json/wp/v2/tribe_events`
 * …: WP_REST_Posts_Controller::prepare_item_for_response), in the `view` and `edit` contexts, with the
 * post meta the plugin registers for the REST API (Tribe__Events__Editor__Meta) and core's `_links`.
 * The head of that shape and the event's terms are shared with `tec/v1`'s records, which start the same.
 */
import { resourceOfWpType } from '../../catalog/index.js';
import { autoExcerpt, theContent, theExcerpt, theTitle } from '../../wptext/index.js';
import { formatCost } from '../format/cost.js';
import { shownGmt } from '../posts/lifecycle.js';
import { guid, permalink, permalinkTemplate } from '../posts/links.js';
import { restRoot, withQuery } from '../rest/root.js';
import type { RequestScope } from '../site.js';
import type { EventMeta, Post, Term } from '../store/types.js';

export type CoreContext = 'view' | 'edit';

/** What an event's record needs besides the post: its organizer ids and its terms. */
export interface CoreLinks {
  organizers: number[];
  terms: Term[];
}

/** WordPress dates in the REST shape: `2026-11-25T04:33:24`. */
export const restDate = (wall: string) => wall.replace(' ', 'T');
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The keys prepare_item_for_response starts every post with, up to `template`, in the `view` or `edit`
 * context, with the guid the caller shows (core's routes: the stored guid; `tec/v1`: the permalink).
 */
export function postHead(
  post: Post,
  scope: RequestScope,
  context: CoreContext,
  shownGuid: { rendered: string; raw?: string },
): Record<string, unknown> {
  const edit = context === 'edit';
  // (`the_title`, `the_content`, `the_excerpt` — of the automatic excerpt when the post has none)
  const site = { siteUrl: scope.origin, postId: post.id };
  const excerpt = theExcerpt(post.excerpt !== '' ? post.excerpt : autoExcerpt(post.content, site), site);
  const content = theContent(post.content, site);
  const out: Record<string, unknown> = {
    id: post.id,
    date: restDate(post.date),
    date_gmt: restDate(shownGmt(post.date, post.date_utc, scope)),
    guid: shownGuid,
    modified: restDate(post.modified),
    modified_gmt: restDate(shownGmt(post.modified, post.modified_utc, scope)),
  };
  // (post_password: shown in the edit context only; a protected post's texts are hidden in the view
  // context, WP_REST_Posts_Controller::can_access_password_content: the edit context needs edit_post)
  const password = scope.stores.posts.passwordOf(post.id);
  const isProtected = password !== '';
  const hidden = isProtected && !edit;
  if (edit) out.password = password;
  out.slug = post.slug;
  out.status = post.status;
  out.type = post.type;
  out.link = permalink(post, scope);
  out.title = edit ? { raw: post.title, rendered: theTitle(post.title) } : { rendered: theTitle(post.title) };
  out.content = edit
    ? { raw: post.content, rendered: content, protected: isProtected, block_version: 0 }
    : { rendered: hidden ? '' : content, protected: isProtected };
  out.excerpt = edit
    ? { raw: post.excerpt, rendered: excerpt, protected: isProtected }
    : { rendered: hidden ? '' : excerpt, protected: isProtected };
  out.author = post.author;
  out.featured_media = scope.stores.media.thumbnailOf(post.id);
  out.template = '';
  return out;
}

/** An event's terms by taxonomy, in their order. */
export function termsOf(terms: readonly Term[]): { tags: Term[]; cats: Term[] } {
  return {
    tags: terms.filter((t) => t.taxonomy === 'post_tag'),
    cats: terms.filter((t) => t.taxonomy === 'tribe_events_cat'),
  };
}

/**
 * get_post_class of an event: its id, type, status, `has-post-thumbnail` when it has a featured image,
 * then its tags and categories.
 */
export function classList(post: Post, tags: readonly Term[], cats: readonly Term[], thumbnail = 0): string[] {
  return [
    `post-${post.id}`,
    post.type,
    `type-${post.type}`,
    `status-${post.status}`,
    ...(thumbnail ? ['has-post-thumbnail'] : []),
    'hentry',
    ...tags.map((t) => `tag-${t.slug}`),
    ...cats.flatMap((t) => [`tribe_events_cat-${t.slug}`, `cat_${t.slug}`]),
  ];
}

/** The plugin's registered meta, every key on every type, read from the post's own values. */
export function metaOf(post: Post, links: CoreLinks): Record<string, unknown> {
  const m = post.meta;
  const isEvent = post.type === 'tribe_events';
  const isVenue = post.type === 'tribe_venue';
  const e = m as unknown as Partial<EventMeta>;
  const cost = isEvent ? formatCost(e.cost) : null;
  const venue = (k: string) => (isVenue ? str(m[k]) : '');
  const out: Record<string, unknown> = {
    _EventAllDay: isEvent && e.all_day === true,
    _EventTimezone: isEvent ? str(e.timezone) : '',
    _EventStartDate: post.start_local ?? '',
    _EventEndDate: post.end_local ?? '',
    _EventStartDateUTC: post.start_utc ?? '',
    _EventEndDateUTC: post.end_utc ?? '',
    // (a venue keeps its map flags under the event keys as well)
    _EventShowMap: isVenue ? m.show_map !== false : isEvent && e.show_map === true,
    _EventShowMapLink: isVenue ? m.show_map_link !== false : isEvent && e.show_map_link === true,
    _EventURL: isEvent ? str(e.website) : '',
    _EventCost: cost?.stored.values[0] ?? '',
    _EventCostDescription: '',
    _EventCurrencySymbol: cost?.details.currency_symbol ?? '',
    _EventCurrencyCode: '',
    _EventCurrencyPosition: cost?.details.currency_position ?? '',
    _EventDateTimeSeparator: '',
    _EventTimeRangeSeparator: '',
    _EventOrganizerID: isEvent ? links.organizers : [],
    _EventVenueID: isEvent && post.venue_id ? [post.venue_id] : [],
    _OrganizerEmail: post.type === 'tribe_organizer' ? str(m.email) : '',
    _OrganizerPhone: post.type === 'tribe_organizer' ? str(m.phone) : '',
    _OrganizerWebsite: post.type === 'tribe_organizer' ? str(m.website) : '',
    _VenueAddress: venue('address'),
    _VenueCity: venue('city'),
    _VenueCountry: venue('country'),
    _VenueProvince: venue('province'),
    _VenueState: venue('state'),
    _VenueZip: venue('zip'),
    _VenuePhone: venue('phone'),
    _VenueURL: venue('website'),
    _VenueStateProvince: venue('stateprovince'),
    _VenueLat: '',
    _VenueLng: '',
    _VenueShowMap: isVenue && m.show_map !== false,
    _VenueShowMapLink: isVenue && m.show_map_link !== false,
  };
  if (isEvent) {
    out._tribe_events_status = '';
    out._tribe_events_status_reason = '';
  }
  out.footnotes = '';
  return out;
}

/** Core's `_links` of a post (revisions are not kept here: `version-history` counts none). */
function linksOf(post: Post, scope: RequestScope, allow: string[]): Record<string, unknown> {
  const wp = `${restRoot(scope)}/wp/v2`;
  const base = resourceOfWpType(post.type).coreBase;
  const self = `${wp}/${base}/${post.id}`;
  const out: Record<string, unknown> = {
    self: [{ href: self, targetHints: { allow } }],
    collection: [{ href: `${wp}/${base}` }],
    about: [{ href: `${wp}/types/${post.type}` }],
    author: [{ embeddable: true, href: `${wp}/users/${post.author}` }],
    'version-history': [{ count: 0, href: `${self}/revisions` }],
  };
  const featured = scope.stores.media.thumbnailOf(post.id);
  if (featured) out['wp:featuredmedia'] = [{ embeddable: true, href: `${wp}/media/${featured}` }];
  out['wp:attachment'] = [{ href: withQuery(`${wp}/media`, `parent=${post.id}`) }];
  if (post.type === 'tribe_events') {
    out['wp:term'] = [
      { taxonomy: 'post_tag', embeddable: true, href: withQuery(`${wp}/tags`, `post=${post.id}`) },
      { taxonomy: 'tribe_events_cat', embeddable: true, href: withQuery(`${wp}/tribe_events_cat`, `post=${post.id}`) },
    ];
  }
  out.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return out;
}

/**
 * A post in core's shape. `allow` is what the caller may do with it (the `self` link's hints);
 * `withLinks` false leaves `_links` out, as core's `previous` of a deleted post and list items
 * trimmed by `_fields` do.
 */
export function serializeCorePost(
  post: Post,
  links: CoreLinks,
  scope: RequestScope,
  context: CoreContext,
  allow: string[] | null,
): Record<string, unknown> {
  const edit = context === 'edit';
  const theGuid = guid(post, scope);
  // (the guid is shown escaped, as the_guid prints it)
  const rendered = theGuid.replace(/&/g, '&#038;');
  const out = postHead(post, scope, context, edit ? { rendered, raw: theGuid } : { rendered });
  out.meta = metaOf(post, links);
  if (post.type === 'tribe_events') {
    const { tags, cats } = termsOf(links.terms);
    out.tags = tags.map((t) => t.id);
    out.tribe_events_cat = cats.map((t) => t.id);
    if (edit) {
      out.permalink_template = permalinkTemplate(post, scope);
      out.generated_slug = post.slug.replace(/__trashed(-\d+)?$/, '') || post.slug;
    }
    out.class_list = classList(post, tags, cats, out.featured_media as number);
  }
  if (allow) out._links = linksOf(post, scope, allow);
  return out;
}
