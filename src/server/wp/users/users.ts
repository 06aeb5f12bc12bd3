/**
 * Core's users routes (WP_REST_Users_Controller): `/wp/v2/users` (list, create), `/users/{id}` (get,
 * update, delete with `reassign`) and `/users/me`, with core's permission callbacks mapped as
 * map_meta_cap maps them (users/caps.ts) and its error codes.
 */

import { sanitizeTitle } from '../../../wptext/index.js';
import { uniqueSlug } from '../../format/slug.js';
import { RestError } from '../../http/errors.js';
import { restRoot } from '../../rest/root.js';
import type { Params, Reply } from '../../rest/types.js';
import type { RequestScope } from '../../site.js';
import { ATTACHMENT } from '../../store/media.js';
import type { User, UserQuery } from '../../store/users.js';
import { can, canUser } from '../../users/caps.js';
import { type WpEndpoint, wpEndpoint } from '../namespace.js';
import { type Context, CoreParams, collectionHeaders, contextParam } from '../params.js';
import { checkRoles, userArgs } from './args.js';
import { userRecord } from './record.js';

/** 401 for anonymous callers, 403 for signed-in ones (rest_authorization_required_code). */
export const refuse = (scope: RequestScope, code: string, message: string) =>
  new RestError(scope.userId === null ? 401 : 403, code, message);

const invalidId = () => new RestError(404, 'rest_user_invalid_id', 'No user has this id.');

/** The methods the caller may use on a user (the `allow` target hints of its `self` link). */
function allowOn(scope: RequestScope, user: User): string[] {
  const allow = ['GET'];
  if (canUser(scope, 'edit_user', user.id)) allow.push('POST', 'PUT', 'PATCH');
  if (canUser(scope, 'delete_user', user.id)) allow.push('DELETE');
  return allow;
}

export const record = (scope: RequestScope, user: User, context: Context) =>
  userRecord(scope, user, context, allowOn(scope, user));

/** Whether a user wrote a published post of a type shown in REST (has_published_posts). */
const hasPublished = (scope: RequestScope, id: number) =>
  scope.stores.db.prepare("SELECT 1 FROM posts WHERE author = ? AND status = 'publish' LIMIT 1").get(id) !== undefined;

/** The user a route's `id` (or `me`) names; 404 when there is none. */
export function userFrom(scope: RequestScope, id: string | undefined): User {
  if (id === 'me') {
    if (scope.userId === null) throw new RestError(401, 'rest_not_logged_in', 'Nobody is signed in.');
    const me = scope.stores.users.get(scope.userId);
    if (me) return me;
  }
  const user = id !== undefined && /^\d+$/.test(id) ? scope.stores.users.get(Number(id)) : undefined;
  if (!user) throw invalidId();
  return user;
}

// ---- the collection ----

const ORDERBY = ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'] as const;

interface ListArgs {
  context: Context;
  page: number;
  query: UserQuery;
  params: Params;
  who?: string | undefined;
}

const list = wpEndpoint<ListArgs>({
  methods: ['GET'],
  parse(_scope, raw) {
    const q = new CoreParams(raw);
    const context = contextParam(q);
    const page = q.int('page', 1, 1);
    const perPage = q.int('per_page', 10, 1, 100);
    const offset = q.has('offset') ? q.int('offset', 0, 0) : (page - 1) * perPage;
    const query: UserQuery = {
      search: q.has('search') ? String(raw.search) : undefined,
      include: q.ids('include'),
      exclude: q.ids('exclude'),
      slugs: q.list('slug'),
      roles: q.list('roles'),
      orderby: q.oneOf('orderby', ORDERBY, 'name'),
      order: q.oneOf('order', ['asc', 'desc'] as const, 'asc'),
      offset,
      limit: perPage,
    };
    const who = q.has('who') ? q.oneOf('who', ['authors'] as const, 'authors') : undefined;
    q.check();
    return { context, page, query, params: raw, who };
  },
  // get_items_permissions_check: filters and the edit context only for whoever may list users
  permit(scope, a) {
    if (can(scope, 'list_users')) return;
    if (a.query.roles?.length || a.params.capabilities !== undefined)
      throw refuse(scope, 'rest_user_cannot_view', 'Only users who may list users may filter them by role.');
    if (a.context === 'edit')
      throw refuse(scope, 'rest_forbidden_context', 'Only users who may list users may ask for the edit context.');
    if (a.query.orderby === 'email' || a.query.orderby === 'registered_date')
      throw refuse(scope, 'rest_forbidden_orderby', 'Only users who may list users may order them by that.');
    if (a.who === 'authors' && !can(scope, 'edit_posts') && !can(scope, 'edit_tribe_events'))
      throw refuse(scope, 'rest_forbidden_who', 'Only users who may write posts may ask for the authors.');
  },
  handler(scope, a, raw) {
    // (whoever may not list users sees only the users who published something)
    const query = can(scope, 'list_users') ? a.query : { ...a.query, published: true, publicSearch: true };
    const { users, total } = scope.stores.users.list(query);
    const maxPages = Math.ceil(total / a.query.limit);
    const headers = collectionHeaders(scope, 'users', raw, ['include', 'exclude', 'slug', 'roles'], {
      page: a.page,
      total,
      maxPages,
    });
    headers.Allow = can(scope, 'create_users') ? 'GET, POST' : 'GET';
    return { status: 200, headers, body: users.map((u) => record(scope, u, a.context)) };
  },
});

