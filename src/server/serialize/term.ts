import { escHtml } from '../format/html.js';
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

/** A term embedded in an event (raw WP_Term fields, term_id renamed to id). */
export function serializeEmbeddedTerm(term: Term, count: number, scope: RequestScope): Record<string, unknown> {
  return {
    name: escHtml(term.name),
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

function links(term: Term, scope: RequestScope): Record<string, unknown> {
  const wp = `${restRoot(scope.origin)}/wp/v2`;
  const route = term.taxonomy === 'post_tag' ? 'tags' : term.taxonomy;
  const out: Record<string, unknown> = {
    self: [{ href: `${wp}/${route}/${term.id}`, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } }],
    collection: [{ href: `${wp}/${route}` }],
    about: [{ href: `${wp}/taxonomies/${term.taxonomy}` }],
  };
  if (term.parent) out.up = [{ embeddable: true, href: `${wp}/${route}/${term.parent}` }];
  out['wp:post_type'] = [{ href: `${wp}/tribe_events?${route}=${term.id}` }];
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
    name: escHtml(term.name),
    slug: term.slug,
    taxonomy: term.taxonomy,
  };
  if (term.taxonomy === 'tribe_events_cat') out.parent = term.parent;
  out.meta = [];
  out.url = termArchiveUrl(term, scope.stores.terms, scope.origin);
  out.urls = urls(term, scope);
  if (withLinks) out._links = links(term, scope);
  return out;
}
