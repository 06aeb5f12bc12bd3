/**
 * WordPress core's own routes (`/wp-json/wp/v2/…`) beside the plugin's namespace, for what the
 * plugin's routes cannot do: delete a post for good. Their URL is derived from the namespace base the
 * client talks to, in both URL forms a site may use.
 */
import type { ResourceSpec } from '../catalog/index.js';

/**
 * The URL of a core route for a namespace base URL:
 * `…/wp-json/tribe/events/v1` + `/tribe_events/5` → `…/wp-json/wp/v2/tribe_events/5`;
 * `…/?rest_route=/tribe/events/v1` → `…/?rest_route=/wp/v2/tribe_events/5`.
 */
export function coreRouteUrl(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  const route = url.searchParams.get('rest_route');
  if (route !== null) {
    const [routePath = '', query = ''] = path.split('?');
    url.searchParams.set('rest_route', `/wp/v2${routePath}`);
    // (the route reads better unescaped, as WordPress writes it)
    const href = url.href.replace(/rest_route=[^&]*/, (m) => decodeURIComponent(m));
    return query === '' ? href : `${href}&${query}`;
  }
  const ns = /\/[^/]+\/events\/v1\/?$/.exec(url.pathname)?.[0] ?? '';
  url.pathname = `${url.pathname.slice(0, url.pathname.length - ns.length)}/wp/v2`;
  return `${url.href}${path}`;
}

/** The core route of one record (`/tribe_events/5`). */
export function coreRecordPath(resource: ResourceSpec, id: number | string): string {
  return `/${resource.coreBase}/${id}`;
}
