import { getResource, metaKeys } from '../../catalog/index.js';
import { antispambot, escHtml, wpautop } from '../format/html.js';
import { globalHost, type RequestScope, restBase } from '../site.js';
import type { OrganizerMeta, Post, VenueMeta } from '../store/types.js';

const DRAFTLIKE = new Set(['draft', 'pending', 'auto-draft', 'future', 'trash']);
const PERMALINK_BASE: Record<string, string> = {
  tribe_events: 'event',
  tribe_venue: 'venue',
  tribe_organizer: 'organizer',
};

/** Public URL of a post: pretty when published, `/?post_type=…&p=ID` for drafts, scheduled and trashed. */
export function permalink(post: Post, origin: string): string {
  if (DRAFTLIKE.has(post.status) || post.slug === '') return `${origin}/?post_type=${post.type}&p=${post.id}`;
  return `${origin}/${PERMALINK_BASE[post.type]}/${encodeURIComponent(post.slug)}/`;
}

/** date_utc and modified_utc of drafts read as zero dates, as WordPress stores them. */
export function utcDates(post: Post): { date_utc: string; modified_utc: string } {
  if (post.status === 'draft' || post.status === 'pending' || post.status === 'auto-draft') {
    return { date_utc: '0000-00-00 00:00:00', modified_utc: '0000-00-00 00:00:00' };
  }
  return { date_utc: post.date_utc, modified_utc: post.modified_utc };
}

/** Rendered description in JSON-LD: escaped HTML with the literal `\n` the site appends. */
export const jsonLdText = (html: string) => (html === '' ? '' : `${escHtml(html)}\\n`);

function globalIds(post: Post, origin: string) {
  const gid = `${globalHost(origin)}?id=${post.id}`;
  return { global_id: gid, global_id_lineage: [gid] };
}

/** Drops what PHP's array_filter drops: '', '0', false, null, empty arrays. */
function dropEmpty(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === '' || v === '0' || v === false || v === null || v === undefined) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
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
    description: jsonLdText(wpautop(post.content)),
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
    description: jsonLdText(wpautop(post.content)),
    url: m.website ?? '',
    telephone: m.phone ?? '',
    email: antispambot(m.email ?? ''),
    sameAs: m.website ?? '',
  };
}

/** The keys every post-like record starts with, in the site's order. */
function head(post: Post, origin: string) {
  const utc = utcDates(post);
  return {
    id: post.id,
    author: String(post.author),
    status: post.status,
    date: post.date,
    date_utc: utc.date_utc,
    modified: post.modified,
    modified_utc: utc.modified_utc,
    url: permalink(post, origin),
  };
}

const VENUE_META = metaKeys(getResource('venues'));
const ORGANIZER_META = metaKeys(getResource('organizers'));

/** The meta values of a venue or organizer, in the record's key order. */
const pickMeta = (post: Post, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, post.meta[k]]));

/** A venue as the site returns it: empty values dropped, map flags and global ids always last. */
export function serializeVenue(post: Post, scope: RequestScope, single: boolean): Record<string, unknown> {
  const m = post.meta as unknown as VenueMeta;
  const body = dropEmpty({
    ...head(post, scope.origin),
    venue: post.title,
    description: wpautop(post.content),
    excerpt: wpautop(post.excerpt),
    slug: post.slug,
    image: false,
    ...pickMeta(post, VENUE_META),
    json_ld: single ? venueJsonLd(post) : undefined,
  });
  return {
    ...body,
    show_map: m.show_map !== false,
    show_map_link: m.show_map_link !== false,
    ...globalIds(post, scope.origin),
  };
}

export function serializeOrganizer(post: Post, scope: RequestScope, single: boolean): Record<string, unknown> {
  const body = dropEmpty({
    ...head(post, scope.origin),
    organizer: post.title,
    description: wpautop(post.content),
    excerpt: wpautop(post.excerpt),
    slug: post.slug,
    image: false,
    ...pickMeta(post, ORGANIZER_META),
    json_ld: single ? organizerJsonLd(post) : undefined,
  });
  return { ...body, ...globalIds(post, scope.origin) };
}

export { globalIds, head as postHead };
export const restItemUrl = (scope: RequestScope, resource: string, id: number) =>
  `${restBase(scope)}/${resource}/${id}`;
