/**
 * The two WordPress core routes clients check before anything else (TEC's MCP server does at start-up):
 * `GET /wp-json/wp/v2/users/me` (WP_REST_Users_Controller::get_current_item) and
 * `GET /wp-json/wp/v2/settings` (WP_REST_Settings_Controller::get_item), in core's shapes.
 */
import { createHash } from 'node:crypto';
import { RestError } from '../http/errors.js';
import { restRoot } from '../rest/root.js';
import type { Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { wpEndpoint } from './namespace.js';

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

/** `GET /wp/v2/users/me` (WP_REST_Users_Controller::get_current_item). */
export const usersMe = wpEndpoint({
  methods: ['GET'],
  parse: (scope) => userOf(scope),
  permit(_scope, user) {
    if (!user) throw new RestError(401, 'rest_not_logged_in', 'Nobody is signed in.');
  },
  handler: (scope, user) => me(scope, user as User),
});

function me(scope: RequestScope, user: User): Reply {
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
        self: [{ href: `${restRoot(scope.origin)}/wp/v2/users/${user.id}`, targetHints: { allow } }],
        collection: [{ href: `${restRoot(scope.origin)}/wp/v2/users` }],
      },
    },
  };
}

/** `GET /wp/v2/settings` (WP_REST_Settings_Controller::get_item). */
export const settings = wpEndpoint({
  methods: ['GET'],
  parse: (scope) => userOf(scope),
  permit(_scope, user) {
    if (!user) throw new RestError(401, 'rest_forbidden', 'You are not allowed to do that.');
  },
  handler: (scope, user) => siteSettings(scope, user as User),
});

function siteSettings(scope: RequestScope, user: User): Reply {
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
