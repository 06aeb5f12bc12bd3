/**
 * Flattening rules shared by export (record → cells) and JSON import (nested values → cells):
 * - venue → the venue's name (`venue.venue`); `[]` (no venue) → empty
 * - organizer → the organizers' names joined with ", "
 * - categories, tags → the term names joined with ", " (HTML entities decoded)
 * - booleans → `true` / `false`; null, undefined and `false` images → empty
 * - an event `website` equal to its own permalink (the site's default) → empty, so that a copy in
 *   another calendar does not point back at the old site
 * - other objects → JSON text
 */
import type { ResourceSpec } from '../catalog/index.js';
import { ownWebsite } from '../records/index.js';
import { decodeEntities } from '../wptext/index.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The name of a linked record or term as it appears in a cell. */
function nameOf(v: unknown): string {
  if (!isObj(v)) return v === null || v === undefined ? '' : String(v);
  for (const key of ['venue', 'organizer', 'name']) {
    if (typeof v[key] === 'string') return decodeEntities(v[key] as string);
  }
  return v.id === undefined ? JSON.stringify(v) : String(v.id);
}

/** One value as cell text (see the module comment for the rules). */
export function flattenValue(key: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return key === 'image' && !v ? '' : String(v);
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  if (Array.isArray(v)) return v.map((item) => nameOf(item)).join(', ');
  if (isObj(v)) return key === 'image' && v.id !== undefined ? String(v.id) : nameOf(v);
  return String(v);
}

/** Default export columns per resource: the writable fields, in an order a person can read. */
export const EXPORT_COLUMNS: Record<string, readonly string[]> = {
  events: [
    'title',
    'slug',
    'description',
    'excerpt',
    'start_date',
    'end_date',
    'all_day',
    'timezone',
    'venue',
    'organizer',
    'categories',
    'tags',
    'cost',
    'website',
    'featured',
    'sticky',
    'show_map',
    'show_map_link',
    'hide_from_listings',
    'status',
  ],
  venues: [
    'venue',
    'slug',
    'description',
    'address',
    'city',
    'state',
    'province',
    'stateprovince',
    'zip',
    'country',
    'phone',
    'website',
    'show_map',
    'show_map_link',
    'status',
  ],
  organizers: ['organizer', 'slug', 'description', 'phone', 'email', 'website', 'status'],
  categories: ['name', 'slug', 'description', 'parent'],
  tags: ['name', 'slug', 'description'],
};

/** The header of an export column: our name, or with `--columns site` the importer's first label. */
export function columnHeader(resource: ResourceSpec, column: string, site: boolean): string {
  if (!site) return column;
  const field = resource.fields.find((f) => f.name === column);
  return field?.csvLabels?.[0] ?? column;
}

/**
 * The cells of one record, for fixed columns: the columns' paths are split once, not per record.
 * `parentSlugs` turns a category's parent id into the parent's slug, which survives a move to
 * another calendar (ids do not).
 */
export function recordFlattener(
  columns: readonly string[],
  parentSlugs?: ReadonlyMap<number, string>,
): (record: Obj) => string[] {
  const cells = columns.map((column) => {
    const path = column.split('.');
    const last = path[path.length - 1] ?? column;
    const read = (record: Obj): unknown => {
      let v: unknown = record;
      for (const seg of path)
        v = Array.isArray(v) ? v.map((x) => (isObj(x) ? x[seg] : undefined)) : isObj(v) ? v[seg] : undefined;
      return v;
    };
    if (column === 'website') {
      return (record: Obj) => {
        const v = read(record);
        return typeof v === 'string' && ownWebsite(record) === undefined ? '' : flattenValue(last, v);
      };
    }
    if (column === 'parent' && parentSlugs) {
      return (record: Obj) => {
        const v = read(record);
        if (typeof v === 'number') return v === 0 ? '' : (parentSlugs.get(v) ?? String(v));
        return flattenValue(last, v);
      };
    }
    return (record: Obj) => flattenValue(last, read(record));
  });
  return (record) => cells.map((cell) => cell(record));
}
