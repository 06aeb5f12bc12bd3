/**
 * WordPress core's routes for the plugin's taxonomies (`/wp-json/wp/v2/tribe_events_cat`, `/tags`),
 * read and delete: WP_REST_Terms_Controller::get_items, get_item, delete_item and their checks.
 */

import { type ResourceSpec, taxonomyOf } from '../../catalog/index.js';
import { compareNames } from '../format/collate.js';
import { RestError } from '../http/errors.js';
import type { Params, Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import type { Taxonomy, Term } from '../store/types.js';
import { canManageTerms } from '../users/caps.js';
import { type WpEndpoint, wpEndpoint } from './namespace.js';
import {
  CoreParams,
  collectionHeaders,
  contextParam,
  permitContext,
  recordAndContext,
  recordAndForce,
} from './params.js';
import { serializeCoreTerm } from './term-record.js';

const ORDERBY = ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'] as const;
const EVERYTHING = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** List parameters, written `name[i]=` in `Link` headers. */
const TERM_LISTS = ['include', 'exclude', 'slug'];

export const invalidTerm = () => new RestError(404, 'rest_term_invalid', 'There is no such term.');

/** The methods a caller may use on a term: anyone reads, signed-in editors do the rest. */
export const termAllow = (scope: RequestScope, taxonomy: Taxonomy) =>
  canManageTerms(scope, taxonomy) ? EVERYTHING : ['GET'];

const EDIT_REFUSED = 'You may not edit terms of this taxonomy.';

/** get_items' arguments, in the order core checks them. */
function listParams(taxonomy: Taxonomy, query: Params) {
  const params = new CoreParams(query);
  const page = params.int('page', 1, 1);
  const perPage = params.int('per_page', 10, 1, 100);
  const order = params.oneOf('order', ['asc', 'desc'] as const, 'asc');
  const orderby = params.oneOf('orderby', ORDERBY, 'name');
  const include = params.ids('include');
  const exclude = params.ids('exclude');
  const hideEmpty = params.bool('hide_empty', false);
  const parent = taxonomy === 'tribe_events_cat' && params.has('parent') ? params.int('parent', 0, 0) : undefined;
  const post = params.has('post') ? params.int('post', 0, 0) : undefined;
  const slugs = params.list('slug');
  const context = contextParam(params);
  params.check();
  return { page, perPage, order, orderby, include, exclude, hideEmpty, parent, post, slugs, context };
}

function listTerms(
  taxonomy: Taxonomy,
  route: string,
  scope: RequestScope,
  p: ReturnType<typeof listParams>,
  query: Params,
): Reply {
  const { page, perPage, order, orderby, include, exclude, hideEmpty, parent, post, slugs } = p;
  const { terms } = scope.stores;
  const counts = terms.counts(taxonomy);
  const count = (t: Term) => counts.get(t.id) ?? 0;
  let list = terms.all(taxonomy);
  if (hideEmpty) list = list.filter((t) => count(t) > 0);
  if (include?.length) list = list.filter((t) => include.includes(t.id));
  if (exclude?.length) list = list.filter((t) => !exclude.includes(t.id));
  if (slugs?.length) list = list.filter((t) => slugs.includes(t.slug));
  if (parent !== undefined) list = list.filter((t) => t.parent === parent);
  if (post !== undefined) {
    const on = new Set(terms.ofPost(post, taxonomy).map((t) => t.id));
    list = list.filter((t) => on.has(t.id));
  }
  if (query.search !== undefined) {
    const s = String(query.search).toLowerCase();
    list = list.filter((t) => t.name.toLowerCase().includes(s) || t.slug.toLowerCase().includes(s));
  }
  // The direction applies to the key; ties keep the database's order (by id), as get_terms sorts.
  const dir = order === 'desc' ? -1 : 1;
  const by: Record<string, (a: Term, b: Term) => number> = {
    id: (a, b) => a.id - b.id,
    name: (a, b) => compareNames(a.name, b.name),
    slug: (a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
    description: (a, b) => compareNames(a.description, b.description),
    count: (a, b) => count(a) - count(b),
    term_group: () => 0,
    include: (a, b) => (include ?? []).indexOf(a.id) - (include ?? []).indexOf(b.id),
    include_slugs: (a, b) => (slugs ?? []).indexOf(a.slug) - (slugs ?? []).indexOf(b.slug),
  };
  const compare = by[orderby] ?? by.name;
  list.sort((a, b) => dir * (compare as (a: Term, b: Term) => number)(a, b) || a.id - b.id);
  const total = list.length;
  const maxPages = Math.ceil(total / perPage);
  const allow = termAllow(scope, taxonomy);
  const body = list
    .slice((page - 1) * perPage, page * perPage)
    .map((t) => serializeCoreTerm(t, count(t), scope, allow));
  const headers = collectionHeaders(scope, route, query, TERM_LISTS, { page, total, maxPages });
  return { status: 200, body, headers };
}

function findTerm(taxonomy: Taxonomy, id: number, scope: RequestScope): Term {
  const term = id > 0 ? scope.stores.terms.get(id) : undefined;
  if (!term || term.taxonomy !== taxonomy) throw invalidTerm();
  return term;
}

/** WP_REST_Terms_Controller's routes of one taxonomy: list, read, and delete (terms have no trash). */
export function termEndpoints(resource: ResourceSpec): { list: WpEndpoint; get: WpEndpoint; delete: WpEndpoint } {
  const taxonomy = taxonomyOf(resource);
  return {
    list: wpEndpoint({
      methods: ['GET'],
      parse: (_scope, query) => listParams(taxonomy, query),
      permit: (scope, p) => permitContext(p.context, canManageTerms(scope, taxonomy), scope, EDIT_REFUSED),
      handler: (scope, p, query) => listTerms(taxonomy, resource.coreBase, scope, p, query),
    }),
    get: wpEndpoint({
      methods: ['GET'],
      parse: recordAndContext((id, scope) => findTerm(taxonomy, id, scope)),
      permit: (scope, { context }) => permitContext(context, canManageTerms(scope, taxonomy), scope, EDIT_REFUSED),
      handler(scope, { record: term }) {
        const count = scope.stores.terms.count(term.id);
        return { status: 200, body: serializeCoreTerm(term, count, scope, termAllow(scope, taxonomy)), headers: {} };
      },
    }),
    /** delete_item: terms have no trash, so only `force=true` deletes (for good). */
    delete: wpEndpoint({
      methods: ['DELETE'],
      parse: recordAndForce((id, scope) => findTerm(taxonomy, id, scope)),
      permit(scope) {
        if (!canManageTerms(scope, taxonomy))
          throw new RestError(
            scope.userId === null ? 401 : 403,
            'rest_cannot_delete',
            'You are not allowed to delete this term.',
          );
      },
      handler(scope, { force, record: term }) {
        if (!force) {
          throw new RestError(501, 'rest_trash_not_supported', "Terms cannot be trashed: send 'force=true' to delete.");
        }
        const previous = serializeCoreTerm(term, scope.stores.terms.count(term.id), scope, null);
        scope.stores.terms.delete(term);
        return { status: 200, body: { deleted: true, previous }, headers: {} };
      },
    }),
  };
}
