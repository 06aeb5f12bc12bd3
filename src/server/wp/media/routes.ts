/**
 * WordPress core's media routes (`/wp-json/wp/v2/media`, WP_REST_Attachments_Controller): list,
 * upload, read, update and delete (attachments have no trash: only `force=true` deletes).
 */
import { RestError } from '../../http/errors.js';
import { siteNow } from '../../posts/rules.js';
import type { Params, Reply } from '../../rest/types.js';
import type { RequestScope } from '../../site.js';
import { ATTACHMENT, type Attachment } from '../../store/media.js';
import { wordsClause } from '../../store/page-queries.js';
import type { Post } from '../../store/types.js';
import { can, canAttachment } from '../../users/caps.js';
import { type WpEndpoint, wpEndpoint } from '../namespace.js';
import { type Context, CoreParams, collectionHeaders, contextParam, permitContext } from '../params.js';
import {
  createAttachment,
  mayUploadFiles,
  type PreparedUpload,
  parentOf,
  prepareUpload,
  writeParams,
} from './create.js';
import { serializeAttachment } from './record.js';

const shown = (context: Context) => (context === 'edit' ? 'edit' : 'view');

/** An item's Allow, as rest_send_allow_header asks each method's permission callback of the caller. */
function allowedOn(scope: RequestScope, post: Post): string[] {
  const allow = ['GET'];
  if (canAttachment(scope, 'edit', post)) allow.push('POST', 'PUT', 'PATCH');
  if (canAttachment(scope, 'delete', post)) allow.push('DELETE');
  return allow;
}

/** No attachment has this id (core's answer for any post id of another type too). */
const invalidId = () => new RestError(404, 'rest_post_invalid_id', 'No media item has this ID.');

function findAttachment(scope: RequestScope, id: string | undefined): Attachment {
  const found = scope.stores.media.get(Number(id));
  if (!found) throw invalidId();
  return found;
}

/** upload_files: who may add to or change the library. */
function permitUpload(scope: RequestScope, code: string, message: string): void {
  if (!mayUploadFiles(scope)) throw new RestError(scope.userId === null ? 401 : 403, code, message);
}

const ORDERBY = ['date', 'id', 'modified', 'slug', 'title', 'include'] as const;
const COLUMN: Record<string, string> = { date: 'date', id: 'id', modified: 'modified', slug: 'slug', title: 'title' };
const LISTS = ['include', 'exclude', 'parent', 'media_type', 'mime_type'];

function listParams(query: Params) {
  const p = new CoreParams(query);
  const page = p.int('page', 1, 1);
  const perPage = p.int('per_page', 10, 1, 100);
  const order = p.oneOf('order', ['asc', 'desc'] as const, 'desc');
  const orderby = p.oneOf('orderby', ORDERBY, 'date');
  const include = p.ids('include');
  const exclude = p.ids('exclude');
  const parents = p.ids('parent');
  const mediaTypes = p.list('media_type');
  const mimeTypes = p.list('mime_type');
  const context = contextParam(p);
  p.check();
  const search = typeof query.search === 'string' ? query.search : '';
  return { page, perPage, order, orderby, include, exclude, parents, mediaTypes, mimeTypes, context, search };
}

type ListParams = ReturnType<typeof listParams>;

function listAttachments(scope: RequestScope, p: ListParams, query: Params): Reply {
  const where = [`p.type = '${ATTACHMENT}'`, "p.status = 'inherit'"];
  const args: unknown[] = [];
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
  if (p.include?.length) {
    where.push(`p.id IN (${marks(p.include.length)})`);
    args.push(...p.include);
  }
  if (p.exclude?.length) {
    where.push(`p.id NOT IN (${marks(p.exclude.length)})`);
    args.push(...p.exclude);
  }
  if (p.parents?.length) {
    where.push(`p.parent IN (${marks(p.parents.length)})`);
    args.push(...p.parents);
  }
  // (the media type is the first half of the mime type: `image`, `application`…)
  const mimes = [...(p.mimeTypes ?? []), ...(p.mediaTypes ?? []).map((t) => `${t}/%`)];
  if (mimes.length) {
    where.push(`(${mimes.map(() => "json_extract(p.meta, '$.mime_type') LIKE ?").join(' OR ')})`);
    args.push(...mimes);
  }
  const words = wordsClause(
    ['p.title', 'p.excerpt', 'p.content', 'p.guid'],
    p.search.split(/\s+/).filter(Boolean),
    'every',
  );
  if (words !== null) {
    where.push(words.sql);
    args.push(words.arg);
  }
  const dir = p.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy =
    p.orderby === 'include' && p.include?.length
      ? `CASE p.id ${p.include.map((id, i) => `WHEN ${id} THEN ${i}`).join(' ')} END, p.id`
      : `p.${COLUMN[p.orderby] ?? 'date'} ${dir}, p.id ${dir}`;
  const { posts, media } = scope.stores;
  const { ids, total } = posts.query(where.join(' AND '), args, orderBy, p.perPage, (p.page - 1) * p.perPage);
  const maxPages = Math.ceil(total / p.perPage);
  if (p.page > maxPages && total > 0)
    throw new RestError(400, 'rest_post_invalid_page_number', 'The page asked for is past the last page.');
  const found = posts.getMany(ids);
  const body = ids
    .map((id) => found.get(id))
    .filter((post): post is Post => post !== undefined)
    .map((post) => serializeAttachment(media.withMeta(post), scope, shown(p.context), allowedOn(scope, post)));
  const headers = collectionHeaders(scope, 'media', query, LISTS, { page: p.page, total, maxPages });
  return { status: 200, body, headers };
}

