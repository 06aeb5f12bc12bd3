import { MAX_PER_PAGE, taxonomyOf } from '../../../catalog/index.js';
import { phpTrim, sanitizeTitle, storedTermDescription, storedTermName, termNameFits } from '../../../wptext/index.js';
import { uniqueSlug } from '../../format/slug.js';
import { RestError } from '../../http/errors.js';
import { atomic, positiveInt } from '../../posts/rules.js';
import { listOf, toBool } from '../../rest/args.js';
import { restBase, restRoot, withQuery } from '../../rest/root.js';
import type { Reply } from '../../rest/types.js';
import type { RequestScope } from '../../site.js';
import type { Taxonomy, Term } from '../../store/types.js';
import type { HandlerRequest } from '../namespace.js';
import { serializeTerm } from '../records/term.js';

/**
 * wp_insert_term's `term_exists` as the terms controller answers it: the existing term's id in `data`
 * and, because the error carried data before the controller added its status, the earlier data in
 * `additional_data` (the id, twice).
 */
class TermExists extends RestError {
  constructor(
    message: string,
    readonly termId: number,
  ) {
    super(400, 'term_exists', message, { term_id: termId });
  }

  override toBody() {
    return { ...super.toBody(), additional_data: [this.termId, this.termId] };
  }
}

/**
 * A WordPress error whose data is not the usual object: `wp_insert_term` failing in the database
 * (`db_insert_error`, its data the database's complaint) or refusing an empty name. No status in the
 * data, so the answer is a 500 (rest_convert_error_to_response).
 */
class BareError extends RestError {
  constructor(
    code: string,
    message: string,
    readonly bare: unknown,
  ) {
    super(500, code, message);
  }

  override toBody() {
    return { code: this.code, message: this.message, data: this.bare as Record<string, unknown> };
  }
}

/** A stored name the database cannot hold (over 200 characters): the row is refused. */
const tooLong = () =>
  new BareError(
    'db_insert_error',
    'The term could not be written to the database.',
    'Database error: the name is longer than the 200 characters a term name may hold.',
  );

/**
 * The name as stored, or the error wp_insert_term gives: a blank name (`empty_term_name`), or one
 * of which sanitizing leaves nothing (`invalid_term_name`, e.g. `<b></b>` or `%20`).
 */
function termName(raw: string): string {
  if (phpTrim(raw) === '') throw new BareError('empty_term_name', 'A term needs a name.', null);
  const name = storedTermName(raw);
  if (name === '') throw new BareError('invalid_term_name', 'Nothing is left of this term name once cleaned.', null);
  return name;
}

/** A category or tag reference in a filter: slug first, then id, then name. */
export function findTermRef(ref: string, taxonomy: Taxonomy, scope: RequestScope): Term | undefined {
  const { terms } = scope.stores;
  return (
    terms.getBySlug(taxonomy, ref) ??
    (/^\d+$/.test(ref) ? terms.getOf(taxonomy, Number(ref)) : undefined) ??
    // (a name is looked up as WordPress stores it: `Arts & Crafts` is `Arts &amp; Crafts`)
    terms.getByName(taxonomy, storedTermName(ref))
  );
}

/** Term ids an events filter matches; a parent category includes its children. */
export function termIdsForFilter(v: unknown, taxonomy: Taxonomy, scope: RequestScope, withChildren: boolean): number[] {
  const ids = new Set<number>();
  for (const ref of listOf(v) ?? []) {
    const term = findTermRef(ref, taxonomy, scope);
    if (!term) continue;
    for (const id of withChildren ? scope.stores.terms.withDescendants(term.id) : [term.id]) ids.add(id);
  }
  return [...ids];
}

const taxOf = (req: HandlerRequest) => taxonomyOf(req.resource);

function render(term: Term, req: HandlerRequest, links: boolean) {
  return serializeTerm(term, req.scope.stores.terms.count(term.id), req.scope, links);
}

