/**
 * Core's writes of the plugin's post types (WP_REST_Posts_Controller::create_item and update_item on
 * `/wp/v2/tribe_events`, `/wp/v2/tribe_venue`, `/wp/v2/tribe_organizer` and their items): the post
 * fields core takes (title, content, excerpt, status, slug, author, date, featured_media through
 * media/featured.ts), the meta
 * the plugin registers for the REST API that maps onto what this server keeps (the event's venue and
 * organizers, its website, the venue's and organizer's texts), and an event's terms. Permissions as
 * core checks them: edit_post (or the type's edit_posts to create), publish_posts to publish,
 * edit_others_posts to write for another author. Answers are the post in the `edit` context.
 */
import type { WpPostType } from '../../catalog/index.js';
import { sanitizeTitle, storedPostContent, storedPostTitle } from '../../wptext/index.js';
import { RestError } from '../http/errors.js';
import { askedDates, scheduled, slugOnUpdate, storedGmt, uniqueFor } from '../posts/lifecycle.js';
import { atomic, siteNow } from '../posts/rules.js';
import { restRoot } from '../rest/root.js';
import type { Params, Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { newPost } from '../store/posts.js';
import type { Post } from '../store/types.js';
import { canPost, canType, canUnfilteredHtml } from '../users/caps.js';
import { handleFeaturedMedia } from './media/featured.js';
import { type WpEndpoint, wpEndpoint } from './namespace.js';

type Render = (post: Post, scope: RequestScope) => Record<string, unknown>;

/** A text field as core takes it: a string, or `{raw: …}`. */
function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && typeof (v as { raw?: unknown }).raw === 'string') return (v as { raw: string }).raw;
  return undefined;
}

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/** The request's fields, checked as core's schema checks them (400 rest_invalid_param). */
function fieldsOf(p: Params): Params {
  const failed: Record<string, { code: string; message: string; data: Record<string, unknown> | null }> = {};
  const fail = (name: string, code: string, message: string) => {
    failed[name] ??= { code, message, data: { param: name } };
  };
  for (const n of ['title', 'content', 'excerpt', 'slug', 'date', 'date_gmt', 'password'])
    if (p[n] !== undefined && textOf(p[n]) === undefined) fail(n, 'rest_invalid_type', `${n} must be text.`);
  if (p.status !== undefined && !STATUSES.includes(String(p.status)))
    fail('status', 'rest_not_in_enum', `status must be one of: ${STATUSES.join(', ')}.`);
  for (const n of ['author', 'featured_media'])
    if (p[n] !== undefined && !/^\d+$/.test(String(p[n]))) fail(n, 'rest_invalid_type', `${n} must be a whole number.`);
  if (p.meta !== undefined && (typeof p.meta !== 'object' || p.meta === null))
    fail('meta', 'rest_invalid_type', 'meta must be an object.');
  const names = Object.keys(failed);
  if (names.length)
    throw new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
      params: Object.fromEntries(names.map((n) => [n, failed[n]?.message])),
      details: failed,
    });
  return p;
}

const refuse = (scope: RequestScope, code: string, message: string) =>
  new RestError(scope.userId === null ? 401 : 403, code, message);

/** The checks core makes of who writes: another author, a published status. */
function permitFields(scope: RequestScope, type: WpPostType, p: Params, post?: Post): void {
  const author = p.author !== undefined ? Number(p.author) : undefined;
  if (
    author !== undefined &&
    author !== scope.userId &&
    author !== post?.author &&
    !canType(scope, type, 'edit_others_posts')
  )
    throw refuse(scope, 'rest_cannot_edit_others', 'You may not write posts as another user.');
  const status = p.status === undefined ? undefined : String(p.status);
  if ((status === 'publish' || status === 'future' || status === 'private') && status !== post?.status)
    if (!canType(scope, type, 'publish_posts'))
      throw refuse(scope, 'rest_cannot_publish', 'You may not publish posts of this type.');
}

