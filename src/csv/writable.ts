/**
 * A record as the site returns it, turned back into a full update body, and the comparison that
 * decides whether a row changes anything. A full body matters: a real site resets event flags,
 * cost, website, time zone and organizers that an update omits (observed #6, #27).
 * The cost comes from merge.ts's `costInput` (shared with `update`); SITE_RESETS mirrors what its
 * `toWritableBody` sends; the text fields are added here because an import compares them.
 */
import { catalog, costInput, type ResourceSpec } from '../catalog/index.js';
import { collapse, costValues, decodeEntities, formattedCost, storedCost } from '../wptext/index.js';
import { siteText, textKind } from './text.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Update body values: text, booleans, numbers and id lists. */
export type Body = Record<string, unknown>;

const idOf = (v: unknown): number | undefined => {
  const id = isObj(v) ? v.id : v;
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const ids = (v: unknown): number[] => (Array.isArray(v) ? v : []).map(idOf).filter((n): n is number => n !== undefined);

/** Fields compared as text: string fields (and cost), without dates of publication, slugs and images. */
const NOT_TEXT = new Set(['date', 'date_utc', 'slug', 'image', 'show_map', 'show_map_link']);
const TEXT: Record<string, readonly string[]> = Object.fromEntries(
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
 * The record keys a created record is indexed by when `keyFields` form its natural key (its id,
 * slug and those fields), so a create can ask the site for just them (`_fields`); undefined when a
 * key field is read from more than its own key (cost, website, linked records).
 */
export function indexedKeys(resource: ResourceSpec, keyFields: readonly string[]): string[] | undefined {
  const plain = (TEXT[resource.name] ?? []).filter((k) => k !== 'cost' && k !== 'website');
  if (!keyFields.every((f) => plain.includes(f))) return undefined;
  return ['id', 'slug', ...keyFields];
}

/**
 * The body that would re-create `record` as it is: writable fields only, linked records and terms
 * as ids, generated values (urls, details, utc dates) left out. An event website equal to its
 * permalink is the site's default and becomes null.
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
    body.website =
      typeof record.website === 'string' && record.website !== record.url ? decodeEntities(record.website) : null;
    const venue = idOf(record.venue);
    if (venue !== undefined) body.venue = venue;
    body.organizer = ids(record.organizer);
    body.categories = ids(record.categories);
    body.tags = ids(record.tags);
  }
  if (resource.name === 'categories') {
    const parent = Number(record.parent);
    if (parent > 0) body.parent = parent;
  }
  if (resource.name === 'events') {
    body.cost = costInput(record);
    // (the cost is compared as the site shows it, not as rebuilt for sending: see costKey)
    const details = isObj(record.cost_details) ? record.cost_details : {};
    shownCost.set(
      body,
      JSON.stringify([String(record.cost ?? ''), Array.isArray(details.values) ? details.values : []]),
    );
  }
  return body;
}

/** The cost each record showed, by the body made of it. */
const shownCost = new WeakMap<Body, string>();

/** A cost as the site would show it once sent: its display text and its numbers (the plugin's parser). */
function costKey(v: unknown): string {
  const stored = storedCost(v);
  return JSON.stringify([formattedCost(stored), costValues(stored)]);
}

/**
 * The fields a site resets when an update omits them (what `toWritableBody` returns), so they are
 * always sent back; other fields are sent only when the row sets them, because their
 * representation is not their input form (descriptions wrapped in `<p>`, names HTML-escaped).
 */
const SITE_RESETS: Record<string, readonly string[]> = {
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

/** The update body: what the site would reset, from the current state, with the row on top. */
export function updateBody(resource: ResourceSpec, current: Body, row: Body): Body {
  const out: Body = {};
  for (const key of SITE_RESETS[resource.name] ?? []) if (current[key] !== undefined) out[key] = current[key];
  return { ...out, ...row };
}

/** The comparison form of one value; different forms that the site stores alike compare equal. */
export function canon(resource: ResourceSpec, key: string, v: unknown): string {
  if (typeof v === 'boolean') return String(v);
  const field = resource.fields.find((f) => f.name === key);
  if (field?.semantic === 'cost') {
    // "25", "$25" and "25 $" are one price to the site; only the numbers and words are compared.
    const text = Array.isArray(v) ? v.join(' - ') : v === null || v === undefined ? '' : String(v);
    const words = text.replace(/\u2013/g, '-').match(/[0-9]+(?:[.,][0-9]+)?|[a-z]+/gi) ?? [];
    const joined = words.join(' ').toLowerCase();
    return joined === '0' ? '' : joined;
  }
  if (Array.isArray(v)) {
    const list = v.map((x) => String(idOf(x) ?? x));
    // Organizer order is kept by the site; term order is not.
    return (key === 'organizer' ? list : list.sort()).join(',');
  }
  const text = v === null || v === undefined ? '' : String(v);
  if (field?.type === 'boolean' || key === 'show_map' || key === 'show_map_link') {
    return String(['true', '1', 'yes'].includes(text.trim().toLowerCase()));
  }
  if (textKind(resource, key)) return siteText(resource, key, text);
  if (field?.text) return collapse(decodeEntities(text));
  return text.trim();
}

/** The keys of `row` whose values differ from `current` (both bodies; costs as the site shows them). */
export function changedKeys(resource: ResourceSpec, row: Body, current: Body): string[] {
  return Object.keys(row).filter((k) => {
    if (k === 'cost' && resource.name === 'events')
      return costKey(row[k]) !== (shownCost.get(current) ?? costKey(current[k]));
    return canon(resource, k, row[k]) !== canon(resource, k, current[k]);
  });
}

/**
 * Whether a field is text the site rewrites as it stores it (titles, names, descriptions, lines):
 * when such a field has not changed it is left out of an update, so the site keeps the text it has
 * rather than a copy of how it shows it (`Kids&#8217; Club` for `Kids' Club`).
 */
export const keptWhenUnchanged = (resource: ResourceSpec, key: string): boolean =>
  textKind(resource, key) !== undefined;
