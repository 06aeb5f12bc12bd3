/**
 * Where the REST API lives on the site: the one place that knows its prefix. Requests are routed by
 * the part of their path below it (`/tribe/events/v1/events`), and every URL the server writes (links,
 * `rest_url`, `Location`, the index) starts with {@link restRoot}. Serving the API under another root
 * (`/?rest_route=/…` with plain permalinks, `/blog/wp-json/` for a subdirectory install) changes these
 * two functions, not the routes.
 */

/** The prefix of every REST path (pretty permalinks at the site's root). */
export const REST_PREFIX = '/wp-json';

/** `scheme://host[:port]/wp-json`: what a route path is appended to in the URLs the server writes. */
export const restRoot = (origin: string): string => `${origin}${REST_PREFIX}`;

/**
 * The route a normalised request path names below the REST prefix (`/wp-json/tec/v1` → `/tec/v1`,
 * the prefix itself → `''`), or undefined for a path outside the REST API.
 */
export function routeOfPath(path: string): string | undefined {
  if (path === REST_PREFIX) return '';
  return path.startsWith(`${REST_PREFIX}/`) ? path.slice(REST_PREFIX.length) : undefined;
}