export function listTerms(req: HandlerRequest): Reply {
  const { scope, params: q } = req;
  const taxonomy = taxOf(req);
  const { terms } = scope.stores;
  const page = q.page === undefined ? 1 : (positiveInt(q.page) as number);
  const perPage = Math.min(
    q.per_page === undefined ? scope.site.perPage : (positiveInt(q.per_page) as number),
    MAX_PER_PAGE,
  );
  const counts = terms.counts(taxonomy);
  let list = terms.all(taxonomy);
  const hideEmpty = req.has('hide_empty') ? toBool(q.hide_empty) !== false : true;
  if (hideEmpty) list = list.filter((t) => (counts.get(t.id) ?? 0) > 0);
  const include = req.has('include') ? (listOf(q.include) ?? []) : [];
  if (include.length > 0) {
    const inc = new Set(include.map(Number));
    list = list.filter((t) => inc.has(t.id));
  }
  // (WP_Term_Query ignores `exclude` when `include` names terms)
  if (req.has('exclude') && include.length === 0) {
    const exc = new Set((listOf(q.exclude) ?? []).map(Number));
    list = list.filter((t) => !exc.has(t.id));
  }
  if (req.has('search')) {
    const s = String(q.search).toLowerCase();
    list = list.filter((t) => t.name.toLowerCase().includes(s) || t.slug.toLowerCase().includes(s));
  }
  if (req.has('slug')) list = list.filter((t) => t.slug === String(q.slug));
  // (`parent` is an argument of the category list only; the tag list ignores it like any unknown one)
  if (req.declares('parent') && req.has('parent')) list = list.filter((t) => t.parent === Number(q.parent));
  const postId = req.has('event') ? Number(q.event) : req.has('post') ? Number(q.post) : null;
  if (postId !== null) {
    const on = new Set(terms.ofPost(postId, taxonomy).map((t) => t.id));
    list = list.filter((t) => on.has(t.id));
  }
  const orderby = req.has('orderby') ? String(q.orderby) : 'name';
  const keyOf = (t: Term): string | number =>
    orderby === 'id' || orderby === 'term_id'
      ? t.id
      : orderby === 'count'
        ? (counts.get(t.id) ?? 0)
        : orderby === 'slug'
          ? t.slug
          : orderby === 'parent'
            ? t.parent
            : orderby === 'description'
              ? t.description.toLowerCase()
              : t.name.toLowerCase();
  // The order applies to the key only: terms that tie keep the database's order, by id ascending,
  // also under `order=desc` (get_terms' ORDER BY names the key alone).
  const dir = req.has('order') && String(q.order).toLowerCase() === 'desc' ? -1 : 1;
  list.sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return dir * (ka < kb ? -1 : ka > kb ? 1 : 0) || a.id - b.id;
  });
  const total = list.length;
  const totalPages = Math.ceil(total / perPage);
  const items = list
    .slice((page - 1) * perPage, page * perPage)
    .map((t) => serializeTerm(t, counts.get(t.id) ?? 0, scope, false));
  const base = `${restBase(scope)}/${req.resource.name}/`;
  const body: Record<string, unknown> = { rest_url: base, total, total_pages: totalPages, [req.resource.name]: items };
  if (page < totalPages) body.next_rest_url = withQuery(base, `page=${page + 1}`);
  if (page > 1) body.previous_rest_url = page - 1 === 1 ? base : withQuery(base, `page=${page - 1}`);
  return { status: 200, body, headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) } };
}

export function getTerm(req: HandlerRequest): Reply {
  const term = req.scope.stores.terms.get(Number(req.params.id)) as Term;
  return { status: 200, body: render(term, req, true) };
}

function checkParent(req: HandlerRequest, selfId = 0): number {
  if (!req.has('parent')) return 0;
  // WordPress's terms controller refuses any `parent` for a flat taxonomy, even an unregistered argument.
  if (taxOf(req) !== 'tribe_events_cat') {
    throw new RestError(400, 'rest_taxonomy_not_hierarchical', 'Cannot set parent term, taxonomy is not hierarchical.');
  }
  const parent = Number(req.params.parent);
  if (parent === selfId)
    throw new RestError(400, 'rest_invalid_param', 'Invalid parameter(s): parent', {
      params: { parent: 'A category cannot be its own parent.' },
      details: [],
    });
  return parent;
}

export function createTerm(req: HandlerRequest): Reply {
  const { scope, params: p } = req;
  const taxonomy = taxOf(req);
  const { terms, db } = scope.stores;
  const name = termName(String(p.name));
  const parent = checkParent(req);
  const id = atomic(db, () => {
    const existing = terms
      .all(taxonomy)
      .find((t) => t.name.toLowerCase() === name.toLowerCase() && t.parent === parent);
    if (existing) {
      const where = taxonomy === 'tribe_events_cat' ? 'under the same parent' : 'among the tags';
      throw new TermExists(`A term of this name exists already ${where}.`, existing.id);
    }
    const base = sanitizeTitle(typeof p.slug === 'string' && p.slug !== '' ? p.slug : name);
    if (!termNameFits(name)) throw tooLong();
    const slug = base === '' ? '' : uniqueSlug(base, (s) => terms.slugTaken(taxonomy, s));
    const newId = terms.insert({
      taxonomy,
      name,
      slug,
      description: storedTermDescription(typeof p.description === 'string' ? p.description : ''),
      parent,
    });
    // (a name that gives no slug: wp_insert_term names the term after its id)
    if (slug === '')
      terms.update({
        ...(terms.get(newId) as Term),
        slug: uniqueSlug(String(newId), (s) => terms.slugTaken(taxonomy, s, newId)),
      });
    return newId;
  });
  // WordPress's terms controller answers a create with the term's address in its own namespace.
  return {
    status: 201,
    body: render(terms.get(id) as Term, req, true),
    headers: { Location: `${restRoot(scope)}/wp/v2/${req.resource.coreBase}/${id}` },
  };
}

export function updateTerm(req: HandlerRequest): Reply {
  const { scope, params: p } = req;
  const { terms, db } = scope.stores;
  const term = terms.get(Number(p.id)) as Term;
  atomic(db, () => {
    const next: Term = { ...term };
    if (req.has('name') && typeof p.name === 'string' && p.name.trim() !== '') next.name = termName(p.name);
    if (!termNameFits(next.name)) throw tooLong();
    if (req.has('description') && typeof p.description === 'string')
      next.description = storedTermDescription(p.description);
    if (req.has('slug') && typeof p.slug === 'string' && p.slug !== '') {
      const slug = sanitizeTitle(p.slug);
      if (slug && slug !== term.slug) next.slug = uniqueSlug(slug, (s) => terms.slugTaken(term.taxonomy, s, term.id));
    }
    if (req.has('parent')) next.parent = checkParent(req, term.id);
    terms.update(next);
  });
  return { status: 200, body: render(terms.get(term.id) as Term, req, true) };
}

/** Categories and tags are deleted for good; the answer shows the term as it was. */
export function deleteTerm(req: HandlerRequest): Reply {
  const { terms, db } = req.scope.stores;
  const term = terms.get(Number(req.params.id)) as Term;
  const body = render(term, req, false);
  atomic(db, () => terms.delete(term));
  return { status: 200, body };
}
