import { offsetString, tzAbbr, wallParts } from '../../../clock/index.js';
import { eventJsonLdDescription, phpTrim, theContent, theExcerpt, theTitle } from '../../../wptext/index.js';
import { formatCost } from '../../format/cost.js';
import { shownGmt } from '../../posts/lifecycle.js';
import { permalink } from '../../posts/links.js';
import type { RequestScope } from '../../site.js';
import type { EventMeta, Post, Term } from '../../store/types.js';
import { featuredImage } from './image.js';
import {
  globalId,
  organizerJsonLd,
  restItemUrl,
  serializeOrganizer,
  serializeVenue,
  utcDates,
  venueJsonLd,
} from './linked.js';
import { serializeEmbeddedTerm } from './term.js';

/** Linked records an event representation needs, fetched by the caller (possibly in bulk). */
export interface EventLinks {
  venue: Post | undefined;
  organizers: Post[];
  categories: { term: Term; count: number }[];
  tags: { term: Term; count: number }[];
  /** the featured image's attachment id (0: none), when read with a page's others; looked up otherwise */
  thumbnail?: number;
  /** the event has a post password the request did not give: its description and excerpt are hidden */
  locked?: boolean;
}

/** The wall time the plugin shows the details of a missing date as. */
const EPOCH = '1970-01-01 00:00:00';

const iso = (wall: string, offset: string) => `${wall.replace(' ', 'T')}${offset}`;

function eventJsonLd(
  post: Post,
  m: EventMeta,
  links: EventLinks,
  costValues: (string | number)[],
  url: string,
  scope: RequestScope,
) {
  const tz = m.timezone || scope.site.timezone;
  const startUtc = post.start_utc ?? '';
  const endUtc = post.end_utc ?? '';
  const out: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: post.title,
    description: eventJsonLdDescription(post.excerpt, post.content),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: iso(post.start_local ?? '', offsetString(tz, post.start_utc === null ? EPOCH : startUtc)),
    endDate: iso(post.end_local ?? '', offsetString(tz, post.end_utc === null ? EPOCH : endUtc)),
  };
  if (links.venue) out.location = venueJsonLd(links.venue);
  const first = links.organizers[0];
  if (first) out.organizer = organizerJsonLd(first);
  if (costValues.length > 0) {
    const day = `${post.date.slice(0, 10)} 00:00:00`;
    out.offers = {
      '@type': 'Offer',
      price: costValues[0],
      priceCurrency: 'USD',
      url,
      category: 'primary',
      availability: 'inStock',
      validFrom: iso(day, offsetString(scope.site.timezone, shownGmt(post.date, post.date_utc, scope))),
    };
  }
  out.performer = 'Organization';
  return out;
}

/**
 * Linked records already serialized for the same answer, by id: the events of a list page share a few
 * venues, organizers and terms, each built once per answer (the same object appears in several
 * events; the answer is JSON text, so nothing sees the sharing).
 */
export interface RenderShare {
  venues: Map<number, Record<string, unknown>>;
  organizers: Map<number, Record<string, unknown>>;
  /** by `id:count` */
  terms: Map<string, Record<string, unknown>>;
}

export const newRenderShare = (): RenderShare => ({ venues: new Map(), organizers: new Map(), terms: new Map() });

function shared<K, V>(map: Map<K, V> | undefined, key: K, make: () => V): V {
  if (!map) return make();
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}

/**
 * Venues and organizers as embedded in events, kept with the post they were made from. Only posts the
 * store shares across requests are frozen (their content never changes: a changed row is a new
 * object), so only those are remembered; the representation depends on nothing else than the host
 * the caller used and `single`. Frozen as well: answers share them.
 */
const embeddings = new WeakMap<Post, Map<string, Record<string, unknown>>>();

