/**
 * A record as a site returns it, turned back into what a write takes: the one converter that import,
 * update, copy, sync and the replica share. A real site does not apply event updates partially:
 * whatever the body omits is reset (flags to false, cost and website cleared, organizers unlinked,
 * the time zone set to the site's: observed #6, #27). So every update sends back the record's
 * current state of those fields ({@link SITE_RESETS}, in {@link writableState}), with the changes on
 * top. Fields the site keeps when omitted (title, description, excerpt, slug, author, publication
 * date, image) are sent only when they change: their representation is not their input form
 * (descriptions come back wrapped in `<p>`, names HTML-escaped), so echoing them would change them.
 */
import { catalog, costFromText, costInput, type ResourceSpec } from '../catalog/index.js';
import { decodeEntities } from '../wptext/index.js';

type Obj = Record<string, unknown>;

/** Write body values: text, booleans, numbers and id lists. */
export type Body = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The id of a linked record as the API embeds it (`{id: 3, …}`) or as a bare id; undefined for none. */
export const idOf = (v: unknown): number | undefined => {
  const id = isObj(v) ? v.id : v;
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
/** The ids of a list of linked records (a single one counts as a list of one). */
export const ids = (v: unknown): number[] =>
  (Array.isArray(v) ? v : v ? [v] : []).map(idOf).filter((n): n is number => n !== undefined);

/**
 * The website an event was given, as the site shows it, or undefined when none was: the plugin shows
 * the event's own page when no website is set, and sending that back would pin an address that goes
 * stale when the slug changes. Decided here only.
 */
export function ownWebsite(record: Obj): string | undefined {
  return typeof record.website === 'string' && record.website !== record.url ? record.website : undefined;
}

/** Fields compared as text: string fields (and cost), without dates of publication, slugs and images. */
const NOT_TEXT = new Set(['date', 'date_utc', 'slug', 'image', 'show_map', 'show_map_link']);
/** The text fields of each resource (cost included), from the catalog. */
export const TEXT: Record<string, readonly string[]> = Object.fromEntries(
  catalog.map((r) => [
    r.name,
    r.fields.filter((f) => (f.type === 'string' || f.semantic === 'cost') && !NOT_TEXT.has(f.name)).map((f) => f.name),
  ]),
);
const FLAGS: Record<string, readonly string[]> = {
  events: ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'],
  venues: ['show_map', 'show_map_link'],
};

/**
 * The fields a site resets when an update omits them, so an update always sends them back (terms
 * update partially: none). Venue text the site keeps only when sent (`stateprovince`), and statuses:
 * an omitted one re-publishes a draft venue or organizer.
 */
export const SITE_RESETS: Record<string, readonly string[]> = {
  events: [
    ...(FLAGS.events ?? []),
    'start_date',
    'end_date',
    'timezone',
    'cost',
    'website',
    'venue',
    'organizer',
    'categories',
    'tags',
    'status',
  ],
  venues: ['stateprovince', 'show_map', 'show_map_link', 'status'],
  organizers: ['status'],
};

/** Statuses an update may send back unchanged (a trashed record keeps its status by omission). */
const KEEPABLE_STATUS = new Set(['publish', 'future', 'draft', 'pending', 'private']);
/** Values that cannot be sent as they are: an empty date or zone is no value. */
const NO_EMPTY = new Set(['start_date', 'end_date', 'timezone']);

/** The cost each record showed, by the body made of it (compared as shown: see compare.ts). */
const shownCosts = new WeakMap<Body, string>();
export const shownCost = (body: Body): string | undefined => shownCosts.get(body);

/**
 * The body that would re-create `record` as it is: writable fields only, linked records and terms
 * as ids, generated values (urls, details, utc dates) left out. An event website that is only its
 * own page becomes null ({@link ownWebsite}).
 */
export function recordToInput(resource: ResourceSpec, record: Obj): Body {
  const body: Body = {};
  for (const key of TEXT[resource.name] ?? []) {
    const v = record[key];
    if (typeof v === 'string') body[key] = v;
    else if (v !== undefined && v !== null && key !== 'status') body[key] = String(v);
  }
  for (const key of FLAGS[resource.name] ?? []) {
    const v = record[key];
    if (v !== undefined) body[key] = v === true || v === 'true' || v === '1' || v === 1;
  }
  if (typeof record.slug === 'string' && record.slug !== '') body.slug = record.slug;
  // (compared when a row gives them, as an exported record read back does; never sent unless it does)
  if (record.author !== undefined && record.author !== null && record.author !== '')
    body.author = String(record.author);
  if (typeof record.date === 'string' && !record.date.startsWith('0000')) body.date = record.date;
  if (resource.name === 'events') {
    // (the plugin shows the event's website escaped: `&amp;` is the `&` it stores)
    const website = ownWebsite(record);
    body.website = website === undefined ? null : decodeEntities(website);
    const venue = idOf(record.venue);
    if (venue !== undefined) body.venue = venue;
    body.organizer = ids(record.organizer);
    body.categories = ids(record.categories);
    body.tags = ids(record.tags);
    body.cost = keptCost(record);
    const details = isObj(record.cost_details) ? record.cost_details : {};
    shownCosts.set(
      body,
      JSON.stringify([String(record.cost ?? ''), Array.isArray(details.values) ? details.values : []]),
    );
  }
  if (resource.name === 'categories') {
    const parent = Number(record.parent);
    if (parent > 0) body.parent = parent;
  }
  return body;
}

/**
 * What of a body made by {@link recordToInput} an update must send back ({@link SITE_RESETS}), in
 * the form the write route takes: venue map switches are strings on input although the record shows
 * booleans; values that mean "none" (no website, a trashed status, an empty zone) are left out.
 */
function resets(resource: ResourceSpec, current: Body): Body {
  const out: Body = {};
  for (const key of SITE_RESETS[resource.name] ?? []) {
    let v = current[key];
    if (v === undefined || v === null || (v === '' && NO_EMPTY.has(key))) continue;
    if (key === 'status' && !KEEPABLE_STATUS.has(String(v))) continue;
    if (resource.name === 'venues' && typeof v === 'boolean') v = String(v);
    out[key] = v;
  }
  return out;
}

/**
 * The body that rewrites `record` unchanged: every field the site would reset when omitted, in input
 * form (venue → id, organizers → ids, terms → ids, cost → values with their currency mark).
 */
export function writableState(resource: ResourceSpec, record: Obj): Body {
  return resets(resource, recordToInput(resource, record));
}

/** The update body: what the site would reset, from the current body, with the row's values on top. */
export function updateBody(resource: ResourceSpec, current: Body, row: Body): Body {
  return { ...resets(resource, current), ...row };
}

/**
 * The cost an update sends back to keep the record's: its values with their currency mark
 * (`costInput`), except a single price shown with a decimal comma, which goes back as the text shown
 * (a list of one, read whole: `costFromText`), so `€10,50` stays `€10,50` rather than becoming `€10.50`.
 */
export function keptCost(record: Record<string, unknown>): unknown {
  const sent = costInput(record);
  const shown = typeof record.cost === 'string' ? decodeEntities(record.cost) : '';
  return typeof sent === 'string' && shown.includes(',') ? costFromText(shown) : sent;
}
