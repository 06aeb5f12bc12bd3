/**
 * Records of `tec/v1` in WordPress core's post shape (WP_REST_Posts_Controller::prepare_item_for_response,
 * as Post_Entity_Endpoint::get_formatted_entity uses it: `permalink`, `meta` and `_links` removed) plus
 * the plugin's venue and organizer properties (Venue_Definition, Organizer_Definition).
 */
import { utcToWall } from '../../clock/index.js';
import { escHtml } from '../../wptext/index.js';
import { permalink } from '../posts/links.js';
import type { RequestScope } from '../site.js';
import type { Post } from '../store/types.js';
import { postHead } from '../wp/post-record.js';
import { tecFields } from './params.js';

/** The core keys every `tec/v1` record starts with, up to `template`: core's `view` shape, the permalink as guid. */
export function tecPostHead(post: Post, scope: RequestScope): Record<string, unknown> {
  return postHead(post, scope, 'view', { rendered: permalink(post, scope) });
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
 * The meta keys of a venue or organizer as `tec/v1` names them, in its order, with the store's (the
 * catalog's) name for each: `state_province` is the catalog's `stateprovince`. Derived from the
 * catalog's `tec` facets, so the two namespaces read and write the same record.
 */
export const TEC_META_KEYS: Record<'venues' | 'organizers', readonly [string, string][]> = {
  venues: tecFields('venues').map((f) => [f.name, f.spec.name]),
  organizers: tecFields('organizers').map((f) => [f.name, f.spec.name]),
};

export function serializeTecVenue(post: Post, scope: RequestScope): Record<string, unknown> {
  const out = tecPostHead(post, scope);
  // (the plugin's Venue_Definition and Organizer_Definition escape the meta they show; the web page comes
  // last, after the directions link, as it is)
  for (const [name, key] of TEC_META_KEYS.venues) if (key !== 'website') out[name] = escHtml(str(post.meta[key]));
  out.directions_link = directionsLink(post.meta);
  out.website = str(post.meta.website);
  return out;
}

export function serializeTecOrganizer(post: Post, scope: RequestScope): Record<string, unknown> {
  const out = tecPostHead(post, scope);
  for (const [name, key] of TEC_META_KEYS.organizers) out[name] = escHtml(str(post.meta[key]));
  return out;
}

/** The site's wall time now, for `is_past`/`is_now` and the year shown in schedules. */
export function nowUtc(scope: RequestScope): { utc: string; local: string } {
  const ms = scope.site.now().getTime();
  const utc = new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  return { utc, local: utcToWall(utc, scope.site.timezone) };
}
