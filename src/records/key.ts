/**
 * "The same record" when ids cannot say it: the natural key that import, feeds and sync all use to
 * find a record a site already holds (the site importer's rule: an event's title and start, another
 * record's name). Names compare as a visitor reads them once the site has them, in any letter case
 * (`Kids' Club` is the `Kids&#8217; Club` the site shows), values as the site stores them (canon).
 */
import type { ResourceSpec } from '../catalog/index.js';
import { canon } from './compare.js';
import { nameKey } from './text.js';

/** The fields of the natural key per resource (the site importer's matching). */
export function naturalKeyFields(resource: ResourceSpec): string[] {
  // Events: title + start (all-day starts are normalized to 00:00:00 on both sides, so the start
  // date alone decides for them, as in the importer).
  return resource.name === 'events' ? ['title', 'start_date'] : [resource.titleField];
}

/**
 * The natural key of a record or body (a record as the site shows it and the body made of it have
 * the same key), or undefined when a key field is empty.
 * @param fields the key's fields (`--match-by`); by default {@link naturalKeyFields}
 */
export function keyOf(
  resource: ResourceSpec,
  body: Record<string, unknown>,
  fields: readonly string[] = naturalKeyFields(resource),
): string | undefined {
  const parts: string[] = [];
  for (const f of fields) {
    const v = body[f];
    const text = f === resource.titleField ? nameKey(resource, String(v ?? '')) : canon(resource, f, v);
    if (text === '') return undefined;
    parts.push(text);
  }
  return parts.join('\u0001');
}