const list = wpEndpoint({
  methods: ['GET'],
  parse: (_scope, query) => listParams(query),
  permit: (scope, p) => permitContext(p.context, can(scope, 'edit_posts'), scope, 'You may not edit media.'),
  handler: (scope, p, query) => listAttachments(scope, p, query),
});

const create = wpEndpoint({
  methods: ['POST'],
  prepare: prepareUpload,
  parse: (_scope, _query, _groups, input) => input,
  permit: (scope) => permitUpload(scope, 'rest_cannot_create', 'You may not upload media as this user.'),
  handler: (scope, input) => createAttachment(scope, (input.prepared ?? {}) as PreparedUpload, input),
});

const get = wpEndpoint({
  methods: ['GET'],
  parse(scope, query, groups) {
    const attachment = findAttachment(scope, groups.id);
    const params = new CoreParams(query);
    const context = contextParam(params);
    params.check();
    return { attachment, context };
  },
  permit: (scope, { attachment, context }) =>
    permitContext(context, canAttachment(scope, 'edit', attachment.post), scope, 'You may not edit this media item.'),
  handler(scope, { attachment, context }) {
    const allow = allowedOn(scope, attachment.post);
    return {
      status: 200,
      body: serializeAttachment(attachment, scope, shown(context), allow),
      headers: { Allow: allow.join(', ') },
    };
  },
});

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** update_item: the texts, the alt text and the post it is attached to. */
const update = wpEndpoint({
  methods: ['POST', 'PUT', 'PATCH'],
  parse: (scope, _query, groups, input) => ({
    attachment: findAttachment(scope, groups.id),
    params: writeParams(input),
  }),
  permit(scope, { attachment }) {
    if (!canAttachment(scope, 'edit', attachment.post))
      throw new RestError(scope.userId === null ? 401 : 403, 'rest_cannot_edit', 'You may not edit this media item.');
  },
  handler(scope, { attachment, params }) {
    const { posts, media } = scope.stores;
    const next: Post = { ...attachment.post };
    const title = text(params.title);
    if (title !== undefined) next.title = title;
    const caption = text(params.caption);
    if (caption !== undefined) next.excerpt = caption;
    const description = text(params.description);
    if (description !== undefined) next.content = description;
    if (params.post !== undefined) next.parent = parentOf(scope, params.post);
    const now = siteNow(scope);
    next.modified = now.local;
    next.modified_utc = now.utc;
    posts.update(next);
    const alt = text(params.alt_text);
    if (alt !== undefined) media.setAlt(next.id, alt);
    const fresh = media.get(next.id) as Attachment;
    const allow = allowedOn(scope, fresh.post);
    return {
      status: 200,
      body: serializeAttachment(fresh, scope, 'edit', allow),
      headers: { Allow: allow.join(', ') },
    };
  },
});

/** delete_item: attachments are never trashed, so only `force=true` deletes (501 otherwise). */
const remove = wpEndpoint({
  methods: ['DELETE'],
  parse(scope, query, groups) {
    const params = new CoreParams(query);
    const force = params.bool('force', false);
    params.check();
    return { force, attachment: findAttachment(scope, groups.id) };
  },
  permit(scope, { attachment }) {
    if (!canAttachment(scope, 'delete', attachment.post))
      throw new RestError(
        scope.userId === null ? 401 : 403,
        'rest_cannot_delete',
        'You may not delete this media item.',
      );
  },
  handler(scope, { force, attachment }) {
    if (!force) {
      throw new RestError(501, 'rest_trash_not_supported', "Media items cannot be trashed: delete with 'force=true'.");
    }
    const previous = serializeAttachment(attachment, scope, 'edit', null);
    const allow = allowedOn(scope, attachment.post);
    scope.stores.media.remove(attachment);
    return { status: 200, body: { deleted: true, previous }, headers: { Allow: allow.join(', ') } };
  },
});

/** The media routes' endpoints: the collection's, then an item's. */
export const mediaEndpoints: { collection: WpEndpoint[]; item: WpEndpoint[] } = {
  collection: [list, create],
  item: [get, update, remove],
};
