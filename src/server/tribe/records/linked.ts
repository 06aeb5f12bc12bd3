import { getResource, metaKeys } from '../../../catalog/index.js';
import { linkedJsonLdDescription, phpTrim, theContent, theExcerpt, theTitle } from '../../../wptext/index.js';
import { antispambot } from '../../format/html.js';
import { permalink } from '../../posts/links.js';
import { restBase } from '../../rest/root.js';
import { globalHost, type RequestScope } from '../../site.js';
import type { OrganizerMeta, Post, VenueMeta } from '../../store/types.js';
import { featuredImage } from './image.js';

/**
 * date_utc and modified_utc as the plugin shows them: WordPress's stored GMT dates, which are zero
 * for a draft or pending post never given one (see wp_insert_post).
 */
export function utcDates(post: Post): { date_utc: string; modified_utc: string } {
  return { date_utc: post.date_utc, modified_utc: post.modified_utc };
}

/** The global id of a post (host without port, as the site writes it). */
export function globalId(post: Post, origin: string): string {
  return `${globalHost(origin)}?id=${post.id}`;
}

/**
 * Sets `out[key]` unless PHP's array_filter would drop the value ('', '0', false, null, empty arrays).
 * Records are built by assignment in key order: spreading intermediate objects was most of the cost
 * of a list page.
 */
function keep(out: Record<string, unknown>, key: string, v: unknown): void {
  if (v === '' || v === '0' || v === false || v === null || v === undefined) return;
  if (Array.isArray(v) && v.length === 0) return;
  out[key] = v;
}

function dropEmpty(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) keep(out, k, obj[k]);
  return out;
}

export function venueJsonLd(post: Post): Record<string, unknown> {
  const m = post.meta as unknown as VenueMeta;
  const address = dropEmpty({
    '@type': 'PostalAddress',
    streetAddress: m.address,
    addressLocality: m.city,
    addressRegion: m.state || m.province || m.stateprovince,
    postalCode: m.zip,
    addressCountry: m.country,
  });
  return {
    '@type': 'Place',
    name: post.title,
    description: linkedJsonLdDescription(post.excerpt, post.content),
    url: '',
    address,
    telephone: m.phone ?? '',
    sameAs: m.website ?? '',
  };
}

export function organizerJsonLd(post: Post): Record<string, unknown> {
  const m = post.meta as unknown as OrganizerMeta;
  return {
    '@type': 'Person',
    name: post.title,
    description: linkedJsonLdDescription(post.excerpt, post.content),
    url: m.website ?? '',
    telephone: m.phone ?? '',
    email: antispambot(m.email ?? ''),
    sameAs: m.website ?? '',
  };
}

const VENUE_META = metaKeys(getResource('venues'));
const ORGANIZER_META = metaKeys(getResource('organizers'));

/**
 * A venue or organizer as the site returns it: the post's keys in the site's order, `name` (venue or
 * organizer) for the title, then the meta values; empty values dropped.
 */
function linkedBody(post: Post, scope: RequestScope, name: string, meta: readonly string[]): Record<string, unknown> {
  const { origin } = scope;
  const out: Record<string, unknown> = {};
  const utc = utcDates(post);
  keep(out, 'id', post.id);
  keep(out, 'author', String(post.author));
  keep(out, 'status', post.status);
  keep(out, 'date', post.date);
  keep(out, 'date_utc', utc.date_utc);
  keep(out, 'modified', post.modified);
  keep(out, 'modified_utc', utc.modified_utc);
  keep(out, 'url', permalink(post, scope));
  // (the plugin runs `the_title`, `the_content` and `the_excerpt`, and trims)
  keep(out, name, theTitle(post.title));
  keep(out, 'description', phpTrim(theContent(post.content, { siteUrl: origin })));
  keep(out, 'excerpt', phpTrim(theExcerpt(post.excerpt, { siteUrl: origin })));
  keep(out, 'slug', post.slug);
  keep(out, 'image', featuredImage(scope, scope.stores.media.thumbnailOf(post.id)));
  for (const k of meta) keep(out, k, post.meta[k]);
  return out;
}

/** A venue as the site returns it: empty values dropped, map flags and global ids always last. */
export function serializeVenue(post: Post, scope: RequestScope, single: boolean): Record<string, unknown> {
  const m = post.meta as unknown as VenueMeta;
  const out = linkedBody(post, scope, 'venue', VENUE_META);
  if (single) out.json_ld = venueJsonLd(post);
  out.show_map = m.show_map !== false;
  out.show_map_link = m.show_map_link !== false;
  const gid = globalId(post, scope.origin);
  out.global_id = gid;
  out.global_id_lineage = [gid];
  return out;
}

export function serializeOrganizer(post: Post, scope: RequestScope, single: boolean): Record<string, unknown> {
  const out = linkedBody(post, scope, 'organizer', ORGANIZER_META);
  if (single) out.json_ld = organizerJsonLd(post);
  const gid = globalId(post, scope.origin);
  out.global_id = gid;
  out.global_id_lineage = [gid];
  return out;
}

export const restItemUrl = (scope: RequestScope, resource: string, id: number) =>
  `${restBase(scope)}/${resource}/${id}`;
