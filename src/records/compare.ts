/**
 * Whether two bodies of a record say the same thing to a site: the comparison that decides whether
 * a row, a feed item or an edit changes anything. Different forms the site stores alike compare
 * equal (`$25` and `25`, `<p>x</p>` and `x`, `Kids' Club` and `Kids&#8217; Club`).
 */
import type { ResourceSpec } from '../catalog/index.js';
import { collapse, costValues, decodeEntities, formattedCost, storedCost } from '../wptext/index.js';
import { siteText, textKind } from './text.js';
import { type Body, idOf, shownCost, TEXT } from './writable.js';

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

/** A cost as the site would show it once sent: its display text and its numbers (the plugin's parser). */
function costKey(v: unknown): string {
  const stored = storedCost(v);
  return JSON.stringify([formattedCost(stored), costValues(stored)]);
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
      return costKey(row[k]) !== (shownCost(current) ?? costKey(current[k]));
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
