/**
 * Records of `tec/v1` in WordPress core's post shape (WP_REST_Posts_Controller::prepare_item_for_response,
 * as Post_Entity_Endpoint::get_formatted_entity uses it: `permalink`, `meta` and `_links` removed) plus
 * the plugin's venue and organizer properties (Venue_Definition, Organizer_Definition).
 */
import { getResource } from '../../catalog/index.js';
import { utcToWall, wallToUtc } from '../../clock/index.js';
import { autoExcerpt, escHtml, theContent, theExcerpt, theTitle } from '../../wptext/index.js';
import { permalink } from '../serialize/linked.js';
import type { RequestScope } from '../site.js';
import type { Post } from '../store/types.js';

/** WordPress dates in the REST shape: `2026-11-25T04:33:24`. */
export const restDate = (wall: string) => wall.replace(' ', 'T');

const ZERO = '0000-00-00 00:00:00';

/**
 * The UTC publication date. WordPress stores none for drafts and answers one computed from the local
 * date; this store always keeps it, so it is used as is unless it is the zero date.
 */
function gmt(local: string, utc: string, scope: RequestScope): string {
  return utc === ZERO || utc === '' ? wallToUtc(local, scope.site.timezone) : utc;
}

/** The core keys every `tec/v1` record starts with, up to `template`. */
export function postHead(post: Post, scope: RequestScope): Record<string, unknown> {
  const link = permalink(post, scope.origin);
  const site = { siteUrl: scope.origin, postId: post.id };
  const excerpt = theExcerpt(post.excerpt !== '' ? post.excerpt : autoExcerpt(post.content, site), site);
  return {
    id: post.id,
    date: restDate(post.date),
    date_gmt: restDate(gmt(post.date, post.date_utc, scope)),
    guid: { rendered: link },
    modified: restDate(post.modified),
    modified_gmt: restDate(gmt(post.modified, post.modified_utc, scope)),
    slug: post.slug,
    status: post.status,
    type: post.type,
    link,
    title: { rendered: theTitle(post.title) },
    content: { rendered: theContent(post.content, site), protected: false },
    excerpt: { rendered: excerpt, protected: false },
    author: post.author,
    featured_media: 0,
    template: '',
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Google Maps directions link of a venue, from its address parts (`&` written as `&#038;`). */
function directionsLink(m: Record<string, unknown>): string {
  const parts = [m.address, m.city, m.stateprovince, m.zip, m.country].map(str).filter((s) => s !== '');
  if (parts.length === 0) return '';
  const q = encodeURIComponent(parts.join(' '))
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=${q}`;
}

/**
 * The store's venue meta keys as `tec/v1` names them: `state_province` is the catalog's `stateprovince`.
 * Derived from the catalog so the two namespaces read the same record.
 */
export const VENUE_KEYS: readonly [string, string][] = (() => {
  const keys = new Set(getResource('venues').fields.map((f) => f.name));
  const order = ['address', 'country', 'city', 'stateprovince', 'state', 'province', 'zip', 'phone'];
  return order.filter((k) => keys.has(k)).map((k) => [k === 'stateprovince' ? 'state_province' : k, k]);
})();

export const ORGANIZER_KEYS: readonly string[] = ['phone', 'website', 'email'].filter((k) =>
  getResource('organizers').fields.some((f) => f.name === k),
);

export function serializeTecVenue(post: Post, scope: RequestScope): Record<string, unknown> {
  const out = postHead(post, scope);
  // (the plugin's Venue_Definition and Organizer_Definition escape the meta they show)
  for (const [name, key] of VENUE_KEYS) out[name] = escHtml(str(post.meta[key]));
  out.directions_link = directionsLink(post.meta);
  out.website = str(post.meta.website);
  return out;
}

export function serializeTecOrganizer(post: Post, scope: RequestScope): Record<string, unknown> {
  const out = postHead(post, scope);
  for (const key of ORGANIZER_KEYS) out[key] = escHtml(str(post.meta[key]));
  return out;
}

/** The site's wall time now, for `is_past`/`is_now` and the year shown in schedules. */
export function nowUtc(scope: RequestScope): { utc: string; local: string } {
  const ms = scope.site.now().getTime();
  const utc = new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  return { utc, local: utcToWall(utc, scope.site.timezone) };
}
