/**
 * WordPress core's own routes (`/wp-json/wp/v2/…`) beside the plugin's namespace, for what the
 * plugin's routes cannot do: delete a post for good. Their URL is derived from the namespace base the
 * client talks to, in both URL forms a site may use.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { siteRouteUrl } from './rest-url.js';

/**
 * The URL of a core route for a namespace base URL, in the site's URL form ({@link siteRouteUrl}):
 * `…/wp-json/tribe/events/v1` + `/tribe_events/5` → `…/wp-json/wp/v2/tribe_events/5`;
 * `…/index.php?rest_route=/tribe/events/v1` → `…/index.php?rest_route=/wp/v2/tribe_events/5`.
 * `path` may carry a query (`/tribe_events/5?force=true`).
 */
export function coreRouteUrl(baseUrl: string, path: string): string {
  return siteRouteUrl(baseUrl, `/wp/v2${path}`).href;
}

/** The core route of one record (`/tribe_events/5`). */
export function coreRecordPath(resource: ResourceSpec, id: number | string): string {
  return `/${resource.coreBase}/${id}`;
}
