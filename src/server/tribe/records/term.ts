import { resourceOfWpType } from '../../../catalog/index.js';
import { restBase } from '../../rest/root.js';
import type { RequestScope } from '../../site.js';
import type { Term } from '../../store/types.js';
import { shownTermName, termArchiveUrl, termLinks } from '../../wp/term-record.js';

function urls(term: Term, scope: RequestScope) {
  const base = `${restBase(scope)}/${resourceOfWpType(term.taxonomy).name}`;
  const out: Record<string, string> = { self: `${base}/${term.id}`, collection: base };
  if (term.parent) out.up = `${base}/${term.parent}`;
  return out;
}

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
  out.url = termArchiveUrl(term, scope.stores.terms, scope);
  out.urls = urls(term, scope);
  if (withLinks) out._links = termLinks(term, scope);
  return out;
}
