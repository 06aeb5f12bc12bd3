import { specialchars } from '../../wptext/index.js';
import { type RequestScope, restBase, restRoot } from '../site.js';
import type { TermStore } from '../store/terms.js';
import type { Term } from '../store/types.js';

const RESOURCE: Record<string, string> = { tribe_events_cat: 'categories', post_tag: 'tags' };

function urls(term: Term, scope: RequestScope) {
  const base = `${restBase(scope)}/${RESOURCE[term.taxonomy]}`;
  const out: Record<string, string> = { self: `${base}/${term.id}`, collection: base };
  if (term.parent) out.up = `${base}/${term.parent}`;
  return out;
}

/** Archive URL: categories nest their parents' slugs, tags live under /tag/. */
export function termArchiveUrl(term: Term, terms: TermStore, origin: string): string {
  if (term.taxonomy === 'post_tag') return `${origin}/tag/${term.slug}/`;
  const chain: string[] = [term.slug];
  let parent = term.parent;
  const seen = new Set<number>([term.id]);
  while (parent && !seen.has(parent)) {
    seen.add(parent);
    const p = terms.get(parent);
    if (!p) break;
    chain.unshift(p.slug);
    parent = p.parent;
  }
  return `${origin}/events/category/${chain.join('/')}/`;
}

/**
 * A term's name as stored: WordPress escapes `&`, `<` and `>` as it saves a name (`pre_term_name`).
 * Rows written before the server did so are escaped here alike (the escaping is idempotent).
 */
export const shownTermName = (term: Term) => specialchars(term.name, false);

/** A term embedded in an event (raw WP_Term fields, term_id renamed to id). */
export function serializeEmbeddedTerm(term: Term, count: number, scope: RequestScope): Record<string, unknown> {
  return {
    name: shownTermName(term),
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count,
    filter: 'raw',
    id: term.id,
    urls: urls(term, scope),
  };
}

/** Core's `_links` of a term; `allow` is what the caller may do with it (the `self` link's hints). */
export function termLinks(
  term: Term,
  scope: RequestScope,
  allow: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
): Record<string, unknown> {
  const wp = `${restRoot(scope.origin)}/wp/v2`;
  const route = term.taxonomy === 'post_tag' ? 'tags' : term.taxonomy;
  const out: Record<string, unknown> = {
    self: [{ href: `${wp}/${route}/${term.id}`, targetHints: { allow: [...allow] } }],
    collection: [{ href: `${wp}/${route}` }],
    about: [{ href: `${wp}/taxonomies/${term.taxonomy}` }],
  };
  if (term.parent) out.up = [{ embeddable: true, href: `${wp}/${route}/${term.parent}` }];
  // The post types the taxonomy is registered for: tags also belong to posts; both to TEC's calendar embeds.
  const types = term.taxonomy === 'post_tag' ? ['posts', 'tribe_events'] : ['tribe_events'];
  out['wp:post_type'] = [...types, 'tec_calendar_embed'].map((t) => ({ href: `${wp}/${t}?${route}=${term.id}` }));
  out.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return out;
}

/** A term as the /categories and /tags routes return it; `_links` only on single answers. */
export function serializeTerm(
  term: Term,
  count: number,
  scope: RequestScope,
  withLinks: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: term.id,
    count,
    description: term.description,
    name: shownTermName(term),
    slug: term.slug,
    taxonomy: term.taxonomy,
  };
  if (term.taxonomy === 'tribe_events_cat') out.parent = term.parent;
  out.meta = [];
  out.url = termArchiveUrl(term, scope.stores.terms, scope.origin);
  out.urls = urls(term, scope);
  if (withLinks) out._links = termLinks(term, scope);
  return out;
}
