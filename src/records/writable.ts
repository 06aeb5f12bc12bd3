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
 * How {@link recordToInput} writes a record. The site decides both rules: a venue's map switches are
 * strings on input (`"true"`/`"false"`: its schema types them so, and refuses a JSON boolean) while
 * an event's are booleans; and an empty value is "none".
 */
export interface InputOptions {
  /**
   * A value a record shows for "none" (an empty text, an event website that is only its own page, no
   * venue, `image: false`, a category parent of 0, the zero date of a draft). `'keep'` (the default):
   * empty texts stay `''` and "no website" stays `null`, the record's state as import, feeds, undo and
   * the replica compare it and an update sends it back (`''` clears a venue's or organizer's text);
   * `'drop'`: left out, as a body that makes a record takes it (copy, `--data`, sync: the site refuses
   * an empty title, description, excerpt or slug of an event, and a new record has none anyway). A body
   * a person wrote keeps its values whatever this says: there `''` asks to clear.
   */
  empty?: 'keep' | 'drop';
  /**
   * `'state'` (the default): the fields import compares and an update sends back, an event's website,
   * links and cost even when it has none; `'given'`: every writable field the record or body holds and
   * only those, its image (as an id) and UTC publication date too.
   */
  fields?: 'state' | 'given';
  /** Keys left out (a copy's identity, the publication dates and author sync leaves to each side). */
  omit?: readonly string[];
  /** Receives the keys of a record that no write takes, left out (for `--verbose`). */
  dropped?: string[];
}

/** A body that makes a record of this one: every writable field it holds, none of its "none" values. */
export const AS_NEW: InputOptions = Object.freeze({ fields: 'given', empty: 'drop' });

/** Keys an event's state always holds (none is a value: no website, no links, no cost). */
const EVENT_STATE = ['website', 'venue', 'organizer', 'categories', 'tags', 'cost'];
/** Fields only a whole body carries (import and feeds do not compare them; an update keeps them). */
const GIVEN_ONLY = new Set(['image', 'date_utc']);

/** A resource's writable fields, and the keys of its state, worked out once per resource. */
interface Keys {
  writable: Set<string>;
  state: readonly string[];
  /** keys a state holds even when the record has not got them (an event's: {@link EVENT_STATE}) */
  always: Set<string>;
  flags: Set<string>;
}
const KEYS = new WeakMap<ResourceSpec, Keys>();
function keysOf(resource: ResourceSpec): Keys {
  let keys = KEYS.get(resource);
  if (!keys) {
    const writable = new Set(resource.fields.map((f) => f.name));
    // (a state keeps the slug of venues and organizers too, which import compares but no write takes)
    const state = [...writable, ...(writable.has('slug') ? [] : ['slug'])].filter((k) => !GIVEN_ONLY.has(k));
    const always = new Set(resource.name === 'events' ? EVENT_STATE : []);
    keys = { writable, state, always, flags: new Set(FLAGS[resource.name] ?? []) };
    KEYS.set(resource, keys);
  }
  return keys;
}

/** A linked record's id as the write takes it: the embedded object's id, or the value itself (a name). */
const linkId = (v: unknown): unknown => (isObj(v) && (typeof v.id === 'number' || typeof v.id === 'string') ? v.id : v);

/** A record as a site returns it (not a hand-written body): it carries keys no write takes. */
function isRepresentation(resource: ResourceSpec, record: Obj): boolean {
  const { writable } = keysOf(resource);
  return Object.keys(record).some((k) => k !== 'id' && !writable.has(k) && resource.recordKeys.includes(k));
}

/** What a value "none" becomes: kept as none, or left out (undefined). */
const none = (empty: 'keep' | 'drop', value: '' | null): '' | null | undefined =>
  empty === 'keep' ? value : undefined;

/**
 * One field of a record as a site shows it, as a write takes it; undefined leaves it out. A text as
 * shown (entities and all: compare.ts reads it as the site stores it), a flag as a boolean (a venue's
 * map switch as a string), linked records and terms as ids, an image as its id, the cost as an update
 * keeps it ({@link keptCost}), the website as the site stores it (decoded), none when only the
 * event's own page ({@link ownWebsite}).
 */
