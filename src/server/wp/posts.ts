/**
 * WordPress core's routes for the plugin's post types (`/wp-json/wp/v2/tribe_events`, `tribe_venue`,
 * `tribe_organizer`), read and delete: WP_REST_Posts_Controller::get_items, get_item, delete_item and
 * their permission checks, on the same store as the plugin's routes.
 */

import { postTypeOf, type ResourceSpec } from '../../catalog/index.js';
import { RestError } from '../http/errors.js';
import { shownGmt, trashPost } from '../posts/lifecycle.js';
import { REGISTERED_STATUSES, siteNow } from '../posts/rules.js';
import type { Params, Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { wordsClause } from '../store/page-queries.js';
import type { Post, PostType } from '../store/types.js';
import { canPost, canType } from '../users/caps.js';
import { type WpEndpoint, wpEndpoint } from './namespace.js';
import {
  type Context,
  CoreParams,
  collectionHeaders,
  contextParam,
  permitContext,
  recordAndContext,
  recordAndForce,
} from './params.js';
import { type CoreContext, type CoreLinks, restDate, serializeCorePost } from './post-record.js';
import { createEndpoint, updateEndpoint } from './post-write.js';

/** core's `status` enum: the registered statuses, then `any`. */
const STATUSES = [...REGISTERED_STATUSES, 'any'];
/** What `any` means to WP_Query: every status not excluded from search (not trash, not auto-draft). */
const ANY = ['publish', 'future', 'draft', 'pending', 'private'];
const ORDERBY = [
  'author',
  'date',
  'id',
  'include',
  'modified',
  'parent',
  'relevance',
  'slug',
  'include_slugs',
  'title',
] as const;
const LISTS = ['status', 'include', 'exclude', 'slug', 'author', 'author_exclude', 'tags', 'tribe_events_cat'];
const EVERYTHING = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const EDIT_REFUSED = 'You may not edit posts of this type.';

export const invalidPostId = () => new RestError(404, 'rest_post_invalid_id', 'No post of this type has this ID.');

/** check_read_permission: a published post, or one the caller may read (read_post). */
const canRead = (post: Post, scope: RequestScope) => post.status === 'publish' || canPost(scope, 'read_post', post);

/** The methods a caller may use on a post (rest_send_allow_header runs every permission check). */
export function allowedOn(post: Post | undefined, scope: RequestScope): string[] {
  if (!post) return [];
  const allow = canRead(post, scope) ? ['GET'] : [];
  if (canPost(scope, 'edit_post', post)) allow.push('POST', 'PUT', 'PATCH');
  if (canPost(scope, 'delete_post', post)) allow.push('DELETE');
  return allow;
}

/** Organizer ids and terms of the posts of an answer, read in two queries. */
function linksOf(posts: readonly Post[], scope: RequestScope): (post: Post) => CoreLinks {
  const events = posts.filter((p) => p.type === 'tribe_events').map((p) => p.id);
  const organizers = scope.stores.posts.organizerIdsOf(events);
  const terms = scope.stores.terms.ofPosts(events);
  return (post) => ({ organizers: organizers.get(post.id) ?? [], terms: terms.get(post.id) ?? [] });
}

function render(post: Post, scope: RequestScope, context: CoreContext, links: boolean): Record<string, unknown> {
  return serializeCorePost(post, linksOf([post], scope)(post), scope, context, links ? allowedOn(post, scope) : null);
}

/** The shape a record is shown in for a `context` (`embed` shows as `view`). */
const shownIn = (context: Context): CoreContext => (context === 'edit' ? 'edit' : 'view');

/** The statuses a list may show: `publish` unless the caller may edit (sanitize_post_statuses). */
function statusesOf(params: CoreParams, scope: RequestScope, type: PostType): string[] {
  const asked = params.list('status') ?? ['publish'];
  const unknown = asked.findIndex((s) => !STATUSES.includes(s));
  if (unknown >= 0) {
    params.failed.status ??= {
      code: 'rest_not_in_enum',
      message: `status[${unknown}] must be one of: ${STATUSES.join(', ')}.`,
      data: null,
    };
  } else if (!canType(scope, type, 'edit_posts') && asked.some((s) => s !== 'publish')) {
    params.failed.status ??= {
      code: 'rest_forbidden_status',
      message: 'Only published posts may be listed by whoever may not edit them.',
      data: { status: scope.userId === null ? 401 : 403 },
    };
  }
  return [...new Set(asked.flatMap((s) => (s === 'any' ? ANY : [s])))];
}

/**
 * WordPress search (WP_Query::parse_search): every word in the title, the excerpt or the content; a
 * word written `-word` excludes the posts that hold it in any of them.
 */
function searchClause(search: string, where: string[], args: unknown[]): void {
  const terms = search.split(/\s+/).filter(Boolean);
  const isExclusion = (t: string) => t.startsWith('-') && t.length > 1;
  const fields = ['p.title', 'p.excerpt', 'p.content'];
  for (const clause of [
    wordsClause(
      fields,
      terms.filter((t) => !isExclusion(t)),
      'every',
    ),
    wordsClause(
      fields,
      terms.filter(isExclusion).map((t) => t.slice(1)),
      'none',
    ),
  ]) {
    if (clause === null) continue;
    where.push(clause.sql);
    args.push(clause.arg);
  }
}

/**
 * The plugin narrows every query of events that names none of their date keys to the events not over
 * yet (Tribe__Events__Query::filter_and_order_by_date: `_EventEndDate >= now`, the site's wall clock),
 * core's list of `tribe_events` too: a past event is in it only when a query value holds one of
 * `_EventStartDate`, `_EventEndDate` (or their UTC twins), which makes the plugin keep out.
 */
function endedEventsHidden(type: PostType, query: Record<string, unknown>): boolean {
  return type === 'tribe_events' && !/_Event(Start|End)Date(UTC)?/.test(JSON.stringify(Object.values(query)));
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

type Cheap = (post: Post, scope: RequestScope) => unknown;
/** Fields of core's post shape that are columns of the row (everything else needs the full record). */
const CHEAP: Record<string, Cheap> = {
  id: (p) => p.id,
  date: (p) => restDate(p.date),
  date_gmt: (p, scope) => restDate(shownGmt(p.date, p.date_utc, scope)),
  modified: (p) => restDate(p.modified),
  modified_gmt: (p, scope) => restDate(shownGmt(p.modified, p.modified_utc, scope)),
  slug: (p) => p.slug,
  status: (p) => p.status,
  type: (p) => p.type,
};

/** (in the order of the full record: `_fields` keeps the record's order, not the one asked for) */
const CHEAP_ORDER = Object.keys(CHEAP);

/** `_fields` as a list of top-level names, or undefined when absent or nested. */
function fieldNames(param: unknown): string[] | undefined {
  const items = Array.isArray(param) ? param.map(String) : typeof param === 'string' ? param.split(/[\s,]+/) : [];
  const names = items.map((s) => s.trim()).filter(Boolean);
  return names.length > 0 && names.every((n) => !n.includes('.')) ? [...new Set(names)] : undefined;
}

/** get_items' arguments, in the order core checks them. */
function listParams(type: PostType, scope: RequestScope, query: Params) {
  const params = new CoreParams(query);
  const page = params.int('page', 1, 1);
  const perPage = params.int('per_page', 10, 1, 100);
  const offset = params.has('offset') ? params.int('offset', 0, 0) : undefined;
  const order = params.oneOf('order', ['asc', 'desc'] as const, 'desc');
  const orderby = params.oneOf('orderby', ORDERBY, 'date');
  const statuses = statusesOf(params, scope, type);
  const include = params.ids('include');
  const exclude = params.ids('exclude');
  const authors = params.ids('author');
  const slugs = params.list('slug');
  const bounds = {
    after: params.dateTime('after', scope),
    before: params.dateTime('before', scope),
    modifiedAfter: params.dateTime('modified_after', scope),
    modifiedBefore: params.dateTime('modified_before', scope),
  };
  const tags = type === 'tribe_events' ? params.ids('tags') : undefined;
  const cats = type === 'tribe_events' ? params.ids('tribe_events_cat') : undefined;
  const context = contextParam(params);
  params.check();
  const search = params.has('search') ? String(query.search) : '';
  // (one object: what the list's permission check and its query use)
  return {
    ...{ page, perPage, offset, order, orderby, statuses, include, exclude, authors, slugs, bounds, tags, cats },
    context,
    search,
  };
}

type ListParams = ReturnType<typeof listParams>;

function listPosts(type: PostType, scope: RequestScope, p: ListParams, query: Params): Reply {
  const { page, perPage, offset, order, orderby, statuses, include, exclude, authors, slugs, bounds, tags, cats } = p;
  const { search } = p;
  if (orderby === 'relevance' && search === '')
    throw new RestError(400, 'rest_no_search_term_defined', 'Ordering by relevance needs a search.');
  if (orderby === 'include' && !include?.length)
    throw new RestError(400, 'rest_orderby_include_missing_include', 'Ordering by include needs include.');

  const where = ['p.type = ?', `p.status IN (${marks(statuses.length)})`];
  const args: unknown[] = [type, ...statuses];
  const clause = (sql: string, values: readonly unknown[]) => {
    where.push(sql);
    args.push(...values);
  };
  if (include?.length) clause(`p.id IN (${marks(include.length)})`, include);
  if (exclude?.length) clause(`p.id NOT IN (${marks(exclude.length)})`, exclude);
  if (authors?.length) clause(`p.author IN (${marks(authors.length)})`, authors);
  if (slugs?.length) clause(`p.slug IN (${marks(slugs.length)})`, slugs);
  if (bounds.after) clause('p.date > ?', [bounds.after]);
  if (bounds.before) clause('p.date < ?', [bounds.before]);
  if (bounds.modifiedAfter) clause('p.modified > ?', [bounds.modifiedAfter]);
  if (bounds.modifiedBefore) clause('p.modified < ?', [bounds.modifiedBefore]);
  const inTerms = (ids: number[]) =>
    clause(`p.id IN (SELECT post_id FROM term_relationships WHERE term_id IN (${marks(ids.length)}))`, ids);
  if (tags?.length) inTerms(tags);
  // (a category includes its children, as core's tax query does for hierarchical taxonomies)
  if (cats?.length) inTerms([...new Set(cats.flatMap((id) => scope.stores.terms.withDescendants(id)))]);
  if (search !== '') searchClause(search, where, args);
  if (endedEventsHidden(type, query)) clause('p.end_local >= ?', [siteNow(scope).local]);

  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const column = { author: 'author', id: 'id', modified: 'modified', parent: 'parent', slug: 'slug', title: 'title' };
  // (ties come back in the table's order, by id ascending, as MySQL returns them on the reference site)
  let orderBy = `p.${column[orderby as keyof typeof column] ?? 'date'} ${dir}, p.id ASC`;
  const position = (list: readonly unknown[], col: string) =>
    `CASE p.${col} ${list.map((v, i) => `WHEN ${typeof v === 'number' ? v : `'${String(v).replace(/'/g, "''")}'`} THEN ${i}`).join(' ')} END, p.id`;
  if (orderby === 'include' && include) orderBy = position(include, 'id');
  if (orderby === 'include_slugs' && slugs?.length) orderBy = position(slugs, 'slug');

  const { posts } = scope.stores;
  const { ids, total } = posts.query(where.join(' AND '), args, orderBy, perPage, offset ?? (page - 1) * perPage);
  const maxPages = Math.ceil(total / perPage);
  if (page > maxPages && total > 0) {
    throw new RestError(400, 'rest_post_invalid_page_number', 'The page asked for is past the last page.');
  }
  const found = posts.getMany(ids);
  // (get_items skips what check_read_permission refuses, others' drafts and private posts to a
  // contributor or an author, after counting: X-WP-Total still counts them, as on the site)
  // In the edit context it skips as well what the caller may not edit (edit_post): an author's list
  // holds only their own posts there, a contributor's only their unpublished ones (observed on
  // WordPress 7.0: the permission matrix's `wp GET /tribe_venue?context=edit` cells).
  const editing = p.context === 'edit';
  const list = ids
    .map((id) => found.get(id))
    .filter(
      (post): post is Post =>
        post !== undefined && canRead(post, scope) && (!editing || canPost(scope, 'edit_post', post)),
    );
  // A sync's `_fields=id,modified_gmt,status` asks for columns only: as prepare_item_for_response
  // computes only the fields asked for (rest_is_field_included), those answers skip the rest.
  const asked = fieldNames(query._fields);
  const wanted = asked?.every((f) => f in CHEAP) ? asked : undefined;
  const body = wanted
    ? list.map((p) =>
        Object.fromEntries(
          CHEAP_ORDER.filter((f) => wanted.includes(f)).map((f) => [f, (CHEAP[f] as Cheap)(p, scope)]),
        ),
      )
    : fullRecords(list, scope, shownIn(p.context));
  const headers = collectionHeaders(scope, type, query, LISTS, { page, total, maxPages });
  return { status: 200, body, headers };
}

/** Core's full records of a page, their organizer ids and terms read in two queries. */
function fullRecords(list: readonly Post[], scope: RequestScope, context: CoreContext) {
  const links = linksOf(list, scope);
  return list.map((p) => serializeCorePost(p, links(p), scope, context, allowedOn(p, scope)));
}

function findPost(type: PostType, id: number, scope: RequestScope): Post {
  const post = id > 0 ? scope.stores.posts.get(id) : undefined;
  if (!post || post.type !== type) throw invalidPostId();
  return post;
}

/** WP_REST_Posts_Controller's routes of one post type: list, read, and delete (trash or for good). */
export function postEndpoints(
  resource: ResourceSpec,
): Record<'list' | 'get' | 'delete' | 'create' | 'update', WpEndpoint> {
  const type = postTypeOf(resource);
  const edited = (post: Post, scope: RequestScope) => render(post, scope, 'edit', true);
  return {
    create: createEndpoint(type, edited),
    update: updateEndpoint(type, edited, (scope, id) => findPost(type, id, scope)),
    list: wpEndpoint({
      methods: ['GET'],
      parse: (scope, query) => listParams(type, scope, query),
      permit: (scope, p) => permitContext(p.context, canType(scope, type, 'edit_posts'), scope, EDIT_REFUSED),
      handler: (scope, p, query) => listPosts(type, scope, p, query),
    }),
    get: wpEndpoint({
      methods: ['GET'],
      parse: recordAndContext((id, scope) => findPost(type, id, scope)),
      permit(scope, { record: post, context }) {
        permitContext(context, canPost(scope, 'edit_post', post), scope, EDIT_REFUSED);
        if (!canRead(post, scope))
          throw new RestError(scope.userId === null ? 401 : 403, 'rest_forbidden', 'You are not allowed to do that.');
      },
      handler(scope, { record: post, context }) {
        const link = `<${serializeCorePost(post, { organizers: [], terms: [] }, scope, 'view', null).link}>`;
        return {
          status: 200,
          body: render(post, scope, shownIn(context), true),
          headers: { Link: `${link}; rel="alternate"; type=text/html`, Allow: allowedOn(post, scope).join(', ') },
        };
      },
    }),
    /**
     * delete_item: without `force`, the post goes to the trash (410 when it is there already) and the
     * answer is the trashed post; with it, the post is gone for good and the answer holds it as it was,
     * both in the `edit` context.
     */
    delete: wpEndpoint({
      methods: ['DELETE'],
      parse: recordAndForce((id, scope) => findPost(type, id, scope)),
      permit(scope, { record: post }) {
        if (!canPost(scope, 'delete_post', post))
          throw new RestError(
            scope.userId === null ? 401 : 403,
            'rest_cannot_delete',
            'You are not allowed to delete this post.',
          );
      },
      handler(scope, { force, record }) {
        // (read again, as delete_item does: an earlier item of the same batch may have trashed it)
        const post = findPost(type, record.id, scope);
        if (force) {
          const previous = render(post, scope, 'edit', false);
          scope.stores.posts.remove(post);
          return { status: 200, body: { deleted: true, previous }, headers: {} };
        }
        if (post.status === 'trash') {
          throw new RestError(410, 'rest_already_trashed', 'The post is in the trash already.');
        }
        const trashed = trashPost(scope, post);
        return { status: 200, body: render(trashed, scope, 'edit', true), headers: { Allow: EVERYTHING.join(', ') } };
      },
    }),
  };
}
