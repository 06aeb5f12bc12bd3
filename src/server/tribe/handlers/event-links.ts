import { sanitizeTitle, storedTermName, stripslashes } from '../../../wptext/index.js';
import { uniqueSlug } from '../../format/slug.js';
import { RestError } from '../../http/errors.js';
import { phpArrayValues } from '../../http/php-vars.js';
import { postOfType } from '../../posts/rules.js';
import { isDigits, listOf, phpEmpty } from '../../rest/args.js';
import type { RequestScope } from '../../site.js';
import type { Taxonomy } from '../../store/types.js';
import { createLinked } from './linked-write.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One requested link: an existing id, or data for a record to create. */
type LinkRef = { id: number } | { data: Obj };

/**
 * An empty value in PHP's sense, or an array of nothing but empty values (`venue[0]=`), links nothing:
 * is_venue_id_or_entry_or_empty and its organizer twin (`array_filter` first).
 */
const linksNothing = (v: unknown) => phpEmpty(v) || phpArrayValues(v)?.every(phpEmpty) === true;

/** An existing venue named by an id (or `{ id }`). */
const venueId = (v: unknown, scope: RequestScope) => isDigits(v) && postOfType(scope, 'tribe_venue', v) !== undefined;

/**
 * is_venue_id_or_entry_or_empty: nothing; a venue id, or a comma list of them; an entry (an object:
 * `{ id }` or the data of a new venue); or a list of those.
 */
function venueValid(v: unknown, scope: RequestScope): boolean {
  if (linksNothing(v)) return true;
  if (typeof v === 'string' || typeof v === 'number') {
    return String(v)
      .trim()
      .split(/\s*,\s*/)
      .every((id) => venueId(id, scope));
  }
  const entries = Array.isArray(v) ? v : [v];
  return entries.every((e) => {
    if (isDigits(e)) return venueId(e, scope);
    if (!isObj(e)) return false;
    if ('id' in e && e.id !== undefined && e.id !== '') return venueId(e.id, scope);
    return typeof e.venue === 'string' && e.venue.trim() !== '';
  });
}

/** The plugin's answer when the venue of an event cannot be linked or made from what was sent. */
const cannotMakeVenue = () =>
  new RestError(400, 'could-not-create-venue', 'No venue could be made from the data given for it.');

/**
 * What the plugin's venue insert (Linked_Post_Base::insert) does with a valid value: nothing for an
 * empty one; an id, or the `id` of an entry, links that venue; an entry with a name makes a new venue.
 * Anything else it tries to make a venue of, and fails: a list (`venue[0]=12`, `[12]`), a comma list,
 * an entry with an empty name.
 */
function venueRef(v: unknown): LinkRef | null {
  if (phpEmpty(v)) return null;
  if (typeof v === 'string' && isDigits(v.trim())) return { id: Number(v.trim()) };
  if (isDigits(v)) return { id: Number(v) };
  if (isObj(v)) {
    // (an empty id, 0, "0", null or false, names no venue: the plugin then tries to make one, and fails)
    if ('id' in v && !phpEmpty(v.id)) return { id: Number(v.id) };
    if (typeof v.venue === 'string' && v.venue.trim() !== '') return { data: v };
  }
  throw cannotMakeVenue();
}

function organizerRefs(v: unknown, scope: RequestScope): LinkRef[] | false {
  if (linksNothing(v)) return [];
  const items: unknown[] = Array.isArray(v) ? v : isObj(v) ? [v] : (listOf(v) ?? [v]);
  const refs: LinkRef[] = [];
  for (const item of items) {
    if (isDigits(item)) {
      if (!postOfType(scope, 'tribe_organizer', item)) return false;
      refs.push({ id: Number(item) });
    } else if (isObj(item)) {
      if ('id' in item && item.id !== undefined && item.id !== '') {
        if (!postOfType(scope, 'tribe_organizer', item.id)) return false;
        refs.push({ id: Number(item.id) });
      } else if (typeof item.organizer === 'string' && item.organizer.trim() !== '') refs.push({ data: item });
      else return false;
    } else return false;
  }
  return refs;
}

/** Argument checks (they run before the permission check, as on the site). */
export const validVenue = (v: unknown, scope: RequestScope) => venueValid(v, scope);
export const validOrganizer = (v: unknown, scope: RequestScope) => organizerRefs(v, scope) !== false;

/** The venue id to link after creating inline data; null = leave the current venue. */
export function resolveVenue(v: unknown, scope: RequestScope): number | null {
  const ref = venueRef(v);
  if (!ref) return null;
  return 'id' in ref ? ref.id : createLinked(scope, 'tribe_venue', ref.data);
}

export function resolveOrganizers(v: unknown, scope: RequestScope): number[] {
  const refs = organizerRefs(v, scope) || [];
  const ids = refs.map((r) => ('id' in r ? r.id : createLinked(scope, 'tribe_organizer', r.data)));
  return [...new Set(ids)];
}

/**
 * Category or tag references: numeric items are existing term ids (unknown ones skipped), other items
 * are matched by slug, then by name, and created when missing.
 */
export function resolveTerms(v: unknown, taxonomy: Taxonomy, scope: RequestScope): number[] {
  const { terms } = scope.stores;
  const items = Array.isArray(v)
    ? v.flatMap((x) => (typeof x === 'string' || typeof x === 'number' ? [String(x).trim()] : []))
    : (listOf(v) ?? []);
  const ids: number[] = [];
  for (const item of items) {
    if (item === '') continue;
    if (/^\d+$/.test(item)) {
      if (terms.getOf(taxonomy, Number(item))) ids.push(Number(item));
      continue;
    }
    // (the plugin hands the name to wp_insert_term unslashed: it is cleaned as a term name, then unslashed)
    const name = stripslashes(storedTermName(item));
    const found = terms.getBySlug(taxonomy, sanitizeTitle(item)) ?? terms.getByName(taxonomy, name);
    if (found) {
      ids.push(found.id);
      continue;
    }
    if (name === '') continue;
    const slug = uniqueSlug(sanitizeTitle(name) || 'term', (s) => terms.slugTaken(taxonomy, s));
    ids.push(terms.insert({ taxonomy, name, slug, description: '', parent: 0 }));
  }
  return [...new Set(ids)];
}