interface WriteArgs {
  args: ReturnType<typeof userArgs>;
  user?: User;
}

const create = wpEndpoint<WriteArgs>({
  methods: ['POST'],
  parse: (_scope, raw) => ({ args: userArgs(raw, true) }),
  permit(scope) {
    if (!can(scope, 'create_users')) throw refuse(scope, 'rest_cannot_create_user', 'You may not create users.');
  },
  handler(scope, { args }) {
    const { users } = scope.stores;
    const login = args.username as string;
    const email = args.changes.email as string;
    // (wp_insert_user's own errors carry no status: the REST server answers them with 500)
    if (users.find('login', login)) return bare(500, 'existing_user_login', 'That user name is taken.');
    if (users.find('email', email))
      return bare(500, 'existing_user_email', 'That e-mail address belongs to another user.');
    const roles = args.roles ?? ['subscriber'];
    checkRoles(roles);
    const c = args.changes;
    const slug = uniqueSlug(sanitizeTitle(c.slug ?? login).slice(0, 50) || 'user', (s) => !!users.find('slug', s));
    const id = users.insert({
      login,
      email,
      password: args.password as string,
      display_name: c.display_name ?? login,
      first_name: c.first_name ?? '',
      last_name: c.last_name ?? '',
      nickname: c.nickname || login,
      url: c.url ?? '',
      description: c.description ?? '',
      locale: c.locale ?? '',
      slug,
      roles,
      registered: scope.site.now().toISOString().slice(0, 19).replace('T', ' '),
    });
    const user = users.get(id) as User;
    const location = `${restRoot(scope)}/wp/v2/users/${id}`;
    return { status: 201, headers: { Location: location }, body: record(scope, user, 'edit') };
  },
});

/** An error as WordPress answers a WP_Error without a status: `data` null. */
const bare = (status: number, code: string, message: string): Reply => ({
  status,
  body: { code, message, data: null },
});

// ---- one user ----

interface ItemArgs {
  user: User;
  context: Context;
}

const getOne = wpEndpoint<ItemArgs>({
  methods: ['GET'],
  parse(scope, raw, groups) {
    const q = new CoreParams(raw);
    const context = contextParam(q);
    q.check();
    return { user: userFrom(scope, groups.id ?? 'me'), context };
  },
  permit(scope, { user, context }) {
    if (scope.userId === user.id) return;
    // (WordPress 7.0's get_item_permissions_check: the edit context of another user needs edit_user,
    // refused as rest_forbidden_context; the reference site answers so)
    if (context === 'edit' && !canUser(scope, 'edit_user', user.id))
      throw refuse(scope, 'rest_forbidden_context', 'You may not edit this user.');
    if (!can(scope, 'list_users') && !hasPublished(scope, user.id))
      throw refuse(scope, 'rest_user_cannot_view', 'You may not see this user.');
  },
  handler: (scope, { user, context }) => ({
    status: 200,
    headers: { Allow: allowOn(scope, user).join(', ') },
    body: record(scope, user, context),
  }),
});

