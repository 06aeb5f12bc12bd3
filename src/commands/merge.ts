/**
 * Updates without data loss. A real site does not apply event updates partially: whatever the body
 * omits is reset (flags to false, cost and website cleared, organizers unlinked, the time zone set to
 * the site's). So every update calctl makes (CLI `update`, CSV upserts) sends the record's current
 * writable state, converted from its representation back into input form, with the changes on top.
 */
import { costInput, type ResourceSpec } from '../catalog/index.js';
import { decodeEntities } from '../wptext/index.js';

type Rec = Record<string, unknown>;

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The id of a linked record as the API embeds it (`{id: 3, …}`), or the value itself when scalar. */
function idOf(value: unknown): unknown {
  if (isObject(value) && (typeof value.id === 'number' || typeof value.id === 'string')) return value.id;
  return value;
}

/** Statuses an update may send back unchanged (a trashed record keeps its status by omission). */
const KEEPABLE_STATUS = new Set(['publish', 'future', 'draft', 'pending', 'private']);

function eventBody(record: Rec): Rec {
  const out: Rec = {};
  for (const flag of ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured']) {
    if (typeof record[flag] === 'boolean') out[flag] = record[flag];
  }
  for (const key of ['start_date', 'end_date', 'timezone']) {
    if (typeof record[key] === 'string' && record[key] !== '') out[key] = record[key];
  }
  out.cost = costInput(record);
  // A website equal to the event's own page is the site's default (no website set): sending it back
  // would pin the current address, which goes stale when the slug changes.
  // (shown escaped by the plugin: `&amp;` is the `&` it stores)
  if (typeof record.website === 'string' && record.website !== record.url) out.website = decodeEntities(record.website);
  // `venue: []` means "no venue"; sending nothing keeps that (a venue cannot be removed by update).
  if (isObject(record.venue) && record.venue.id !== undefined) out.venue = idOf(record.venue);
  out.organizer = Array.isArray(record.organizer) ? record.organizer.map(idOf) : [];
  for (const key of ['categories', 'tags']) {
    if (Array.isArray(record[key])) out[key] = (record[key] as unknown[]).map(idOf);
  }
  return out;
}

/** Venue text fields the site keeps only when sent (`stateprovince`) or rebuilds (`show_map_link`). */
function venueBody(record: Rec): Rec {
  const out: Rec = {};
  if (typeof record.stateprovince === 'string') out.stateprovince = record.stateprovince;
  for (const key of ['show_map', 'show_map_link']) {
    // Venue switches are strings on input ("true"/"false") although the record shows booleans.
    const v = record[key];
    if (typeof v === 'boolean') out[key] = String(v);
    else if (typeof v === 'string') out[key] = v;
  }
  return out;
}

/**
 * The body that rewrites `record` unchanged: every field the site would reset when omitted, in input
 * form (venue → id, organizers → ids, terms → ids, cost → values with their currency mark). Fields the
 * site keeps when omitted (title, description, excerpt, slug, author, publication date, image) are
 * left out on purpose: their representation is not their input form (descriptions come back wrapped
 * in `<p>`, names HTML-escaped), so echoing them would change them. Terms update partially: `{}`.
 */
export function toWritableBody(resource: ResourceSpec, record: Rec): Rec {
  if (resource.kind === 'term') return {};
  const out: Rec = resource.name === 'events' ? eventBody(record) : resource.name === 'venues' ? venueBody(record) : {};
  // An omitted status re-publishes a draft venue or organizer.
  if (typeof record.status === 'string' && KEEPABLE_STATUS.has(record.status)) out.status = record.status;
  return out;
}

/**
 * Turns a body that may be a record as calctl prints it (`calctl events get 9 -o json`, with or
 * without its id) into what the write route takes: read-only and computed keys (ids, URLs,
 * `*_details`, `json_ld`, `global_id*`, counts …) dropped, linked objects turned into ids, a displayed
 * cost into its value, values that mean "unset" left out.
 * @param dropped receives the keys left out, for `--verbose`
 */
export function toInputForm(resource: ResourceSpec, body: Rec, dropped?: string[]): Rec {
  const out: Rec = isRepresentation(resource, body) ? representationInput(resource, body, dropped) : { ...body };
  for (const field of resource.fields) {
    const value = out[field.name];
    if (!field.link || value === undefined) continue;
    if (Array.isArray(value)) out[field.name] = value.map(idOf);
    else if (isObject(value) && value.id !== undefined) out[field.name] = idOf(value);
  }
  if (resource.name === 'events') {
    if (Array.isArray(out.venue) && out.venue.length === 0) delete out.venue;
    if (isObject(body.cost_details)) out.cost = costInput(body);
  }
  return out;
}

/** A record as a site returns it (not a hand-written body): it carries keys no write takes. */
function isRepresentation(resource: ResourceSpec, body: Rec): boolean {
  const writable = new Set(resource.fields.map((f) => f.name));
  return Object.keys(body).some((k) => k !== 'id' && !writable.has(k) && resource.recordKeys.includes(k));
}

/**
 * The writable part of a returned record: only the resource's input fields, without the values that
 * mean "unset" in a representation but are invalid as input (empty strings, `image: false`, a category
 * parent of 0, zero dates of drafts, an event website that is just its own page). An image object
 * becomes its id. Venue map switches are strings on input.
 */
function representationInput(resource: ResourceSpec, body: Rec, dropped?: string[]): Rec {
  const names = new Set(resource.fields.map((f) => f.name));
  const out: Rec = {};
  for (const [key, raw] of Object.entries(body)) {
    const value = key === 'image' && isObject(raw) && raw.id !== undefined ? raw.id : raw;
    const unset =
      value === '' ||
      value === null ||
      (value === false && key === 'image') ||
      (key === 'parent' && (value === 0 || value === '0')) ||
      ((key === 'date' || key === 'date_utc') && typeof value === 'string' && value.startsWith('0000-00-00')) ||
      (key === 'website' && value === body.url);
    if (!names.has(key) || unset) {
      dropped?.push(key);
      continue;
    }
    out[key] = value;
  }
  if (resource.name === 'venues') {
    for (const key of ['show_map', 'show_map_link']) if (typeof out[key] === 'boolean') out[key] = String(out[key]);
  }
  return out;
}

/** The update body: the record's writable state with the user's changes on top. */
export function mergeUpdate(resource: ResourceSpec, record: Rec, changes: Rec): Rec {
  return { ...toWritableBody(resource, record), ...toInputForm(resource, changes) };
}