function fieldValue(
  resource: ResourceSpec,
  flags: Set<string>,
  key: string,
  record: Obj,
  empty: 'keep' | 'drop',
): unknown {
  const v = record[key];
  const events = resource.name === 'events';
  if (events && key === 'website') {
    const website = ownWebsite(record);
    return website === undefined ? none(empty, null) : decodeEntities(website);
  }
  if (events && key === 'cost') return keptCost(record);
  if (events && key === 'venue') return idOf(v);
  if (events && (key === 'organizer' || key === 'categories' || key === 'tags')) return ids(v);
  if (flags.has(key)) {
    if (v === undefined) return undefined;
    const on = v === true || v === 'true' || v === '1' || v === 1;
    return resource.name === 'venues' ? String(on) : on;
  }
  if (key === 'slug') return typeof v === 'string' && v !== '' ? v : undefined;
  if (key === 'author') return v === undefined || v === null || v === '' ? undefined : String(v);
  if (key === 'date' || key === 'date_utc') return typeof v === 'string' && !v.startsWith('0000') ? v : undefined;
  if (key === 'parent') return Number(v) > 0 ? Number(v) : undefined;
  if (key === 'image') return isObj(v) ? idOf(v) : v === false || v === '' || v === null ? undefined : v;
  if (typeof v === 'string') return v === '' ? none(empty, '') : v;
  return v === undefined || v === null || key === 'status' ? undefined : String(v);
}

/**
 * A body a person wrote: kept as written (`''` clears), linked objects as their ids, a venue's map
 * switches as strings, an empty venue list left out.
 */
function writtenBody(resource: ResourceSpec, body: Obj): Body {
  const out: Body = { ...body };
  for (const field of resource.fields) {
    const value = out[field.name];
    if (!field.link || value === undefined) continue;
    if (Array.isArray(value)) out[field.name] = value.map(linkId);
    else if (isObj(value) && value.id !== undefined) out[field.name] = linkId(value);
  }
  // (a venue's map switches given as booleans: the site takes only their strings)
  if (resource.name === 'venues')
    for (const key of FLAGS.venues ?? []) if (typeof out[key] === 'boolean') out[key] = String(out[key]);
  if (resource.name === 'events') {
    if (Array.isArray(out.venue) && out.venue.length === 0) delete out.venue;
    // (a pasted cost as shown: the same cost an update keeps, a decimal comma stays a comma)
    if (isObj(body.cost_details)) out.cost = keptCost(body);
  }
  return out;
}

/**
 * The one converter of a record into the body of a write request: import, feeds, update, copy,
 * restore, `--data`, sync and the server's replica all make their bodies here, and differ only by
 * their {@link InputOptions}. Writable fields only, linked records and terms as ids, generated values
 * (urls, details, utc dates of events) left out. The defaults are the record's state as import
 * compares it; {@link AS_NEW} is a body that makes a record of it. A body a person wrote (`--data`:
 * no key of a record as shown that no write takes) is kept as written with `fields: 'given'`.
 */
export function recordToInput(resource: ResourceSpec, record: Obj, options: InputOptions = {}): Body {
  const { empty = 'keep', fields = 'state', omit = [], dropped } = options;
  let body: Body;
  if (fields === 'given' && !isRepresentation(resource, record)) body = writtenBody(resource, record);
  else {
    body = {};
    const { writable, state, always, flags } = keysOf(resource);
    const given = fields === 'given';
    for (const key of given ? Object.keys(record) : state) {
      if (!given && record[key] === undefined && !always.has(key)) continue;
      const value = !given || writable.has(key) ? fieldValue(resource, flags, key, record, empty) : undefined;
      if (value === undefined) dropped?.push(key);
      else body[key] = value;
    }
  }
  for (const key of omit) delete body[key];
  if (resource.name === 'events' && fields === 'state') {
    const details = isObj(record.cost_details) ? record.cost_details : {};
    shownCosts.set(
      body,
      JSON.stringify([String(record.cost ?? ''), Array.isArray(details.values) ? details.values : []]),
    );
  }
  return body;
}

/**
 * What of a body made by {@link recordToInput} an update must send back ({@link SITE_RESETS}), in
 * the form the write route takes; values that mean "none" (no website, a trashed status, an empty zone)
 * are left out.
 */
function resets(resource: ResourceSpec, current: Body): Body {
  const out: Body = {};
  for (const key of SITE_RESETS[resource.name] ?? []) {
    const v = current[key];
    if (v === undefined || v === null || (v === '' && NO_EMPTY.has(key))) continue;
    if (key === 'status' && !KEEPABLE_STATUS.has(String(v))) continue;
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

/**
 * The update body of `calctl update`, `restore` and `merge`: the record's writable state with the
 * changes a person gave on top (a record pasted as `--data` made a body first: {@link AS_NEW}).
 */
export function mergeUpdate(resource: ResourceSpec, record: Obj, changes: Obj): Body {
  return { ...writableState(resource, record), ...recordToInput(resource, changes, AS_NEW) };
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