/** The plugin's registered meta keys this server keeps, written onto a post. */
function applyMeta(scope: RequestScope, post: Post, meta: Record<string, unknown>): void {
  const m = { ...post.meta };
  let organizers: number[] | undefined;
  const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  // (only a venue's or an organizer's id links one: the store keeps no link to a post of another type or
  // to none, which the fuzzer wrote here; the site keeps such a number as plain meta and shows nothing)
  const isA = (id: number, type: string) => scope.stores.posts.get(id)?.type === type;
  const ids = (v: unknown) =>
    (Array.isArray(v) ? v : [v]).map(Number).filter((n) => n > 0 && isA(n, 'tribe_organizer'));
  for (const [key, value] of Object.entries(meta)) {
    if (post.type === 'tribe_events') {
      if (key === '_EventVenueID') {
        const id = Number(one(value));
        post.venue_id = id > 0 && isA(id, 'tribe_venue') ? id : null;
      } else if (key === '_EventOrganizerID') organizers = ids(value);
      else if (key === '_EventURL') m.website = String(one(value) ?? '');
      else if (key === '_EventShowMap') m.show_map = value === true || value === '1' || value === 1;
      else if (key === '_EventShowMapLink') m.show_map_link = value === true || value === '1' || value === 1;
    }
    const text = {
      _VenueAddress: 'address',
      _VenueCity: 'city',
      _VenueCountry: 'country',
      _VenueProvince: 'province',
      _VenueState: 'state',
      _VenueZip: 'zip',
      _VenuePhone: 'phone',
      _VenueURL: 'website',
      _VenueStateProvince: 'stateprovince',
    } as Record<string, string>;
    if (post.type === 'tribe_venue' && text[key]) m[text[key] as string] = String(one(value) ?? '');
    const org = { _OrganizerEmail: 'email', _OrganizerPhone: 'phone', _OrganizerWebsite: 'website' } as Record<
      string,
      string
    >;
    if (post.type === 'tribe_organizer' && org[key]) m[org[key] as string] = String(one(value) ?? '');
  }
  post.meta = m;
  if (organizers) scope.stores.posts.setOrganizers(post.id, organizers);
}

