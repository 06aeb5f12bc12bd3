/**
 * A body a person gives (`--data`, or a record as calctl prints it: `calctl events get 9 -o json`,
 * with or without its id) turned into what the write route takes, and the update body made of the
 * record's writable state with such changes on top.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { type Body, isObj, keptCost, ownWebsite, writableState } from './writable.js';

type Obj = Record<string, unknown>;

/** A linked record's id as the write takes it: the embedded object's id, or the value itself. */
const linkId = (v: unknown): unknown => (isObj(v) && (typeof v.id === 'number' || typeof v.id === 'string') ? v.id : v);

/**
 * Read-only and computed keys (ids, URLs, `*_details`, `json_ld`, `global_id*`, counts …) dropped,
 * linked objects turned into ids, a displayed cost into its value, values that mean "unset" left out.
 * @param dropped receives the keys left out, for `--verbose`
 */
export function toInputForm(resource: ResourceSpec, body: Obj, dropped?: string[]): Body {
  const out: Body = isRepresentation(resource, body) ? representationInput(resource, body, dropped) : { ...body };
  for (const field of resource.fields) {
    const value = out[field.name];
    if (!field.link || value === undefined) continue;
    if (Array.isArray(value)) out[field.name] = value.map(linkId);
    else if (isObj(value) && value.id !== undefined) out[field.name] = linkId(value);
  }
  if (resource.name === 'events') {
    if (Array.isArray(out.venue) && out.venue.length === 0) delete out.venue;
    // (the same cost an update keeps: a decimal comma stays a comma)
    if (isObj(body.cost_details)) out.cost = keptCost(body);
  }
  return out;
}

/** A record as a site returns it (not a hand-written body): it carries keys no write takes. */
function isRepresentation(resource: ResourceSpec, body: Obj): boolean {
  const writable = new Set(resource.fields.map((f) => f.name));
  return Object.keys(body).some((k) => k !== 'id' && !writable.has(k) && resource.recordKeys.includes(k));
}

/**
 * The writable part of a returned record: only the resource's input fields, without the values that
 * mean "unset" in a representation but are invalid as input (empty strings, `image: false`, a category
 * parent of 0, zero dates of drafts, an event website that is just its own page). An image object
 * becomes its id. Venue map switches are strings on input.
 */
function representationInput(resource: ResourceSpec, body: Obj, dropped?: string[]): Body {
  const names = new Set(resource.fields.map((f) => f.name));
  const out: Body = {};
  for (const [key, raw] of Object.entries(body)) {
    const value = key === 'image' && isObj(raw) && raw.id !== undefined ? raw.id : raw;
    const unset =
      value === '' ||
      value === null ||
      (value === false && key === 'image') ||
      (key === 'parent' && (value === 0 || value === '0')) ||
      ((key === 'date' || key === 'date_utc') && typeof value === 'string' && value.startsWith('0000-00-00')) ||
      (key === 'website' && typeof value === 'string' && ownWebsite(body) === undefined);
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
export function mergeUpdate(resource: ResourceSpec, record: Obj, changes: Obj): Body {
  return { ...writableState(resource, record), ...toInputForm(resource, changes) };
}
