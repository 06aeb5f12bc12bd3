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

/** What a settings request carries: the caller, and for a write the settings it names. */
interface SettingsArgs {
  user: User | undefined;
  write: Record<string, unknown> | null;
}

/**
 * `GET|POST|PUT|PATCH /wp/v2/settings` (WP_REST_Settings_Controller::get_item, update_item): both ask
 * `get_item_permissions_check`, `manage_options`. A write answers the settings as get_item does; the
 * embedded server's settings are those it was started with (its zone, page size, language), so a
 * write that would change one is refused, naming them, where the site would store it. A name that is
 * no setting is ignored, as core ignores it.
 */
export const settings = wpEndpoint<SettingsArgs>({
  methods: ['GET', 'POST', 'PUT', 'PATCH'],
  parse: (scope, raw, _groups, input) => ({ user: userOf(scope), write: input.method === 'GET' ? null : raw }),
  permit(scope, { user }) {
    if (!user || !can(scope, 'manage_options'))
      throw new RestError(scope.userId === null ? 401 : 403, 'rest_forbidden', 'You are not allowed to do that.');
  },
  handler(scope, { user, write }) {
    const answer = siteSettings(scope, user as User);
    if (write) {
      const current = answer.body as Record<string, unknown>;
      const changed = Object.keys(write).filter(
        (k) => k in current && JSON.stringify(write[k]) !== JSON.stringify(current[k]),
      );
      if (changed.length)
        throw new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${changed.join(', ')}`, {
          params: Object.fromEntries(
            changed.map((k) => [
              k,
              'This setting is the one calctl serve was started with and cannot be changed here.',
            ]),
          ),
        });
    }
    return answer;
  },
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