function embedded(
  post: Post,
  scope: RequestScope,
  single: boolean,
  render: (post: Post, scope: RequestScope, single: boolean) => Record<string, unknown>,
): Record<string, unknown> {
  if (!Object.isFrozen(post)) return render(post, scope, single);
  let byScope = embeddings.get(post);
  if (!byScope) {
    byScope = new Map();
    embeddings.set(post, byScope);
  }
  const key = `${single ? 1 : 0}${scope.origin}`;
  let out = byScope.get(key);
  if (!out) {
    out = deepFreeze(render(post, scope, single));
    if (byScope.size >= 8) byScope.clear();
    byScope.set(key, out);
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** An event exactly as the site shows it; `single` adds json_ld (single GETs only). */
export function serializeEvent(
  post: Post,
  links: EventLinks,
  scope: RequestScope,
  single: boolean,
  share?: RenderShare,
) {
  const m = post.meta as unknown as EventMeta;
  const utc = utcDates(post);
  const gid = globalId(post, scope.origin);
  const url = permalink(post, scope);
  const tz = m.timezone || scope.site.timezone;
  const cost = formatCost(m.cost);
  const startLocal = post.start_local ?? '';
  const endLocal = post.end_local ?? '';
  const startUtc = post.start_utc ?? '';
  const endUtc = post.end_utc ?? '';
  const linkedVenue = links.venue;
  const venue = linkedVenue
    ? shared(share?.venues, linkedVenue.id, () => embedded(linkedVenue, scope, single, serializeVenue))
    : [];
  const term = (t: { term: Term; count: number }) =>
    shared(share?.terms, `${t.term.id}:${t.count}`, () => serializeEmbeddedTerm(t.term, t.count, scope));
  const out: Record<string, unknown> = {
    id: post.id,
    global_id: gid,
    global_id_lineage: [gid],
    author: String(post.author),
    status: post.status,
    date: post.date,
    date_utc: utc.date_utc,
    modified: post.modified,
    modified_utc: utc.modified_utc,
    url,
    rest_url: restItemUrl(scope, 'events', post.id),
    // (the plugin runs `the_title`, `the_content` and `the_excerpt`, and trims)
    title: theTitle(post.title),
    // (a password-protected event's texts are hidden in lists: post_password_required)
    description: links.locked ? '' : phpTrim(theContent(post.content, { siteUrl: scope.origin })),
    excerpt: links.locked ? '' : phpTrim(theExcerpt(post.excerpt, { siteUrl: scope.origin })),
    slug: post.slug,
    image: featuredImage(scope, links.thumbnail ?? scope.stores.media.thumbnailOf(post.id)),
    all_day: m.all_day === true,
    // (an event written through core's routes without dates: null, its details those of the epoch, as
    // the plugin shows them; found by the fuzzer, it was a 500 here)
    // (only a date that is not there: a damaged one is still the internal error it is)
    start_date: post.start_local === null ? null : startLocal,
    start_date_details: wallParts(post.start_local === null ? EPOCH : startLocal),
    end_date: post.end_local === null ? null : endLocal,
    end_date_details: wallParts(post.end_local === null ? EPOCH : endLocal),
    utc_start_date: post.start_utc === null ? null : startUtc,
    utc_start_date_details: wallParts(post.start_utc === null ? EPOCH : startUtc),
    utc_end_date: post.end_utc === null ? null : endUtc,
    utc_end_date_details: wallParts(post.end_utc === null ? EPOCH : endUtc),
    timezone: m.timezone,
    timezone_abbr: tzAbbr(tz, post.start_utc === null ? EPOCH : startUtc),
    cost: cost.cost,
    cost_details: cost.details,
    website: m.website === null || m.website === undefined ? url : m.website,
    show_map: m.show_map === true,
    show_map_link: m.show_map_link === true,
    hide_from_listings: post.hidden === 1,
    sticky: m.sticky === true,
    featured: post.featured === 1,
    categories: links.categories.map(term),
    tags: links.tags.map(term),
    venue,
    organizer: links.organizers.map((o) =>
      shared(share?.organizers, o.id, () => embedded(o, scope, single, serializeOrganizer)),
    ),
    custom_fields: [],
  };
  // (the plugin's JSON-LD address of an unpublished event, `…&p=ID`, comes out with `%2F/` appended)
  const ldUrl = url.includes('?') ? `${url}%2F/` : url;
  if (single) out.json_ld = eventJsonLd(post, m, links, cost.details.values, ldUrl, scope);
  return out;
}