const update = wpEndpoint<WriteArgs & { user: User }>({
  methods: ['POST', 'PUT', 'PATCH'],
  parse: (scope, raw, groups) => ({ user: userFrom(scope, groups.id ?? 'me'), args: userArgs(raw, false) }),
  permit(scope, { user, args }) {
    if (args.roles && !canUser(scope, 'promote_user', user.id))
      throw refuse(scope, 'rest_cannot_edit_roles', 'You may not change the roles of this user.');
    if (!canUser(scope, 'edit_user', user.id)) throw refuse(scope, 'rest_cannot_edit', 'You may not edit this user.');
  },
  handler(scope, { user, args }) {
    const { users } = scope.stores;
    if (args.username !== undefined && args.username !== user.login)
      throw new RestError(400, 'rest_user_invalid_argument', 'A user name cannot be changed.');
    const c = { ...args.changes };
    if (c.email !== undefined) {
      const owner = users.find('email', c.email);
      if (owner && owner.id !== user.id)
        throw new RestError(400, 'rest_user_invalid_email', 'That e-mail address belongs to another user.');
    }
    if (c.slug !== undefined) {
      c.slug = sanitizeTitle(c.slug);
      const owner = users.find('slug', c.slug);
      if (owner && owner.id !== user.id)
        throw new RestError(400, 'rest_user_invalid_slug', 'Another user has this slug.');
    }
    if (args.roles) {
      checkRoles(args.roles);
      // (one cannot take away one's own power to edit users)
      if (user.id === scope.userId && !args.roles.includes('administrator') && can(scope, 'edit_users'))
        throw new RestError(403, 'rest_user_invalid_role', 'You may not give yourself a role that cannot edit users.');
      c.roles = args.roles;
    }
    if (args.password !== undefined) c.password = args.password;
    users.update(user.id, c);
    return { status: 200, body: record(scope, users.get(user.id) as User, 'edit') };
  },
});

interface DeleteArgs {
  user: User;
  force: boolean;
  reassign: number | false;
}

const remove = wpEndpoint<DeleteArgs>({
  methods: ['DELETE'],
  parse(scope, raw, groups) {
    if (raw.reassign === undefined || raw.reassign === null) throw missingReassign();
    const q = new CoreParams(raw);
    const force = q.bool('force', false);
    // (check_reassign: empty or `false` deletes the user's posts with it)
    const r = raw.reassign;
    const off = r === false || r === '' || r === 'false';
    const reassign = off ? false : q.int('reassign', 0, 0);
    q.check();
    return { user: userFrom(scope, groups.id ?? 'me'), force, reassign };
  },
  permit(scope, { user }) {
    if (!canUser(scope, 'delete_user', user.id))
      throw refuse(scope, 'rest_user_cannot_delete', 'You may not delete this user.');
  },
  handler(scope, { user, force, reassign }) {
    if (!force)
      throw new RestError(501, 'rest_trash_not_supported', 'Users have no trash: send force=true to delete one.');
    const { users, posts, media } = scope.stores;
    if (reassign !== false && (reassign === user.id || !users.get(reassign)))
      throw new RestError(400, 'rest_user_invalid_reassign', 'The user to give the posts to does not exist.');
    const previous = record(scope, user, 'edit');
    // wp_delete_user: the posts go to `reassign`, or are deleted with their author
    for (const id of users.postIdsOf(user.id)) {
      const post = posts.get(id);
      if (!post) continue;
      // (an attachment goes with its files, as wp_delete_post hands it to wp_delete_attachment)
      const attachment = reassign === false && (post.type as string) === ATTACHMENT ? media.get(id) : undefined;
      if (attachment) media.remove(attachment);
      else if (reassign === false) posts.remove(post);
      else posts.update({ ...post, author: reassign });
    }
    users.remove(user.id);
    return { status: 200, body: { deleted: true, previous } };
  },
});

const missingReassign = () =>
  new RestError(400, 'rest_missing_callback_param', 'Missing parameter(s): reassign', { params: ['reassign'] });

/** The users routes' endpoints, by route. */
export const usersEndpoints: Record<'collection' | 'item' | 'me', WpEndpoint[]> = {
  collection: [list, create],
  item: [getOne, update, remove],
  me: [getOne, update, remove],
};