/** PHP's addslashes: core slashes what it passes to wp_insert_post, whose save filters unslash it. */
const slashed = (text: string) => text.replace(/[\\'"\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`));

/** The post's fields from the request, over `post` (a new post's defaults, or the one updated). */
function write(scope: RequestScope, p: Params, post: Post, creating: boolean): Post {
  const next: Post = { ...post };
  // (title_save_pre and content_save_pre: kses unless the caller holds unfiltered_html; wptext/store.ts)
  const unfiltered = canUnfilteredHtml(scope);
  const title = textOf(p.title);
  if (title !== undefined) next.title = storedPostTitle(slashed(title), unfiltered);
  const content = textOf(p.content);
  if (content !== undefined) next.content = storedPostContent(slashed(content), unfiltered);
  const excerpt = textOf(p.excerpt);
  if (excerpt !== undefined) next.excerpt = storedPostContent(slashed(excerpt), unfiltered);
  if (p.author !== undefined) next.author = Number(p.author);
  const now = siteNow(scope);
  const has = (n: string) => p[n] !== undefined && p[n] !== null;
  const asked =
    has('date') || has('date_gmt')
      ? askedDates({ date: p.date, date_utc: p.date_gmt }, (n) => has(n === 'date_utc' ? 'date_gmt' : n), scope)
      : null;
  const status = p.status !== undefined ? String(p.status) : creating ? 'draft' : post.status;
  if (creating || asked || status !== post.status) {
    const date = asked?.date ?? (creating ? now.local : post.date);
    // (a date asked for without its GMT twin gets its own, as rest_get_date_with_gmt gives it: not the
    // post's old GMT date)
    const dateUtc = storedGmt(date, asked ? asked.gmt : creating ? undefined : post.date_utc, status, scope);
    next.date = date;
    next.date_utc = dateUtc;
    next.status = scheduled(status, dateUtc, scope);
  }
  const slug = textOf(p.slug);
  if (creating) next.slug = uniqueFor(scope, next, sanitizeTitle(slug ?? next.title), next.status);
  else next.slug = slugOnUpdate(scope, post, { status: next.status, title: next.title }, slug);
  next.modified = now.local;
  next.modified_utc = now.utc;
  if (p.meta && typeof p.meta === 'object') applyMeta(scope, next, p.meta as Record<string, unknown>);
  return next;
}

/** Links an event to the terms asked for (`tribe_events_cat`, `tags`: ids). */
function writeTerms(scope: RequestScope, post: Post, p: Params): void {
  if (post.type !== 'tribe_events') return;
  const { terms } = scope.stores;
  // (wp_set_object_terms skips an id that is no term of the taxonomy; found by the fuzzer: such ids
  // were linked here, to no term)
  const ids = (v: unknown, taxonomy: 'tribe_events_cat' | 'post_tag') =>
    (Array.isArray(v) ? v : String(v).split(','))
      .map(Number)
      .filter((n) => n > 0 && terms.getOf(taxonomy, n) !== undefined);
  if (p.tribe_events_cat !== undefined)
    terms.setForPost(post.id, 'tribe_events_cat', ids(p.tribe_events_cat, 'tribe_events_cat'));
  if (p.tags !== undefined) terms.setForPost(post.id, 'post_tag', ids(p.tags, 'post_tag'));
}

/** `POST /wp/v2/{type}`: a new post, a draft unless a status is given. */
export function createEndpoint(type: WpPostType, render: Render): WpEndpoint {
  return wpEndpoint<Params>({
    methods: ['POST'],
    parse: (_scope, raw) => fieldsOf(raw),
    permit(scope, p) {
      if (!canType(scope, type, 'edit_posts'))
        throw refuse(scope, 'rest_cannot_create', 'You may not create posts of this type.');
      permitFields(scope, type, p);
    },
    handler(scope, p): Reply {
      const { posts, db } = scope.stores;
      const now = siteNow(scope);
      const id = atomic(db, () => {
        const draft = newPost({
          type,
          title: '',
          date: now.local,
          date_utc: now.utc,
          status: 'draft',
          author: scope.userId ?? 1,
        });
        const next = write(scope, p, { ...draft, id: 0 } as Post, true);
        const { id: _zero, ...row } = next;
        const newId = posts.insert(row);
        const inserted = posts.get(newId) as Post;
        if (p.meta && typeof p.meta === 'object') {
          const withMeta = { ...inserted };
          applyMeta(scope, withMeta, p.meta as Record<string, unknown>);
          posts.update(withMeta);
        }
        writeTerms(scope, inserted, p);
        // (core's `password` field: the post's post_password, kept beside it)
        if (p.password !== undefined) posts.setPassword(newId, textOf(p.password) ?? '');
        return newId;
      });
      // (after the insert, as core's create_item: a refused image leaves the post made)
      if (p.featured_media !== undefined) handleFeaturedMedia(scope, id, p.featured_media);
      const post = posts.get(id) as Post;
      const location = `${restRoot(scope)}/wp/v2/${type}/${id}`;
      return { status: 201, headers: { Location: location }, body: render(post, scope) };
    },
  });
}

/** `POST|PUT|PATCH /wp/v2/{type}/{id}`: the fields given, the rest kept. */
export function updateEndpoint(
  type: WpPostType,
  render: Render,
  find: (scope: RequestScope, id: number) => Post,
): WpEndpoint {
  return wpEndpoint<{ post: Post; p: Params }>({
    methods: ['POST', 'PUT', 'PATCH'],
    parse: (scope, raw, groups) => ({ post: find(scope, Number(groups.id)), p: fieldsOf(raw) }),
    permit(scope, { post, p }) {
      if (!canPost(scope, 'edit_post', post)) throw refuse(scope, 'rest_cannot_edit', 'You may not edit this post.');
      permitFields(scope, type, p, post);
    },
    handler(scope, { post, p }): Reply {
      const { posts, db } = scope.stores;
      atomic(db, () => {
        posts.update(write(scope, p, post, false));
        writeTerms(scope, post, p);
        if (p.password !== undefined) posts.setPassword(post.id, textOf(p.password) ?? '');
      });
      if (p.featured_media !== undefined) handleFeaturedMedia(scope, post.id, p.featured_media);
      return { status: 200, body: render(posts.get(post.id) as Post, scope) };
    },
  });
}
