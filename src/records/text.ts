/**
 * Text as the client compares it with what a site holds. A site does not keep text as it was sent:
 * it texturizes titles (`Kids&#8217; Club`), escapes term names (`Probe H &amp; Co`), cleans single
 * lines and wraps descriptions in paragraphs (src/wptext/ has the rules). Both sides of a comparison
 * are read as a visitor would read them once the site has them, so what the site changed on the way
 * in is the same text, and only a real change counts.
 */
import { getResource, type ResourceName, type ResourceSpec } from '../catalog/index.js';
import {
  collapse,
  decodeEntities,
  readAs,
  sanitizeTitle,
  storedPostTitle,
  storedTermName,
  type TextKind,
} from '../wptext/index.js';

/** How the site stores and shows a field of a resource, from the catalog; undefined for non-text fields. */
export function textKind(resource: ResourceSpec, name: string): TextKind | undefined {
  const field = resource.fields.find((f) => f.name === name);
  if (!field?.text || field.semantic === 'cost' || field.semantic === 'url') return undefined;
  if (resource.kind === 'term') {
    if (name === resource.titleField) return 'term-name';
    return field.text === 'html' ? 'term-description' : 'meta';
  }
  if (name === resource.titleField) return 'post-title';
  if (field.text === 'html') return name === 'excerpt' ? 'post-excerpt' : 'post-content';
  return 'meta';
}

/** A field's text as a visitor reads it once the site has it: equal forms are the same text to the site. */
export function siteText(resource: ResourceSpec, name: string, text: string): string {
  const kind = textKind(resource, name);
  return kind ? readAs(kind, text) : collapse(decodeEntities(text));
}

/** A name as a match key: as the site shows it, in any letter case (the site compares case-insensitively). */
export function nameKey(resource: ResourceSpec | ResourceName, text: string): string {
  const r = typeof resource === 'string' ? getResource(resource) : resource;
  return siteText(r, r.titleField, text).toLowerCase();
}

/** The slug a site makes of a record's name (for looking a record up by slug). */
export function siteSlug(resource: ResourceSpec, name: string): string {
  return sanitizeTitle(resource.kind === 'term' ? storedTermName(name) : storedPostTitle(name, true));
}
