/**
 * The routes of WordPress core's `wp/v2` namespace served here, derived from the catalog: each
 * resource's collection and item under its REST base (`/wp/v2/tribe_events`, `/wp/v2/tags`), then
 * the media library (media/), the users routes with their application passwords, and `settings`. Their
 * rules on the pipeline are in namespace.ts.
 */
import { catalog } from '../../catalog/index.js';
import type { Route } from '../rest/types.js';
import { mediaEndpoints } from './media/routes.js';
import { type WpEndpoint, wpNamespace } from './namespace.js';
import { postEndpoints } from './posts.js';
import { settings } from './settings.js';
import { termEndpoints } from './terms.js';
import { appPasswordEndpoints } from './users/app-passwords.js';
import { usersEndpoints } from './users/users.js';

/**
 * Every route of the namespace served here. `batch` marks the routes WordPress registers with
 * `allow_batch` (the posts, terms and users controllers; not media, application passwords, settings
 * or `users/me`), the only ones `POST /batch/v1` runs.
 */
export function wpTable(): Route<WpEndpoint>[] {
  const routes: Route<WpEndpoint>[] = [];
  for (const resource of catalog) {
    const base = `/${resource.coreBase}`;
    if (resource.kind === 'post') {
      const e = postEndpoints(resource);
      routes.push(
        { namespace: wpNamespace, pattern: base, resource, endpoints: [e.list, e.create], batch: true },
        {
          namespace: wpNamespace,
          pattern: `${base}/(?P<id>\\d+)`,
          resource,
          endpoints: [e.get, e.update, e.delete],
          batch: true,
        },
      );
    } else {
      const e = termEndpoints(resource);
      routes.push(
        { namespace: wpNamespace, pattern: base, resource, endpoints: [e.list], batch: true },
        {
          namespace: wpNamespace,
          pattern: `${base}/(?P<id>\\d+)`,
          resource,
          endpoints: [e.get, e.delete],
          batch: true,
        },
      );
    }
  }
  routes.push(
    { namespace: wpNamespace, pattern: '/media', endpoints: mediaEndpoints.collection },
    { namespace: wpNamespace, pattern: '/media/(?P<id>[\\d]+)', endpoints: mediaEndpoints.item },
    { namespace: wpNamespace, pattern: '/users', endpoints: usersEndpoints.collection, batch: true },
    { namespace: wpNamespace, pattern: '/users/(?P<id>[\\d]+)', endpoints: usersEndpoints.item, batch: true },
    { namespace: wpNamespace, pattern: '/users/me', endpoints: usersEndpoints.me },
    {
      namespace: wpNamespace,
      pattern: '/users/(?P<user_id>(?:[\\d]+|me))/application-passwords',
      endpoints: appPasswordEndpoints.collection,
    },
    {
      namespace: wpNamespace,
      pattern: '/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/(?P<uuid>[\\w\\-]+)',
      endpoints: appPasswordEndpoints.item,
    },
    { namespace: wpNamespace, pattern: '/settings', endpoints: [settings] },
  );
  return routes;
}
