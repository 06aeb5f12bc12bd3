/**
 * The one record encoder: a record as the cells of a CSV row, for `list -o csv` and `export` alike
 * (and a nested value of a JSON import as a cell), so that a record is flattened one way:
 * - a linked record or term → its name (`venue.venue`, `organizer`, `name`), a list of them → their
 *   names joined with ", "; `[]` (no venue) → empty
 * - booleans → `true` / `false`; dates as the site writes them; null and undefined → empty
 * - an image → its id; `false` (no image) → empty
 * - an event `website` equal to its own permalink (the site's default) → empty, so that a copy in
 *   another calendar does not point back at the old site
 * - a category `parent` of 0 (none) → empty, or the parent's slug when the slugs are known
 *   (`export` reads them: a slug survives a move to another calendar, an id does not)
 * - other objects → their id, else JSON text
 * (`list -o table` and `--field` print values otherwise, for people: `plainText`.)
 * What an export writes re-imports unchanged: the importer reads these cells back as the same values.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { ownWebsite } from '../records/index.js';
import { decodeEntities } from '../wptext/index.js';
import { getPath } from './fields.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The name of a linked record or term as it appears in a cell (as the site stores it: decoded). */
function nameOf(v: unknown): string {
  if (!isObj(v)) return v === null || v === undefined ? '' : String(v);
  for (const key of ['venue', 'organizer', 'name']) {
    if (typeof v[key] === 'string') return decodeEntities(v[key] as string);
  }
  return v.id === undefined ? JSON.stringify(v) : String(v.id);
}

/** One value as cell text (see the module comment for the rules). */
export function csvCell(key: string, v: unknown): string {
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
 * The cells of one record, for fixed columns (names or dotted paths): the columns' paths are split
 * once, not per record. `parentSlugs` turns a category's parent id into the parent's slug.
 */
export function recordCells(
  columns: readonly string[],
  parentSlugs?: ReadonlyMap<number, string>,
): (record: Obj) => string[] {
  const cells = columns.map((column): ((record: Obj) => string) => {
    const path = column.split('.');
    const last = path[path.length - 1] ?? column;
    if (column === 'website') {
      return (record) => {
        const v = record.website;
        return typeof v === 'string' && ownWebsite(record) === undefined ? '' : csvCell(last, v);
      };
    }
    if (column === 'parent') {
      return (record) => {
        const v = record.parent;
        if (typeof v === 'number') return v === 0 ? '' : (parentSlugs?.get(v) ?? String(v));
        return csvCell(last, v);
      };
    }
    return (record) => csvCell(last, getPath(record, path));
  });
  return (record) => cells.map((cell) => cell(record));
}
