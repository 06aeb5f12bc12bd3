/**
 * The two WordPress core routes clients check before anything else (TEC's MCP server does at start-up):
 * `GET /wp-json/wp/v2/users/me` (WP_REST_Users_Controller::get_current_item) and
 * `GET /wp-json/wp/v2/settings` (WP_REST_Settings_Controller::get_item), in core's shapes.
 */
import { createHash } from 'node:crypto';
import { deleteCorePost, getCorePost, listCorePosts } from '../handlers/core-posts.js';
import { deleteCoreTerm, getCoreTerm, listCoreTerms } from '../handlers/core-terms.js';
import { RestError } from '../http/errors.js';
import { filterFields } from '../http/fields.js';
import type { RequestScope } from '../site.js';
import type { PostType, Taxonomy } from '../store/types.js';
import type { TecReply } from './list.js';
import type { TecStoreAccess } from './router.js';

export const USERS_ME = '/wp-json/wp/v2/users/me';
export const SETTINGS = '/wp-json/wp/v2/settings';

interface User {
  id: number;
  login: string;
  display_name: string;
}

function userOf(scope: RequestScope): User | undefined {
  if (scope.userId === null) return undefined;
  const row = scope.stores.db.prepare('SELECT id, login, display_name FROM users WHERE id = ?').get(scope.userId) as
    | User
    | undefined;
  return row ?? { id: scope.userId, login: 'admin', display_name: 'admin' };
}

/** The address the site reports for its users (the embedded server keeps none). */
const emailOf = (user: User) => `${user.login}@localhost`;

function avatars(email: string): Record<string, string> {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return Object.fromEntries(
    [24, 48, 96].map((s) => [String(s), `https://secure.gravatar.com/avatar/${hash}?s=${s}&d=mm&r=g`]),
  );
}

function usersMe(scope: RequestScope): TecReply {
  const user = userOf(scope);
  if (!user) throw new RestError(401, 'rest_not_logged_in', 'Nobody is signed in.');
  const allow = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return {
    status: 200,
    headers: { Allow: allow.join(', ') },
    body: {
      id: user.id,
      name: user.display_name,
      url: scope.origin,
      description: '',
      link: `${scope.origin}/author/${user.login}/`,
      slug: user.login,
      avatar_urls: avatars(emailOf(user)),
      meta: [],
      _links: {
        self: [{ href: `${scope.origin}/wp-json/wp/v2/users/${user.id}`, targetHints: { allow } }],
        collection: [{ href: `${scope.origin}/wp-json/wp/v2/users` }],
      },
    },
  };
}

function settings(scope: RequestScope): TecReply {
  const user = userOf(scope);
  if (!user) throw new RestError(401, 'rest_forbidden', 'You are not allowed to do that.');
  return {
    status: 200,
    headers: { Allow: 'GET, POST, PUT, PATCH' },
    body: {
      title: 'calctl',
      description: '',
      url: scope.origin,
      email: emailOf(user),
      timezone: scope.site.timezone,
      date_format: 'F j, Y',
      time_format: 'g:i a',
      start_of_week: 1,
      language: 'en_US',
      use_smilies: true,
      default_category: 1,
      default_post_format: '0',
      posts_per_page: scope.site.perPage,
      show_on_front: 'posts',
      page_on_front: 0,
      page_for_posts: 0,
      default_ping_status: 'open',
      default_comment_status: 'open',
      site_logo: null,
      site_icon: 0,
    },
  };
}

const POST_ROUTE = /^\/wp-json\/wp\/v2\/(tribe_events|tribe_venue|tribe_organizer)(?:\/(\d+))?$/;
const TERM_ROUTE = /^\/wp-json\/wp\/v2\/(tribe_events_cat|tags)(?:\/(\d+))?$/;

/**
 * Core's post and term routes of the plugin's types: lists and single records (GET), and DELETE of a
 * single record; `_fields` trims each item of a list, as rest_filter_response_fields does.
 */
function servePostsAndTerms(
  method: string,
  path: string,
  scope: RequestScope,
  query: Record<string, unknown>,
): TecReply | undefined {
  const isGet = method === 'GET' || method === 'HEAD';
  const post = POST_ROUTE.exec(path);
  const term = post ? null : TERM_ROUTE.exec(path);
  const hit = post ?? term;
  if (!hit || !(isGet || (method === 'DELETE' && hit[2] !== undefined))) return undefined;
  const id = hit[2] === undefined ? undefined : Number(hit[2]);
  let reply: TecReply;
  if (post) {
    const type = hit[1] as PostType;
    reply =
      id === undefined
        ? listCorePosts(type, scope, query)
        : isGet
          ? getCorePost(type, id, scope, query)
          : deleteCorePost(type, id, scope, query);
  } else {
    const route = hit[1] as string;
    const taxonomy: Taxonomy = route === 'tags' ? 'post_tag' : 'tribe_events_cat';
    reply =
      id === undefined
        ? listCoreTerms(taxonomy, route, scope, query)
        : isGet
          ? getCoreTerm(taxonomy, id, scope, query)
          : deleteCoreTerm(taxonomy, id, scope, query);
  }
  return query._fields === undefined ? reply : { ...reply, body: filterFields(reply.body, query._fields) };
}

/** Answers core's routes the server knows; undefined for anything else (the core's 404). */
export async function serveWpCore(
  method: string,
  path: string,
  scope: RequestScope,
  query: Record<string, unknown>,
  store: TecStoreAccess,
): Promise<TecReply | undefined> {
  try {
    const run = () => servePostsAndTerms(method, path, scope, query);
    const reply = method === 'DELETE' ? await store.write(run) : store.read(run);
    if (reply) return reply;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    if (path === USERS_ME) return usersMe(scope);
    if (path === SETTINGS) return settings(scope);
  } catch (err) {
    if (err instanceof RestError) {
      return { status: err.status, body: err.toBody(), headers: { Allow: 'GET' } };
    }
    throw err;
  }
  return undefined;
}

/** The core routes' entries in the `/wp-json/` index. */
export function wpCoreIndexRoutes(origin: string): Record<string, unknown> {
  const get = (path: string) => ({
    namespace: 'wp/v2',
    methods: ['GET'],
    endpoints: [{ methods: ['GET'], args: {} }],
    _links: { self: [{ href: `${origin}/wp-json${path}` }] },
  });
  return { '/wp/v2/users/me': get('/wp/v2/users/me'), '/wp/v2/settings': get('/wp/v2/settings') };
}
