/**
 * Categories and tags as WordPress core shows them (WP_REST_Terms_Controller::prepare_item_for_response):
 * their archive address and `_links`, which the plugin's own term records carry too.
 */
import { resourceOfWpType } from '../../catalog/index.js';
import { specialchars } from '../../wptext/index.js';
import { restRoot, type Where, withQuery } from '../rest/root.js';
import type { RequestScope } from '../site.js';
import type { TermStore } from '../store/terms.js';
import type { Term } from '../store/types.js';

/** Archive URL: categories nest their parents' slugs, tags live under /tag/. */
export function termArchiveUrl(term: Term, terms: TermStore, where: Where): string {
  const { origin } = where;
  // (plain permalinks: the taxonomy's query variable, `?tag=` for tags, get_term_link)
  if (where.site.permalinks === 'plain')
    return `${origin}/?${term.taxonomy === 'post_tag' ? 'tag' : term.taxonomy}=${term.slug}`;
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

/** Core's `_links` of a term; `allow` is what the caller may do with it (the `self` link's hints). */
export function termLinks(
  term: Term,
  scope: RequestScope,
  allow: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
): Record<string, unknown> {
  const wp = `${restRoot(scope)}/wp/v2`;
  const route = resourceOfWpType(term.taxonomy).coreBase;
  const out: Record<string, unknown> = {
    self: [{ href: `${wp}/${route}/${term.id}`, targetHints: { allow: [...allow] } }],
    collection: [{ href: `${wp}/${route}` }],
    about: [{ href: `${wp}/taxonomies/${term.taxonomy}` }],
  };
  if (term.parent) out.up = [{ embeddable: true, href: `${wp}/${route}/${term.parent}` }];
  // The post types the taxonomy is registered for: tags also belong to posts; both to TEC's calendar embeds.
  const types = term.taxonomy === 'post_tag' ? ['posts', 'tribe_events'] : ['tribe_events'];
  out['wp:post_type'] = [...types, 'tec_calendar_embed'].map((t) => ({
    href: withQuery(`${wp}/${t}`, `${route}=${term.id}`),
  }));
  out.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return out;
}

/** A term in core's shape (prepare_item_for_response); `allow` null leaves `_links` out. */
export function serializeCoreTerm(
  term: Term,
  count: number,
  scope: RequestScope,
  allow: readonly string[] | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: term.id,
    count,
    description: term.description,
    link: termArchiveUrl(term, scope.stores.terms, scope),
    name: shownTermName(term),
    slug: term.slug,
    taxonomy: term.taxonomy,
  };
  if (term.taxonomy === 'tribe_events_cat') out.parent = term.parent;
  out.meta = [];
  if (allow) out._links = termLinks(term, scope, allow);
  return out;
}
