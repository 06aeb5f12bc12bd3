/**
 * `GET /wp-json/wp/v2/settings` (WP_REST_Settings_Controller::get_item), in core's shape: clients (TEC's
 * MCP server) check it at start-up. Only whoever may manage options reads it.
 */
import { RestError } from '../http/errors.js';
import type { Reply } from '../rest/types.js';
import { type RequestScope, siteDateFormat } from '../site.js';
import type { User } from '../store/users.js';
import { can } from '../users/caps.js';
import { wpEndpoint } from './namespace.js';

function userOf(scope: RequestScope): User | undefined {
  return scope.userId === null ? undefined : scope.stores.users.get(scope.userId);
}

/** `GET /wp/v2/settings` (WP_REST_Settings_Controller::get_item). */
export const settings = wpEndpoint({
  methods: ['GET'],
  parse: (scope) => userOf(scope),
  permit(scope, user) {
    if (!user || !can(scope, 'manage_options'))
      throw new RestError(scope.userId === null ? 401 : 403, 'rest_forbidden', 'You are not allowed to do that.');
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
      email: user.email,
      timezone: scope.site.timezone,
      date_format: siteDateFormat(scope.site),
      time_format: 'g:i a',
      start_of_week: 1,
      language: scope.site.locale ?? 'en_US',
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
